"""The Heroes of Barcadia tutorial: every step's right answers are accepted, every misreading is named with its
rule, feedback comes in tiers, nothing on a step's first rendering gives its answer away, and the coverage table
of docs/barcadia.md maps every clause and ruling to a step and to tests that exist.

The right answers below are written out by hand (from the rule text, the odds tables of docs/barcadia.md and the
plan): the tutorial computes them from the engine, these tests pin them.
"""

from __future__ import annotations

import ast
import re
from fractions import Fraction
from pathlib import Path

import pytest

from balada_widgets.barcadia import tutorial as T
from balada_widgets.barcadia.drawing import TYPE_STYLE
from balada_widgets.barcadia.odds import format_percent
from balada_widgets.barcadia.tutorial import MISREADINGS, STEPS, basics, battles, kit_words, lesson, parse_chance
from balada_widgets.barcadia.tutorial import ways
from balada_widgets.barcadia.tutorial.scenes import play
from balada_widgets.core.errors import InvalidInput
from balada_widgets.kit.lesson import Attempt, answer_only_classes, respond, reveal

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "barcadia.md"
STEP_TEST = "test_step_checks_answers_and_misreadings"

# (step, part) -> (right answers, {misreading id: an answer that misreading gives}, an unexplained wrong answer)
ANSWERS = {
    ("goal", 0): ([("r2", "r5"), ("r5", "r2", "r2")],
                  {"goal-not-adjacent": ("r2", "r5", "r3"), "goal-signature-counts": ("r2", "r5", "r4"),
                   "goal-hp-gate": ("r2",)}, ("r1", "r2", "r5")),
    ("build", 0): (["12", 12, "12 rooms"], {"build-extras-last": "13", "build-start-counted": "14",
                                          "build-removal": "7"}, "11"),
    ("build", 1): ([("h3,-2",), ("h-2,0",), ("h4,-1",)], {"build-floating": ("h0,4",), "build-on-room": ("r3",)},
                   ("nowhere",)),
    ("turn", 0): ([frozenset({"reveal", "enter", "claim"})],
                  {"turn-teleport-action": frozenset({"reveal", "enter", "claim", "teleport"}),
                   "turn-duel-action": frozenset({"reveal", "enter", "claim", "duel"}),
                   "turn-trap-action": frozenset({"reveal", "enter", "claim", "trap"}),
                   "turn-claim-missing": frozenset({"reveal", "enter"})}, frozenset({"reveal", "claim"})),
    ("turn", 1): ([("r1", "dash", "r2", "end"), ("r7", "dash", "r6", "end")],
                  {"turn-reveal-far": ("r20",), "turn-end-early": ("end",), "turn-dash-unused": ("r1", "end")},
                  ("r1",)),
    ("turn", 2): (["0"], {"turn-reward-twice": "1"}, "2"),
    ("enter", 0): ([("START", "r2", "r3", "r4", "r9"), ("START", "r1", "r2", "r3", "r4", "r9")],
                   {"enter-through-hoard": ("START", "r2", "r3", "r4", "r9", "r6"),
                    "enter-through-occupied": ("START", "r2", "r3", "r4", "r9", "r14"),
                    "enter-occupied": ("START", "r2", "r3", "r4", "r9", "r12"),
                    "enter-start-free": ("START", "r2", "r3", "r4", "r9", "r10"),
                    "enter-face-down": ("START", "r2", "r3", "r4", "r9", "r11"),
                    "enter-start-missing": ("r2", "r3", "r4")}, ("START", "r2", "r4", "r9")),
    ("monster", 0): (["9/20", "45%", "45 %", "0.45", "about 45%"],
                     {"monster-drain-ignored": "3/10", "monster-one-boost": "11/20",
                      "monster-boosts-ignored": "13/20", "monster-bonus-ignored": "7/20", "monster-strict": "2/5",
                      "monster-cards-ignored": "1/2"}, "1/5"),
    ("monster", 1): ([("roll",)], {}, ("r2",)),
    ("monster", 2): (["fight"], {"monster-rehidden-open": "open", "monster-room-kept": "yours"}, None),
    ("monster", 3): (["asked"], {"monster-window-skips": "skipped", "monster-window-near": "near"}, None),
    ("team", 0): ([("r12",), ("r7",)], {"team-self": ("r1",)}, ("r5",)),
    ("team", 1): (["7/10", "70%"], {"team-no-bonus": "19/40", "team-partner-bonus-ignored": "229/400",
                                   "team-own-bonus-ignored": "247/400", "team-one-die": "1/5", "team-flat": "8/13"},
                  "1/2"),
    ("team", 2): ([("roll",)], {}, ("r1",)),
    ("redo", 0): (["8"], {"redo-loot-kept": "12", "redo-powerup-dropped": "10", "redo-strict": "9"}, "7"),
    ("redo", 1): (["60", "60 HP"], {"redo-damage-taken": "50"}, "70"),
    ("redo", 2): ([("roll",)], {}, ("r3",)),
    ("boss", 0): (["153/382", "40.1%", "40.05%", "0.4005", "40%"],
                  {"boss-bossplayer-bonus-ignored": "229/382", "boss-ties-lose": "153/400",
                   "boss-level-card": "5/16", "boss-even": "1/2"}, "3/4"),
    ("boss", 1): ([("roll",)], {}, ("r1",)),
    ("traps", 0): ([("r3", "r4", "r5")], {"trap-start": ("START", "r3", "r4", "r5"),
                                          "trap-occupied": ("r1", "r3", "r4", "r5"),
                                          "trap-fourth": ("r2", "r3", "r4", "r5"),
                                          "trap-hoard-missing": ("r4", "r5")}, ("r3", "r4", "r5", "r6")),
    ("traps", 1): (["319/400", "79.75%"], {"trap-must-disarm": "121/400", "trap-one-roll": "11/20",
                                           "trap-strict": "3/4"}, "1/2"),
    ("traps", 2): ([("roll",)], {}, ("r4",)),
    ("traps", 3): (["stay"], {"trap-back-out": "leave", "trap-dash": "dash"}, None),
    ("heal", 0): (["between"], {"heal-pre-empt": "before", "heal-own-turn": "after", "heal-hp-limit": "never"}, None),
    ("heal", 1): (["90"], {"heal-instead-of-drink": "100", "heal-before-damage": "80"}, "70"),
    ("death", 0): (["coaster-shield", "bubble-boots"], {"death-drop-signature": "signature",
                                                        "death-drop-none": "none"}, None),
    ("death", 1): ([frozenset({"redo"}), frozenset({"dash"})], {"death-keep-two": frozenset({"redo", "dash"})}, None),
    ("death", 2): ([("r1",)], {"death-room-entered": ("r2",), "death-start": ("START",), "death-deck": ("deck",)},
                   ("r5",)),
    ("fourth", 0): ([("r5",), ("r6",), ("r1",)], {"fourth-start": ("START",), "fourth-occupied": ("r3",),
                                                  "fourth-hoard": ("r4",), "fourth-keep": ("keep",)}, ("nowhere",)),
    ("fourth", 1): ([("r6",)], {"swap-left-behind": ("r5",)}, ("r1",)),
    ("pourtal", 0): ([("r1",)], {"pourtal-occupied": ("r1", "r2"), "pourtal-any-room": ("r1", "r3")}, ("r4",)),
    ("pourtal", 1): (["1"], {"pourtal-is-action": "0"}, "2"),
    ("pourtal", 2): (["no"], {"pourtal-twice": "yes", "pourtal-jump-for-action": "action"}, None),
    ("duel", 0): (["229/382", "59.9%"], {"duel-ties-lose": "229/400", "duel-bonus-ignored": "1/2"}, "3/5"),
    ("duel", 1): ([("r3",)], {}, ("r2",)),
    ("duel", 2): ([("START",)], {"duel-swap-dead": ("r1",), "duel-no-move": ("r3",)}, ("r2",)),
    ("duel", 3): ([frozenset({"action"})], {"duel-pourtal-free": frozenset({"action", "jump"}),
                                            "duel-twice": frozenset({"action", "duel"}),
                                            "duel-is-action": frozenset({"nothing"})}, None),
    ("stranded", 0): ([("home",), ("START",)], {"stranded-through-hoard": ("r3",)}, ("r2",)),
    ("stranded", 1): ([frozenset({"C"})], {"stranded-room-left": frozenset({"A", "C"}),
                                           "stranded-card-left": frozenset({"B", "C"}),
                                           "stranded-through-hoard": frozenset({"hoard"})}, None),
    ("hoard", 0): (["ends"], {"hoard-fight-anyway": "fight", "hoard-dash": "dash", "hoard-hidden": "hidden"}, None),
    ("hoard", 1): (["3/10", "30%"], {"gdg-bonus": "2/5", "gdg-bonus-and-card": "1/2", "gdg-reroll": "51/100",
                                    "gdg-trap-blocks": "33/200", "gdg-strict": "1/4"}, "1/3"),
    ("hoard", 2): ([("trap", "guardian")], {}, ("guardian",)),
    ("variants", 0): (["cards"], {"crit-wins": "win", "crit-off": "nothing", "crit-damage": "damage"}, None),
    ("variants", 1): ([frozenset({"0", "1"})], {"frenzy-guardian": frozenset({"nobody"}),
                                                "frenzy-tiebreak": frozenset({"0"})}, frozenset({"0", "1", "2"})),
    ("variants", 2): (["blocked"], {"ptrap-damage": "damage", "ptrap-lost": "lost", "ptrap-again": "again"}, None),
    ("diy", 0): ([("w:between_turns", "c:blue", "e:heal:20", "e:draw:1"), ("w:between_turns", "c:red", "e:heal:30"),
                  ("w:between_turns", "c:green", "e:heal:10", "e:draw:2")],
                 {"diy-over-budget": ("w:between_turns", "c:blue", "e:heal:30", "e:draw:1"),
                  "diy-wrong-window": ("w:battle", "c:blue", "e:heal:10"),
                  "diy-verb-twice": ("w:between_turns", "c:blue", "e:heal:10", "e:heal:20"),
                  "diy-no-heal": ("w:between_turns", "c:blue", "e:draw:2"),
                  "diy-wrong-moment": ("w:your_turn", "c:blue", "e:heal:20")},
                 ("w:between_turns", "c:blue")),
}


