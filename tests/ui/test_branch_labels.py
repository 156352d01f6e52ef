"""The move log's branch list names each branch as the move list names its moves: no hidden move shows.

After an undo a session has two branches; the list under the moves names each
by its last move. That name goes through the same label as the move list
(``game.move_text_for`` / ``game.describe_move`` for the viewer), so a branch
ending in another player's draw reads "Player 1 draws a Loot Card", never the
card. One test per game with hidden moves: Balada (a choice while the turn is
open), Heroes of Barcadia (Loot draws), Builders of Baldur's Gate (dealt cards).
"""

from __future__ import annotations

import random
import re

from balada_widgets.core.session import Session
from balada_widgets.ui.move_log import branch_entries, labels_for, log_entries, log_markup


def _branched(game, hidden, seed: int = 1, limit: int = 400) -> tuple[Session, object]:
    """A session played (seeded random legal moves) until its line ends in a move ``hidden(node)``, then
    undone and played on with another move: two branches, the first one named by that hidden move."""
    rng = random.Random(seed)
    s = Session(game, seed=seed)
    for _ in range(limit):
        assert not game.is_over(s.state), "no hidden move reached"
        moves = s.legal_moves()
        s.play(moves[rng.randrange(len(moves))])
        if hidden(s.current):
            break
    else:
        raise AssertionError("no hidden move reached")
    node = s.current
    assert not node.children  # the hidden move ends its branch
    s.undo()  # back to before the decision that led to it
    decided = next(n for n in reversed(node.path()) if not n.by_chance)
    others = [m for m in s.legal_moves() if game.move_to_text(m) != decided.text]
    assert others, "no other move to branch with"
    s.play(others[0])
    assert len(s.leaves()) == 2 and node in s.leaves()
    return s, node


def _shown_texts(markup: str) -> str:
    return " ".join(re.findall(r">([^<]+)<", markup))


# ------------------------------------------------------------------ the kit


def test_a_branch_is_named_through_the_label_and_a_hidden_move_is_skipped():
    from balada_widgets.core.demo import RaceGame

    s = Session(RaceGame(), seed=1)
    s.play("p1 +2"); s.play("p2 +1"); s.undo(); s.play("p2 +2")
    hide = {"p2 +1"}

    def label(n):
        return None if n.text in hide else n.text.upper()

    assert [b.last for b in branch_entries(s, label)] == ["P1 +2", "P2 +2"]
    assert [b.last for b in branch_entries(s)] == ["p2 +1", "p2 +2"]  # no label: raw, as log_entries(s)
    assert "p2 +1" not in _shown_texts(log_markup(log_entries(s, label), branch_entries(s, label)))


# ------------------------------------------------------------------ Heroes of Barcadia: Loot draws


def test_barcadia_branches_never_name_another_players_drawn_card(render):
    from balada_widgets.barcadia import BarcadiaGame
    from balada_widgets.barcadia.view import LogSection

    g = BarcadiaGame(players=2)

    def hidden(n):
        return n.by_chance and g.move_text_for(n.move, None) != n.text

    s, node = _branched(g, hidden)
    owner = next(v for v in range(g.num_players) if g.move_text_for(node.move, v) == node.text)
    other = 1 - owner
    secret = g.describe_move(node.parent.state, node.move, owner)  # "Player 1 draws Disarm Kit"
    card = node.text.split()[-1]
    assert len(s.leaves()) == 2 and card not in g.describe_move(node.parent.state, node.move, other)
    # the kit with the notation label: "draw p1 ?" in both lists
    notation = labels_for(g, other)
    names = [b.last for b in branch_entries(s, notation)]
    assert g.move_text_for(node.move, other) in names and node.text not in names
    # the view's log, as the other player sees it (opened with its toggle)
    ui = render(LogSection(s, g, other, s.goto, s.current.id))
    ui.click("bw-bc-log-toggle")
    shown = _shown_texts(ui.board("bw-move-log").svg)
    assert "Branches:" in shown
    assert card not in shown and secret not in shown, shown
    # the owner's own log may name the card (it is in their hand)
    ui = render(LogSection(s, g, owner, s.goto, s.current.id))
    ui.click("bw-bc-log-toggle")
    assert secret in _shown_texts(ui.board("bw-move-log").svg)


# ------------------------------------------------------------------ Builders of Baldur's Gate: dealt cards


def test_baldurs_gate_branches_never_name_another_players_dealt_card(render):
    from balada_widgets.baldurs_gate import BaldursGateGame
    from balada_widgets.baldurs_gate.view import LogPanel

    g = BaldursGateGame(players=2)

    def hidden(n):
        return getattr(n.move, "to", None) in (0, 1) and g.move_text_for(n.move, 1 - n.move.to) != n.text

    s, node = _branched(g, hidden)
    owner = node.move.to
    other = 1 - owner
    mine = g.describe_move(node.parent.state, node.move, owner)
    theirs = g.describe_move(node.parent.state, node.move, other)
    assert mine != theirs
    assert len(s.leaves()) >= 2
    names = [b.last for b in branch_entries(s, labels_for(g, other))]
    assert node.text not in names
    ui = render(LogPanel(s, g, other, s.goto, s.current.id))
    shown = _shown_texts(ui.board("bw-move-log").svg)
    assert "Branches:" in shown or "Varianty" in shown
    assert mine not in shown and node.text not in shown and node.text.split()[-1] not in shown, shown
    names = [b.last for b in branch_entries(s, labels_for(g, other, words=True))]
    assert mine not in names and theirs in names


# ------------------------------------------------------------------ Balada: a choice while the turn is open


def test_balada_branches_never_name_another_players_open_choice(render):
    from balada_widgets.balada import BaladaGame
    from balada_widgets.balada.view import PlayLog

    g = BaladaGame(players=2)
    s = Session(g, seed=2)
    # player 1 chooses (the turn stays open: player 2 has not chosen), then takes it back and chooses again
    p1 = [m for m in s.legal_moves(0)]
    assert len(p1) >= 2
    s.play(p1[0])
    first = s.current
    s.goto(first.parent.id)
    s.play(p1[1])
    assert len(s.leaves()) == 2
    secrets = {g.describe_move(first.parent.state, first.move, 0), g.move_to_text(first.move),
               g.describe_move(s.current.parent.state, s.current.move, 0), g.move_to_text(s.current.move)}
    # a branch is labelled by the kit's words (its move as of the position it was played in: another seat's
    # choice is "Player 1 chooses"). Balada's notation masks a choice only by the current turn (the view's
    # text_label reads "now"), so no Balada view lists branches to a player: only the lab, which sees all.
    for label in (labels_for(g, 1, words=True),):
        names = [b.last for b in branch_entries(s, label)]
        assert not secrets & set(names), names
        shown = _shown_texts(log_markup(log_entries(s, label), branch_entries(s, label)))
        assert not any(x in shown for x in secrets), shown
    # the play view's own log, as player 2 sees it: the choices stay hidden, and it lists no branches
    ui = render(PlayLog(s, 1, s.current.id))
    shown = _shown_texts(ui.board("bw-move-log").svg)
    assert "Branches:" not in shown and not any(x in shown for x in secrets), shown
