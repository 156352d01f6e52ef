"""Words for Heroes of Barcadia: refusals, moves, the pending decision, battle odds, the result.

Everything a learner reads comes from here: :func:`why_illegal` names the rule
and the reason of a refusal; :func:`describe_move` says a move in plain words
as a viewer may know it (a card drawn by someone else is "a Loot Card");
:func:`pending` says who must decide what; :func:`battle_odds` explains the
roll about to be made - the chance to win, the expected HP loss and where
each bonus comes from - using :mod:`.odds`; :func:`result_trace` explains
the end of the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..core.game import Pending
from ..core.trace import Trace
from . import engine
from .content import ROOM_TYPE_WORDS
from .effects import VERBS, WINDOW_WORDS, card_words, roll_bonuses
from .notation import secret_owners
from .ops import is_hoard, is_pourtal_for, max_pourtal_uses, occupied_set
from .state import START, Battle, Move, room_name


def who(p) -> str:
    return f"player {p + 1}"


def Who(p) -> str:
    return f"Player {p + 1}"


def room_words(game, state, i, viewer=None) -> str:
    """``r12`` plus what ``viewer`` knows of it: ``r12 (Kettle Imp, face down)``."""
    if i == START:
        return "the Starting Point"
    if not 0 < i < len(state.rooms):
        return room_name(i)
    r = state.rooms[i]
    card = game.content.rooms.get(r.card) if r.card else None
    if card is not None and (r.public or (viewer is not None and viewer in r.seen)):
        return f"{room_name(i)} ({card.name}{'' if r.up else ', face down'})"
    return room_name(i)


def card_name(game, cid) -> str:
    c = game.content.loot.get(cid) or game.content.powerups.get(cid) or game.content.rooms.get(cid)
    return c.name if c else cid


# ================================================================ refusals


def why_illegal(game, state, m) -> tuple:
    """``(rule, reason)`` for a move that is not in :func:`engine.legal`."""
    if not isinstance(m, Move):
        return None, "not a move of Heroes of Barcadia"
    w = engine.waiting(game, state)
    if w[0] == "over":
        return game.end_rule, "the game is over"
    if w[0] == "chance":
        if m.player is not None:
            return "H5", f"chance moves first: {pending_chance(game, state)}"
        return "H5", f"chance cannot do that now: {pending_chance(game, state)}; possible: " \
                     + ", ".join(x.text() for x in engine.legal(game, state)[:3]) + " ..."
    p = w[1]
    if m.player is None:
        return "H5", f"no die or card is drawn now: {Who(p)} decides"
    if not 0 <= m.player < game.players:
        return None, f"there is no player {m.player + 1} in a {game.players}-player game"
    if m.player != p:
        f = state.top
        if f is not None and f.kind == "window":
            return "H12", f"{who(p)} has priority in this window ({WINDOW_WORDS[f.window]})"
        return "H4", f"it is {who(p)}'s decision, not {who(m.player)}'s"
    f = state.top
    if f is None:
        return _why_idle(game, state, m)
    k = f.kind
    if k == "window":
        if m.verb == "play":
            return _why_card(game, state, m, f.window)
        if m.verb == "reroll":
            return "H6", "the Lucky Bottle Cap rerolls your own die once a turn, after a lost Monster or Team battle"
        if m.verb == "rig":
            return "H13", "a trap from the pouch goes into an empty room that is not START, with fewer than 3 traps"
        return "H12", f"in this window ({WINDOW_WORDS[f.window]}) you may play a Loot Card or pass"
    if k == "resolve":
        card = game.content.loot[f.card]
        if m.verb != "pick":
            return "H-LOOT2", f"first choose the target of {card.name} ('p{p + 1} pick ...')"
        verb, _ = card.effects[f.index]
        return "H-LOOT2", f"that is not a target {card.name} can take ({VERBS[verb].words(card.effects[f.index][1])})"
    if k == "battle":
        if m.verb != "choose":
            return "H-TEAM1", "first choose the other player of this battle ('choose p2')"
        return "H-TEAM1", "choose another player (not yourself)"
    if k == "death":
        if f.stage == "drop":
            return "H10", "on death, choose one of your Power-Ups to leave behind ('drop <power-up>')"
        return "H10", "on death, choose the one Loot Card you keep ('keep <card>')"
    if k == "place":
        if m.verb != "place":
            return "H11", "you hold too many Power-Ups: place one in the dungeon first ('place <power-up> r7')"
        pu, room = m.args
        if pu not in state.players[p].powerups:
            return "H11", f"you do not hold {card_name(game, pu)}"
        if room == START:
            return "H11", "a Power-Up cannot be placed on the Starting Point"
        if room > len(state.rooms) - 1:
            return "H11", f"there is no room {room_name(room)}"
        if room in occupied_set(state):
            return "H11", f"{room_name(room)} is occupied; choose an empty room"
        return "H11", "a Power-Up cannot be placed in the revealed Drink Hoard"
    if k == "critgive":
        return "H17", "you rolled a 1: give one of your Loot Cards to an opponent ('give <card> p2')"
    if k == "frenzysteal":
        return "H-EXP11", "take a Power-Up from an opponent ('take p2 <power-up>') or 'take none'"
    if k == "build":
        return "H2", "a room goes on an empty hex touching the Starting Point or a placed room"
    return None, "it is not one of the moves open now"


def pending_chance(game, state) -> str:
    f = state.top
    r = engine.roller_of(game, state)
    if r is not None:
        return f"{who(r)}'s d20 is rolled"
    return {"draw": "a Loot Card is drawn", "power": "a Power-Up is drawn", "reveal": "the room's identity is drawn",
            "peek": "the peeked room's identity is drawn", "steal": "a random card is taken",
            "build": "a room is built"}.get(f.kind if f else "", "chance moves")


def _why_card(game, state, m, window):
    cid = m.args[0]
    pl = state.players[m.player]
    card = game.content.loot.get(cid)
    if card is None:
        return "H-LOOT1", f"{cid!r} is not a Loot Card"
    if cid not in pl.hand:
        return "H-LOOT1", f"{card.name} is not in your hand"
    if card.window != window:
        return "H12", (f"{card.name} is played {WINDOW_WORDS[card.window]}, not {WINDOW_WORDS[window]}")
    for v, a in card.effects:
        if not VERBS[v].ok(game, state, m.player, a):
            return "H-LOOT2", f"{card.name} has nothing to work on now ({VERBS[v].words(a)})"
    if any(v == "heal" for v, _ in card.effects) and pl.hp >= game.content.hp_full:
        return "P23", f"{card.name} would heal nothing: your HP is FULL"
    return "P23", f"{card.name} would change nothing now"


def _why_idle(game, state, m):
    p, v, a = m.player, m.verb, m.args
    pl = state.players[p]
    at = pl.at
    nbrs = state.layout.neighbours(at)
    nrooms = len(state.rooms) - 1
    if any(isinstance(x, int) and v in ("reveal", "enter", "teleport", "duel", "scout", "rig") and x > nrooms
           for x in a[:1]):
        return "H1", f"there is no room {room_name(a[0])} in this dungeon"
    if v in ("reveal", "enter", "claim", "home") and state.actions <= 0 and not (v == "enter" and state.steps > 0):
        return "H4", "no action is left this turn (play a Dash for one more)"
    if v == "reveal":
        j = a[0]
        if j not in nbrs:
            return "H-TURN3", f"{room_name(j)} is not next to your room"
        return "H-TURN3", f"{room_name(j)} is already face up: enter it instead"
    if v == "enter":
        j = a[0]
        if j not in nbrs:
            return "H3", f"{room_name(j)} is not next to your room"
        r = state.rooms[j]
        if not r.up:
            return "H3", f"{room_name(j)} is face down: reveal it first"
        if is_hoard(game, state, j):
            return "H-FAQ5", "nobody enters the Drink Hoard without beating the Grand Drink Guardian"
        if j in occupied_set(state):
            return "H3", f"{room_name(j)} is occupied: only a duel takes you in (before your first action)"
        return "H3", "that step is not possible now"
    if v == "claim":
        hoards = [j for j in nbrs if is_hoard(game, state, j) and state.rooms[j].up]
        if not hoards:
            return "H-TURN5", "the revealed Drink Hoard must be next to your room"
        return "H-HOARD1", f"you need {game.content.guardian.power_ups} Power-Ups to face the Guardian"
    if v == "home":
        return "H14", "you may return to START as your action only when stranded"
    if v == "teleport":
        if not is_pourtal_for(game, state, at, p):
            return "H-POR2", "you are not standing on a Magic Pourtal"
        if state.ported >= max_pourtal_uses(game, state, p):
            return "H-POR5", "one Pourtal use a turn"
        j = a[0]
        if j == at:
            return "H-POR2", "you are already there"
        if not is_pourtal_for(game, state, j, p):
            return "H-POR2", f"{room_name(j)} is not a revealed Magic Pourtal"
        return "H-DUEL8", f"{room_name(j)} is occupied: duel through the Pourtal instead (before your first action)"
    if v == "duel":
        if state.acted:
            return "H-DUEL2", "a duel comes at the start of your turn, before any action"
        if state.dueled:
            return "H-DUEL7", "one duel a turn"
        j = a[0]
        if j == START:
            return "P22", "nobody duels on the Starting Point: it holds everybody, just enter it"
        if j == at:  # one cup a room but START: nobody else is where you stand
            return "H-DUEL1", (f"you stand in {room_name(j)} yourself and nobody else can: a duel is against "
                               f"a cup in a room next to yours")
        if not any(q != p and o.at == j for q, o in enumerate(state.players)):
            return "H-DUEL1", f"nobody is in {room_name(j)}"
        if a[1]:
            return "H-DUEL8", "a duel through a Pourtal needs you on a Pourtal, a Pourtal use left, and them on one"
        return "H-DUEL1", f"{room_name(j)} is not next to your room"
    if v == "play":
        return _why_card(game, state, m, "your_turn")
    if v == "end":
        return "H4", "take your action first: each turn has exactly one action"
    if v == "scout":
        return _why_scout(game, state, p, a[0] if a else None)
    if v == "disarm":
        return "H17", "only a Power-Up of yours under a Power Trap, once a turn"
    if v == "mark":
        return _why_mark(game, state, p)
    if v == "rig":
        if not pl.pouch:
            return "H13", "your pouch is empty"
        return "H13", "a trap goes into an empty room that is not START, with fewer than 3 traps"
    if v == "pass":
        return "H12", "no Loot window is open: it is your turn"
    return "H4", f"'{v}' is not possible now"


def _holders(game, kind) -> tuple:
    """``(characters, power_ups)`` that have ability ``kind``: ``(["Wizard"], [])``, ``([], ["Periscope Straw"])``."""
    chars = [ch.cls for ch in game.content.characters.values() if any(ab[0] == kind for ab in ch.abilities)]
    pus = [pu.name for pu in game.content.powerups.values() if any(ab[0] == kind for ab in pu.abilities)]
    return chars, pus


def _or(names) -> str:
    return " or the ".join(names)


def _blocked(game, state, p, kind) -> list:
    """Names of ``p``'s Power-Ups with ability ``kind`` that a Power Trap blocks now."""
    return [game.content.powerups[pu].name for pu in sorted(set(state.players[p].power_traps))
            if any(ab[0] == kind for ab in game.content.powerups[pu].abilities)]


