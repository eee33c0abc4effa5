"""Loop version 4 on Loopy's grids: its levels are Loopy's, every grid and level generates, each puzzle
proven unique by an independent SAT count, IDs and JSON read back, boards checked, bad input refused."""

from __future__ import annotations

import random
from pathlib import Path

import doctests
import pytest

from gridlogic import GAMES
from gridlogic.errors import InvalidParameters
from gridlogic.game.registry import puzzle_from_id
from gridlogic.loop import clue_removal
from gridlogic.loop.grids import BUILT_GRID_NAMES, build_grid, read_loopy_id
from gridlogic.loop.grids import sat as grids_sat
from gridlogic.loop.v4 import generator, ladder, play, region
from gridlogic.loop.v4 import hints as v4_hints
from gridlogic.loop.v4.generator import LEVELS, grade

DATA = Path(__file__).resolve().parents[2] / "data" / "loopy_grids"
LOOP = GAMES["loop"]


def smallest_for_every_level(name: str) -> tuple[int, int]:
    """The least W×W version 4 makes at every level on the grid (its own refusals say where)."""
    return next((side, side) for side in range(1, 31)
                if generator.offered(side, side, "expert", {"grid": name}) is None)


SMALL = {name: smallest_for_every_level(name) for name in BUILT_GRID_NAMES}


def test_the_docstrings_examples() -> None:
    for module in (ladder, region, generator, play, v4_hints, grids_sat):
        result = doctests.testmod(module)
        assert result.failed == 0 and result.attempted >= 1, module.__name__


