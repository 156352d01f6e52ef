"""Heroes of Barcadia in Jupyter and Solara: the live game, hot-seat or against bots.

Imported only when a game is shown (``barcadia.new_game(...)`` or the app),
so ``import balada_widgets.barcadia`` stays free of Solara.

- :class:`BarcadiaApp`: ``barcadia.new_game(players=4, bots=3, seed=0, ...)``
  makes one; the last expression of a cell shows the live game.
  ``app.session`` is the session, ``app.play("p1 reveal r3")`` plays for
  the human to move and lets the bots answer, ``app.roll()`` rolls a die
  that waits for the human (below).
- :func:`BarcadiaView`: one session's game. The dungeon is one SVG board
  (:mod:`.drawing`); the rooms and hexes a move can go to are highlighted
  from ``game.legal_moves`` only, and a click plays the move (a room with
  several moves - reveal or peer in, one Power-Up or another - asks which);
  a click that is not a legal move is sent to the engine anyway, so its
  refusal (rule and reason) is the reminder. Beside it: the pending
  decision in words with a numbered button per choice that is not on the
  board; the battle (or trap, duel, Guardian) panel with the chance to win,
  the expected HP loss and every bonus with its source, walked step by step
  by the kit's ``Explain``; in a battle's card window, how the chance moved
  with each card played so far ("now 35%: Boost +2 for the Teabag Troll",
  H19); a card's button says whom it helps. When the window has closed and
  the battle is yours (the hero, the teammate, the Boss-player: ruling P24),
  the die waits: the final chance in words, "Roll the die" (keys R, 1), the
  panel "Chance to win, every card played" with each card and the chance
  after it, the dice to roll in the band above the map; a battle of bots
  alone rolls at once (the kit's pause before chance:
  ``Game.chance_waits_for``, ``play.rolling`` / ``play.roll``; at a class
  table the student in the battle rolls on their device). After a roll,
  what its chance was and what it did (won or lost, against what level,
  the damage); the
  traps on the rooms one may go to, with their
  odds, before the move that sets them off; the hand of the player deciding
  (never another's: hot-seat shows the kit's pass screen, and nothing
  secret is in the page behind it) and, under it, that seat's auto-pass
  toggle (H19: pass at once in the windows outside its own turn; the
  setting is this page's, not the game's, see :class:`~.bots.Seats`, and a
  seat with auto-pass on gets no pass screen for those windows); the
  players; the log in words as this
  seat may know it (hidden draws masked), undo/redo and branches; save,
  share, load and the new-game form (the kit's ``GameRoot``).
  After each of your moves, what every other seat (and chance) did since
  (passes aside: an auto-pass is the same move), in order, in words as you
  may know them, each roll with its dice, what it needed and won or lost
  (:func:`recap_lines`), one line after another at :data:`RECAP_PACE` with
  "Show all now", the list following its newest line; under it, dimmed, the
  lines up to your last move (:func:`earlier_lines`), so what happened stays
  readable after you move on; the game-over screen names the deciding roll
  (:func:`deciding_roll`), keeps the recap as you read it and opens the log; the roll
  for who starts is said in words (:func:`opening_roll_words`). A refusal is
  said in words (:func:`refusal_words`: "Player 1 cannot reveal r30: ...") at
  the top of the column beside the board. Each seat has one name, the
  engine's "Player N", with "(you)" / "(greedy bot)" beside it
  (the kit's :func:`~balada_widgets.core.spec.seat_name`).
- :data:`BarcadiaApp`: the kit's generic app for Barcadia's spec (its ``element()``: a notebook cell, the
  app's pages), which shows :func:`BarcadiaView`.

The board takes the keyboard while focused (:data:`KEYS`, also in
``docs/barcadia.md``); a key does what the matching click does, so a
refused move shows the same rule reminder.

Stable hooks for tests: the dungeon board has the class
``bw-barcadia-board`` (rooms ``data-id="r12"``/``"START"``, building hexes
``"h-3,1"``; classes ``target``, ``selected``, ``cursor``), the hand
``bw-barcadia-hand`` (``data-id="card-dash"``, class ``playable``); the
decision box ``bw-bc-decision`` with buttons ``bw-bc-choice`` (and
``bw-bc-end``, ``bw-bc-pass``); the battle panel ``bw-bc-battle`` with
``bw-bc-odds``, ``bw-bc-window-steps`` and ``bw-bc-explain-toggle``; the die that waits ``bw-bc-roll-box`` with
``bw-bc-roll``; the players ``bw-bc-players``;
the result ``bw-bc-result`` (``bw-bc-deciding``); the recap ``bw-bc-recap-box`` with the list ``bw-bc-recap``
``bw-bc-recap-list`` (class ``paced`` while its lines come one by one), ``bw-bc-recap-skip`` and the earlier
lines ``bw-bc-recap-earlier``; the log ``bw-bc-log`` (``bw-bc-log-toggle``); the roll for who starts
``bw-bc-opening``; a refusal ``bw-bc-refusal`` (with ``bw-reminder`` and ``bw-rule-<id>``); the form
``bw-bc-form`` with ``bw-bc-start``.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass, replace
from typing import Callable, Optional

import ipyvuetify
import reacton.core
import solara
import traitlets

from ..core.bots import run_bots
from ..core.errors import GameError
from ..core.session import Session
from ..core.spec import seat_names
from ..kit import svg
from ..ui.app import app_class
from ..ui.board import Board
from ..ui.controls import Controls
from ..ui.explain import Explain
from ..ui.hooks import use_latest
from ..ui.move_log import MoveLog, branch_entries, log_entries
from ..ui.play import use_cursor, use_play
from ..ui.reminder import _rule_of
from ..ui.seat import PassScreen, use_seat
from .bots import Seats
from .drawing import (
    CSS, DEFS, HAND_CSS, PLAYER_COLOURS, dungeon_svg, hand_svg, parse_id, players_markup, target_centres, target_id,
)
from .effects import WINDOW_WORDS, roll_bonuses
from .engine import next_die, rollers
from .explain import card_name, mod_words, offer_words, roll_outcome, roll_wait_words, room_words
from .odds import explain_odds, format_hp, format_percent
from . import SPEC
from .rules import BarcadiaGame
from .state import START, Battle, Move, room_name

__all__ = ["KEYS", "BarcadiaApp", "BarcadiaView",
           "board_moves", "button_label", "button_moves", "earlier_lines", "enter_path", "last_roll_odds", "last_rolls",
           "natural_move", "recap_lines", "traps_ahead", "window_steps"]

#: The dungeon board's keys, while it has the focus (click it, or Tab to it).
KEYS = (
    ("← → ↑ ↓", "move the cursor (a dashed frame) between the highlighted rooms, or hexes while building"),
    ("Enter / Space", "act on the cursor's room, as a click: reveal, step in, take a Pourtal, duel, build, place"),
    ("1 … 9", "the decision's buttons, in their order (teammate, Boss-player, cards, Power-Ups, Redo...)"),
    ("R", "roll the die when it waits for you (the chance shown is the chance rolled; 1 does it too)"),
    ("E", "end the turn"),
    ("P", "pass: play no card in this window (or accept the lost roll)"),
    ("?", "show or hide the explanation of the odds of the coming roll"),
    ("U / Y", "undo / redo"),
    ("Esc", "clear the chosen room, or close the reminder"),
)
KEYS_HINT = ("Keys: arrows + Enter on the board · 1-9 choices · E end turn · P pass · R roll the die · ? odds explained"
             " · U/Y undo/redo")

_PANEL = {"gap": "8px", "align-items": "center", "flex-wrap": "wrap"}
#: verbs whose first argument is a room on the board
_ROOM_VERBS = ("reveal", "enter", "teleport", "duel", "scout", "rig")


# ======================================================================= pure helpers (no Solara state)


def board_target(game, view, m: Move) -> Optional[str]:
    """The ``data-id`` a move is played by clicking (``None``: a button move)."""
    v, a = m.verb, m.args
    if v in _ROOM_VERBS:
        return room_name(a[0])
    if v == "build":
        return target_id(tuple(a))
    if v == "place":
        return room_name(a[1])
    if v == "home":
        return "START"
    if v == "pick" and a[0] == "r":
        return room_name(a[1])
    if v == "claim":
        at = view.players[m.player].at
        for j in view.layout.neighbours(at):
            card = game.room_card(view, j)
            if card is not None and card.type == "hoard" and view.rooms[j].up:
                return room_name(j)
    return None


def board_moves(game, view, moves) -> dict:
    """``{data-id: [moves]}``: the legal moves played on the board, by where they are clicked."""
    out: dict = {}
    for m in moves:
        t = board_target(game, view, m)
        if t is not None:
            out.setdefault(t, []).append(m)
    return out


def button_moves(game, view, moves, selected: Optional[str] = None) -> list:
    """The moves shown as buttons: the chosen room's moves (when it has several), then every move not on the board."""
    here = [m for m in moves if selected is not None and board_target(game, view, m) == selected]
    rest = [m for m in moves if board_target(game, view, m) is None]
    return (here if len(here) > 1 else []) + rest


