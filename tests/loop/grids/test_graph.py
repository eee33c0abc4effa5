"""Every tiling we build is a proper disc of faces, and the table of grid types is Loopy's."""

from __future__ import annotations

import doctests
import pytest

from gridlogic.errors import InvalidParameters
from gridlogic.loop.grids import (
    BUILT_GRID_NAMES,
    GRID_NAMES,
    GridBuilder,
    build_grid,
    catalogue,
    graph,
    grid_type,
    tilings,
)
from gridlogic.loop.grids.graph import Grid


def test_the_docstrings_examples() -> None:
    for module in (graph, tilings, catalogue):
        result = doctests.testmod(module)
        assert result.failed == 0 and result.attempted >= 2


def test_the_builder_example_numbers_as_loopy_does() -> None:
    b = GridBuilder()
    b.add_face([(0, 0), (1, 0), (1, 1), (0, 1)])
    b.add_face([(1, 0), (2, 0), (2, 1), (1, 1)])
    g = b.build()
    assert g.edges == ((0, 1), (1, 2), (2, 3), (3, 0), (1, 4), (4, 5), (5, 2))
    assert g.face_edges == ((0, 1, 2, 3), (4, 5, 6, 1))
    assert g.edge_faces[1] == (0, 1) and g.dot_edges[1] == (0, 1, 4)


def sizes(name: str) -> list[tuple[int, int]]:
    t = grid_type(name)
    low = t.least_both
    return [(w, h) for w in range(low, low + 4) for h in range(low, low + 4) if max(w, h) >= t.least_one]


def rim_is_one_cycle(g: Grid) -> bool:
    rim = [e for e, fs in enumerate(g.edge_faces) if len(fs) == 1]
    at: dict[int, list[int]] = {}
    for e in rim:
        for d in g.edges[e]:
            at.setdefault(d, []).append(e)
    if any(len(es) != 2 for es in at.values()):
        return False
    seen, todo = {rim[0]}, [rim[0]]
    while todo:
        for d in g.edges[todo.pop()]:
            for e in at[d]:
                if e not in seen:
                    seen.add(e)
                    todo.append(e)
    return len(seen) == len(rim)


@pytest.mark.parametrize("name", BUILT_GRID_NAMES)
def test_every_size_is_a_disc_of_faces(name: str) -> None:
    for w, h in sizes(name):
        g = build_grid(name, w, h)
        assert (g.name, g.width, g.height) == (name, w, h)
        for corners, edges in zip(g.faces, g.face_edges, strict=True):
            assert len(corners) == len(edges) >= 3 and len(set(corners)) == len(corners)
            for k, e in enumerate(edges):  # edge k joins corners k and k + 1
                assert set(g.edges[e]) == {corners[k], corners[(k + 1) % len(corners)]}
        assert all(1 <= len(fs) <= 2 for fs in g.edge_faces)
        assert all(len(es) >= 2 for es in g.dot_edges)
        assert len(g.dots) - len(g.edges) + len(g.faces) == 1  # Euler, for a disc
        assert rim_is_one_cycle(g)
        assert len(set(g.dots)) == len(g.dots)


def test_the_table_is_loopys_list() -> None:
    assert GRID_NAMES == ("square", "triangular", "honeycomb", "snub-square", "cairo", "great-hexagonal",
                          "octagonal", "kites", "floret", "dodecagonal", "great-dodecagonal", "penrose-p2",
                          "penrose-p3", "great-great-dodecagonal", "kagome", "compass-dodecagonal", "hats", "spectres")
    assert [grid_type(n).number for n in GRID_NAMES] == list(range(18))
    assert grid_type(7).name == "kites"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("hexagons", 3, 3), "grid 'hexagons' is not one of square, triangular"),
        ((18, 3, 3), "t18 does not exist"),
        (("square", 3, 3, "0"), "a square grid has no grid description, but .0. was given"),
        (("floret", 1, 1), "at least one of width and height of a floret grid must be at least 2"),
        (("square", 3, 2.5), "height 2.5 of a square grid is not a whole number"),
        (("square", True, 3), "width True"),
    ],
)
def test_bad_requests_get_a_clear_error(args: tuple, message: str) -> None:
    with pytest.raises(InvalidParameters, match=message):
        build_grid(*args)


def test_grids_print_their_shape() -> None:
    assert repr(build_grid("kites", 3, 3)) == "<Grid kites 3x3: 54 faces, 130 edges, 77 dots>"
