"""What each player must not see, written where a browser test can read it.

Used by ``tests/browser/test_secrets.py`` in two places: in the test process
(the Solara runner) and inside the JupyterLab kernel (the notebook runner
imports it from this folder, the kernel's working directory). Plain Python:
no pytest, no Playwright.

:class:`Probe` watches a game app (``BaladaApp``, ``BarcadiaApp``,
``BaldursGateApp``) and, after every change of its session, writes a JSON
snapshot: the history, who is to move, and per seat (and for the spectator,
``"none"``) the *secrets of the other players* as items
``{key: [needle, ...]}``: texts that must not be found in the page's DOM nor in
the widget state sent to the browser while that seat looks at the page.
Needles are what would give a secret away: a card's name or rules text, its
``card-<id>`` hook or id, a hidden move's notation or words, a hidden Balada
symbol as its space would be titled. An item whose name is public for that
seat anyway (the same card kind in the viewer's own hand, a discard, a face-up
room) is left out, so a needle in the page is a leak, not a coincidence.

It also writes a *hint*: a DOM action that makes the human to move play a
legal move (a selector to click), so a test can play the game in the browser
without knowing the rules.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any, Optional

__all__ = ["Probe", "secret_items", "hint"]

MASKED = {"?", ""}


def _game_kind(game) -> str:
    return type(game).__module__.split(".")[1]  # balada_widgets.<kind>.rules


# ----------------------------------------------------------------------------- secrets per game


def _log_items(session, viewer: Optional[int]) -> dict[str, list[str]]:
    """Moves of the log whose notation or words are masked for ``viewer``: their whole truth is secret."""
    game = session.game
    items: dict[str, list[str]] = {}
    for k, node in enumerate(session.current.path()):
        move, state_before = node.move, node.parent.state
        full = game.move_to_text(move)
        shown = game.move_text_for(move, viewer)
        if shown != full:
            needles = [full]
            owner = game.move_player(move)
            if state_before is not None:
                truth = game.describe_move(state_before, move, owner)
                masked = game.describe_move(state_before, move, viewer)
                if truth != masked and truth not in masked:
                    needles.append(truth)
            items[f"log {k + 1}: {shown}"] = needles
    return items


def _barcadia_items(session, viewer: Optional[int]) -> dict[str, list[str]]:
    game, state = session.game, session.state
    view = game.view(state, viewer)
    content = game.content
    public = set(view.discard) | {r.card for r in view.rooms if r.card}
    if viewer is not None:
        public |= set(view.players[viewer].hand)
    items: dict[str, list[str]] = {}
    for q, pl in enumerate(state.players):
        if q == viewer:
            continue
        for cid in sorted(set(pl.hand) - public):
            card = content.loot[cid]
            needles = [card.text, f"card-{cid}"]
            if " " in card.name:  # one-word names (Trap, Dash) are everyday words on the page
                needles.append(card.name)
            items[f"P{q + 1}'s Loot Card {cid}"] = needles
    for i, (room, seen) in enumerate(zip(state.rooms, view.rooms)):
        if room.card is not None and seen.card is None and room.card not in public:
            card = content.rooms[room.card]
            items[f"face-down room r{i} ({room.card})"] = [card.name, card.text]
    return items


def _baldurs_gate_items(session, viewer: Optional[int]) -> dict[str, list[str]]:
    game, state = session.game, session.state
    view = game.view(state, viewer)
    public = set(view.offer) | set(view.discard)
    for pl in view.players:
        public |= set(pl.portfolio) | {c for c in pl.hand + pl.agendas if c != "?"}
    # a card taken from the face-up offer was seen by everybody (the others' panel says which: "takes ... from the
    # offer"); it stays known in that hand
    public |= {node.move.card for node in session.current.path() if type(node.move).__name__ == "Take"}
    items: dict[str, list[str]] = {}
    for q, pl in enumerate(state.players):
        if q == viewer:
            continue
        for what, cards in (("hand", pl.hand), ("agenda", pl.agendas)):
            for cid in sorted(set(cards) - public):
                needles = [f"card-{cid}", cid, game.card_name(cid)]
                items[f"P{q + 1}'s {what} card {cid}"] = needles
    for task in state.tasks:  # agendas drawn and not kept yet (KeepAgenda)
        drawn, owner = getattr(task, "drawn", ()), getattr(task, "player", None)
        if owner != viewer:
            for cid in sorted(set(drawn) - public):
                items[f"P{owner + 1}'s drawn agenda {cid}"] = [f"card-{cid}", cid, game.card_name(cid)]
    return items


def _balada_items(session, viewer: Optional[int]) -> dict[str, list[str]]:
    from balada_widgets.balada.rules import Place, Swap
    from balada_widgets.balada.view import event_label

    game, state = session.game, session.state
    items: dict[str, list[str]] = {}
    view = game.view(state, viewer) if viewer is not None else None
    own = game.sheet_of(view, viewer) if viewer is not None else None
    for q, moves in enumerate(state.pending):
        if q == viewer:
            continue
        for m in moves:
            needles = [game.move_to_text(m)]
            if isinstance(m, Place):
                land = game.sheet_of(state, q).lands[m.space - 1]
                # the same words may be on the page for another reason: the viewer's own choice of this turn, or
                # the same event on the same space of any sheet the viewer sees (every sheet has the same layout)
                mine = state.pending[viewer] if viewer is not None else ()
                seen = [game.sheet_of(view, k) for k in range(game.num_players)] if view is not None else []
                same = any(sh.lands[m.space - 1] == land and sh.events[m.space - 1] == m.event for sh in seen) or (
                    own is not None and own.lands[m.space - 1] == land
                    and any(isinstance(x, Place) and (x.space, x.event) == (m.space, m.event) for x in mine))
                if not same:  # the words the sheet would title that space with
                    from balada_widgets.balada.view import LANDSCAPES

                    needles.append(f"space {m.space}: {LANDSCAPES.get(land, land)}, {event_label(m.event)}")
            elif isinstance(m, Swap):
                needles.append(f"swap {m.i} {m.j}")
            items[f"P{q + 1}'s hidden choice {game.move_to_text(m)}"] = needles
    return items


def secret_items(session, viewer: Optional[int]) -> dict[str, list[str]]:
    """The secrets of the players other than ``viewer`` (``None``: everybody's), as ``{what: [needle...]}``."""
    kind = _game_kind(session.game)
    items = _log_items(session, viewer)
    items.update({"balada": _balada_items, "barcadia": _barcadia_items,
                  "baldurs_gate": _baldurs_gate_items}[kind](session, viewer))
    return items


# ----------------------------------------------------------------------------- a move to play by a click


def hint(app) -> Optional[dict]:
    """A DOM action that plays a legal move for the human to move: ``{"click": selector}`` or ``{"key": k}``."""
    game, session, bots = app.game, app.session, app.bots
    state = session.state
    humans = [p for p in game.to_move(state) if p not in bots]
    if game.is_over(state) or not humans:
        return None
    p = humans[0]
    kind = _game_kind(game)
    if kind == "balada":
        if state.phase != "place":
            return None
        return {"click": ".bw-sheet [data-id^='space-'].legal", "player": p}
    view = game.view(state, p)
    moves = game.legal_moves(view, p)
    if kind == "barcadia":
        from balada_widgets.barcadia.view import board_moves, button_moves

        verbs = {m.verb for m in moves}
        if "end" in verbs:
            return {"click": ".bw-bc-end", "player": p}
        if "pass" in verbs:
            return {"click": ".bw-bc-pass", "player": p}
        on_board = board_moves(game, view, moves)
        single = sorted(t for t, ms in on_board.items() if len(ms) == 1)
        if single:
            return {"click": f".bw-barcadia-board [data-id='{single[0]}']", "player": p}
        if button_moves(game, view, moves):
            return {"click": ".bw-bc-choice-1", "player": p}
        return None
    if kind == "baldurs_gate":
        pending = game.pending(state)
        if pending.kind == "turn":
            return {"click": ".bw-bg-income", "player": p}
        return {"click": ".bw-bg-choice-1, .bw-bg-done", "player": p}
    return None


# ----------------------------------------------------------------------------- the probe


class Probe:
    """Write ``path`` (JSON) with the app's secrets after every change of its session (see the module docstring)."""

    def __init__(self, app, path):
        self.app = app
        self.path = Path(path)
        self.version = 0
        self._lock = threading.Lock()
        self._unsubscribe = None
        self._watch(app.session)
        app.on_new_game(lambda session, bots: self._watch(session))

    def _watch(self, session) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
        self._unsubscribe = session.on_change(lambda _s: self.write())
        self.write()

    def snapshot(self) -> dict[str, Any]:
        app = self.app
        game, session = app.game, app.session
        state = session.state
        seats = [None, *range(game.num_players)]
        return {
            "game": _game_kind(game),
            "history": list(session.history),
            "to_move": list(game.to_move(state)),
            "over": game.is_over(state),
            "bots": sorted(app.bots),
            "has_secrets": bool(game.has_secrets(state)),
            "secrets": {("none" if v is None else str(v)): secret_items(session, v) for v in seats},
            "hint": hint(app),
            # Baldur's Gate: a parcel number, no text to search for: the page must show it face down
            "hidden_token_down": bool(getattr(state, "hidden", None) is not None and not getattr(state, "revealed", True)),
        }

    def write(self) -> None:
        with self._lock:
            self.version += 1
            data = {"version": self.version, **self.snapshot()}
            tmp = self.path.with_name(self.path.name + f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps(data, ensure_ascii=False))
            os.replace(tmp, self.path)


def read(path) -> dict:
    """The probe's last snapshot."""
    return json.loads(Path(path).read_text())