def part(step_id, i):
    return lesson().find(step_id).parts[i]


def rules(step_id):
    return lesson().find(step_id).rules


def answer_forms(step_id, i) -> list[str]:
    """The right answer as text, in the forms a first wrong answer must not show."""
    ex = part(step_id, i)
    sol = ex.solution() if callable(ex.solution) else ex.solution
    forms = [sol.answer]
    if ex.kind == "text":
        p = parse_chance(ANSWERS[(step_id, i)][0][0]).value
        forms += [f"{p.numerator}/{p.denominator}", format_percent(p)]
    return forms


# ------------------------------------------------------------------ the lesson and its steps


def test_the_lesson_has_the_planned_steps_in_order():
    L = lesson()
    assert L.ids == [s.id for s in STEPS] == [
        "goal", "build", "turn", "enter", "monster", "team", "redo", "boss", "traps", "heal", "death", "fourth",
        "pourtal", "duel", "stranded", "hoard", "variants", "diy", "play"]
    for s in STEPS:
        st = L.find(s.id)
        assert (st.title, tuple(st.rules)) == (s.title, tuple(s.rules))
        assert st.parts and 2 <= st.text.count(".") and len(st.text) < 1400, s.id
    assert L.position("boss") == "Step 8 of 19"
    every_part = {(s.id, i) for s in L.steps for i in range(len(s.parts))}
    assert every_part - {("play", 0)} == set(ANSWERS)