def button_label(game, view, m: Move, viewer=None) -> str:
    """A move as a button says it: an imperative in plain words ("Pick player 2 as teammate")."""
    v, a = m.verb, m.args
    top = view.top
    if v == "pass":
        if top is not None and top.kind == "window" and top.window == "after_loss":
            return "Accept the lost roll (no Redo)"
        return "Pass (play no card now)"
    if v == "end":
        return "End the turn"
    if v == "choose":
        boss = getattr(top, "battle", "") == "boss"
        return f"Player {a[0] + 1} plays the Boss" if boss else f"Player {a[0] + 1} as teammate"
    if v == "play":
        offer = offer_words(game, view, a[0], viewer)
        return f"Play {card_name(game, a[0])}" + (f": {offer}" if offer else "")
    if v == "drop":
        return f"Leave {card_name(game, a[0])} behind"
    if v == "keep":
        return f"Keep {card_name(game, a[0])}"
    if v == "give":
        return f"Give {card_name(game, a[0])} to player {a[1] + 1}"
    if v == "reroll":
        return "Roll again (Lucky Bottle Cap)"
    if v == "disarm":
        return f"Try to free {card_name(game, a[0])} from its Power Trap"
    if v == "mark":
        return "Mark this room as your Pocket Pourtal"
    if v == "take":
        return f"Take {card_name(game, a[1])} from player {a[0] + 1}" if a else "Take no Power-Up"
    if v == "claim":
        return f"Challenge the {game.content.guardian.name}"
    if v == "home":
        return "Go back to the Starting Point (stranded)"
    if v == "pick":
        if a[0] == "p":
            return f"Choose player {a[1] + 1}"
        if a[0] == "u":
            return f"Choose player {a[1] + 1}'s {card_name(game, a[2])}"
        return f"Choose {room_words(game, view, a[1], viewer)}"
    if v == "place":
        return f"Put {card_name(game, a[0])} into {room_name(a[1])}"
    if v == "reveal":
        return f"Reveal {room_name(a[0])}"
    if v == "enter":
        return f"Step into {room_words(game, view, a[0], viewer)}"
    if v == "teleport":
        return f"Take the Pourtal to {room_name(a[0])}"
    if v == "duel":
        return f"Duel in {room_name(a[0])}" + (" through the Pourtal" if len(a) > 1 and a[1] else "")
    if v == "scout":
        return f"Peer into {room_name(a[0])} (Periscope Straw)"
    if v == "rig":
        return f"Set a trap from your pouch in {room_name(a[0])}"
    if v == "build":
        return f"Build a room on hex {a[0]},{a[1]}"
    words = game.describe_move(view, m, viewer)
    return words.split(" ", 2)[2] if words.startswith("Player ") else words


def natural_move(game, view, player: int, id_: str) -> Optional[Move]:
    """What a click on ``id_`` would mean if it were legal (the engine then says why it is not)."""
    p = parse_id(id_)
    if p is None or player is None:
        return None
    kind, x = p
    if kind == "hex":
        return Move(player, "build", tuple(x))
    top = view.top
    if top is not None and top.kind == "place":
        pus = view.players[player].powerups
        return Move(player, "place", (pus[0], x)) if pus else None
    if top is not None and top.kind == "resolve":
        return Move(player, "pick", ("r", x))
    if x == START or (0 < x < len(view.rooms) and view.rooms[x].up):
        return Move(player, "enter", (x,))
    return Move(player, "reveal", (x,))


def enter_path(session) -> list:
    """Rooms of the current turn's last Enter action, where it started first (for the drawing's arrow)."""
    state = session.state
    if state.phase != "play":
        return []
    p, turn = state.active, state.turn
    steps = []  # (from, to), latest first
    node = session.current
    while node.parent is not None and node.parent.state.turn == turn:
        m = node.move
        if not node.by_chance and m.player == p:
            if m.verb == "enter":
                origin = node.parent.state.players[p].at
                if steps and steps[-1][0] != m.args[0]:
                    break
                steps.append((origin, m.args[0]))
            elif m.verb in ("reveal", "claim", "home", "teleport", "duel") and steps:
                break
        node = node.parent
    if not steps:
        return []
    steps.reverse()
    return [steps[0][0]] + [b for _, b in steps]


def last_rolls(session, within: int = 14) -> list:
    """The latest die rolls as ``(player, value)``: one, or the run of rolls made together (team, opposed, roll-off)."""
    node, seen, rolls = session.current, 0, []
    while node.parent is not None and seen < within:
        m = node.move
        if node.by_chance and m.verb == "roll":
            rolls.append((m.args[0], m.args[1]))
        elif rolls:
            break
        node = node.parent
        seen += 1
    return rolls[::-1][-6:]


def last_roll_odds(game, session, viewer, within: int = 40):
    """The latest roll: ``(odds, dice, result)``, the odds as ``viewer`` knew them just before it, its dice
    ``(player, value)`` and what it did in words (:func:`~.explain.roll_outcome`); ``None`` if none.

    A roll comes at once when nobody asked holds a card (H19: empty hands
    are passed over); this shows after the fact what the chance was.
    """
    node, seen = session.current, 0
    while node.parent is not None and seen < within:
        if node.by_chance and node.move.verb == "roll":
            odds = game.battle_odds(game.view(node.parent.state, viewer))
            if odds is not None:
                values = roll_values(node.parent.state, node.move)
                return odds, tuple(last_rolls_at(node)), roll_outcome(odds, values) if values else ""
        node = node.parent
        seen += 1
    return None


def roll_values(state, roll: Move) -> tuple:
    """The dice of the whole roll that ``roll`` (chance's move in ``state``) completes; ``()`` if it does not.

    A team battle's second die, a Boss battle's or duel's second die, a
    Lucky Bottle Cap's reroll, a single die: the values compared (H5).
    """
    f = state.top
    x = roll.args[1]
    if isinstance(f, Battle):
        i = next_die(f)
        dice = f.dice[:i] + (x,) + f.dice[i + 1:]
        return dice if len(dice) == len(rollers(f)) and 0 not in dice else ()
    if f is not None and f.kind == "duel":
        return f.dice + (x,) if len(f.dice) == 1 else ()
    return (x,)


