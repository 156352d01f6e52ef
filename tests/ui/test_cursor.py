"""The 2-D keyboard cursor over highlighted targets: hex maps, city maps, wrapping, every target reachable."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from balada_widgets.ui.cursor import CursorStep, cursor_key, next_target, reading_order


def hex_centre(q: int, r: int, size: float = 10.0) -> tuple[float, float]:
    """Pointy-top axial coordinates to pixels (rows are horizontal)."""
    return size * math.sqrt(3) * (q + r / 2), size * 1.5 * r


HEXES = {f"h{q}{r}": hex_centre(q, r) for r in range(3) for q in range(3)}


def test_arrows_on_a_hex_map_go_to_the_neighbour_in_that_direction():
    assert next_target(HEXES, "h11", "ArrowRight") == "h21"
    assert next_target(HEXES, "h11", "ArrowLeft") == "h01"
    # up and down: the two neighbours at 30° tie; the left one (reading order) is taken
    assert next_target(HEXES, "h11", "ArrowUp") == "h10"  # up-left (x 17.3) before up-right (x 34.6)
    assert next_target(HEXES, "h11", "ArrowDown") == "h02"  # down-left before down-right


def test_right_walks_a_row_goes_on_to_the_right_then_wraps_to_the_start_of_the_row():
    walk = ["h01"]
    while len(walk) < 6:
        walk.append(next_target(HEXES, walk[-1], "ArrowRight"))
    # along row 1; then the hex down and to the right (still to the right); nothing right of it: its row's start
    assert walk == ["h01", "h11", "h21", "h22", "h02", "h12"]
    assert next_target(HEXES, "h00", "ArrowLeft") == "h20"  # the top row's left end wraps to its right end


def test_a_sparse_city_map_prefers_straight_ahead_over_nearer_but_sideways():
    city = {"docks": (0, 100), "market": (100, 100), "temple": (60, 60), "gate": (300, 104)}
    assert next_target(city, "docks", "ArrowRight") == "market"  # straight on, not the nearer-diagonal temple
    assert next_target(city, "market", "ArrowRight") == "gate"
    assert next_target(city, "docks", "ArrowUp") == "temple"  # nothing straight up: the one on that side
    # nothing above the temple: the wrap takes the target least to the side, farthest back (below)
    assert next_target(city, "temple", "ArrowUp") == "market"


def test_no_cursor_starts_at_the_first_or_last_target_and_enter_acts():
    assert reading_order(HEXES)[0] == "h00"
    assert next_target(HEXES, None, "ArrowDown") == "h00"
    assert next_target(HEXES, "gone", "ArrowLeft") == reading_order(HEXES)[-1]
    assert next_target({}, "h00", "ArrowLeft") is None
    assert next_target({"only": (1, 1)}, "only", "ArrowUp") == "only"
    assert cursor_key(HEXES, "h11", " ") == CursorStep("h11", "h11")
    assert cursor_key(HEXES, None, "Enter") == CursorStep(None, None)
    assert cursor_key(HEXES, "h11", "ArrowRight") == CursorStep("h21", None)
    assert cursor_key(HEXES, "h11", "Escape") is None and next_target(HEXES, "h11", "x") == "h11"


points = st.dictionaries(st.integers(0, 40).map(lambda i: f"t{i}"),
                         st.tuples(st.integers(0, 20), st.integers(0, 20)).map(lambda p: (p[0] * 7.0, p[1] * 5.0)),
                         min_size=1, max_size=12).filter(lambda d: len(set(d.values())) == len(d))


@settings(max_examples=150, deadline=None)
@given(points)
def test_every_target_is_reachable_with_the_arrows_from_any_target(targets):
    for start in targets:
        seen, todo = {start}, [start]
        while todo:
            here = todo.pop()
            for key in ("ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown"):
                nxt = next_target(targets, here, key)
                assert nxt in targets
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        assert seen == set(targets)


def test_use_cursor_moves_acts_and_forgets_on_a_new_position(render):
    import solara

    from balada_widgets.ui import svg as S
    from balada_widgets.ui.board import Board
    from balada_widgets.ui.play import use_cursor

    acted, unused = [], []

    @solara.component
    def Page():
        version, set_version = solara.use_state(0)
        cursor, on_key = use_cursor(HEXES, lambda id_: (acted.append(id_), set_version(version + 1)), reset=version)
        marks = [S.circle(x, y, 4, data_id=i, class_="cursor" if i == cursor else "hex") for i, (x, y) in HEXES.items()]
        return Board(svg=S.svg(marks, 60, 40), on_click=acted.append,
                     on_key=lambda k: on_key(k) or unused.append(k), class_name="hexes", label="hexes")

    ui = render(Page())
    board = ui.board("hexes")
    board.emit_key("ArrowRight")
    assert 'data-id="h00" class="cursor"' in board.svg
    board.emit_key("ArrowDown")
    board.emit_key("ArrowRight")
    assert 'data-id="h11" class="cursor"' in board.svg
    board.emit_key("q")
    board.emit_key("Enter")
    assert acted == ["h11"] and unused == ["q"]
    assert 'class="cursor"' not in board.svg  # a new position: the cursor starts over
