"""``GET /api/loop/grid`` (gridlogic.web.loop_grids): the drawing of each of Loopy's grids for the studio,
and a clear 400 for a grid, a size or a parameter it does not take."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from gridlogic import GAMES
from gridlogic.loop.grids import BUILT_GRID_NAMES, build_grid, grid_type
from gridlogic.web.app import create_app

LOOP = GAMES["loop"]


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), raise_server_exceptions=False) as test_client:
        yield test_client


@pytest.mark.parametrize("name", BUILT_GRID_NAMES)
def test_each_grid_is_drawn_and_a_loopy_id_written_from_the_drawing_is_read_back(client, name) -> None:
    size = max(grid_type(name).least_both, grid_type(name).least_one, 3)
    answer = client.get("/api/loop/grid", params={"grid": name, "width": size, "height": size})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    grid = build_grid(name, size, size)
    assert data["loopyType"] == grid_type(name).number
    drawn = data["grid"]
    assert (drawn["name"], drawn["width"], drawn["height"]) == (name, size, size)
    assert len(drawn["faces"]) == len(grid.faces) and len(drawn["edges"]) == len(grid.edges)
    assert drawn["description"] == grid.description  # an aperiodic type's fixed patch, named
    # The page writes WxHtN:[description_]clues (every face blank: one "z" per 26 faces, then a letter).
    blanks, left = divmod(len(drawn["faces"]), 26)
    clues = "z" * blanks + (chr(ord("a") + left - 1) if left else "")
    prefix = f"{drawn['description']}_" if drawn["description"] is not None else ""
    problem = LOOP.read(f"{size}x{size}t{data['loopyType']}:{prefix}{clues}")
    if name != "square":  # a Loopy ID of squares is read as a puzzle on squares (the studio's own editor)
        assert problem.givens["grid"]["edges"] == drawn["edges"]


@pytest.mark.parametrize(("query", "words"), [
    ({"grid": "hexagons", "width": "3", "height": "3"}, "grid 'hexagons' is not one of square, triangular"),
    ({"grid": "honeycomb", "width": "3"}, "missing query parameter height"),
    ({"grid": "honeycomb", "width": "x", "height": "3"}, "width must be a whole number written in digits"),
    ({"grid": "honeycomb", "width": "21", "height": "3"}, "width must be a whole number from 1 to 20, not 21"),
    ({"grid": "hats", "width": "4", "height": "4"}, "width and height of a hats grid must both be at least 6"),
    ({"grid": "cairo", "width": "3", "height": "3"}, "at least one of width and height of a cairo grid"),
    ({"grid": "honeycomb", "width": "3", "height": "3", "seed": "1"}, "unknown query parameter 'seed'"),
])
def test_a_bad_query_is_a_400_that_says_what_is_allowed(client, query, words) -> None:
    answer = client.get("/api/loop/grid", params=query)
    assert answer.status_code == 400, answer.text
    assert words in answer.json()["error"]