def window_steps(game, session, viewer, within: int = 120) -> tuple:
    """How the chance of the coming battle roll moved in its card window, card by card, as ``viewer`` sees it.

    ``((None, p0), (words, p1), ...)``: the chance before any card, then for
    each card played so far its words (:func:`~.explain.mod_words`, e.g.
    "Boost +2 for the Teabag Troll (played by player 2)") and the chance
    with every card up to it (H19: the chance shown is the chance with
    every card played so far). Empty when no battle waits for its dice.
    """
    def battle(st):
        return next((f for f in reversed(st.stack) if isinstance(f, Battle)), None)

    b = battle(session.state)
    if b is None or b.stage != "roll" or b.dice or b.other < 0 and b.battle != "monster":
        return ()
    key = (b.room, b.hero, b.attempt)
    chain, node = [], session.current
    while node is not None and len(chain) < within:
        nb = battle(node.state)
        if nb is None or (nb.room, nb.hero, nb.attempt) != key or nb.stage == "choose":
            break
        chain.append(node.state)
        node = node.parent
    out, seen = [], ((), ())
    for st in reversed(chain):
        nb = battle(st)
        mods = (nb.level_mods, nb.roll_mods)
        if out and mods == seen:
            continue
        odds = game.battle_odds(game.view(st, viewer))
        if odds is None:
            continue
        if not out:
            out.append((None, odds.p_win))
        else:
            new = nb.level_mods[len(seen[0]):] + nb.roll_mods[len(seen[1]):]
            out += [(mod_words(game, st, nb, m, viewer), odds.p_win) for m in new]
        seen = mods
    return tuple(out)


def last_rolls_at(node) -> list:
    """The run of rolls that ends at ``node`` (see :func:`last_rolls`)."""
    rolls = []
    while node.parent is not None and node.by_chance and node.move.verb == "roll":
        rolls.append((node.move.args[0], node.move.args[1]))
        node = node.parent
    return rolls[::-1][-6:]


def opening_roll(session, within: int = 14) -> Optional[tuple]:
    """The roll for who starts, if it is the latest roll (as :func:`last_rolls` finds it): ``(dice, starter)``,
    ``dice`` the ``(player, value)`` of every die in order (a tie rolls again among the tied), ``starter`` the
    seat that begins; ``None`` otherwise."""
    node, seen = session.current, 0
    while node.parent is not None and not (node.by_chance and node.move.verb == "roll") and seen < within:
        node, seen = node.parent, seen + 1
    if node.parent is None or not node.by_chance or node.move.verb != "roll" or node.parent.state.phase == "play":
        return None
    end, rolls = node, []
    while node.parent is not None and node.by_chance and node.move.verb == "roll" and node.parent.state.phase != "play":
        rolls.append((node.move.args[0], node.move.args[1]))
        node = node.parent
    return tuple(rolls[::-1]), end.state.active


def opening_roll_words(dice, starter: int) -> str:
    """"Roll for who starts: Player 1 6, Player 2 3, Player 3 6, Player 1 2, Player 3 5 (a tie rolls again):
    Player 3 starts." """
    seen, tie = set(), False
    for p, _ in dice:
        tie = tie or p in seen
        seen.add(p)
    return ("Roll for who starts (the highest d20 begins): " + ", ".join(f"Player {p + 1} {v}" for p, v in dice)
            + (" (a tie rolls again)" if tie else "") + f": Player {starter + 1} starts.")


def roll_words(game, node, viewer) -> Optional[tuple]:
    """A roll that completes a battle, trap, duel or Guardian roll in words, with its dice, what was needed and
    whether it was won: ``(text, won)``; ``None`` for the die of a roll that is not complete yet (a team's first
    die) or a roll with no odds (the roll for who starts).

    "Player 2 against the Grand Drink Guardian: rolled 18. Won: a plain 18 against 15 or more."
    """
    st = node.parent.state
    odds = game.battle_odds(game.view(st, viewer))
    if odds is None:
        return None
    values = roll_values(st, node.move)
    if not values:
        return None
    dice = last_rolls_at(node)[-len(values):] if len(values) > 1 else [(node.move.args[0], values[0])]
    rolled = str(values[0]) if len(values) == 1 else ", ".join(f"{v} (player {p + 1})" for p, v in dice)
    outcome = roll_outcome(odds, values)
    won = None if outcome.startswith("Tie") else outcome.startswith(("Won", "Disarmed"))
    return f"{odds.title}: rolled {rolled}. {outcome}", won


@dataclass(frozen=True)
class RecapLine:
    """One line of the recap: its words; ``kind`` ``"move"``, ``"roll"`` (``won`` says how it went: ``None`` for a
    tie) or ``"start"``; ``player`` the seat that moved (``None``: chance)."""

    text: str
    kind: str = "move"
    won: Optional[bool] = None
    player: Optional[int] = None


def _own_move(node, viewer) -> bool:
    """Is ``node`` a move of ``viewer`` that ends a recap? A pass is not: an auto-pass (H19) is the same move, and
    the recap must not stop at a pass the player never saw."""
    return not node.by_chance and node.move.player == viewer and node.move.verb != "pass"


def recap_lines(game, session, viewer, within: int = 400, most: int = 60) -> tuple:
    """What happened since ``viewer``'s last move (passes aside), in order, in words as ``viewer`` may know it
    (:meth:`describe_move`: another's draw is "draws a Loot Card", never the card), each completed roll with its
    dice, what it needed and won or lost (:func:`roll_words`); the roll for who starts in one line. The deal and
    the building of the dungeon are left out (the board and the hand show them). At most ``most`` lines, the
    latest; a spectator (``viewer`` ``None``) gets the latest moves.

    A pass does not end the recap: with auto-pass on (H19) the seat's passes are made for it, and what came
    before them must still be read.
    """
    nodes, node = [], session.current
    while node.parent is not None and len(nodes) < within:
        if viewer is not None and _own_move(node, viewer):
            break
        nodes.append(node)
        node = node.parent
    return tuple(_recap(game, nodes[::-1], viewer)[-most:])


def earlier_lines(game, session, viewer, within: int = 400, most: int = 30) -> tuple:
    """The recap before :func:`recap_lines`: ``viewer``'s last move and what came before it (every seat, chance,
    the rolls), the latest ``most`` lines, in the same words. So what the others did stays readable after you
    move on ("Up to your last move"); ``()`` for a spectator or before your first move."""
    if viewer is None:
        return ()
    node = session.current
    while node.parent is not None and not _own_move(node, viewer):
        node = node.parent
    nodes = []
    while node.parent is not None and len(nodes) < within:
        nodes.append(node)
        node = node.parent
    return tuple(_recap(game, nodes[::-1], viewer)[-most:])


def _recap(game, nodes: list, viewer) -> list:
    """The recap's lines (:class:`RecapLine`) of ``nodes``, in order."""
    out, opening = [], []
    for n in nodes:
        m, before = n.move, n.parent.state
        if n.by_chance and m.verb == "roll" and before.phase != "play":
            opening.append((m.args[0], m.args[1]))
            if n.state.phase == "play":
                out.append(RecapLine(opening_roll_words(opening, n.state.active), "start", player=n.state.active))
                opening = []
            continue
        if n.by_chance and before.phase != "play":
            continue  # the building of the dungeon and the deal
        if n.by_chance and m.verb == "roll":
            got = roll_words(game, n, viewer)
            if got is not None:
                out.append(RecapLine(got[0], "roll", got[1], m.args[0]))
            continue
        if not n.by_chance and m.verb == "pass" and out and out[-1].kind == "pass":
            out[-1] = RecapLine("", "pass", player=out[-1].player + (m.player,))  # passes in a row: one line
            continue
        if not n.by_chance and m.verb == "pass":
            out.append(RecapLine("", "pass", player=(m.player,)))
            continue
        out.append(RecapLine(game.describe_move(before, m, viewer), "move", player=None if n.by_chance else m.player))
    return [replace(x, kind="move", text=_passes(x.player)) if x.kind == "pass" else x for x in out]