@pytest.mark.parametrize("step_id", [s.id for s in STEPS if s.id != "play"])
def test_step_checks_answers_and_misreadings(step_id):
    """Each part: the right answers are accepted; each misreading is named with its rule and not the answer."""
    for i in range(len(lesson().find(step_id).parts)):
        ex = part(step_id, i)
        right, misreadings, other = ANSWERS[(step_id, i)]
        for raw in right:
            a = respond(ex, Attempt(), raw, rules(step_id))
            assert a.solved and a.reply.kind == "right", (step_id, i, raw, a.reply)
        forms = answer_forms(step_id, i)
        for mid, raw in misreadings.items():
            m = MISREADINGS[mid]
            a = respond(ex, Attempt(), raw, rules(step_id))
            assert (a.reply.kind, a.reply.rule) == ("wrong", m.rule), (step_id, i, mid, a.reply)
            assert m.message in a.reply.message and a.reply.message.endswith(f"{m.rule})"), a.reply.message
            assert ex.check(ex.read(raw)[0]).misreading == mid
            assert not a.reply.hint and a.reply.solution is None
            for form in forms:
                assert form not in a.reply.message, (mid, form)
        if other is not None:
            a = respond(ex, Attempt(), other, rules(step_id))
            assert a.reply.kind == "wrong" and ex.check(ex.read(other)[0]).misreading is None
            assert "(rule" in a.reply.message  # the step's rules when no misreading explains it


def test_every_misreading_is_recognised_by_a_step():
    tested = {mid for _, mis, _ in ANSWERS.values() for mid in mis}
    assert tested == set(MISREADINGS)
    ids = {s.id for s in STEPS}
    for m in MISREADINGS.values():
        assert m.step in ids and m.rule and m.message.endswith("."), m