def _why_scout(game, state, p, j):
    from .ops import ability_total

    if not ability_total(game, state, p, "scout"):
        blocked = _blocked(game, state, p, "scout")
        if blocked:
            return "H17", f"your {blocked[0]} is under a Power Trap: free it first"
        chars, pus = _holders(game, "scout")
        what = f"no {_or(pus) or 'Power-Up that peers into rooms'}"
        return "H-PWR2", f"you hold {what}" + (f" and you do not play the {_or(chars)}" if chars else "")
    if state.scouted:
        return "H-PWR2", "you have already peered into a room this turn (once a turn)"
    at = state.players[p].at
    if j is None or not 0 < j < len(state.rooms):
        return "H1", f"there is no room {room_name(j) if j is not None else ''} in this dungeon".replace("  ", " ")
    if j not in state.layout.neighbours(at):
        return "H-PWR2", f"{room_name(j)} is not next to your room"
    r = state.rooms[j]
    if r.up:
        return "H-PWR2", f"{room_name(j)} is face up: there is nothing hidden to look at"
    return "H-PWR2", f"you already know what {room_name(j)} holds"


def _why_mark(game, state, p):
    from .ops import ability_total

    if not ability_total(game, state, p, "pocket_pourtal"):
        blocked = _blocked(game, state, p, "pocket_pourtal")
        if blocked:
            return "H17", f"your {blocked[0]} is under a Power Trap: free it first"
        chars, pus = _holders(game, "pocket_pourtal")
        return "H-SIG2", (f"only the {_or(chars + pus) or 'nobody'} has the Pocket Pourtal; you play the "
                          f"{game.character(p).cls}")
    if state.players[p].pocket_used:
        return "H-SIG2", "your Pocket Pourtal is marked already: once a game"
    at = state.players[p].at
    if at == START:
        return "H-SIG2", "the Pocket Pourtal is not marked on the Starting Point (it is one already)"
    if is_hoard(game, state, at):
        return "H-SIG2", "the Pocket Pourtal is not marked in the Drink Hoard"
    return "H-SIG2", "the Pocket Pourtal is marked in a face-up room you stand in"