def _passes(seats: tuple) -> str:
    """"Player 2 passes", "Player 2 and Player 3 pass", "Player 2, Player 3 and Player 4 pass"."""
    names = [f"Player {p + 1}" for p in seats]
    if len(names) == 1:
        return f"{names[0]} passes"
    return f"{', '.join(names[:-1])} and {names[-1]} pass"


def deciding_roll(game, session, viewer) -> Optional[str]:
    """The roll that ended the game (the Guardian beaten), in words; ``None`` when the game did not end by one."""
    state = session.state
    if state.phase != "over" or getattr(state, "end", None) != "guardian":
        return None
    node = session.current
    for _ in range(40):
        if node.parent is None:
            return None
        if node.by_chance and node.move.verb == "roll":
            got = roll_words(game, node, viewer)
            return got[0] if got is not None else None
        node = node.parent
    return None


_REFUSED = re.compile(r"^illegal move '([^']*)': (.*)$", re.S)


def refusal_words(game, view, message: Optional[str]) -> Optional[str]:
    """A refusal in words: "Player 1 cannot reveal r30: r30 is not next to your room (rule H-TURN3)" for the
    engine's "illegal move 'p1 reveal r30': ..." (the reason and the rule kept as the engine says them)."""
    got = _REFUSED.match(message or "")
    if got is None:
        return message
    text, reason = got.groups()
    try:
        move = game.parse_move(text, view)
        if move.verb == "play":
            phrase = f"play {card_name(game, move.args[0])}"
        elif move.verb == "pass":
            phrase = "pass now"
        else:
            phrase = button_label(game, view, move)
            phrase = phrase[:1].lower() + phrase[1:]
    except (GameError, LookupError, TypeError, ValueError):
        return f"That move is refused: {reason}"
    return f"Player {move.player + 1} cannot {phrase}: {reason}"


def current_window(view) -> Optional[str]:
    """The Loot window open now (``your_turn`` between the active player's own moves)."""
    top = view.top
    if top is not None and top.kind == "window":
        return top.window
    if top is None and view.phase == "play":
        return "your_turn"
    return None


# ======================================================================= the app object

#: ``barcadia.new_game(...)`` returns one: the kit's generic app (:class:`~balada_widgets.ui.app.GameApp`) for
#: Barcadia's spec, which shows :func:`BarcadiaView`
BarcadiaApp = app_class(SPEC)


# ======================================================================= components


@solara.component
def DungeonBoard(game, view, viewer, targets: tuple, selected: tuple, path: tuple, dice: tuple, reset,
                 on_click: Callable, on_key: Callable, label: str, caption: str = "last roll"):
    """The dungeon as one board, with the keyboard cursor over its targets (arrows, Enter).

    The cursor lives here, so an arrow key redraws this board alone; the
    drawing is made again only when what it shows changes. Keys that are not
    the cursor's go to ``on_key``.
    """
    centres = solara.use_memo(lambda: target_centres(game, view, targets), [view, targets])
    cursor, cursor_key = use_cursor(centres, on_act=on_click, reset=reset)
    markup = solara.use_memo(lambda: dungeon_svg(game, view, viewer=viewer, targets=targets, selected=selected,
                                                 path=path, cursor=cursor, dice=dice, dice_caption=caption),
                             [game, view, viewer, targets, selected, path, cursor, dice, caption])
    version = zlib.crc32(markup.encode()) & 0x7FFFFFFF

    def key(k: str) -> None:
        if not cursor_key(k):
            on_key(k)

    return Board(svg=markup, on_click=on_click, on_key=key, class_name="bw-barcadia-board", label=label,
                 version=version, css=CSS, defs=DEFS)


@solara.component
def BoardColumn(game, view, viewer, targets: tuple, selected: tuple, path: tuple, dice: tuple, reset, on_click,
                on_key, label: str, play, on_new_game, caption: str = "last roll"):
    """The board, the keys and undo / redo / new game (a refusal is shown beside the board's top); ``caption``
    names the dice in the band above the map ("last roll", "roll for who starts", the die that waits)."""
    with solara.Column(gap="6px", style={"flex": "1 1 560px", "max-width": "860px", "min-width": "320px"}) as col:
        DungeonBoard(game, view, viewer, targets, selected, path, dice, reset, on_click, on_key, label, caption)
        solara.HTML(tag="div", unsafe_innerHTML=svg.escape(KEYS_HINT), classes=["bw-keys-help"],
                    style={"color": "#666", "font-size": "12px", "font-family": "system-ui, sans-serif"})
        Controls(on_undo=play.undo, on_redo=play.redo, on_new_game=on_new_game,
                 can_undo=play.can_undo, can_redo=play.can_redo, dense=True)
    return col


@solara.component
def Decision(text: str, buttons: list, on_choose: Callable[[int], None], note: str = ""):
    """The pending decision in words, and a numbered button per choice that is not on the board."""
    html = f'<div class="bw-bc-pending" style="font-weight:700">{svg.escape(text)}</div>' + (
        f'<div style="color:#6b604b;font-size:13px">{svg.escape(note)}</div>' if note else "")
    with solara.Column(gap="6px", classes=["bw-bc-decision"]) as col:
        solara.HTML(tag="div", unsafe_innerHTML=html, style={"font-family": "system-ui, sans-serif"})
        with solara.Row(style=_PANEL):
            for k, (label, verb) in enumerate(buttons):
                key = f"{k + 1}. " if k < 9 else ""
                cls = ["bw-bc-choice", f"bw-bc-choice-{k + 1}"] + ([f"bw-bc-{verb}"] if verb in ("end", "pass") else [])
                solara.Button(key + label, on_click=lambda k=k: on_choose(k), classes=cls, outlined=verb != "end",
                              color="primary" if verb in ("end", "play", "choose") else None, small=True,
                              attributes={"aria-label": key + label})  # the name holds the visible text
    return col


@solara.component
def BattlePanel(odds, open_explain: bool, on_toggle: Callable[[], None], last=None, steps: tuple = (),
                waits: bool = False):
    """The coming roll: chance to win, expected HP loss, every bonus with its source; the explanation walked.

    In a battle's card window, ``steps`` (:func:`window_steps`) say how the
    chance moved with each card played so far ("now 35%: Boost +2 for the
    Teabag Troll"). ``waits``: the window has closed and the die waits for a
    person (ruling P24): the chance shown is the chance rolled, with every
    card. With no roll pending, ``last`` (``(odds, dice, result)`` of the
    latest roll) is shown the same way, as what the chance was, with what the
    roll did: won or lost, against what level, the damage. A battle waiting in
    its Redo window shows its dice and result the same way.
    """
    step, set_step = solara.use_state(None)
    before = odds is not None and not odds.rolled
    result = ""
    if odds is not None and odds.rolled:
        dice = odds.rolled
        result = roll_outcome(odds, [v for _, v in dice]) + " (a Redo may still cancel the attempt)"
    elif odds is None and last is not None:
        odds, dice, result = last
    if odds is None:
        return solara.Div(classes=["bw-bc-battle-none"])
    title = (odds.title + (" — the die waits" if waits else "")) if before else \
        f"Last roll: {odds.title} — rolled " + ", ".join(f"{v} (player {p + 1})" for p, v in dice)
    with solara.Card(margin=0, classes=["bw-bc-battle" if before else "bw-bc-last-roll"],
                     style={"background": "#fff8ec" if before else "#f4f4f4", "padding": "10px"}) as card:
        solara.Text(title, style={"font-weight": "700"})
        losses = "; ".join(f"player {q + 1} {format_hp(x)} (of {odds.damage.get(q, 0)})"
                           for q, x in odds.expected_loss.items())
        chance = ("Chance to win, every card played" if waits else "Chance to win") if before else "The chance was"
        solara.HTML(tag="div", unsafe_innerHTML=f"{chance}: <b>{format_percent(odds.p_win)}</b> · expected HP "
                                                f"loss: {svg.escape(losses or 'none')}",
                    classes=["bw-bc-odds"], style={"font-size": "15px"})
        if result:
            solara.HTML(tag="div", unsafe_innerHTML=f"<b>{svg.escape(result)}</b>", classes=["bw-bc-roll-result"],
                        style={"font-size": "14px"})
        if before and len(steps) > 1:
            lines = [f"before any card: {format_percent(steps[0][1])}"]
            lines += [f"now {format_percent(p)}: {words}" for words, p in steps[1:]]
            solara.HTML(tag="div", unsafe_innerHTML="<br>".join(svg.escape(t) for t in lines),
                        classes=["bw-bc-window-steps"], style={"font-size": "13px", "color": "#5a4300"})
        rows = [f"{name}: {amount:+d}" for name, amount, _ in odds.bonuses]
        rows += [f"other side, {name}: {amount:+d}" for name, amount, _ in odds.opponent_bonuses]
        rows += [f"level, {name}: {amount:+d}" for name, amount, _ in odds.level_changes]
        solara.Text("Bonuses in play: " + ("; ".join(rows) if rows else "none"),
                    style={"font-size": "13px", "color": "#555"}, classes=["bw-bc-bonuses"])
        if odds.explanation is not None:
            solara.Button("Hide the explanation (?)" if open_explain else "Explain the odds (?)", on_click=on_toggle,
                          text=True, small=True, classes=["bw-bc-explain-toggle"],
                          attributes={"aria-label": "explain the odds step by step"})
            if open_explain:
                Explain(list(odds.explanation.steps), step=step, on_step=set_step, title="", where_label="step",
                        value_label="level" if odds.level is not None else "bonus lead")
    return card