def test_misreadings_give_answers_different_from_each_other_and_from_the_right_one():
    for (step_id, i), (right, misreadings, other) in ANSWERS.items():
        ex = part(step_id, i)
        values = [ex.read(right[0])[0]] + [ex.read(raw)[0] for raw in misreadings.values()]
        if ex.kind == "text":
            values = [v.value for v in values]
        values = [frozenset(v) if isinstance(v, tuple) and ex.kind == "pick" and ex.mode != "sequence" else v
                  for v in values]
        assert len(set(map(repr, values))) == len(values), (step_id, i)


@pytest.mark.parametrize("key", sorted(ANSWERS), ids=lambda k: f"{k[0]}-{k[1]}")
def test_feedback_comes_in_tiers(key):
    step_id, i = key
    ex = part(step_id, i)
    right, misreadings, other = ANSWERS[key]
    wrongs = list(misreadings.values()) + ([other] if other is not None else [])
    if not wrongs:
        pytest.skip("no wrong answer to give")
    wrongs = (wrongs * 3)[:3]
    a = respond(ex, Attempt(), wrongs[0], rules(step_id))
    assert a.reply.kind == "wrong" and not a.reply.hint and a.reply.solution is None
    a = respond(ex, a, wrongs[1], rules(step_id))
    assert a.reply.kind == "hint" and a.reply.hint == ex.hint and len(ex.hint) > 20
    a = respond(ex, a, wrongs[2], rules(step_id))
    assert a.reply.kind == "answer" and a.reply.solution.answer
    shown = reveal(ex, Attempt())
    assert shown.shown and shown.reply.solution.answer == a.reply.solution.answer
    assert respond(ex, shown, right[0], rules(step_id)).solved


@pytest.mark.parametrize("step_id", [s.id for s in STEPS])
def test_nothing_on_the_first_rendering_gives_the_answer_away(step_id):
    st = lesson().find(step_id)
    for i, ex in enumerate(st.parts):
        shown = st.text + ex.prompt
        if (step_id, i) in ANSWERS and ex.kind == "text":
            p = parse_chance(ANSWERS[(step_id, i)][0][0]).value
            assert f"{p.numerator}/{p.denominator}" not in shown and format_percent(p) not in shown
        if ex.kind != "pick":
            continue
        svg = ex.draw(())
        assert "you may act here" not in svg and "build a room here" not in svg
        assert not re.search(r'class="[^"]*\b(target|selected)\b', svg), (step_id, i)
        if (step_id, i) in ANSWERS and ex.mode in ("one", "set"):
            right = ANSWERS[(step_id, i)][0]
            ids = set(right[0]) if ex.mode == "set" else {r[0] for r in right}
            # a room's own kind (the one Reward on the board) is what a player sees, not a highlight
            assert answer_only_classes(svg, ids) - set(TYPE_STYLE) == set(), (step_id, i)
        if ex.mode == "sequence":
            assert "Rolled" not in svg  # the dice are still to be rolled


def test_a_set_answer_names_the_wrongly_picked_item_first():
    """Goal: START and r2 picked (r5 left out) is about START, where no hero stands, not about r5's low HP."""
    a = respond(part("goal", 0), Attempt(), ("START", "r2"), rules("goal"))
    assert a.reply.message.startswith("START: no hero stands there") and a.reply.misreading is None
    a = respond(part("goal", 0), Attempt(), ("r2",), rules("goal"))
    assert a.reply.misreading == "goal-hp-gate"  # left out, nothing picked wrongly: the misreading of what is missing
    # a wrong pick a misreading explains comes before what was left out, in every set question
    assert respond(part("duel", 3), Attempt(), frozenset({"jump"})).reply.misreading == "duel-pourtal-free"
    assert respond(part("traps", 0), Attempt(), ("START", "r4")).reply.misreading == "trap-start"


def test_no_question_is_answered_by_elimination():
    """Every question with options has at least three: a second try is never right by elimination."""
    for st in lesson().steps:
        for i, ex in enumerate(st.parts):
            if ex.kind == "choose":
                assert len(ex.options) >= 3, (st.id, i, ex.options)


