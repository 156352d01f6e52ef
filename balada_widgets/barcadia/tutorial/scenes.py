"""The positions the steps are played on: ``lessons/scenes.yaml`` made into the engine's states, and their boards.

A scene names a few rooms near START (the rest padded face down) and the cups; :func:`scene` builds it with
``game.position`` (a position the rules refuse stops the lesson), and the step plays its moves with :func:`play`,
chance settled as the scene's ``fate`` says (:func:`settle`). Everything after a scene is the engine's next state.
A board (:func:`board`) is the learner's view with no target marked, so it never shows an answer; in the lesson's
style (``lessons/boards.css``) it is at most 470 px wide: an exercise, its *Check* and the reply fit 1400x900.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from pathlib import Path
from typing import Optional

import yaml

from ...core.errors import InvalidInput
from ...core.files import read_data_text
from ...kit import svg
from ..board import STANDARD_START
from ..drawing import CSS, dungeon_svg
from ..rules import BarcadiaGame
from ..state import Layout, Move, hex_neighbours, room_name

#: the folder of the lesson's files: the words of each language (``en.yaml``), the scenes (``scenes.yaml``), the
#: boards' look (``boards.css``)
LESSONS = Path(__file__).resolve().parent.parent / "lessons"
#: the board's look: the dungeon's, and the lesson's (``lessons/boards.css``)
FIT = CSS + read_data_text(LESSONS / "boards.css", what="lesson style")
_GAMES: dict = {}


@lru_cache(maxsize=None)
def material() -> dict:
    """The scenes file: ``{"steps": {id: {"rules": ..., "parts": ...}}, "scenes": {name: spec}}``."""
    return yaml.safe_load(read_data_text(LESSONS / "scenes.yaml", what="lesson scenes"))


def distance(h) -> int:
    return (abs(h[0]) + abs(h[1]) + abs(h[0] + h[1])) // 2


def layout(hexes, n: int, clear=(), start=STANDARD_START) -> Layout:
    """Rooms ``r1..`` on ``hexes``, padded to ``n`` rooms with face-down rooms close to START; a padding room always
    touches the dungeon built so far, and never touches a hex of ``clear`` (rooms whose neighbours must stay)."""
    placed, out = set(start) | {tuple(h) for h in hexes}, [tuple(h) for h in hexes]
    blocked = {tuple(h) for h in clear} | {nb for h in clear for nb in hex_neighbours(tuple(h))}
    while len(out) < n:
        frontier = {nb for h in placed for nb in hex_neighbours(h)} - placed - blocked
        if not frontier:
            raise InvalidInput("no room left to pad the tutorial's dungeon")  # pragma: no cover
        out.append(min(frontier, key=lambda x: (distance(x), math.atan2(x[1] * 1.5, (x[0] + x[1] / 2) * 1.732))))
        placed.add(out[-1])
    return Layout(tuple(start), tuple(out))


def game(**options) -> BarcadiaGame:
    """The game of these options (one object per options: the scenes of a step share it)."""
    key = repr(sorted(options.items()))
    return _GAMES[key] if key in _GAMES else _GAMES.setdefault(key, BarcadiaGame(**options))


def spec(name: str) -> dict:
    """Scene ``name`` with its base's fields (``cups`` merged seat by seat)."""
    found = dict(material()["scenes"][name])
    if "base" in found:
        base = spec(found.pop("base"))
        cups = {p: {**base.get("cups", {}).get(p, {}), **found.get("cups", {}).get(p, {})}
                for p in {*base.get("cups", {}), *found.get("cups", {})}}
        found = {**base, **found, "cups": cups}
    return found


def scene(name: str, cups: Optional[dict] = None, **changes):
    """``(game, state, scene)`` of scene ``name`` (``cups``: seat -> fields changed; ``changes``: fields replaced)."""
    s = {**spec(name), **changes}
    mine = {p: {**s.get("cups", {}).get(p, {}), **(cups or {}).get(p, {})} for p in {*s.get("cups", {}), *(cups or {})}}
    g = game(**s.get("game", {}))
    where = {"layout": layout(s["hexes"], g.n_rooms, s.get("clear", ()))} if "hexes" in s else {}  # else the game's
    return g, g.position(rooms=s.get("rooms", {}), players=mine, **where, **s.get("position", {})), s