# ================================================================ describing moves


def describe_move(game, state, m: Move, viewer=None) -> str:
    """``m`` in plain words as ``viewer`` may know it (``state`` is where it is played)."""
    owners = secret_owners(m)
    hidden = owners is not None and not (viewer is not None and viewer in owners)
    v, a = m.verb, m.args
    if m.player is None:
        if v == "roll":
            return f"{Who(a[0])} rolls {a[1]}"
        if v == "build":
            return f"A face-down room is built on hex {a[0]},{a[1]}"
        if v == "draw":
            return f"{Who(a[0])} draws a Loot Card" if hidden else f"{Who(a[0])} draws {card_name(game, a[1])}"
        if v == "power":
            return f"{Who(a[0])} gains the Power-Up {card_name(game, a[1])}"
        if v == "room":
            c = game.content.rooms.get(a[1])
            kind = ROOM_TYPE_WORDS.get(c.type, "") if c else ""
            lvl = f", level {c.level}" if c and c.level else ""
            return f"{room_name(a[0])} is {card_name(game, a[1])} ({kind}{lvl})"
        if v == "peek":
            return (f"{Who(a[0])} secretly looks at {room_name(a[1])}" if hidden
                    else f"{Who(a[0])} sees that {room_name(a[1])} is {card_name(game, a[2])}")
        if v == "steal":
            return (f"{Who(a[0])} takes a random Loot Card from {who(a[1])}" if hidden
                    else f"{Who(a[0])} takes {card_name(game, a[2])} from {who(a[1])}")
        return m.text()
    P = Who(m.player)
    if v == "build":
        return f"{P} builds a face-down room on hex {a[0]},{a[1]}"
    if v == "reveal":
        return f"{P} reveals {room_words(game, state, a[0], viewer)}"
    if v == "enter":
        return f"{P} steps into {room_words(game, state, a[0], viewer)}"
    if v == "claim":
        return f"{P} challenges the {game.content.guardian.name}"
    if v == "home":
        return f"{P} is stranded and goes back to the Starting Point"
    if v == "teleport":
        return f"{P} takes a Pourtal to {room_words(game, state, a[0], viewer)}"
    if v == "duel":
        q = next((q for q, o in enumerate(state.players) if o.at == a[0] and q != m.player), None)
        target = who(q) if q is not None else room_name(a[0])
        return f"{P} duels {target}" + (" through the Pourtal" if a[1] else "")
    if v == "play":
        c = game.content.loot.get(a[0])
        return f"{P} plays {c.name}: {card_words(c)}" if c else f"{P} plays {a[0]}"
    if v == "pick":
        t = a
        if t[0] == "r":
            return f"{P} chooses {room_words(game, state, t[1], viewer)}"
        if t[0] == "p":
            return f"{P} chooses {who(t[1])}"
        return f"{P} chooses {who(t[1])}'s {card_name(game, t[2])}"
    if v == "pass":
        return f"{P} passes"
    if v == "end":
        return f"{P} ends the turn"
    if v == "choose":
        f = state.top
        role = "to play the Boss" if getattr(f, "battle", "") == "boss" else "as teammate"
        return f"{P} picks {who(a[0])} {role}"
    if v == "reroll":
        return f"{P} rolls again with the Lucky Bottle Cap"
    if v == "place":
        return f"{P} puts {card_name(game, a[0])} into {room_name(a[1])}"
    if v == "drop":
        return f"{P} leaves {card_name(game, a[0])} behind"
    if v == "keep":
        return f"{P} keeps one Loot Card" if hidden else f"{P} keeps {card_name(game, a[0])}"
    if v == "give":
        return (f"{P} gives a Loot Card to {who(a[1])}" if hidden
                else f"{P} gives {card_name(game, a[0])} to {who(a[1])}")
    if v == "scout":
        return f"{P} peers into {room_name(a[0])} with the Periscope Straw"
    if v == "disarm":
        return f"{P} tries to free {card_name(game, a[0])} from its Power Trap"
    if v == "mark":
        return f"{P} marks {room_name(state.players[m.player].at)} as a Pocket Pourtal"
    if v == "rig":
        return f"{P} sets a trap from the pouch in {room_name(a[0])}"
    if v == "take":
        return f"{P} takes {card_name(game, a[1])} from {who(a[0])}" if a else f"{P} takes no Power-Up"
    return m.text()


