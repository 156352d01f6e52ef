"""The kit's "what the others did" (ui/others.py): every bot move between two of a person's moves, in words."""

from __future__ import annotations

import solara

from balada_widgets.ui.others import OthersDid, OthersMoves, others_did, others_nodes


def test_every_bot_move_since_your_last_move_is_said_in_order_baldurs_gate():
    from balada_widgets import baldurs_gate
    from balada_widgets.baldurs_gate.bots import make_bot

    app = baldurs_gate.new_game(players=3, bots=2, seed=3)
    game, session = app.game, app.session
    me = make_bot("greedy", seed=1)
    turns = 0
    while turns < 4:  # whole turns of player 1; the bots answer after each
        app.play(me.choose(game, game.view(session.state, 0), 0))
        pending = game.pending(session.state)
        turns += pending.player == 0 and pending.kind == "turn"
    since, before = others_nodes(session, 0)
    path = session.current.path()
    last_own = max(k for k, n in enumerate(path) if not n.by_chance and n.parent and n.move.player == 0)
    assert [n.id for n in since][::-1] == [n.id for n in path[last_own + 1:]]  # everything since, in order
    did = others_did(session, 0, most=100)
    bots_since = [n for n in path[last_own + 1:] if not n.by_chance]
    assert bots_since and all(game.describe_move(n.parent.state, n.move, 0) in did.since for n in bots_since)
    assert all(line.startswith(("Player 2", "Player 3", "Parcel", "A token", "The ")) or "Player" in line
               for line in did.since + did.before), did
    assert not any("Player 1 " in line for line in did.since + did.before)  # your own moves are not repeated


def test_balada_the_bots_choice_is_said_in_full_once_revealed():
    from balada_widgets import balada
    from balada_widgets.balada.view import log_label

    app = balada.new_game(players=2, bots=1, seed=4, bot_level="greedy")
    game, session = app.game, app.session
    for _ in range(2):
        app.play(game.legal_moves(game.view(session.state, 0), 0)[0])
    label = log_label(session, 0)
    did = others_did(session, 0, lambda n: None if n.by_chance else label(n))
    assert did.since == ("Player 2 chooses",)  # this turn's choice is hidden (P5)
    assert len(did.before) == 1 and did.before[0].startswith("Player 2 draws the ")  # the last turn's, revealed


def test_the_component_shows_both_lists_escaped_and_nothing_when_empty():
    moves = solara.reactive(OthersMoves(since=("Player 2 <b>passes</b>",), before=("Player 3 builds",)))

    @solara.component
    def Page():
        with solara.Column() as col:
            OthersDid(moves.value, since_title="Since", before_title="Before")
        return col

    _, rc = solara.render(Page(), handle_error=False)
    box = rc.find(class_="bw-others-did").widget
    html = next(c.unsafe_innerHTML for c in box.children if hasattr(c, "unsafe_innerHTML"))
    assert html.index("Before") < html.index("Player 3 builds") < html.index("Since") < html.index("Player 2")
    assert "&lt;b&gt;passes" in html and "<b>" not in html  # a move's words are text, never markup
    moves.set(OthersMoves())
    rc.find(class_="bw-others-did-empty").assert_single()
    rc.find(class_="bw-others-did").assert_empty()


def test_a_czech_game_says_the_others_moves_in_czech():
    from balada_widgets import baldurs_gate
    from balada_widgets.baldurs_gate import i18n
    from balada_widgets.baldurs_gate.bots import make_bot
    from balada_widgets.ui.move_log import labels_for

    app = baldurs_gate.new_game(players=3, bots=2, seed=3, language="cs")
    game, session = app.game, app.session
    me = make_bot("greedy", seed=1)
    for _ in range(8):
        app.play(me.choose(game, game.view(session.state, 0), 0))
    did = others_did(session, 0, labels_for(game, 0, words=True), most=30)
    lines = did.since + did.before
    assert any(line.startswith("Hráč 2") for line in lines), lines
    assert not any("Player" in line or " builds " in line for line in lines), lines
    assert i18n.text("ui.others_since", "cs") != i18n.text("ui.others_since", "en")