def settle(game, state, fate: Optional[dict] = None, used=None):
    """``(state, used)``: chance's moves played as ``fate`` scripts them (``rolls``, ``rooms``, ``draws``, ``powers``, in
    order; ``used``: how many of each were taken) until a player decides; beyond it a die is never rolled by surprise,
    any other chance move takes the engine's first outcome. The script never changes: a step replays the same."""
    used = dict(used or {})
    for _ in range(200):
        if not game.is_chance(state):
            return state, used
        outs = game.legal_moves(state)
        verb, move = outs[0].verb, outs[0]
        script, k = (fate or {}).get(verb + "s", ()), used.get(verb, 0)
        if verb == "roll" and k >= len(script):
            return state, used  # dice are rolled by the script or by the learner, never by surprise
        if k < len(script):
            move, used[verb] = next((m for m in outs if m.args[-1] == script[k]), move), k + 1
        state = game.apply(state, move)
    raise RuntimeError("the tutorial's chance script did not come to rest")  # pragma: no cover


def play(game, state, moves, fate: Optional[dict] = None, used=None):
    """Apply the moves (texts or Moves), chance settled as ``fate`` scripts it (:func:`settle`) after each one."""
    for m in (m if isinstance(m, Move) else game.parse_move(m) for m in moves):
        if m.player is not None or (game.is_chance(state) and game.legal_moves(state)[0].verb != m.verb):
            state, used = settle(game, state, fate, used)  # chance first settles what it must (never a die)
        state, used = passes_until(game, state, m, fate, used)
        state = game.apply(state, m)
    return settle(game, state, fate, used)[0]


def played(name: str, *keys: str):
    """``(game, scene, states)``: scene ``name``'s position, then the state after each of its move lists ``keys`` in
    turn (chance as the scene's ``fate`` says)."""
    g, s, sc = scene(name)
    states = [s]
    for key in keys:
        states.append(play(g, states[-1], sc[key], sc.get("fate")))
    return g, sc, states


def passes_until(game, state, m, fate, used):
    """The passes a script leaves out: while a window is open and ``m`` is not a move of it, whoever is asked
    passes (before a die: until the window closes; H19: everyone asked passes before the roll)."""
    for _ in range(50):
        if (game.is_chance(state) or state.top is None or state.top.kind != "window"
                or (m.player is not None and m in game.legal_moves(state))):
            return state, used
        state, used = settle(game, game.apply(state, Move(game.to_move(state)[0], "pass", ())), fate, used)
    raise RuntimeError("the tutorial's window did not close")  # pragma: no cover


def hoard_room(state) -> str:
    """The Drink Hoard's room (``r5``)."""
    return next(room_name(i) for i, r in enumerate(state.rooms) if i and r.card == "drink-hoard")


def board(game, state, selected=(), *, viewer: int = 0, dice=(), fight=None, slots=(), caption: str = "") -> str:
    """The dungeon as the learner sees it, nothing highlighted, ``selected`` drawn chosen; ``slots``: empty hexes to
    click (building), all alike; ``caption``: a band above the drawing (an engine's refusal, what a roll did)."""
    markup = dungeon_svg(game, game.view(state, viewer), viewer=viewer, selected=selected, targets=slots, dice=dice,
                         fight=fight)
    if slots:  # every empty hex alike: no "target" look, no "build here" promise in its label
        markup = markup.replace('class="slot target', 'class="slot').replace(": build a room here", "")
    if not caption:
        return markup
    width, height = (float(x) for x in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', markup).groups())
    band = svg.group([svg.rect(8, -30, width - 16, 24, rx=8), svg.text(width / 2, -13, caption)],
                     class_="bw-bc-caption", role="status")
    markup = markup.replace(f'viewBox="0 0 {width:g} {height:g}"', f'viewBox="0 -34 {width:g} {height + 34:g}"', 1)
    return markup[: markup.rindex("</svg>")] + band + "</svg>"