# ================================================================ the pending decision


def window_question(game, state, w, p) -> str:
    """What ``p`` is asked in window ``w``, from public facts only (H19): the same words in every view.

    "Player 2 may play a Loot Card or pass" whatever the hand holds (a hand that
    is asked is never empty); a Lucky Bottle Cap's reroll or a trap in the pouch
    (public) are named too.
    """
    parts = ["play a Loot Card"] if state.players[p].hand else []
    verbs = {m.verb for m in engine.public_options(game, state, w, p)}
    if "reroll" in verbs:
        parts.append("roll again with the Lucky Bottle Cap")
    if "rig" in verbs:
        parts.append("set a trap from the pouch")
    return f"{Who(p)} may {', '.join(parts)} or pass"


#: the rule of each kind of decision (the clauses of docs/barcadia.md)
PENDING_RULES = {"turn": "H4", "pick": "H12", "choose": "H6", "death": "H10", "place": "H11", "crit": "H17",
                 "steal": "H17", "build": "H2", "chance": "H5", "over": "H-OBJ1"}


def pending(game, state) -> Pending:
    """Who must decide what now, as the core's :class:`~balada_widgets.core.game.Pending` (the shape of every
    game that says it): ``kind``, ``player``, ``rule``, ``text``, ``options`` (the player's legal moves, in
    the whole position or that player's own view; ``()`` in another player's view, which hides the hand),
    ``task`` (the frame on top of the stack). While chance moves, ``kind`` is ``"chance"`` and ``text`` says
    what is drawn; at the end, ``"over"`` with the winners (``player`` is ``None`` for both)."""
    w = engine.waiting(game, state)
    f = state.top
    if w[0] == "over":
        won = " and ".join(Who(p) for p in state.winners)
        return Pending("over", None, PENDING_RULES["over"], f"The game is over: {won} won." if won else
                       "The game is over.", (), None)
    if w[0] == "chance":
        return Pending("chance", None, PENDING_RULES["chance"], pending_chance(game, state), (), f)
    p = w[1]
    kind, text = _decision(game, state, f, p)
    shown = state.viewer in (-2, p)  # the whole position or the decider's own view: another's hides the hand (H16)
    return Pending(kind, p, "H12" if f is not None and f.kind == "window" else PENDING_RULES.get(kind),
                   text, tuple(game.legal_moves(state, p)) if shown else (), f)


