"""Loop puzzles on Loopy's other grids played as imports: the ID carries the Loopy ID, the puzzle its
grid, clues and the inside of its one loop; check, hints and the fewest moves take it, on the API too."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from gridlogic import GAMES
from gridlogic.loop import grid_problems
from gridlogic.loop.imported import GridImportedPuzzle
from gridlogic.web.app import create_app

LOOP = GAMES["loop"]
DATA = Path(__file__).resolve().parents[2] / "data" / "loopy_grids"


def first_line(name: str) -> tuple[str, list[int]]:
    """The first Loopy ID of a grid's test data and the edges of its loop (as Loopy solved it)."""
    loopy_id, edges = (DATA / f"{name}.txt").read_text(encoding="utf-8").splitlines()[0].split("\t")
    return loopy_id, [int(e) for e in edges.split()]


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), raise_server_exceptions=False) as test_client:
        yield test_client


@pytest.mark.parametrize("name", ["honeycomb", "kites", "penrose-p3"])
def test_a_loopy_id_of_a_grid_is_imported_and_its_solution_checks_solved(client, name) -> None:
    loopy_id, loop = first_line(name)
    answer = client.post("/api/loop/import", json={"text": loopy_id})
    assert answer.status_code == 200, answer.text
    puzzle = answer.json()
    width, height = loopy_id.split("t")[0].split("x")
    assert puzzle["id"] == f"loop.import.{width}x{height}.puzzlink.{loopy_id}"
    assert puzzle["givens"]["grid"]["name"] == name and len(puzzle["givens"]["clues"]) == len(
        puzzle["givens"]["grid"]["faces"])
    again = client.get("/api/loop/puzzle", params={"id": puzzle["id"]})
    assert again.status_code == 200 and again.json() == puzzle
    solution = client.get("/api/loop/solution", params={"id": puzzle["id"]}).json()
    assert [e for e, on in enumerate(solution["edges"]) if on] == loop
    checked = client.post("/api/loop/check", json={"id": puzzle["id"], "board": {"edges": solution["edges"]},
                                                   "seconds": 5, "moves": 1000, "checks": 0, "revealed": False})
    assert checked.status_code == 200, checked.text
    assert checked.json()["solved"] is True and checked.json()["score"]["score"] > 0
    wrong = client.post("/api/loop/check", json={"id": puzzle["id"], "board": {"edges": [0] * len(loop)}})
    assert wrong.status_code == 400 and str(len(solution["edges"])) in wrong.json()["error"]


@pytest.mark.parametrize("name", ["honeycomb", "kites", "penrose-p3"])
def test_the_imported_puzzle_is_a_puzzle_on_a_grid(name) -> None:
    loopy_id, loop = first_line(name)
    puzzle = LOOP.make(LOOP.import_spec(LOOP.read(loopy_id)))
    assert isinstance(puzzle, GridImportedPuzzle)
    assert puzzle.text == loopy_id and puzzle.graph.name == name
    assert [e for e, on in enumerate(puzzle.edges()) if on] == loop
    assert puzzle.solution() == {"inside": list(puzzle.answer), "edges": puzzle.edges()}
    assert grid_problems.inside_of(puzzle.graph, puzzle.edges()) == list(puzzle.answer)
    assert LOOP.min_moves(puzzle) == len(loop)
    assert LOOP.from_dict(puzzle.to_dict()) == puzzle
    solved = LOOP.check(puzzle, LOOP.parse_board(puzzle.width, puzzle.height, {"edges": puzzle.edges()}))
    assert solved["solved"] is True
    assert "<polygon" in LOOP.render_svg(puzzle, True) and "loop:" in LOOP.render_text(puzzle, True)