def traps_ahead(game, view, player: int, on_board: dict) -> list:
    """``(room, traps, TrapOdds)`` for each room the player may step into or reveal that holds traps.

    A trap roll follows the move at once (H13): this is the moment to see its odds.
    """
    from .odds import trap_odds

    bonus = sum(b.amount for b in roll_bonuses(game, view, player, "disarm"))
    hp = max(1, min(game.content.hp_full, view.players[player].hp))
    out = []
    for rid, ms in sorted(on_board.items(), key=lambda kv: (len(kv[0]), kv[0])):
        p = parse_id(rid)
        if p is None or p[0] != "room" or not any(m.verb in ("reveal", "enter", "teleport") for m in ms):
            continue
        k = view.rooms[p[1]].traps
        if k:
            out.append((rid, k, trap_odds(k, hp, bonus)))
    return out


@solara.component
def TrapPanel(game, rows: list, bon: tuple):
    """The traps on the rooms the player may go to (``rows`` of :func:`traps_ahead`): the chance to get
    through, expected HP loss, death; one roll explained with the bonuses ``bon``."""
    open_, set_open = solara.use_state(False)
    if not rows:
        return solara.Div(classes=["bw-bc-traps-none"])
    lines = "".join(f"<li><b>{rid}</b>: {k} trap{'s' if k > 1 else ''} · through unharmed "
                    f"<b>{format_percent(t.p_disarm ** k)}</b> · expected HP loss {format_hp(t.expected_damage)}"
                    + (f" · <b>death {format_percent(t.death)}</b>" if t.death else "") + "</li>"
                    for rid, k, t in rows)
    plus = sum(b.amount for b in bon)
    need = (f"a d20{f' + {plus}' if plus > 0 else f' - {-plus}' if plus < 0 else ''} of {game.content.disarm} or "
            f"more disarms each: {format_percent(rows[0][2].p_disarm)} a trap")
    with solara.Card(margin=0, classes=["bw-bc-traps"], style={"background": "#fff1f0", "padding": "10px"}) as card:
        solara.HTML(tag="div", unsafe_innerHTML=f"<b>Traps ahead</b> ({svg.escape(need)}; a failure costs "
                                                f"{game.content.trap_damage} HP, rule H13):<ul style='margin:4px 0'>"
                                                f"{lines}</ul>", style={"font-size": "14px"})
        solara.Button("Hide the explanation" if open_ else "Explain one trap roll", on_click=lambda: set_open(not open_),
                      text=True, small=True, classes=["bw-bc-traps-explain"],
                      attributes={"aria-label": "explain the odds of one trap roll"})
        if open_:
            src = [(b.source + (f" ({b.note})" if b.note else ""), b.amount, b.rule) for b in bon]
            steps = explain_odds("trap", bonus_sources=src, damage=game.content.trap_damage).steps
            Explain(list(steps), title="", where_label="step", value_label="level")
    return card


@solara.component
def HandPanel(game, hand: tuple, viewer: int, playable: tuple, window: Optional[str], on_card: Callable[[str], None]):
    """The Loot hand of the player on the seat (only theirs: ``hand``), the cards playable now highlighted."""
    markup = solara.use_memo(lambda: hand_svg(game, None, viewer, playable=playable, hand=hand), [hand, viewer, playable])
    n = len(hand)
    when = WINDOW_WORDS.get(window, "") if window else ""
    head = f"Your hand ({n} Loot Card{'s' if n != 1 else ''})"
    if window:
        head += f" · window: {when}" + (f" · {len(playable)} playable" if playable else " · nothing playable")
    with solara.Column(gap="4px", classes=["bw-bc-hand-panel"]) as col:
        solara.HTML(tag="div", unsafe_innerHTML=svg.escape(head), classes=["bw-bc-hand-head"],
                    style={"font-weight": "600", "color": "#555", "font-family": "system-ui, sans-serif"})
        Board(svg=markup, on_click=lambda id_: on_card(id_[5:]) if id_.startswith("card-") else None,
              class_name="bw-barcadia-hand", label=f"your Loot hand: {n} cards", css=HAND_CSS)
    return col


#: seconds between two lines of the recap as they appear (a CSS animation: the words are all in the page at
#: once, so tests and screen readers read them whole; "Show all now" and reduced motion skip the pace)
RECAP_PACE = 0.9
_RECAP_CSS = """
.bw-bc-recap ol { margin: 4px 0 0 0; padding-left: 20px; font: 13.5px/1.45 system-ui, sans-serif; }
.bw-bc-recap li { margin: 1px 0; }
.bw-bc-recap li.roll { font-weight: 600; }
.bw-bc-recap li.won::marker { content: "✔ "; color: #1b6e20; }
.bw-bc-recap li.lost::marker { content: "✘ "; color: #b3261e; }
.bw-bc-recap.paced li { opacity: 0; animation: bw-bc-recap-in .35s ease-out forwards; }
.bw-bc-recap.paced li.seen { opacity: 1; animation: none; }
.bw-bc-recap-earlier { color: #555; border-top: 1px solid #d5dbe6; margin-top: 4px; padding-top: 2px; }
.bw-bc-recap-list { max-height: 230px; overflow-y: auto; position: relative; }
.bw-bc-recap-earlier ol { font-size: 12.5px; padding-left: 28px; }
.bw-bc-recap-scroll { display: flex; flex-direction: column-reverse; max-height: 110px; overflow-y: auto; }
@keyframes bw-bc-recap-in { from { opacity: 0; transform: translateY(-3px); } to { opacity: 1; transform: none; } }
@media (prefers-reduced-motion: reduce) { .bw-bc-recap.paced li { animation: none; opacity: 1; } }
"""


def recap_markup(lines: tuple, paced: bool, pace: float = RECAP_PACE, seen: int = 0, style: bool = True) -> str:
    """The recap as an ordered list: a roll's line says won or lost by its mark and words; ``paced``: each line
    fades in ``pace`` seconds after the one before, but the first ``seen`` (shown already, at the pause before a
    roll) stay as they are."""
    items = []
    for k, line in enumerate(lines):
        cls = [line.kind] + ([] if line.won is None else ["won" if line.won else "lost"])
        delay = ""
        if paced and k < seen:
            cls.append("seen")
        elif paced:
            delay = f' style="animation-delay:{(k - seen) * pace:.2f}s"'
        items.append(f'<li class="{" ".join(cls)}"{delay}>{svg.escape(line.text)}</li>')
    return (f"<style>{_RECAP_CSS}</style>" if style else "") + f"<ol>{''.join(items)}</ol>"