def _decision(game, state, f, p) -> tuple:
    """``(kind, words)`` of ``p``'s decision under the frame ``f`` (``None``: the turn itself)."""
    if f is None:
        left = state.actions
        return "turn", (f"{Who(p)}'s turn: " + ("take an action (reveal, enter, or claim the Hoard)"
                                                if left and not state.acted
                                                else "more steps, free moves or end the turn" if state.steps
                                                else "one more action, free moves or end the turn" if left
                                                else "free moves, or end the turn"))
    k = f.kind
    if k == "window":
        return f.window, window_question(game, state, f, p)
    if k == "resolve":
        return "pick", f"{Who(p)}: choose the target of {card_name(game, f.card)}"
    if k == "battle":
        role = "who plays the Boss" if f.battle == "boss" else "a teammate"
        return "choose", f"{Who(p)}: choose {role} for {card_name(game, state.rooms[f.room].card)}"
    if k == "death":
        what = "the Power-Up to leave behind" if f.stage == "drop" else "the one Loot Card to keep"
        return "death", f"{Who(p)} has died: choose {what}"
    if k == "place":
        return "place", f"{Who(p)} holds too many Power-Ups: place one in an empty room"
    if k == "critgive":
        return "crit", f"{Who(p)} rolled a 1: give a Loot Card to an opponent"
    if k == "frenzysteal":
        return "steal", f"{Who(p)}: take a Power-Up from an opponent, or none"
    if k == "build":
        return "build", f"{Who(p)}: build a face-down room on an empty hex"
    return k, f"{Who(p)} decides"


# ================================================================ battle odds


@dataclass
class BattleOdds:
    """The roll about to be made, explained (see :func:`battle_odds`).

    ``kind``: monster, team, boss, duel, trap, power_trap or guardian.
    ``p_win``: the chance that the player who rolls first (the hero, the
    attacker, the one disarming) succeeds, exact. ``bonus`` and
    ``opponent_bonus``: totals; ``bonuses``/``opponent_bonuses``/``level_changes``:
    ``(name, amount, rule)`` for every source. ``expected_loss``: player ->
    expected HP lost by this roll. ``explanation``: the odds module's
    step-by-step explanation (``.text()``, ``.trace``).
    """

    kind: str
    title: str
    p_win: Fraction
    level: int | None
    bonus: int
    opponent_bonus: int
    bonuses: list = field(default_factory=list)
    opponent_bonuses: list = field(default_factory=list)
    level_changes: list = field(default_factory=list)
    damage: dict = field(default_factory=dict)
    expected_loss: dict = field(default_factory=dict)
    explanation: object = None
    #: ``(player, value)`` of the dice already rolled for this attempt (a battle in its Redo window), else ``()``
    rolled: tuple = ()

    def text(self) -> str:
        return f"{self.title}\n" + (self.explanation.text() if self.explanation is not None else "")