def stored(name: str) -> list[tuple[str, str]]:
    """A grid's stored Loopy IDs with the level Loopy made each at: tools/loopy_grid_ids.py asks for them
    size by size, each size at Easy, Normal, Tricky and Hard in turn, the same number each."""
    lines = (DATA / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    per_case = len(lines) // 20
    return [(line.split("\t")[0], LEVELS[(i // per_case) % 4]) for i, line in enumerate(lines)]


@pytest.mark.parametrize("name", BUILT_GRID_NAMES)
def test_the_ladder_rates_loopys_puzzles_as_loopy_made_them(name: str) -> None:
    """Loopy made each at a difficulty: its solver finishes it there and not below. Ours must agree."""
    for loopy_id, made_at in stored(name):
        puzzle = read_loopy_id(loopy_id)
        assert grade(puzzle.grid, puzzle.clues).level == made_at, loopy_id


@pytest.mark.parametrize("name", BUILT_GRID_NAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_every_grid_and_level_generates_a_puzzle_proven_unique(name: str, level: str, sat_loops) -> None:
    width, height = SMALL[name]
    for k in range(2):
        puzzle = LOOP.generate((width, height), f"sweep-{k}", level, version=4, grid=name)
        assert puzzle.level == level and puzzle.grid == name
        assert LOOP.verify(puzzle)
        loops = sat_loops(puzzle.graph, puzzle.clues)
        assert [sorted(loop) for loop in loops] == [[e for e, on in enumerate(puzzle.edges()) if on]]
        if level != "easy":
            assert grade(puzzle.graph, puzzle.clues, LEVELS.index(level) - 1).level == level


def test_a_puzzle_reads_back_from_its_id_and_its_json() -> None:
    puzzle = LOOP.generate((4, 4), "round-trip", "medium", version=4, grid="kites")
    assert puzzle.id == "loop.4.4x4k.medium.round-trip"
    assert puzzle_from_id(puzzle.id) == puzzle
    assert LOOP.from_dict(puzzle.to_dict()) == puzzle


def test_the_same_seed_on_another_grid_is_another_puzzle() -> None:
    a = LOOP.generate((5, 5), "same", "easy", version=4, grid="square")
    b = LOOP.generate((5, 5), "same", "easy", version=4, grid="honeycomb")
    assert a.id != b.id and len(a.graph.edges) != len(b.graph.edges)


def test_a_json_whose_clues_do_not_fit_its_answer_is_refused() -> None:
    data = LOOP.generate((3, 3), "json", "easy", version=4, grid="honeycomb").to_dict()
    clue = next(f for f, k in enumerate(data["clues"]) if k is not None)
    data["clues"][clue] = (data["clues"][clue] + 1) % 6
    with pytest.raises(InvalidParameters, match="the answer gives"):
        LOOP.from_dict(data)
    data = LOOP.generate((3, 3), "json", "easy", version=4, grid="honeycomb").to_dict()
    data["grid"] = "hexagons"
    with pytest.raises(InvalidParameters, match="'grid'"):
        LOOP.from_dict(data)


@pytest.mark.parametrize(("size", "options", "says"), [
    ((2, 2), {"grid": "honeycomb"}, "at least 3"),
    ((5, 5), {"grid": "hexagons"}, "grid must be one of"),
    ((30, 30), {"grid": "kites"}, "at most 1000 faces"),
])
def test_sizes_and_grids_it_cannot_make_are_refused_clearly(size, options, says) -> None:
    with pytest.raises(InvalidParameters, match=says):
        LOOP.generate(size, "s", "easy", version=4, **options)


def test_a_board_is_checked_on_the_grid() -> None:
    puzzle = LOOP.generate((4, 3), "check", "hard", version=4, grid="cairo")
    edges = puzzle.edges()
    assert LOOP.check(puzzle, {"edges": edges})["solved"]
    assert LOOP.check(puzzle, {"edges": [2 if e == 0 else 1 for e in edges]})["solved"]  # crosses are no line
    broken = edges[:]
    broken[edges.index(1)] = 0
    verdict = LOOP.check(puzzle, {"edges": broken})
    assert not verdict["solved"] and len(verdict["badVertices"]) == 2
    assert LOOP.min_moves(puzzle) == sum(edges)
    with pytest.raises(InvalidParameters, match="board.edges"):
        LOOP.check(puzzle, {"edges": edges[:-1]})
    with pytest.raises(InvalidParameters, match="board.edges"):
        LOOP.check(puzzle, {"edges": [3] * len(edges)})


def test_the_drawings_show_every_face_and_clue() -> None:
    puzzle = LOOP.generate((3, 3), "draw", "easy", version=4, grid="octagonal")
    svg = LOOP.render_svg(puzzle, False)
    assert svg.count("<polygon") == len(puzzle.graph.faces)
    assert svg.count("<text") == sum(k is not None for k in puzzle.clues)
    assert "<line" not in svg and LOOP.render_svg(puzzle, True).count("<line") == sum(puzzle.edges())
    text = LOOP.render_text(puzzle, True)
    assert text.startswith("octagonal 3x3") and "loop: " in text
    shown = [clue for line in text.splitlines()[1:] if not line.startswith(("clues", "loop")) for clue in line.split()]
    assert sorted(shown) == sorted("." if k is None else str(k) for k in puzzle.clues)  # every face on the map


def test_the_clue_map_of_the_docstring() -> None:
    """play.clue_map's example: clues where their faces lie, on squares and on a honeycomb."""
    assert play.clue_map(build_grid("square", 3, 3), (2, None, None, 1, None, 1, None, 2, 0)) == [
        "2 . .", "1 . 1", ". 2 0"]
    assert play.clue_map(build_grid("honeycomb", 3, 3), (None, None, None, 4, 3, 4, None, 0, None)) == [
        ".      .", "   .", "4      4", "   3", ".      .", "   0"]


def test_removal_by_blocks_keeps_what_the_clue_by_clue_pass_keeps() -> None:
    """The block pass against Loopy's one-clue-at-a-time pass, from fresh boards, on random orders."""
    rng = random.Random(4)
    for name in ("honeycomb", "triangular", "kites"):
        grid = build_grid(name, *SMALL[name])
        for case in range(6):
            full = region.boundary_counts(grid, {f for f, on in enumerate(region.grow_region(grid, rng.random)) if on})
            level = case % 4
            if not ladder.finishes(grid, full, level):
                continue
            order = list(range(len(full)))
            rng.shuffle(order)
            by_blocks: list[int | None] = list(full)
            clue_removal.remove_clues(by_blocks, order, lambda shown, g=grid, lv=level: ladder.Board(g, shown, lv))
            one_by_one: list[int | None] = list(full)
            for f in order:
                k, one_by_one[f] = one_by_one[f], None
                if not ladder.finishes(grid, one_by_one, level):
                    one_by_one[f] = k
            assert by_blocks == one_by_one


def test_a_region_may_join_only_along_one_stretch() -> None:
    grid = build_grid("honeycomb", 3, 3)
    rng = random.Random(9)
    for _ in range(20):
        inside = {f for f, on in enumerate(region.grow_region(grid, rng.random)) if on}
        loop = region.loop_edges(grid, inside)
        assert play.check(type("P", (), {"graph": grid, "clues": (None,) * len(grid.faces)})(),
                          {"edges": list(loop)})["solved"]


@pytest.mark.parametrize("name", BUILT_GRID_NAMES)
def test_a_walk_through_reaches_the_answer_at_the_puzzles_level(name: str) -> None:
    from gridlogic.game.record import Problem

    puzzle = LOOP.generate(SMALL[name], "walk", "expert", version=4, grid=name)
    walk = LOOP.hints.explain(Problem("loop", puzzle.width, puzzle.height, puzzle.givens(), "generated"), 4)
    assert walk.status == "solved" and walk.level == "expert"
    drawn = {m.index: m.value for step in walk.steps for m in step.decides}
    assert [drawn[e] for e in range(len(puzzle.graph.edges))] == puzzle.edges()
    for step in walk.steps:
        assert step.evidence and step.explanation.en and step.explanation.de != step.explanation.en


def test_a_hint_names_a_mistake_then_steps_to_solved() -> None:
    puzzle = LOOP.generate((4, 4), "hint", "hard", version=4, grid="honeycomb")
    answer = puzzle.edges()
    board = LOOP.hints.start(puzzle)
    assert board == {"edges": [0] * len(answer)}
    wrong = answer.index(0)
    wrong_dots = puzzle.graph.edges[wrong]
    board["edges"][wrong] = 1
    mistake = LOOP.hints.hint(puzzle, board)
    assert mistake.status == "mistake" and mistake.evidence[0].index == wrong
    assert mistake.explanation.en.startswith(f"The edge between dots {wrong_dots[0] + 1} and {wrong_dots[1] + 1}")
    board = LOOP.hints.apply(puzzle, board, mistake)
    assert board["edges"][wrong] == 0
    for _ in range(len(answer)):
        given = LOOP.hints.hint(puzzle, board)
        if given.status != "step":
            break
        assert all(answer[m.index] == m.value for m in given.decides)
        board = LOOP.hints.apply(puzzle, board, given)
    assert given.status == "solved"