def test_replies_name_rules_as_the_learner_can_look_them_up():
    """With the lesson's words (as the notebook and the app show it), no reply names a bare rule id: a clause of the
    rule text by its section ("Monsters in the rules"), a ruling of ours as "our ruling H12"."""
    words = kit_words()
    bare = re.compile(r"\bH-[A-Z]+\d+\b|(?<!ruling )\b[HGP]\d+\b")
    for (step_id, i), (right, misreadings, other) in ANSWERS.items():
        for raw in [right[0], *misreadings.values()] + ([other] if other is not None else []):
            said = respond(part(step_id, i), Attempt(), raw, rules(step_id), words).reply.message
            assert not bare.search(said), (step_id, i, said)
            assert right is not None and ("(see " in said or respond(part(step_id, i), Attempt(), raw).solved)
    said = respond(part("monster", 0), Attempt(), "3/10", rules("monster"), words).reply.message
    assert said.endswith("(see our ruling H5, our ruling G23)"), said
    said = respond(part("heal", 0), Attempt(), "before", rules("heal"), words).reply.message
    assert said.endswith("(see Common Questions in the rules, our ruling H12)"), said


def test_no_text_a_learner_sees_names_a_bare_rule_id():
    """Beyond the replies: every step's text, prompt, hint and answer walked through (its trace's rule column too), and
    every caption on a board, names a rule as the learner can look it up ("our ruling G20", "Duels in the rules")."""
    bare = re.compile(r"\bH-[A-Z]+\d+\b|(?<!ruling )\b[HGP]\d+\b")
    caption = re.compile(r'class="bw-bc-caption".*?</g>', re.S)
    for st in lesson().steps:
        for i, ex in enumerate(st.parts):
            sol = ex.solution() if callable(ex.solution) else ex.solution
            texts = [st.text, ex.prompt, ex.hint, sol.answer, sol.explanation]
            texts += [f"{t.rule} {t.reason}" for t in (sol.trace or ())]
            if ex.kind == "pick":
                raws = [sol.picks] + [raw for raw in [*ANSWERS[(st.id, i)][1].values(), ANSWERS[(st.id, i)][2]]
                                      if isinstance(raw, tuple)]
                texts += [m for raw in raws for m in caption.findall(ex.draw(tuple(raw)))]
            for text in texts:
                assert not bare.search(text or ""), (st.id, i, text)


def test_the_answers_walked_through_label_what_their_values_are():
    """An odds table's value column holds a level (a roll against a Monster or the Guardian) or a bonus lead (a roll
    against another player), a death's or a duel's the HP: each is labelled so, never "points"."""
    from html import escape

    from balada_widgets.ui.explain import trace_markup

    labels = {}
    for st in lesson().steps:
        for i, ex in enumerate(st.parts):
            sol = ex.solution() if callable(ex.solution) else ex.solution
            if sol.trace is not None:
                labels[(st.id, i)] = sol.value_label
                assert f"<th class='num'>{escape(sol.value_label)}</th>" in trace_markup(
                    list(sol.trace), where_label=sol.where_label, value_label=sol.value_label)
    assert labels == {("monster", 0): "level", ("team", 1): "level", ("redo", 0): "level", ("boss", 0): "bonus lead",
                      ("death", 2): "HP", ("duel", 0): "bonus lead", ("duel", 2): "Ada's HP", ("hoard", 1): "level"}


def test_chances_are_read_leniently_and_unreadable_ones_are_no_try():
    assert parse_chance("9/20").value == parse_chance(" 45 % ").value == parse_chance("0,45").value == Fraction(9, 20)
    assert parse_chance("≈ 40.1%").matches(Fraction(153, 382)) and parse_chance("40%").matches(Fraction(153, 382))
    assert not parse_chance("0.4").matches(Fraction(153, 382))  # one decimal: only an exact value
    assert not parse_chance("41%").matches(Fraction(153, 382))
    for bad in ("45", "nine", "5/4", "120%", "", "1/0"):
        assert parse_chance(bad) is None, bad
    ex = part("monster", 0)
    for raw in ("forty", "45", ""):
        a = respond(ex, Attempt(), raw)
        assert a.reply.kind == "invalid" and a.wrong == 0
    assert respond(part("redo", 1), Attempt(), "sixty").reply.kind == "invalid"


# ------------------------------------------------------------------ what the engine does after the learner acts


def test_the_turn_is_played_on_the_engine_and_refusals_are_drawn():
    ex = part("turn", 1)
    svg = ex.draw(("r20",))
    assert "is not next to your room (see The Game Turn in the rules)" in svg
    svg = ex.draw(("r1",))
    assert "Snack Stash" in svg and "your hand: Dash, Thirst Aid" in svg
    state, taken, refusal, _ = basics.turn_replay(("r1", "dash", "r2", "end"))
    assert refusal is None and taken == 2 and state.active == 1
    assert state.players[0].at == 2 and state.rooms[2].card == "fizzing-pourtal"
    sol = ex.solution()
    assert sol.picks == ("r1", "dash", "r2", "end") and "Player 1 plays Dash" in sol.explanation


