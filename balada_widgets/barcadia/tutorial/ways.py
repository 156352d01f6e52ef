"""Steps 13-19: Pourtals, duels, stranded behind the Hoard, the Hoard and its Guardian; the variants for experienced
players, a Loot Card of your own (the card designer, checked by the engine's DIY card rules), and a game against the
greedy bot. Oracles only: the words are the lesson's files."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, partial

from ...core.errors import InvalidInput
from ...core.session import Session
from ...kit import svg
from ...kit.lesson import Custom, learner_store
from .. import odds
from ..content import diy_card
from ..drawing import LOOT_COLOURS
from ..effects import COLOURS, VERBS, roll_bonuses
from ..state import Move, room_name
from .scenes import game, play, played, scene, spec


def pourtal(L, w):
    g, _, (s, jumped) = played("pourtal", "jump")
    targets = {room_name(m.args[0]) for m in g.legal_moves(s, 0) if m.verb == "teleport"}
    again = any(m.verb == "teleport" for m in g.legal_moves(jumped, 0))
    a, b = L.part(w, "jump"), L.part(w, "actions", left=jumped.actions)
    walk = "\n".join(f"- {room_name(i)}: " + (L.common("yes") if room_name(i) in targets else
                                              g.why_illegal(s, Move(0, "teleport", (i,)))[1]) for i in (1, 2, 3))
    return (a.on(g, s, a.set_check(targets), a.solution(L.join(sorted(targets)), walk, picks=targets),
                            mode="set"),
                       b.count(jumped.actions, [("pourtal-is-action", jumped.actions - 1)], b.solution(str(jumped.actions))),
                       L.part(w, "again").choice("yes" if again else "no"))


@lru_cache(maxsize=None)
def duel_scene():
    g, s, sc = scene("duel")
    vs_bo = g.battle_odds(play(g, s, [sc["bo"]]))
    through = [m for m in g.legal_moves(s, 0) if m.verb == "duel" and m.args[1]]
    after = play(g, s, [through[0], *sc["roll"]])
    moves = g.legal_moves(after, 0)
    left = {"jump": any(m.verb == "teleport" for m in moves), "duel": any(m.verb == "duel" for m in moves),
            "action": any(m.verb in ("reveal", "enter", "claim") for m in moves), "nothing": not moves}
    return g, s, vs_bo, through, after, left


def duel(L, w):
    g, s, bo, through, after, left = duel_scene()
    won, tied, lost = odds.opposed_counts(bo.bonus, bo.opponent_bonus)
    a = L.part(w, "chance", bonus=bo.bonus, other=bo.opponent_bonus, won=won, tied=tied, lost=lost)
    a = a.chance(bo.p_win, [("duel-ties-lose", Fraction(won, 400)),
                            ("duel-bonus-ignored", odds.win_probability("duel", opponent_bonus=bo.opponent_bonus))],
                 L.odds_solution(bo.p_win, bo.explanation))
    target, ada = room_name(through[0].args[0]), room_name(after.players[1].at)
    b = L.part(w, "through", room=target)
    b = b.on(g, s, b.one_of(target, texts={room_name(s.players[2].at): "bo"}), b.solution(target, picks=(target,)))
    c = L.part(w, "ada", room=ada, target=target, total=13 + bo.bonus)
    rows = ((target, "H-DUEL8", "duel", 10), (target, "H-DUEL4", "drinks", -10), (target, "H10", "dies", 0),
            ("START", "H-DEATH5", "back", 100), (target, "H11", "takes", 0))
    c = c.on(g, s, c.one_of(ada, {room_name(s.players[0].at): "duel-swap-dead", target: "duel-no-move"}),
             c.walked(ada, rows, c("hp"), picks=(ada,)))
    d = L.part(w, "after")
    return (a, b, c, d.choices({k for k in left if left[k]}, explanation=d.yes_no(left)))


def stranded(L, w):
    sc, boards = scene("stranded")[2], {}
    for key, board_ in sc["boards"].items():
        g, s, _ = scene("stranded", cups={0: {"hand": board_["hand"]}},
                        hexes=sc["hexes"] + ([board_["room"]] if "room" in board_ else []))
        boards[key] = (s, g.stranded(s, 0), "room" in board_)
    s = boards["C"][0]
    a = L.part(w, "way")
    a = a.on(g, s, a.one_of({"home", "START"} if Move(0, "home", ()) in g.legal_moves(s, 0) else set(),
                            texts={"r2": "walk"}), a.solution(picks=("home",)), buttons=a.values)
    b = L.part(w, "boards")
    labels = dict(b.options())
    lines = "\n".join("- " + b("line", board=labels[k], verdict=b("stranded" if st else "room" if room else "card"))
                      for k, (_, st, room) in boards.items())
    return (a, b.choices({k for k, (_, st, _) in boards.items() if st}, explanation=lines))


def hoard(L, w):
    g, _, (s, revealed) = played("hoard", "moves")
    what = {"fight": any(f.kind == "guardian" for f in revealed.stack) or revealed.phase == "over",
            "ends": revealed.active != 0 or not revealed.in_turn,
            "dash": Move(0, "play", ("dash",)) in g.legal_moves(revealed, 0), "hidden": not revealed.rooms[2].up}
    a = L.part(w, "early")
    a = a.choice(next(k for k in a.values if what[k]), explanation=a.yes_no(what))
    g, _, (s, at_trap, at_guardian, won) = played("hoard-claim", "moves", "trap", "guardian")
    trap, guardian = g.battle_odds(at_trap), g.battle_odds(at_guardian)
    k, hp, level = at_trap.rooms[2].traps, at_trap.players[0].hp, g.content.guardian.level
    survive, beat = odds.trap_odds(k, hp, trap.bonus).survive, partial(odds.win_probability, "monster", level=level)
    bonus = sum(b.amount for b in roll_bonuses(g, s, 0, "monster"))
    mis = [("gdg-bonus", survive * beat(bonus=bonus)),
           ("gdg-bonus-and-card", survive * beat(bonus=bonus + dict(g.content.loot["courage"].effects)["roll_mod"])),
           ("gdg-reroll", survive * odds.win_probability_with_redos(guardian.p_win, 1)),
           ("gdg-trap-blocks", trap.p_win ** k * guardian.p_win), ("gdg-strict", survive * beat(level=level + 1))]
    b, p = L.part(w, "guardian", hp=hp, level=level, survive=L.chance(survive)), survive * guardian.p_win
    said = b("explain") + " " + (b("safe"), b("risk"))[survive != 1]
    return (a, b.chance(p, mis, L.odds_solution(guardian.p_win, guardian.explanation, said,
                                                           answer=L.chance(p))),
                       L.part(w, "roll").roll(g, at_trap, won, ((0, 12), (0, 17))))


def variants(L, w):
    """Crits (a natural 20 and a natural 1 in one team battle), Frenzy (a tie on Power-Ups), Power Traps."""
    g, sc, (s, rolled) = played("crits", "moves")
    gives = any(f.kind == "critgive" and f.who == 1 for f in rolled.stack)
    settled = play(g, rolled, [next(m for m in g.legal_moves(rolled) if m.verb == "give")], sc["fate"]) if gives else rolled
    card = g.content.rooms["cerbubble"]
    right = "win" if settled.players[0].at == 2 else "cards" if gives and len(rolled.players[0].hand) > len(
        s.players[0].hand) else "damage" if s.players[1].hp - settled.players[1].hp > card.damage else "nothing"
    a = L.part(w, "crits", card=card.name, level=card.level).choice(right)
    fs, over = frenzy_scene()
    winners = {str(p) for p in over.winners}
    b = L.part(w, "frenzy", counts=L.join(f"{L.who(p, not p)} {len(pl.powerups)}" for p, pl in enumerate(fs.players)))
    b = b.choices(winners, {str(p): L.who(p) for p in range(3)} | dict(b.options()),
                  missing=dict.fromkeys(winners, "frenzy-tiebreak"))
    g, sc, (s, tried) = played("power-traps", "moves")
    mine, trapped = tried.players[0], s.players[0].power_traps[0]
    what = {"blocked": trapped in mine.power_traps and trapped in mine.powerups,
            "damage": mine.hp < s.players[0].hp, "lost": trapped not in mine.powerups,
            "again": g.parse_move(sc["again"]) in g.legal_moves(tried, 0)}
    c = L.part(w, "power-traps")
    right = "blocked" if what["blocked"] and not (what["damage"] or what["again"]) else \
        next(k for k in ("damage", "lost", "again") if what[k])
    return (a, b, c.choice(right, explanation=c.yes_no(what)))


def frenzy_scene():
    """Three players in Frenzy, every room face up but the last, r2 (a Pourtal); you reveal it."""
    sc = spec("frenzy")
    g = game(**sc["game"])
    left, tiles = dict(g.dungeon_counts), []
    for t in ("monster", "team", "boss", "reward", "pourtal", "hoard"):
        tiles += [c.id for c in g.content.rooms.values() if c.type == t][: left[t] - (t == "pourtal")]
    rooms = dict(zip([i for i in range(1, g.n_rooms + 1) if i != 2], tiles))
    free = [i for i in range(3, g.n_rooms + 1) if g.content.rooms[rooms[i]].type != "hoard"]
    at = {0: 1, 1: free[0], 2: free[1]}
    g, s, _ = scene("frenzy", rooms=rooms, cups={p: {"at": at[p], "powerups": pu} for p, pu in sc["powerups"].items()})
    pourtal = next(c.id for c in g.content.rooms.values() if c.type == "pourtal" and c.id not in tiles)
    return s, play(g, s, ["p1 reveal r2", f"room r2 {pourtal}"])


def diy_spec(picked) -> dict:
    """The card the learner's chips describe (``w:<window>``, ``c:<colour>``, ``e:<verb>:<amount>``)."""
    order = [f"e:{v}:{a}" for v, a in spec("diy")["effects"]]
    effects = sorted((p for p in picked if p.startswith("e:")), key=lambda e: order.index(e) if e in order else 99)
    return {"windows": [p[2:] for p in picked if p.startswith("w:")],
            "colours": [p[2:] for p in picked if p.startswith("c:")],
            "effects": [(e.split(":")[1], int(e.split(":")[2])) for e in effects]}


