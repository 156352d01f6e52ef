"""The 2-D keyboard cursor over highlighted targets: hex maps, city maps, wrapping, every target reachable."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from balada_widgets.kit.cursor import CursorStep, cursor_key, next_target, reading_order, unreachable


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
                         min_size=1, max_size=10).filter(lambda d: len(set(d.values())) == len(d))
SIDE = {"ArrowRight": lambda a, b: b[0] > a[0], "ArrowLeft": lambda a, b: b[0] < a[0],
        "ArrowDown": lambda a, b: b[1] > a[1], "ArrowUp": lambda a, b: b[1] < a[1]}


@settings(max_examples=100, deadline=None)
@given(points)
def test_an_arrow_goes_to_its_side_when_a_target_is_there_and_page_down_visits_every_target(targets):
    for here, xy in targets.items():
        for key, on_side in SIDE.items():
            nxt = next_target(targets, here, key)
            assert nxt in targets
            if any(on_side(xy, other) for i, other in targets.items() if i != here):
                assert on_side(xy, targets[nxt]), (here, key, nxt)
    seen, here = [], reading_order(targets)[0]
    for _ in targets:
        seen.append(here)
        here = next_target(targets, here, "PageDown")
    assert sorted(seen) == sorted(targets) and here == seen[0]  # one cycle through all of them


def test_arrows_alone_reach_every_target_of_full_grids_and_hex_maps():
    square = {f"s{c}{r}": (c * 10.0, r * 10.0) for c in range(6) for r in range(5)}
    hexes = {f"h{q}_{r}": hex_centre(q, r) for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3}
    assert unreachable(square) == set() and unreachable(hexes) == set() and unreachable(HEXES) == set()


def test_a_target_tucked_between_two_others_is_reached_with_page_down():
    tucked = {"t0": (98.0, 0.0), "t1": (42.0, 35.0), "t2": (7.0, 0.0), "t3": (98.0, 55.0), "t4": (77.0, 50.0),
              "t5": (0.0, 60.0)}
    assert unreachable(tucked) == {"t0"}
    assert next_target(tucked, "t2", "PageDown") == "t0"  # reading order: t2, t0, t1, t4, t3, t5
    assert [cursor_key(tucked, "t5", k).cursor for k in ("PageDown", "PageUp", "Home", "End")] == \
        ["t2", "t3", "t2", "t5"]


def test_use_cursor_moves_acts_and_forgets_on_a_new_position(render):
    import solara

    from balada_widgets.kit import svg
    from balada_widgets.ui.board import Board
    from balada_widgets.ui.play import use_cursor

    acted, unused = [], []

    @solara.component
    def Page():
        version, set_version = solara.use_state(0)
        cursor, on_key = use_cursor(HEXES, lambda id_: (acted.append(id_), set_version(version + 1)), reset=version)
        marks = [svg.circle(x, y, 4, data_id=i, class_="cursor" if i == cursor else "hex") for i, (x, y) in HEXES.items()]
        return Board(svg=svg.svg(marks, 60, 40), on_click=acted.append,
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