def _sources(bonuses) -> list:
    return [(b.source + (f" ({b.note})" if b.note else ""), b.amount, b.rule) for b in bonuses]


def _card_mods(game, mods, rule="H6") -> list:
    return [(f"{card_name(game, cid)} played by {who(by)}", amount, rule) for amount, cid, by in mods]


def battle_odds(game, state):
    """The pending roll, explained; ``None`` when no roll is about to be made.

    Looks for a battle (before or during its windows), a Guardian fight, a
    duel, a trap or a Power-Trap roll on the stack.
    """
    from . import odds

    for f in reversed(state.stack):
        k = f.kind
        if k in ("window", "resolve"):
            continue
        if k == "battle":
            return _battle(game, state, f, odds) if state.rooms[f.room].card else None
        if k == "guardian":
            g = game.content.guardian
            p = odds.win_probability("monster", level=g.level) if g.level != 15 else odds.win_probability("guardian")
            bon = roll_bonuses(game, state, f.who, "monster")
            exp = odds.explain_odds("guardian", bonus_sources=_sources(bon), damage=g.damage) if g.level == 15 else None
            return BattleOdds("guardian", f"{Who(f.who)} against the {g.name}", p, g.level, 0, 0, [], [], [],
                              {f.who: g.damage}, {f.who: (1 - p) * g.damage}, exp)
        if k == "duel":
            a = roll_bonuses(game, state, f.attacker, "duel")
            d = roll_bonuses(game, state, f.defender, "duel")
            ab, db = sum(x.amount for x in a), sum(x.amount for x in d)
            p = odds.win_probability("duel", bonus=ab, opponent_bonus=db)
            dmg = game.content.duel_damage
            exp = odds.explain_odds("duel", bonus_sources=_sources(a), opponent_bonus_sources=_sources(d), damage=dmg)
            return BattleOdds("duel", f"{Who(f.attacker)} duels {who(f.defender)}", p, None, ab, db,
                              _sources(a), _sources(d), [], {f.attacker: dmg, f.defender: dmg},
                              {f.attacker: (1 - p) * dmg, f.defender: p * dmg}, exp)
        if k in ("traps", "powerdisarm"):
            ctx = "disarm" if k == "traps" else "power_disarm"
            bon = roll_bonuses(game, state, f.who, ctx)
            b = sum(x.amount for x in bon)
            lvl = game.content.disarm
            p = odds.win_probability("trap", level=lvl, bonus=b) if lvl != 10 else odds.win_probability("trap", bonus=b)
            dmg = game.content.trap_damage if k == "traps" else 0
            exp = odds.explain_odds("trap", bonus_sources=_sources(bon), damage=dmg) if lvl == 10 else None
            left = state.rooms[f.room].traps if k == "traps" else 1
            title = (f"{Who(f.who)} disarms a trap in {room_name(f.room)} ({left} left)" if k == "traps"
                     else f"{Who(f.who)} tries to free {card_name(game, f.pu)}")
            return BattleOdds("trap" if k == "traps" else "power_trap", title, p, lvl, b, 0, _sources(bon), [], [],
                              {f.who: dmg}, {f.who: (1 - p) * dmg}, exp)
        return None
    return None


def _battle(game, state, b: Battle, odds):
    n = engine.battle_numbers(game, state, b)
    card = n["card"]
    hero_src = _sources(n["hero_bonus"]) + _card_mods(game, n["hero_mods"])
    level_src = _card_mods(game, n["level_mods"])
    damage = {}
    loss = {}
    if b.battle == "boss":
        if b.other < 0:
            other_src = []
        else:
            other_src = _sources(n["other_bonus"]) + _card_mods(game, n["other_mods"])
        hb = sum(x[1] for x in hero_src)
        ob = sum(x[1] for x in other_src)
        p = odds.win_probability("boss", bonus=hb, opponent_bonus=ob)
        dh, _ = engine.shielded(game, state, b.hero, card.damage, "boss")
        damage[b.hero] = dh
        loss[b.hero] = (1 - p) * dh
        if b.other >= 0:
            do, _ = engine.shielded(game, state, b.other, card.damage, "boss")
            damage[b.other] = do
            loss[b.other] = p * do
        exp = odds.explain_odds("boss", bonus_sources=hero_src, opponent_bonus_sources=other_src, damage=dh)
        title = f"{Who(b.hero)} against {card.name} (Boss" + (f", played by {who(b.other)})" if b.other >= 0 else ")")
        return BattleOdds("boss", title, p, None, hb, ob, hero_src, other_src, [], damage, loss, exp,
                          _rolled(b))
    if b.battle == "team" and b.other >= 0:
        hero_src = hero_src + _sources(n["other_bonus"])
    level = n["level"] + sum(x[1] for x in level_src)
    hb = sum(x[1] for x in hero_src)
    p = odds.win_probability(b.battle, level=level, bonus=hb)
    for q in engine.rollers(b):
        if q < 0:
            continue
        d, _ = engine.shielded(game, state, q, card.damage, b.battle)
        damage[q] = d
        loss[q] = (1 - p) * d
    exp = odds.explain_odds(b.battle, level=n["level"], bonus_sources=hero_src, level_changes=level_src,
                            damage=damage.get(b.hero, card.damage))
    kind_words = ROOM_TYPE_WORDS[b.battle]
    title = f"{Who(b.hero)}" + (f" and {who(b.other)}" if b.battle == "team" and b.other >= 0 else "") + \
        f" against {card.name} ({kind_words}, level {card.level})"
    return BattleOdds(b.battle, title, p, level, hb, 0, hero_src, [], level_src, damage, loss, exp, _rolled(b))