def test_rolls_show_their_consequences():
    g, room, (_, s, after) = battles.revealed("monster", "moves", "roll")
    assert (after.players[0].hp, after.rooms[room].up, after.rooms[room].public) == (80, False, True)
    assert "drink 20 (HP 100 → 80)" in part("monster", 1).check(("roll",)).message
    g, room, (_, s, chose, after) = battles.revealed("team", "moves", "choose", "roll")
    assert after.players[0].at == room and after.players[1].at == 12
    assert len(after.players[0].hand) == 2 + len(s.players[0].hand)
    assert len(after.players[1].hand) == 2 + len(s.players[1].hand)
    g, room, (_, before, s, after) = battles.revealed("boss", "moves", "window", "roll")
    assert "boost" not in [m.args[0] for m in g.legal_moves(before) if m.verb == "play"]
    assert after.players[1].hp == 90 and after.players[0].at == room
    g, room, (_, s, rolled, redone, after) = battles.revealed("redo", "moves", "lost", "redo", "roll")
    assert (g.battle_odds(s).level, g.battle_odds(redone).level) == (14, 10)
    assert (redone.players[0].hp, after.players[0].at) == (60, room)
    *_, won = battles.played("hoard-claim", "moves", "trap", "guardian")[2]
    assert won.phase == "over" and won.winners == (0,)
    g, dying, drops, keeps, after_death, lies = battles.death_scene()[1:]
    assert after_death.players[0].at == 0 and after_death.players[0].hp == 100 and lies == 1
    assert after_death.active == 1  # the active player's death ended the turn
    g, s, vs_bo, through, after_duel, left = ways.duel_scene()
    assert after_duel.players[0].at == 3 and "crown-of-froth" in after_duel.players[0].powerups
    assert after_duel.players[1].at == 0 and after_duel.players[1].hp == 100


def test_the_answer_boards_show_the_answer_only_after_it_is_asked_for():
    ex = part("enter", 0)
    sol = ex.solution()
    assert sol.picks == ("START", "r2", "r3", "r4", "r9")
    assert "not r5: nobody enters the Drink Hoard" in sol.explanation
    board = ex.draw(sol.picks)
    assert all(re.search(rf'class="room [a-z]+ selected" data-id="{r}"', board) for r in sol.picks)
    ex = part("build", 1)
    assert len(ex.solution.picks) == 19 and "h3,-2" in ex.solution.picks


def test_the_card_designer_counts_the_cost():
    svg = part("diy", 0).draw(("w:between_turns", "c:red", "e:heal:30", "e:draw:1"))
    assert "cost 4 of 3" in svg and 'data-id="e:heal:30"' in svg
    fb = part("diy", 0).check(frozenset({"w:between_turns", "c:red", "e:heal:20", "e:draw:1"}))
    assert fb.ok and "Any colour works too" in fb.message


def play_to_the_end(app, seed="me"):
    """The learner's seat played by the greedy bot, rolling the dice that wait for it (P24)."""
    from balada_widgets.barcadia.bots import make_bot

    bot, g = make_bot("greedy", seed=seed), app.game
    for _ in range(3000):
        st = app.session.state
        if g.is_over(st):
            return st
        if app.session.holds():
            assert app.roll() is None
        else:
            assert app.play(bot.choose(g, g.view(st, 0), 0)) is None
    raise AssertionError("the game did not end")


def test_the_last_step_is_a_whole_game_against_a_bot():
    """The live game, started from the scene (two Power-Ups each, the home-made card in the deck), is the learner's
    own; Check says "play on" until it is over, then who won and why."""
    from balada_widgets.kit.lesson import learner

    ex = part("play", 0)
    with learner({}):
        app = ways.play_app()
        assert app is ways.play_app() and app.game.options["turn_limit"] == 40
        st = app.session.state
        assert [len(pl.powerups) for pl in st.players] == [2, 2] and "Picnic Potion" in {
            c.name for c in app.game.content.loot.values()}
        a = respond(ex, Attempt(), None, rules("play"))
        assert a.reply.kind == "wrong" and "Play on" in a.reply.message
        end = play_to_the_end(app)
        a = respond(ex, Attempt(), None, rules("play"))
        assert a.solved and ("won" in a.reply.message or "share" in a.reply.message)
        assert ". ".join(s.reason for s in app.game.result_trace(end)) in a.reply.message
    with learner({}):
        assert ways.play_app() is not app  # another learner, another game


