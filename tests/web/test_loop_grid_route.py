"""``GET /api/loop/grid`` (gridlogic.web.studio over gridlogic.loop.studio): the list of Loopy's grids and
the sizes each takes (a floret from 1 wide), the drawing of each grid for the studio, built in a worker
under admission (a ``grid`` of the size asked) unless kept from before, and a clear 400 for a grid, a size
or a parameter it does not take."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from gridlogic import GAMES
from gridlogic.loop.grids import BUILT_GRID_NAMES, build_grid, grid_type
from gridlogic.web.admission import CostKey
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


def grid_work(client, query: dict[str, str]):
    """The answer to a grid request and the admission's decisions on the client's work (the ready stock's
    generations, in the background, left out)."""
    seen = []
    admission = client.app.state.admission
    admission.observers.append(seen.append)
    try:
        answer = client.get("/api/loop/grid", params=query)
    finally:
        admission.observers.remove(seen.append)
    return answer, [decision for decision in seen if decision.requester is not None]


def test_the_list_of_grids_gives_each_grid_the_sizes_loopy_allows_and_builds_nothing(client) -> None:
    answer, admitted = grid_work(client, {})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert [grid["name"] for grid in data["grids"]] == list(BUILT_GRID_NAMES) and data["most"] == 20
    for grid in data["grids"]:
        kind = grid_type(grid["name"])
        limits = (kind.number, kind.least_both, kind.least_one)
        assert (grid["loopyType"], grid["leastBoth"], grid["leastOne"]) == limits
    floret = next(grid for grid in data["grids"] if grid["name"] == "floret")
    assert (floret["leastBoth"], floret["leastOne"]) == (1, 2)  # a floret grid 1 wide is one Loopy makes
    assert admitted == []


@pytest.mark.parametrize(("width", "height"), [(1, 2), (2, 1), (1, 20)])
def test_a_floret_one_wide_is_drawn(client, width, height) -> None:
    answer = client.get("/api/loop/grid", params={"grid": "floret", "width": width, "height": height})
    assert answer.status_code == 200, answer.text
    assert len(answer.json()["grid"]["faces"]) == len(build_grid("floret", width, height).faces)


def test_a_grid_not_kept_is_built_under_admission_and_then_answered_at_once(client) -> None:
    query = {"grid": "kagome", "width": "7", "height": "5"}
    answer, admitted = grid_work(client, query)
    assert answer.status_code == 200, answer.text
    assert [(decision.kind, decision.key) for decision in admitted] == [("grid", CostKey("loop", 0, 7, 5, "kagome"))]
    again, admitted_again = grid_work(client, query)
    assert again.json() == answer.json() and admitted_again == []  # kept: no work


def test_a_size_the_grid_does_not_take_is_refused_by_the_game_in_words(client) -> None:
    answer, admitted = grid_work(client, {"grid": "floret", "width": "1", "height": "1"})
    assert answer.status_code == 400
    assert answer.json()["error"] == "at least one of width and height of a floret grid must be at least 2, not 1x1"
    assert [decision.key for decision in admitted] == [CostKey("loop", 0, 1, 1, "floret")]


def test_the_grid_route_takes_all_of_its_parameters_or_none(client) -> None:
    answer = client.get("/api/loop/grid", params={"width": "3", "height": "3"})
    assert answer.status_code == 400
    assert answer.json()["error"] == ("missing query parameter grid; the parameters are grid, width, height "
                                      "(or none, for the list of grids)")
    assert client.get("/api/pattern/grid").json()["error"] == (
        "the Pattern studio designs on its own boards only; it has no other grids")