def _signed(a: int) -> str:
    return f"+{a}" if a >= 0 else f"−{-a}"


def _sum(dice, bonus: int) -> str:
    """"7 + 2 = 9", "7 + 12 = 19", "7"."""
    terms = [str(d) for d in dice] + ([f"{bonus}"] if bonus > 0 else [])
    text = " + ".join(terms) + (f" − {-bonus}" if bonus < 0 else "")
    return text + (f" = {sum(dice) + bonus}" if len(terms) > 1 or bonus < 0 else "")


def _rolled(b: Battle) -> tuple:
    return tuple(zip(engine.rollers(b), b.dice)) if engine.dice_done(b) else ()


# ================================================================ a window's cards, a roll's result, in words


def _battle_words(game, state, b: Battle):
    """``(foe, fighter)``: "the Teabag Troll", "Player 2" (the battle's own words for its two sides)."""
    card = game.content.rooms.get(state.rooms[b.room].card) if state.rooms[b.room].card else None
    return (f"the {card.name}" if card else room_name(b.room)), Who(b.hero)


def mod_words(game, state, b: Battle, mod, viewer=None) -> str:
    """One card played in a battle window, as it changed the battle: "Boost +2 for the Teabag Troll".

    ``mod`` is a level change ``(amount, card, by)`` or a roll change
    ``(side, amount, card, by)`` of the :class:`~.state.Battle` frame.
    """
    foe, _ = _battle_words(game, state, b)
    if len(mod) == 3:  # the Monster's level
        amount, cid, by = mod
        side = f"for {foe}" if amount > 0 else f"against {foe}"
    else:
        who_, amount, cid, by = mod
        boss_side = b.battle == "boss" and who_ != b.hero
        target = f"{foe} (played by {who(who_)})" if boss_side else (
            "your side" if viewer == who_ else f"{who(who_)}'s side")
        side = f"for {target}" if amount > 0 else f"against {target}"
    return f"{card_name(game, cid)} {amount:+d} {side} (played by {'you' if by == viewer else who(by)})"


def offer_words(game, state, cid, viewer=None) -> str:
    """What playing card ``cid`` now would do, and whom it helps: "-3 to the Teabag Troll that Player 2 is fighting".

    In a battle's windows the effects name the battle and its sides; elsewhere ``""`` (the card's own
    words, :func:`~.effects.card_words`, are on the card).
    """
    from .effects import battle_in_play

    card = game.content.loot.get(cid)
    _, b = battle_in_play(state)
    if card is None or b is None or state.rooms[b.room].card is None:
        return ""
    foe, fighter = _battle_words(game, state, b)
    fighting = "you are fighting" if viewer == b.hero else f"{fighter} is fighting"
    parts = []
    for verb, amount in card.effects:
        if verb == "level_mod":
            parts.append(f"{amount:+d} to {foe} that {fighting}")
        elif verb == "roll_mod":
            sides = [("you" if q == viewer else who(q)) for q in ((b.hero,) if b.battle != "boss" else (b.hero, b.other))]
            parts.append(f"{amount:+d} to the roll of a side you choose against {foe}: " + " or ".join(sides)
                         if len(sides) > 1 else f"{amount:+d} to the roll of {sides[0]} against {foe}")
        elif verb == "flee":
            parts.append(f"leave the battle against {foe} before the roll")
        elif verb == "redo":
            parts.append(f"forget the lost attempt against {foe} and fight again")
        else:
            parts.append(VERBS[verb].words(amount))
    return "; ".join(parts)