class _Follow(ipyvuetify.VuetifyTemplate):
    """Keeps the line that has just come in view while the recap's lines come one by one (its list scrolls with
    them, so a long recap needs no scrolling by hand); a reader who scrolls the list takes it over."""

    template = traitlets.Unicode("""
<template><span class="bw-bc-follow" style="display: none"></span></template>
<script>
module.exports = {
    watch: { stamp() { this.follow(); } },
    mounted() { this.follow(); },
    beforeDestroy() { clearInterval(this.timer); },
    methods: { follow() {
        // the list is looked up at each tick: a new recap replaces its element after this one is told
        clearInterval(this.timer);
        const end = Date.now() + (this.seconds || 0) * 1000 + 2000;
        let list = null, mine = 0;
        this.timer = setInterval(() => {
            const card = this.$el && this.$el.closest && this.$el.closest('.bw-bc-recap-box');
            const now = card && card.querySelector('.bw-bc-recap-list');
            if (Date.now() > end) { clearInterval(this.timer); return; }
            if (!now) return;
            if (now !== list) { list = now; mine = list.scrollTop; }
            if (Math.abs(list.scrollTop - mine) > 2) { clearInterval(this.timer); return; }  // the reader scrolls
            let last = null;
            for (const li of list.querySelectorAll('li')) {
                if (parseFloat(getComputedStyle(li).opacity) > 0.05) last = li;
            }
            if (last && last.offsetTop + last.offsetHeight > list.scrollTop + list.clientHeight) {
                list.scrollTop = last.offsetTop + last.offsetHeight - list.clientHeight;
            }
            mine = list.scrollTop;
        }, 150);
    } },
}
</script>
""").tag(sync=True)
    stamp = traitlets.Unicode("").tag(sync=True)
    seconds = traitlets.Float(0.0).tag(sync=True)


@solara.component
def RecapPanel(lines: tuple, key, title: str = "Since your last move", earlier: tuple = (), fresh: bool = True):
    """What the other seats (and chance) did since the viewer's last move (:func:`recap_lines`), in order, one
    line after another at :data:`RECAP_PACE` with "Show all now", the list following the newest line; under it,
    dimmed and at once, the lines up to that move (:func:`earlier_lines`, scrolled to its end), so what happened
    stays readable after you move on.

    Lines shown already (the bots' cards at the pause before your roll) are not paced again when more come;
    ``fresh=False`` (the game-over screen): only lines that continue the recap on the page are paced."""
    skipped, set_skipped = solara.use_state(None)  # the recap (its key) shown whole at once
    memo = solara.use_ref(((), 0))  # (the lines, how many of them were in the page before): new ones are paced
    if memo.current[0] != lines:
        before = memo.current[0]
        same = next((k for k, (a, b) in enumerate(zip(before, lines)) if a != b), min(len(before), len(lines)))
        memo.current = (lines, same)
    seen = memo.current[1]
    if not lines and not earlier:
        return solara.Div(classes=["bw-bc-recap-none"])
    paced = RECAP_PACE > 0 and skipped != key and len(lines) - seen > 1 and (fresh or seen > 0)
    with solara.Card(margin=0, classes=["bw-bc-recap-box"], style={"background": "#f3f6fb", "padding": "8px 10px"}) \
            as card:
        with solara.Row(style={"align-items": "center", "gap": "6px", "justify-content": "space-between"}):
            solara.Text(f"{title} ({len(lines)})", style={"font-weight": "700"})
            if paced:
                solara.Button("Show all now", on_click=lambda: set_skipped(key), text=True, small=True,
                              classes=["bw-bc-recap-skip"], attributes={"aria-label": "Show all now"})
        # a new key gives a new element: the animation starts again for a new recap
        solara.HTML(tag="div", unsafe_innerHTML=recap_markup(lines, paced, RECAP_PACE, seen=seen),
                    classes=["bw-bc-recap", "bw-bc-recap-list"] + (["paced"] if paced else []),
                    attributes={"role": "log", "aria-live": "polite", "tabindex": "0",  # it may scroll: keys too
                                "aria-label": title}).key(f"recap-{key}-{paced}")
        _Follow.element(stamp=f"{key}-{paced}-{seen}", seconds=(len(lines) - seen) * RECAP_PACE if paced else 0.0)
        if earlier:
            # newest at the bottom, in view: the box starts scrolled to its end (column-reverse)
            solara.HTML(tag="div", unsafe_innerHTML=(f'<div style="font-weight:600;font-size:12.5px">Up to your last '
                                                     f'move ({len(earlier)})</div><div class="bw-bc-recap-scroll" tabindex="0">'
                                                     + recap_markup(earlier, False, style=not lines) + "</div>"),
                        classes=["bw-bc-recap", "bw-bc-recap-earlier"],
                        attributes={"role": "region", "aria-label": "what happened up to your last move"})
    return card


AUTO_PASS_WORDS = {False: "Auto-pass is off: turn it on to pass at once in every card window outside your turn",
                   True: "Auto-pass is on: you pass at once in every card window outside your turn (turn it off)"}


@solara.component
def AutoPassToggle(on: bool, on_toggle: Callable[[], None]):
    """The seat's own auto-pass (H19), drawn in its own view only: its passes look like any other pass."""
    words = AUTO_PASS_WORDS[bool(on)]
    return solara.Button(words, on_click=on_toggle, small=True, text=not on, outlined=on,
                         icon_name="mdi-fast-forward" if on else "mdi-hand-back-left",
                         classes=["bw-bc-autopass", "bw-bc-autopass-on" if on else "bw-bc-autopass-off"],
                         attributes={"aria-label": words, "aria-pressed": "true" if on else "false"})


@solara.component
def LogSection(session, game, viewer, on_goto: Callable[[int], None], version: int, over: bool = False):
    """The moves in words as this viewer may know them (hidden draws masked), with branches; shown on request
    during the game, and open on the game-over screen (the whole game, readable afterwards)."""
    toggled, set_shown = solara.use_state((None, None))  # (session, shown) the player chose
    shown = toggled[1] if toggled[0] is session else over
    cache = solara.use_memo(dict, [session, viewer])

    def label(node):
        got = cache.get(node.id)
        if got is None:
            got = game.describe_move(node.parent.state, node.move, viewer)
            cache[node.id] = got
        return got

    with solara.Column(gap="4px", classes=["bw-bc-log"]) as col:
        words = "Hide the log" if shown else "Show the log (click a move to go back to it; branches)"
        solara.Button(words, icon_name="mdi-history", on_click=lambda: set_shown((session, not shown)), text=True,
                      small=True,
                      classes=["bw-bc-log-toggle"], attributes={"aria-label": words})
        if shown:
            MoveLog(log_entries(session, label)[-160:], branch_entries(session, label), on_goto=on_goto)
    return col


class _InView(ipyvuetify.VuetifyTemplate):
    """Brings the refusal box around it into the window when it shows a new message ("nearest": no scroll when it
    is in view already, as the sticky box is on the app's page; in a notebook's output the page may not stick)."""

    template = traitlets.Unicode("""
<template><span class="bw-bc-in-view" style="display: none"></span></template>
<script>
module.exports = {
    watch: { stamp() { this.show(); } },
    mounted() { this.show(); },
    methods: { show() {
        const box = this.$el && this.$el.closest && this.$el.closest('.bw-bc-refusal');
        if (box) setTimeout(() => box.scrollIntoView({block: 'nearest', inline: 'nearest'}), 30);
    } },
}
</script>
""").tag(sync=True)
    stamp = traitlets.Unicode("").tag(sync=True)