def test_hints_solve_an_imported_honeycomb_to_the_end() -> None:
    loopy_id, _ = first_line("honeycomb")
    puzzle = LOOP.make(LOOP.import_spec(LOOP.read(loopy_id)))
    hints = LOOP.hints
    board = hints.start(puzzle)
    for _ in range(200):
        given = hints.hint(puzzle, board)
        if given.status == "solved":
            break
        assert given.status == "step", given
        board = hints.apply(puzzle, board, given)
    assert LOOP.check(puzzle, board)["solved"] is True


def test_an_imported_grid_puzzle_has_hints_a_walk_through_and_a_pdf(client) -> None:
    loopy_id, _ = first_line("honeycomb")
    puzzle_id = client.post("/api/loop/import", json={"text": loopy_id}).json()["id"]
    edges = len(grid_problems.grid_of(LOOP.read(loopy_id)).edges)
    hint = client.post("/api/loop/hint", json={"id": puzzle_id, "board": {"edges": [0] * edges}})
    assert hint.status_code == 200, hint.text
    assert hint.json()["hint"]["status"] == "step" and len(hint.json()["board"]["edges"]) == edges
    walk = client.get("/api/loop/explain", params={"id": puzzle_id})
    assert walk.status_code == 200, walk.text
    walked = walk.json()["walkthrough"]
    assert walked["level"] in ("easy", "medium", "hard", "expert") and walked["status"] == "solved" and walked["steps"]
    pdf = client.get("/api/loop/pdf", params={"id": puzzle_id})
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_a_grid_puzzle_with_several_loops_is_refused_in_words(client) -> None:
    answer = client.post("/api/loop/import", json={"text": "3x3t2:b4f"})
    assert answer.status_code == 422
    assert "more than one loop" in answer.json()["error"]


def test_an_id_whose_text_is_not_written_as_loopy_writes_it_is_refused(client) -> None:
    loopy_id, _ = first_line("honeycomb")
    answer = client.get("/api/loop/puzzle", params={"id": "loop.import.4x3.puzzlink." + loopy_id})
    assert answer.status_code == 400 and "is a 3x3 board, not 4x3" in answer.json()["error"]


# The studio on a grid: analysis, fixes (one more face's clue of the design's loop) and thin (v4's ladder).

SEVERAL = "3x3t2:b4f"  # Loopy's 3x3 honeycomb with one clue, a 4 on face 2: several loops


def full_clues(name: str) -> str:
    """The Loopy ID of a grid's first test puzzle with every face's clue of its loop shown."""
    loopy_id, loop = first_line(name)
    problem = LOOP.read(loopy_id)
    graph = grid_problems.grid_of(problem)
    on = set(loop)
    every = [sum(1 for e in edges if e in on) for edges in graph.face_edges]
    return LOOP.exports["loopy"](problem.__class__("loop", problem.width, problem.height,
                                                   {**problem.givens, "clues": every}, "loopy"))


def test_analyse_a_grid_with_several_loops_gives_the_edges_where_two_differ(client) -> None:
    found = client.post("/api/loop/analyse", json={"text": SEVERAL}).json()
    assert found["verdict"] == "several" and found["format"] == "loopy" and found["id"] is None
    edges = len(grid_problems.grid_of(LOOP.read(SEVERAL)).edges)
    assert found["difference"] and all(mark["kind"] == "edge" and 0 <= mark["index"] < edges
                                       for mark in found["difference"])


def test_the_first_change_shows_a_face_beside_the_difference() -> None:
    from gridlogic.loop.studio import changes
    from gridlogic.studio import analyse

    problem = LOOP.read(SEVERAL)
    verdict = LOOP.solve(problem)
    difference = analyse(LOOP, problem).difference
    first = next(iter(changes(problem, verdict.solutions[0], difference)))
    graph = grid_problems.grid_of(problem)
    (mark,) = first.marks
    assert mark.kind == "clue" and problem.givens["clues"][mark.index] is None
    assert any(mark.index in graph.edge_faces[edge.index] for edge in difference)
    assert mark.value == sum(verdict.solutions[0][e] for e in graph.face_edges[mark.index])
    assert first.problem.givens["grid"] == problem.givens["grid"] and first.problem.goal == verdict.solutions[0]