def roll_wait_words(game, state, people, viewer=None) -> str:
    """The pause before a battle's die (ruling P24) in words: the chance with every card played, and who rolls.

    "Every card is played: the chance that you beat the Teabag Troll is 60%. You roll the die."
    ``people``: the persons the die waits for (any of them may roll it); ``""`` when no battle waits for its die.
    """
    from .odds import format_percent

    b = state.top
    odds = battle_odds(game, state)
    if not isinstance(b, Battle) or odds is None or not people:
        return ""
    foe, _ = _battle_words(game, state, b)
    side = [("you" if q == viewer else Who(q)) for q in engine.rollers(b)] if b.battle == "team" else \
        ["you" if b.hero == viewer else Who(b.hero)]
    beat = "beat" if len(side) > 1 or side[0] == "you" else "beats"
    rollers = [("you" if q == viewer else Who(q)) for q in people]
    roll = "roll" if rollers == ["you"] else "rolls"
    text = " or ".join(rollers)
    return (f"Every card is played: the chance that {' and '.join(side)} {beat} {foe} is {format_percent(odds.p_win)}. "
            f"{text[:1].upper() + text[1:]} {roll} the die.")


def roll_outcome(odds: BattleOdds, dice) -> str:
    """What a roll did, in words: won or lost, against what level or roll, and the damage (``dice``: the values).

    "Lost: 7 + 2 = 9 against level 14 (Teabag Troll 12, Boost +2): player 1 drinks 20 HP."
    """
    dice = tuple(dice)
    k = odds.kind
    if k in ("monster", "team"):
        total = sum(dice) + odds.bonus
        won = total >= odds.level
        base = odds.level - sum(a for _, a, _ in odds.level_changes)
        changes = "".join(f", {name.split(' played by ')[0]} {_signed(a)}" for name, a, _ in odds.level_changes)
        foe = odds.title.split(" against ", 1)[-1].split(" (")[0]
        head = f"{'Won' if won else 'Lost'}: {_sum(dice, odds.bonus)} against level {odds.level}" + (
            f" ({foe} {base}{changes})" if changes else "")
        losers = () if won else tuple(odds.damage)
    elif k in ("boss", "duel"):
        a, d = dice[0] + odds.bonus, dice[1] + odds.opponent_bonus
        if a == d:
            return f"Tie: {a} against {d}: both roll again with the same bonuses."
        won = a > d
        sides = list(odds.damage)
        head = f"{'Won' if won else 'Lost'}: {_sum(dice[:1], odds.bonus)} against {_sum(dice[1:], odds.opponent_bonus)}"
        loser = (sides[1] if len(sides) > 1 else None) if won else sides[0]
        losers = (loser,) if loser is not None else ()
    elif k == "guardian":
        won = dice[0] >= odds.level
        head = f"{'Won' if won else 'Lost'}: a plain {dice[0]} against {odds.level} or more"
        losers = () if won else tuple(odds.damage)
    else:  # a trap or a Power Trap
        won = dice[0] + odds.bonus >= odds.level
        head = f"{'Disarmed' if won else 'Failed'}: {_sum(dice, odds.bonus)} against {odds.level}"
        losers = () if won else tuple(odds.damage)
    hurt = [f"{who(q)} drinks {odds.damage[q]} HP" for q in losers if odds.damage.get(q)]
    return head + (": " + ", ".join(hurt) if hurt else "" if won else ": no damage") + "."


# ================================================================ the result


def result_trace(game, state) -> Trace:
    """Why the game ended the way it did (empty while it runs)."""
    t = Trace()
    if state.phase != "over":
        return t
    if state.end == "guardian":
        p = state.winners[0]
        t.add(f"p{p + 1}", "H-OBJ1", len(state.players[p].powerups),
              f"{Who(p)} held {len(state.players[p].powerups)} Power-Ups and beat the "
              f"{game.content.guardian.name} (a d20 of {game.content.guardian.level} or more): the Drink Hoard is theirs")
        return t
    rule = "H-EXP10" if state.end == "frenzy" else "P18"
    why = ("no room is face down any more" if state.end == "frenzy"
           else f"the turn limit of {game.turn_limit} turns was reached")
    for p, pl in enumerate(state.players):
        t.add(f"p{p + 1}", rule, len(pl.powerups), f"{Who(p)} holds {len(pl.powerups)} Power-Up(s)"
              + (" - the most" if p in state.winners else ""))
    names = ", ".join(Who(p) for p in state.winners)
    t.add(None, rule, 0, f"The game ends because {why}; most Power-Ups wins (ties share): {names}")
    return t