@solara.component
def Refusal(message: Optional[str], on_close: Optional[Callable[[], None]] = None):
    """A refused move (or a hint) in words (:func:`refusal_words`), at the top of the column beside the board
    and sticky, so it is in the window after the click: the kit's reminder look, ``bw-rule-<id>``."""
    if not message:
        return solara.Div(classes=["bw-reminder-empty"])
    rule = _rule_of(message)
    classes = ["bw-reminder", "bw-bc-refusal"] + ([f"bw-rule-{rule}"] if rule else [])
    with solara.Row(classes=classes, style={"align-items": "center", "gap": "4px", "position": "sticky", "top": "8px",
                                            "z-index": "5", "background": "white", "scroll-margin": "8px"}) as main:
        solara.Error(message, dense=True, classes=["bw-reminder-text"], style={"flex": "1", "margin": "0"})
        if on_close is not None:
            solara.Button(icon_name="mdi-close", on_click=on_close, text=True, classes=["bw-reminder-close"],
                          attributes={"aria-label": "close the reminder"})
        _InView.element(stamp=message)
    return main


#: the result's table holds Power-Ups (the game has no points: most Power-Ups, or the Guardian beaten, wins)
RESULT_WORDS = {"points": "Power-Ups", "total": "Power-Ups held in all"}


@solara.component
def ResultPanel(game, state, names: list, deciding: Optional[str] = None):
    """Who won, the deciding roll in words (the Guardian beaten), and why: the Power-Ups each seat held."""
    trace = game.result_trace(state)
    winners = ", ".join(names[p] for p in game.winners(state)) or "nobody"
    with solara.Column(classes=["bw-bc-result"], gap="4px") as col:
        solara.Success(f"Game over: {winners} won.", dense=True)
        if deciding:
            solara.HTML(tag="div", unsafe_innerHTML=f"<b>The deciding roll</b>: {svg.escape(deciding)}",
                        classes=["bw-bc-deciding"], style={"font-size": "14px", "font-family": "system-ui, sans-serif"})
        Explain(list(trace.steps), title="Why", where_label="player", words=RESULT_WORDS)
    return col


def _board_label(pending, waits: str = "") -> str:
    base = "Dungeon board: click a highlighted room; arrows move a cursor, Enter acts"
    return f"{base}. {waits}" if pending is None and waits else base if pending is None else f"{base}. {pending.text}"


@solara.component
def BarcadiaView(session: Session, bots: dict = {}, on_new_game: Optional[Callable[[], None]] = None):  # noqa: B006
    """The live game of ``session`` with ``bots`` seated (see the module docstring)."""
    game: BarcadiaGame = session.game
    selected, set_selected = solara.use_state((None, None))  # (node id, data-id)
    explain_open, set_explain_open = solara.use_state(False)
    # H19: the seats whose auto-pass is on (this page's setting, never the game's: see bots.Seats)
    auto_held, set_auto = solara.use_state((None, frozenset()))
    auto = auto_held[1] if auto_held[0] is session else frozenset()
    seats = solara.use_memo(lambda: Seats(session, bots, auto), [session, id(bots), auto])
    play = use_play(session, seats, on_move=lambda: set_selected((None, None)))
    seat = use_seat(game, session, seats)
    state = session.state
    node_id = session.current.id
    chosen = selected[1] if selected[0] == node_id else None
    names = solara.use_memo(lambda: seat_names(game, bots), [game, id(bots)])

    viewer = seat.viewer
    view = solara.use_memo(lambda: game.view(state, viewer), [state, viewer])
    decision = solara.use_memo(lambda: game.pending(view), [view])
    pending = decision if decision.deciding else None  # a player's decision (not chance, not the end)
    decider = pending.player if pending else None
    mine = decider is not None and decider == viewer and decider not in bots
    moves = solara.use_memo(lambda: game.legal_moves(view, decider) if mine else [], [view, decider, mine])
    on_board = solara.use_memo(lambda: board_moves(game, view, moves), [moves])
    buttons = button_moves(game, view, moves, chosen)
    targets = tuple(sorted(on_board))
    playable = tuple(sorted({m.args[0] for m in moves if m.verb == "play"}))
    actor = viewer  # nobody acts through a pass screen or for a spectator
    rc = reacton.core.get_render_context()
    # P24: the die waits for a person of the battle; one at this device rolls it (a class table's other seats
    # roll on their own devices: they sit with the bots as remote seats)
    rolling = play.rolling
    can_roll = bool(rolling) and not seat.passing and any(p not in bots for p in rolling)

    def click(id_: str) -> None:
        got = on_board.get(id_)
        if got and len(got) == 1:
            play.act(got[0])
        elif got:
            with rc:
                set_selected((node_id, id_))
                play.say(None)
        elif actor is None:
            play.say("pass the device first: the next player says who they are" if seat.passing
                     else "nobody plays from this seat now")
        else:
            m = natural_move(game, view, actor, id_)
            if m is None:
                play.say("choose a highlighted room (the rooms you may act on now glow)")
            else:
                play.act(m)

    def choose(k: int) -> None:
        if 0 <= k < len(buttons):
            play.act(buttons[k])

    def by_verb(verb: str) -> None:
        m = next((m for m in moves if m.verb == verb), None)
        if m is not None or actor is not None:
            play.act(m or Move(actor, verb, ()))

    def card(cid: str) -> None:
        m = next((m for m in moves if m.verb == "play" and m.args[0] == cid), None)
        if m is not None or actor is not None:
            play.act(m or Move(actor, "play", (cid,)))

    def roll() -> None:
        if can_roll:
            play.roll()
        elif rolling:
            play.say("the die waits for " + " or ".join(names[p] for p in rolling) + ", who rolls it on their device")

    def key(k: str) -> None:
        low = k.lower()
        if rolling and (low == "r" or k == "1"):
            roll()
        elif k.isdigit() and k != "0":
            choose(int(k) - 1)
        elif low == "e":
            by_verb("end")
        elif low == "p":
            by_verb("pass")
        elif k == "?":
            set_explain_open(lambda shown: not shown)
        elif low == "u":
            play.undo()
        elif low == "y":
            play.redo()
        elif k == "Escape":
            with rc:
                set_selected((None, None))
                play.clear_message()

    def toggle_auto() -> None:
        if actor is None or actor in bots:
            return
        new = auto ^ {actor}
        with rc:
            set_auto((session, new))
            run_bots(session, Seats(session, bots, new))  # a window asking this seat now passes at once

    click, key, choose, card = use_latest(click), use_latest(key), use_latest(choose), use_latest(card)
    toggle_auto = use_latest(toggle_auto)
    toggle_explain = use_latest(lambda: set_explain_open(lambda shown: not shown))
    path = solara.use_memo(lambda: tuple(enter_path(session)), [node_id])
    dice = solara.use_memo(lambda: tuple(last_rolls(session)), [node_id])
    last = solara.use_memo(lambda: last_roll_odds(game, session, viewer), [node_id, viewer])
    odds = solara.use_memo(lambda: game.battle_odds(view), [view])
    steps = solara.use_memo(lambda: window_steps(game, session, viewer), [node_id, viewer])
    # the recap is read by the one person at this device, on the game-over screen too (the page then shows the
    # spectator's view): what came since their last move, and up to it
    reader = viewer if viewer is not None or len(seat.humans) != 1 or seat.passing else seat.humans[0]
    recap = solara.use_memo(lambda: recap_lines(game, session, reader), [node_id, reader])
    earlier = solara.use_memo(lambda: earlier_lines(game, session, reader), [node_id, reader])
    opening = solara.use_memo(lambda: opening_roll(session), [node_id])
    window = current_window(view) if mine else None
    over = game.is_over(state)
    waits = solara.use_memo(lambda: roll_wait_words(game, view, rolling, viewer) if rolling else "", [view, rolling])
    caption = "roll for who starts" if opening is not None else "last roll"
    if waits and odds is not None and isinstance(state.top, Battle):  # the dice to roll, on the board's band
        dice = tuple((p, "?") for p in rollers(state.top))
        caption = f"the die waits: {format_percent(odds.p_win)} to win"
    deciding = solara.use_memo(lambda: deciding_roll(game, session, viewer) if over else None, [node_id, viewer])
    refusal = refusal_words(game, view, play.message)

    with solara.Column(classes=["bw-barcadia"], gap="10px", style={"max-width": "1320px"}) as main:
        Status(game, view, pending, names, over)
        with solara.Row(style={"gap": "16px", "align-items": "flex-start", "flex-wrap": "wrap"}):
            BoardColumn(game, view, viewer, targets, (chosen,) if chosen else (), path, dice, node_id, click, key,
                        _board_label(pending, waits), play, on_new_game, caption)
            SideColumn(game, view, state, pending, names, mine, buttons, chosen, on_board, play, explain_open,
                       seat.passing, seat.next, seat.ready, over, playable, window, choose, card, toggle_explain,
                       last, odds, steps, viewer in auto, toggle_auto if viewer is not None and viewer not in bots
                       else None, recap, node_id, refusal, play.clear_message, opening, deciding, earlier, waits,
                       can_roll, "The last moves" if reader is None else "Since your last move")
        LogSection(session, game, viewer, play.goto, play.version, over)
    return main