# ------------------------------------------------------------------ the notebook face


def test_the_notebook_face():
    from balada_widgets import barcadia

    cell = barcadia.tutorial.step("boss")
    assert repr(cell) == "<Heroes of Barcadia tutorial, step 'boss': Step 8 of 19>"
    assert barcadia.tutorial.tutorial() is barcadia.tutorial.tutorial()  # one progress per kernel
    with pytest.raises(InvalidInput, match="the steps are goal, build"):
        barcadia.tutorial.step("dragon")


def test_a_step_is_clicked_through_in_the_lesson_player():
    import solara

    from balada_widgets.ui.board import SvgBoard
    from balada_widgets.ui.tutorial import Tutorial

    tutorial = Tutorial(lesson())
    _box, rc = solara.render(tutorial.step("enter").element(), handle_error=False)

    def boards(cls):
        return [w for w in rc.find(SvgBoard).widgets if cls in w.class_name.split()]

    def click(cls):
        import ipyvuetify as v

        [b] = [w for w in rc.find(v.Btn).widgets if cls in (w.class_ or "").split()]
        b.click()

    [board] = boards("bw-lesson-board")
    assert board.svg == part("enter", 0).draw(())
    for r in ("START", "r2", "r3", "r4", "r9"):
        board.emit_click(r)
    click("bw-lesson-check")
    assert tutorial.progress.of("enter").solved and "enter" in tutorial.progress.done_ids(lesson())


# ------------------------------------------------------------------ docs/barcadia.md


CLAUSES = {"OBJ": 3, "COMP": 2, "SET": 9, "TURN": 9, "ROOM": 1, "START": 6, "MON": 5, "TEAM": 4, "REW": 4, "POR": 6,
           "BOSS": 6, "HOARD": 7, "LOOT": 7, "PWR": 5, "SIG": 3, "TRAP": 6, "DUEL": 8, "DEATH": 5, "SAFE": 1,
           "EXP": 11, "FAQ": 11}
RULINGS = [f"H{i}" for i in range(1, 20)] + [f"G{i}" for i in range(1, 54)] + [f"P{i}" for i in range(1, 21)]


def coverage_rows():
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Coverage", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        if not line.startswith("|") or line.startswith("|---"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0].startswith("Clause of the rule text"):
            continue
        rows.append(cells)
    return rows


def test_coverage_table_maps_every_clause_and_ruling_to_a_step_and_existing_tests():
    rows = coverage_rows()
    ids = [f"H-{k}{i}" for k, n in CLAUSES.items() for i in range(1, n + 1)] + RULINGS
    by_id = {}
    for clause, step_id, tests in rows:
        by_id[clause.split()[0]] = (step_id, tests)
    assert sorted(by_id) == sorted(ids) and len(rows) == len(ids)
    L = lesson()
    named = set()
    for rid, (step_id, tests) in by_id.items():
        assert step_id in L.ids, f"{rid}: unknown step {step_id!r}"
        assert rid in L.find(step_id).rules, f"{rid} is not among the rules step {step_id!r} teaches"
        # only an engine test may still be missing: the tutorial's side is done
        assert "to do" not in re.sub(r"engine test( of [a-z ]+)?: to do", "", tests), f"{rid}: still 'to do'"
        found = re.findall(r"`(tests/[^`]+)`", tests)
        mine = (f"tests/barcadia/test_tutorial.py::{STEP_TEST}[{step_id}]" if step_id != "play" else
                "tests/barcadia/test_tutorial.py::test_the_last_step_is_a_whole_game_against_a_bot")
        assert mine in found, f"{rid}: the tutorial's check of step {step_id!r} is not named"
        assert found or "not modelled" in tests, rid
        named.update(found)
    functions = {}
    for node in named:
        path, _, name = node.partition("::")
        if path not in functions:
            tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
            functions[path] = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        assert name.split("[")[0] in functions[path], f"{node} does not exist"
        if "[" in name:
            func, param = name[:-1].split("[", 1)
            assert func == STEP_TEST and param in L.ids, node
    # every step teaches something the table lists
    assert {step_id for step_id, _ in by_id.values()} == set(L.ids)


def test_misreading_table_lists_every_misreading():
    text = DOC.read_text(encoding="utf-8").split("## Misreadings the tutorial recognises", 1)[1].split("\n## ", 1)[0]
    listed = set()
    for line in text.splitlines():
        if line.startswith("| ") and not line.startswith("| Step"):
            listed.update(re.findall(r"`([a-z0-9-]+)`", line.split("|")[2]))
    assert listed == set(MISREADINGS)