def diy(L, w):
    """A Loot Card of your own on the card designer: chips for a window, a colour and effects, and the card so far
    with its cost (its look: ``lessons/boards.css``), checked by the engine's DIY card rules."""
    p, sc = L.part(w, "design"), spec("diy")
    windows, colours = {x: L.common(f"windows.{x}") for x in sc["windows"]}, {c: p(f"colours.{c}") for c in COLOURS}
    said, red, name = p.later("right", "card", "text"), p("any-colour"), p("name")
    problems = {k: p(f"problems.{k}") for k in ("windows", "colours", "effects")}
    words = {k: p(f"designer.{k}") for k in ("when", "colour", "effects", "none", "label")}
    chips = {f"e:{v}:{a}": p(f"chips.{v.replace('_', '-')}-{a}") for v, a in sc["effects"]}
    window_line, effects_line = p.later("designer.window", "windows"), p.later("designer.effect-list", "effects")
    cost_of = p.later("designer.cost", "cost")

    def draw(sel) -> str:
        card = diy_spec(sel)

        def chip(x, y, width, id_, label, colour="#4a6fa5"):
            return svg.group([svg.rect(x, y, width, 24, rx=12), svg.text(x + width / 2, y + 16, label)],
                             class_=svg.class_names("chip", on=id_ in sel), data_id=id_, role="button",
                             aria_label=label, aria_pressed=str(id_ in sel).lower(), style=f"--chip: {colour}")

        cost = sum(VERBS[v].cost(a) for v, a in card["effects"])
        lines = [name, window_line(windows=", ".join(windows[x] for x in card["windows"]) or "?"),
                 effects_line(effects="; ".join(VERBS[v].words(a) for v, a in card["effects"]) or words["none"])]
        ink = LOOT_COLOURS.get(card["colours"][0] if card["colours"] else "", "#bbb")
        return svg.svg([svg.rect(0, 0, 640, 300, rx=12, class_="paper"), *(
            svg.text(16, y, words[k], class_="heading") for y, k in ((24, "when"), (80, "colour"), (136, "effects"))),
            *(chip(16 + 122 * k, 32, 116, f"w:{x}", windows[x]) for k, x in enumerate(windows)),
            *(chip(16 + 78 * k, 88, 72, f"c:{c}", colours[c], LOOT_COLOURS[c]) for k, c in enumerate(COLOURS)),
            *(chip(16 + 122 * (k % 5), 144 + 32 * (k // 5), 116, id_, label, "#7a5a2e")
              for k, (id_, label) in enumerate(chips.items())),
            svg.rect(16, 218, 608, 70, rx=10, class_="card", style=f"--chip: {ink}"),
            *(svg.text(28, 240 + 18 * k, t, class_=svg.class_names("line", name=not k)) for k, t in enumerate(lines)),
            svg.text(612, 240, cost_of(cost=cost), class_=svg.class_names("cost", over=cost > 3))],
            640, 300, role="group", aria_label=words["label"], class_="bw-bc-diy")

    def check(picked):
        card = diy_spec(picked)
        for key, want in (("windows", 1), ("colours", 1), ("effects", 0)):
            if (len(card[key]) != want) if want else not card[key]:
                return L.no(problems[key], p.rule)
        try:
            card = diy_card(name=name, colour=card["colours"][0], window=card["windows"][0], effects=card["effects"])
        except InvalidInput as e:
            mid = next((m for words, m in sc["refusals"].items() if words in str(e)), None)
            rule, why = (getattr(e, "problems", None) or [(e.rule, str(e))])[0]
            return L.mis(mid) if mid else L.no(why, rule)
        if card.window != "between_turns":
            return L.mis("diy-wrong-moment")
        if not any(v == "heal" for v, _ in card.effects):
            return L.mis("diy-no-heal")
        return L.right(said(card=card.name, text=card.text) + (" " + red if card.colour != "blue" else ""), p.rule)

    return p.pick(check, draw, p.solution(picks=tuple(sc["answer"])), mode="set")


PLAY_SEED = 0


def play_app():
    """The learner's own game against the bot from the scene ``play``, made when first asked for: in their store
    (:func:`~balada_widgets.kit.lesson.learner_store`), never in the lesson, which every learner shares."""
    store = learner_store()
    if "barcadia-play" not in store:
        view = importlib.import_module("balada_widgets.barcadia.view")  # the live board, loaded only when shown
        g, s, _ = scene("play")
        store["barcadia-play"] = view.BarcadiaApp(players=2, bots=1, bot_level="greedy", seed=PLAY_SEED,
                                                  session=Session(g, seed=PLAY_SEED, state=s))
    return store["barcadia-play"]


@dataclass(frozen=True)
class LiveGame(Custom):
    """The live game as the exercise: the answer is the learner's own game, read when *Check* is pressed."""

    def read(self, raw):
        return play_app(), None


def play_(L, w):
    """Step 19: a short game against the greedy bot, on the live game (the app's own page, imported when shown)."""
    p = L.part(w, "game")
    lead, not_over = {k: p(f"result.{k}") for k in ("won", "lost", "shared")}, p("not-over")

    def check(app):
        game, state = app.game, app.session.state
        if not game.is_over(state):
            return L.no(not_over, p.rule)
        key = "shared" if len(state.winners) > 1 and 0 in state.winners else "won" if 0 in state.winners else "lost"
        return L.right(f"{lead[key]} " + ". ".join(st.reason for st in game.result_trace(state)) + ".", p.rule)

    return LiveGame(p("prompt"), check, hint=p("hint"), solution=p.solution(),
                    make=lambda answer, on_answer: play_app().element())

#: the steps of this topic, in the lesson's order (each named by its step's id)
STEPS = (pourtal, duel, stranded, hoard, variants, diy, play_)