@solara.component
def SideColumn(game, view, state, pending, names, mine, buttons, chosen, on_board, play, explain_open, passing,
               next_seat, ready, over, playable, window, choose, card, toggle_explain, last=None, odds=None,
               steps=(), auto_on=False, toggle_auto=None, recap=(), recap_key=None, refusal=None, on_close=None,
               opening=None, deciding=None, earlier=(), roll_words="", can_roll=False,
               recap_title="Since your last move"):
    """Beside the board: a refusal in words at the top (where the eye is after a click); the pass screen, or the
    decision, the battle panel, what the others did since your last move (the recap) and the hand (with the
    seat's auto-pass toggle), or the result; the players."""
    viewer = view.viewer if view.viewer >= 0 else None
    with solara.Column(gap="10px", style={"flex": "1 1 340px", "max-width": "480px", "min-width": "300px"}) as col:
        Refusal(refusal, on_close)
        if passing:
            PassScreen(names[next_seat], on_ready=ready, show="my hand")
        elif over:
            ResultPanel(game, state, names, deciding)
            RecapPanel(recap, recap_key, recap_title, earlier, fresh=False)
        else:
            SidePanel(game, view, pending, names, mine, buttons, choose, chosen, on_board, play, explain_open,
                      toggle_explain, last, odds, steps, roll_words, can_roll)
            if opening is not None and not any(x.kind == "start" for x in recap):
                solara.Text(opening_roll_words(*opening), classes=["bw-bc-opening"],
                            style={"font-size": "13px", "color": "#4a4232"})
            RecapPanel(recap, recap_key, recap_title, earlier)
            if viewer is not None:
                HandPanel(game, view.players[viewer].hand, viewer, playable, window, card)
                if toggle_auto is not None:
                    AutoPassToggle(auto_on, toggle_auto)
        Players(game, view, names)
    return col


@solara.component
def Players(game, view, names: list):
    """The players' table (character, Signature Move, HP, Power-Ups, hand size, position)."""
    html = solara.use_memo(lambda: players_markup(game, view, names, view.active if view.phase == "play" else None),
                           [view, names])
    return solara.HTML(tag="div", unsafe_innerHTML=html, classes=["bw-bc-players-box"])


@solara.component
def Status(game, view, pending, names, over: bool):
    """The title line: turn, rooms, decks, and who decides now (one HTML element)."""
    counts = game.deck_counts(view)
    phase = "game over" if over else f"turn {view.turn}" if view.phase == "play" else "setting up"
    who = ""
    if pending is not None:
        p = pending.player
        # dark words in the player's colour ring: white on orange or green falls below 4.5:1 (axe, WCAG AA)
        who = (f' <span class="bw-bc-turn" style="color:#222;background:white;border:2.5px solid '
               f'{PLAYER_COLOURS[p % len(PLAYER_COLOURS)]};border-radius:12px;padding:0 9px;font-weight:600">'
               f'{svg.escape(names[p])} to decide</span>')
    html = (f'<b style="font-size:1.1em">Heroes of Barcadia</b> <span style="color:#6b604b;margin:0 8px">{phase} · '
            f'{game.n_rooms} rooms · Loot deck {counts["loot"]} · Power-Ups {counts["power"]}</span>{who}')
    return solara.HTML(tag="div", unsafe_innerHTML=html, classes=["bw-bc-status"],
                       style={"font-family": "system-ui, sans-serif", "line-height": "1.8"})


@solara.component
def RollPanel(text: str, can_roll: bool, on_roll: Callable[[], None], waiting: str = ""):
    """The pause before a battle's die (ruling P24): the chance with every card played, in words, and "Roll the
    die" for a person at this device (keys R or 1); else who rolls it, on another device."""
    with solara.Column(gap="6px", classes=["bw-bc-roll-box"]) as col:
        solara.HTML(tag="div", unsafe_innerHTML=f'<b>{svg.escape(text)}</b>', classes=["bw-bc-roll-words"],
                    style={"font-family": "system-ui, sans-serif"})
        if can_roll:
            solara.Button("1. Roll the die (R)", on_click=on_roll, color="primary", classes=["bw-bc-roll"],
                          icon_name="mdi-dice-d20", attributes={"aria-label": "1. Roll the die (R)"})
        elif waiting:
            solara.Text(waiting, style={"color": "#6b604b"})
    return col


@solara.component
def SidePanel(game, view, pending, names, mine: bool, buttons: list, choose, chosen, on_board, play, explain_open,
              toggle_explain, last=None, odds=None, steps=(), roll_words="", can_roll=False):
    """The decision (words and buttons), or the die that waits for a person (``roll_words``), and the battle
    panel."""
    with solara.Column(gap="8px") as col:
        if pending is None and roll_words:
            RollPanel(roll_words, can_roll, play.roll,
                      "" if can_roll else "The die is rolled on the device of " + " or ".join(
                          names[p] for p in play.rolling) + ".")
        elif pending is None:
            solara.Text("Chance moves…" if not game.is_over(view) else "")
        elif not mine:
            solara.Text(pending.text, classes=["bw-bc-decision"], style={"font-weight": "700"})
            if play.bots_to_move:
                solara.Button("Let the bots play", on_click=play.let_bots_play, classes=["bw-run-bots"])
        else:
            labels = [(button_label(game, view, m, view.viewer if view.viewer >= 0 else None), m.verb)
                      for m in buttons]
            note = ""
            if chosen and len(on_board.get(chosen, [])) > 1:
                note = f"{chosen}: several moves go there; choose one below."
            elif pending.kind == "place":
                note = "Click the empty room where a Power-Up goes, then choose which one."
            elif on_board:
                note = f"Click a glowing {'hex' if any(t.startswith('h') for t in on_board) else 'room'} on the " \
                       f"board ({len(on_board)} to choose from)" + (", or a button below." if buttons else ".")
            Decision(pending.text, labels, choose, note)
        BattlePanel(odds, explain_open, toggle_explain, last, steps, waits=bool(roll_words))
        if mine:
            TrapPanel(game, traps_ahead(game, view, pending.player, on_board),
                      tuple(roll_bonuses(game, view, pending.player, "disarm")))
    return col
