from gridlogic.loop.board import (
    clues_of_region,
    grid,
    inside_of_loop,
    loop_of_region,
    validate_loop,
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