def test_the_tutorial_scenes_follow_the_rules_they_teach():
    """Rules a step shows in passing, checked on the step's own positions."""
    from balada_widgets.barcadia.state import START, Move

    # H-START1, H-SET2, P20: the game starts with every cup on START at FULL, seat i playing the i-th character
    g, st, *_ = basics.build_scene()
    assert all(pl.at == START and pl.hp == g.content.hp_full for pl in st.players)
    assert [pl.character for pl in st.players] == list(g.content.characters)[:4] == list(g.characters)
    # H-REW2, H-POR4, G14: the Reward and the Pourtal revealed in the turn stay face up; any face-down neighbour
    # may be revealed
    state, *_ = basics.turn_replay(("r1", "dash", "r2", "end"))
    assert state.rooms[1].up and state.rooms[2].up
    g, s, *_ = basics.turn_scene()
    assert {m.args[0] for m in g.legal_moves(s, 0) if m.verb == "reveal"} == set(s.layout.neighbours(START))
    # H-BOSS4: the same Boss lost: face down, you stay out and drink its damage, Ada drinks nothing
    g, room, (_, _, s, won) = battles.revealed("boss", "moves", "window", "roll")
    lost = play(g, s, ["roll p1 3", "roll p2 15"])
    assert (lost.rooms[room].up, lost.rooms[room].public, lost.players[0].at) == (False, True, 1)
    assert (lost.players[0].hp, lost.players[1].hp) == (90, 100)
    # H-PWR2: the Power-Up that helped against the Monster is still there for the next battle
    g, room, (_, s, after) = battles.revealed("monster", "moves", "roll")
    assert after.players[0].powerups == ("fizzing-gauntlets",)
    # P7: a your-turn card (Dash) is never offered inside a battle's card window
    g, room, (_, s, chose, after) = battles.revealed("team", "moves", "choose", "roll")
    assert "dash" in chose.players[0].hand and not any(m.verb == "play" for m in g.legal_moves(chose, 0))
    # H-DUEL2: once you have taken your action, no duel is offered
    g, s, *_ = ways.duel_scene()
    acted = play(g, s, [next(m for m in g.legal_moves(s, 0) if m.verb == "reveal")])
    acted = play(g, acted, [], {"rolls": (20,)})
    assert acted.acted and not any(m.verb == "duel" for m in g.legal_moves(acted, 0) if not g.is_chance(acted))
    # H-DUEL3: a tie is rolled again (your 10 + 2 against Bo's 12), and the dice decide only then
    tie = play(g, s, [Move(0, "duel", (2, 0)), "roll p1 10", "roll p3 12"])
    assert tie.top.kind == "duel" and tie.top.dice == () and g.is_chance(tie)
    assert [pl.hp for pl in tie.players] == [pl.hp for pl in s.players] and tie.players[0].at == 1
    # H-FAQ7: the colour of a card changes nothing (a red healing card is accepted like a blue one)
    assert part("diy", 0).check(frozenset({"w:between_turns", "c:red", "e:heal:20"})).ok


def test_a_roll_and_the_last_game_are_played_in_the_lesson_player():
    import ipyvuetify as v
    import solara

    from balada_widgets.ui.board import SvgBoard
    from balada_widgets.kit.lesson import Attempt as A
    from balada_widgets.ui.tutorial import Tutorial

    tutorial = Tutorial(lesson())
    tutorial.record("monster", 0, A(solved=True))  # the roll shows once the chance is answered
    _box, rc = solara.render(tutorial.step("monster").element(), handle_error=False)

    def buttons(cls):
        return [w for w in rc.find(v.Btn).widgets if cls in (w.class_ or "").split()]

    [roll] = buttons("bw-lesson-action-roll")
    roll.click()
    [board] = [w for w in rc.find(SvgBoard).widgets if "bw-lesson-board" in w.class_name.split()]
    assert "Rolled: you 7" in board.svg
    buttons("bw-lesson-check")[-1].click()
    assert tutorial.progress.of("monster", 1).solved

    _box, rc = solara.render(tutorial.step("play").element(), handle_error=False)
    app = tutorial.store["barcadia-play"]  # the learner's own live game, in their tutorial's store
    dungeons = [w.svg for w in rc.find(SvgBoard).widgets if 'class="bw-bc"' in w.svg[:400]]
    assert dungeons and app.session.state.turn == 1  # the game's own dungeon board, the game at its start