def test_fixes_on_a_grid_are_proven_unique_and_play(client) -> None:
    found = client.post("/api/loop/fixes", json={"text": SEVERAL}).json()
    assert found["verdict"] == "several" and found["fixes"], found
    assert [fix["text"] for fix in found["fixes"]] == ["3x3t2:5a435d"]  # loop/studio.py's docstring: three clues
    for fix in found["fixes"]:
        assert all(mark["kind"] == "clue" for mark in fix["changes"])
        assert LOOP.solve(LOOP.read(fix["text"])).status == "unique"
        assert fix["id"] == f"loop.import.3x3.puzzlink.{fix['text']}"
        assert client.get("/api/loop/puzzle", params={"id": fix["id"]}).status_code == 200


def test_fixes_keep_the_loop_the_maker_means() -> None:
    from gridlogic.studio import fixes

    problem = LOOP.read(SEVERAL)
    verdict = LOOP.solve(problem)
    goal = verdict.solutions[1]  # not the solver's first: the fixes must show this loop's clues
    found = fixes(LOOP, problem.__class__("loop", 3, 3, problem.givens, "loopy", tuple(goal)))
    assert found.fixes
    graph = grid_problems.grid_of(problem)
    for fix in found.fixes:
        fixed = LOOP.solve(LOOP.read(fix.text))
        assert fixed.status == "unique" and tuple(fixed.solutions[0]) == tuple(goal)
        for mark in fix.changes:
            assert mark.value == sum(goal[e] for e in graph.face_edges[mark.index])


@pytest.mark.parametrize("name", ["kites", "penrose-p3"])
def test_thin_on_a_grid_hides_clues_by_version_4s_ladder(client, name) -> None:
    every = full_clues(name)
    faces = len(grid_problems.grid_of(LOOP.read(every)).faces)
    for level in ("easy", "expert"):
        answer = client.post("/api/loop/thin", json={"text": every, "level": level})
        assert answer.status_code == 200, answer.text
        data = answer.json()
        assert data["status"] == "thinned" and data["hidden"] and len(data["hidden"]) < faces
        assert data["level"] in ("easy", "medium", "hard", "expert")[:("easy", "expert").index(level) * 3 + 1]
        left = LOOP.read(data["text"])
        assert all(left.givens["clues"][mark["index"]] is None for mark in data["hidden"])
        assert LOOP.solve(left).status == "unique" and data["id"].endswith(data["text"])


def test_thin_on_a_grid_is_always_the_same() -> None:
    from gridlogic.studio import thin

    every = LOOP.read(full_clues("kites"))
    assert thin(LOOP, every, "hard") == thin(LOOP, every, "hard")


def test_thin_says_when_the_level_cannot_finish_a_grid_puzzle(client) -> None:
    data = client.post("/api/loop/thin", json={"text": SEVERAL, "level": "expert"}).json()  # several loops
    assert data["status"] == "unfinished" and data["hidden"] == []


def test_analyse_a_unique_grid_puzzle_gives_its_level_and_play_id(client) -> None:
    loopy_id, _ = first_line("honeycomb")
    found = client.post("/api/loop/analyse", json={"text": loopy_id})
    assert found.status_code == 200, found.text
    data = found.json()
    assert data["verdict"] == "unique" and data["level"] in ("easy", "medium", "hard", "expert")
    assert data["id"] == f"loop.import.3x3.puzzlink.{loopy_id}" and data["exports"] == {"loopy": loopy_id}


def test_a_goal_drawn_on_a_grid_is_taken_by_the_api(client) -> None:
    verdict = LOOP.solve(LOOP.read(SEVERAL))
    found = client.post("/api/loop/fixes", json={"text": SEVERAL, "goal": list(verdict.solutions[1])})
    assert found.status_code == 200, found.text
