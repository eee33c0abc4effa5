from gridlogic.loop.board import (
    clue_mismatches,
    clues_of_region,
    cycles_of,
    grid,
    inside_of_loop,
    loop_of_region,
    validate_loop,
    vertex_degrees,
)


def test_docstring_example():
    edges = loop_of_region([1, 0, 0, 0], 2, 2)
    assert [e for e, on in enumerate(edges) if on] == [0, 2, 6, 7]
    assert clues_of_region([1, 0, 0, 0], 2, 2) == [4, 1, 1, 0]


def test_edge_numbering_matches_the_game_surface():
    g = grid(3, 2)
    # horizontal (r, c) is r*w + c; vertical (r, c) follows the (h+1)*w horizontal ones
    assert g.horizontal(2, 1) == 7 and g.vertical(1, 3) == 9 + 4 + 3
    assert g.cell_edges[4] == (g.horizontal(1, 1), g.vertical(1, 2), g.horizontal(2, 1), g.vertical(1, 1))
    assert g.edge_count == 9 + 8 and g.vertex_count == 12


def test_regions_and_loops_are_inverse(checkers):
    for w, h in ((3, 3), (4, 3)):
        for region in checkers.regions(w, h):
            edges = loop_of_region(region, w, h)
            assert validate_loop(edges, [None] * (w * h), w, h)
            assert tuple(inside_of_loop(edges, w, h)) == region
            assert clues_of_region(region, w, h) == checkers.clues_of(region, w, h)


def test_validate_loop_rejects_two_loops_branches_and_wrong_clues():
    w, h = 3, 1
    two = loop_of_region([1, 0, 1], w, h)
    assert not validate_loop(two, [None] * 3, w, h)
    assert not validate_loop([0] * grid(w, h).edge_count, [None] * 3, w, h)
    one = loop_of_region([1, 1, 0], w, h)
    assert validate_loop(one, [3, 3, 1], w, h)
    assert not validate_loop(one, [3, 3, 0], w, h)
    corner = loop_of_region([1, 0, 0, 1], 2, 2)  # touches itself at the middle vertex
    assert not validate_loop(corner, [None] * 4, 2, 2)
    assert not validate_loop(one[:-1], [None] * 3, w, h)


def test_clue_mismatches_lists_the_unmet_clued_cells_in_order():
    w, h = 3, 1
    g = grid(w, h)
    one = loop_of_region([1, 1, 0], w, h)  # clues 3 3 1
    assert list(clue_mismatches(one, [3, 3, 1], g)) == []
    assert list(clue_mismatches(one, [2, None, 0], g)) == [0, 2]
    # only a 1 is a line: a cross (2) counts as no line
    crossed = [2 if v == 0 else v for v in one]
    assert list(clue_mismatches(crossed, [3, 3, 1], g)) == []


def test_vertex_degrees_count_lines_only():
    g = grid(2, 2)
    corner = loop_of_region([1, 0, 0, 1], 2, 2)  # two squares touching at the middle vertex
    degree = vertex_degrees(corner, g)
    assert degree[4] == 4 and sorted(set(degree)) == [0, 2, 4]
    assert vertex_degrees([2] * g.edge_count, g) == [0] * g.vertex_count


def test_cycles_of_splits_a_drawing_into_sorted_cycles():
    w, h = 3, 1
    g = grid(w, h)
    two = loop_of_region([1, 0, 1], w, h)
    cycles = cycles_of(two, g)
    assert cycles == [sorted(g.cell_edges[0]), sorted(g.cell_edges[2])]
    assert cycles_of(loop_of_region([1, 1, 1], w, h), g) == [
        [e for e, on in enumerate(loop_of_region([1, 1, 1], w, h)) if on]
    ]
    assert cycles_of([0] * g.edge_count, g) == []
