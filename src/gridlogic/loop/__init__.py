"""Loop: draw one closed loop on the grid's edges; a number tells how many of its cell's sides it uses.

Known elsewhere as slitherlink. Two generator versions, designed for gridlogic
(the seed articles only mention Loop in passing): version 1 (square boards
5 to 10, three levels) and version 2 (:mod:`.v2`: any W×H from 4 to 30, four
levels defined by technique, fast). Version 2 is asked for by number
(``version=2``, ``--version 2``, a version field); without one, every call,
request and link still means version 1 (``latest`` and ``unversioned``), until
the page and the tests that name version 1's outputs move to version 2. Modules: :mod:`.board`
(geometry, clues, the loop check), :mod:`.engine` (one board's state, its
rules and trail), :mod:`.colouring` (the inside/outside rule), :mod:`.solver`
(propagation by technique class, search with budgets, any W×H board),
:mod:`.general` (proven verdicts, with the SAT back end :mod:`.sat`),
:mod:`.difficulty` (grading), :mod:`.generator` (grow a region, remove
clues, prove uniqueness), :mod:`.formats` (puzz.link URLs, Loopy IDs, text,
JSON), :mod:`.render` (text and SVG). The
game's entry in :data:`gridlogic.GAMES` is built at the end of this module.

>>> from gridlogic import loop
>>> loop.solve_grid([3, None, 3, None], 2, 2).status
'unique'
>>> loop.solve([None] * 4, 2).status
'several'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gridlogic.errors import InvalidParameters
from gridlogic.game.record import Game, Problem, Version, graded_level_of
from gridlogic.loop import v2
from gridlogic.loop.board import (
    Grid,
    clues_of_region,
    grid,
    inside_of_loop,
    loop_of_region,
    validate_loop,
)
from gridlogic.loop.difficulty import Grade, grade, solvable_at
from gridlogic.loop.formats import (
    MAX_SIDE,
    LoopPuzzleFile,
    from_loopy_id,
    from_olson_collection,
    from_puzzlink,
    from_text_grid,
    looks_inline,
    read_puzzle,
    to_loopy_id,
    to_puzzlink,
    to_text_grid,
)
from gridlogic.loop.general import solve_general
from gridlogic.loop.generator import (
    DEFAULT_SIZE,
    DIFFICULTIES,
    FINAL_CHECK_NODES,
    PRESET_SIZES,
    SIZES,
    VERSION,
    Metrics,
    Puzzle,
    check,
    final_check,
    grow_region,
    min_moves,
    parse_board,
    solution_of_edges,
)
from gridlogic.loop.generator import make as make_v1
from gridlogic.loop.generator import puzzle_from_dict as puzzle_from_dict_v1
from gridlogic.loop.generator import verify as verify_v1
from gridlogic.loop.hints import HINTS
from gridlogic.loop.imported import imports
from gridlogic.loop.render import board_svg, board_text
from gridlogic.loop.solver import EXAMPLES, Deduction, SolveResult, deduce, solve_grid
from gridlogic.loop.v2 import generator as v2_generator
from gridlogic.params import parse_json
from gridlogic.verdict import Verdict

DEFAULT_NODE_LIMIT = 100_000


def solve(clues: Sequence[int | None], n: int, node_limit: int = DEFAULT_NODE_LIMIT) -> SolveResult:
    """Solve an n×n board (flat clues, None for blank): up to two solutions, ``nodes``, ``truncated``.

    ``.to_dict()["solutions"]`` gives each solution as its inside region (n×n 0/1).
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise InvalidParameters(f"n must be a positive int, not {n!r}")
    return solve_grid(clues, n, n, node_limit=node_limit)


AnyPuzzle = Puzzle | v2_generator.Puzzle


def render_text(puzzle: AnyPuzzle, solution: bool = False) -> str:
    """Dots and clues; with ``solution=True`` the loop is drawn in."""
    edges = puzzle.edges() if solution else None
    return board_text(puzzle.clues, puzzle.width, puzzle.height, edges) + "\n"


def render_svg(puzzle: AnyPuzzle, solution: bool = False) -> str:
    if solution:
        return board_svg(puzzle.clues, puzzle.width, puzzle.height, puzzle.edges(), puzzle.answer)
    return board_svg(puzzle.clues, puzzle.width, puzzle.height)


def read_problem(text: str) -> Problem:
    """A slitherlink in any format :func:`~.formats.read_puzzle` reads, as a :class:`Problem`."""
    return _problem(read_puzzle(text))


def _problem(found: LoopPuzzleFile) -> Problem:
    return Problem("loop", found.width, found.height, {"clues": list(found.clues)}, found.source)


def read_file(name: str, text: str) -> list[tuple[str, Problem]] | None:
    """An Olson collection (a ``.json`` list), a ``.json`` Loop puzzle (with ``clues``) or a ``.txt``
    puzz.link URL or Loopy ID; else None."""
    if name.endswith(".json"):
        data = parse_json(text, "the file")
        if isinstance(data, list):
            return [(str(k), _problem(p)) for k, p in enumerate(from_olson_collection(data, name))]
        if not isinstance(data, dict) or "clues" not in data or "rowClues" in data:
            return None
    elif not (name.endswith(".txt") and looks_inline(text)):
        return None
    return [("", read_problem(text))]


def solve_problem(problem: Problem, *, budget: float | None = None, node_limit: int | None = None,
                  sat: bool = False) -> Verdict:
    """The general solver (:mod:`.general`): native rules and search, then SAT."""
    return solve_general(problem.givens["clues"], problem.width, problem.height, time_limit=budget,
                         node_limit=FINAL_CHECK_NODES if node_limit is None else node_limit, sat=sat)


def solution_form(problem: Problem, solution: Sequence[int]) -> dict[str, Any]:
    return solution_of_edges(solution, problem.width, problem.height)


def render_solution(problem: Problem, solution: Sequence[int]) -> str:
    return board_text(problem.givens["clues"], problem.width, problem.height, list(solution))


EXPORTS = {  # what other software reads: pzprjs / puzz.link, and Simon Tatham's Loopy
    "puzzlink": lambda problem: to_puzzlink(problem.givens["clues"], problem.width, problem.height),
    "loopy": lambda problem: to_loopy_id(problem.givens["clues"], problem.width, problem.height),
}

VERSION_1 = Version(
    number=VERSION,
    summary="grow a region, remove clues while the level's rules still finish, prove it unique",
    sides=SIZES,
    presets=PRESET_SIZES,
    default_size=DEFAULT_SIZE,
    difficulties=DIFFICULTIES,
    make=make_v1,
    from_dict=puzzle_from_dict_v1,
    verify=verify_v1,
)

VERSION_2 = Version(
    number=v2_generator.VERSION,
    summary="any width and height from 4 to 30, four levels by technique (easy, medium, hard, expert), "
            "hard from 24 cells; every seed makes a puzzle, proven unique",
    sides=v2_generator.SIDES,
    presets=v2_generator.PRESETS,
    default_size=v2_generator.DEFAULT_SIZE,
    difficulties=v2_generator.DIFFICULTIES,
    make=v2_generator.make,
    from_dict=v2_generator.from_dict,
    verify=v2_generator.verify,
    rectangular=True,
    offered=v2_generator.offered,
)

GAME = Game(
    name="loop",
    title="Loop",
    summary="draw one loop that meets every number (slitherlink)",
    versions={VERSION: VERSION_1, v2_generator.VERSION: VERSION_2},
    latest=v2_generator.VERSION,
    unversioned=VERSION,
    seconds_per_cell=8,
    solution_noun="loop",
    formats="a puzz.link URL, a Loopy game ID, a text grid or gridlogic JSON",
    level_of=graded_level_of,
    parse_board=parse_board,
    check=check,
    min_moves=min_moves,
    render_text=render_text,
    render_svg=render_svg,
    read=read_problem,
    read_file=read_file,
    looks_inline=looks_inline,
    solve=solve_problem,
    solution_form=solution_form,
    render_solution=render_solution,
    max_side=MAX_SIDE,
    solve_options=("budget", "node_limit", "sat"),
    default_node_limit=FINAL_CHECK_NODES,
    imports=imports(read_problem),
    hints=HINTS,
    exports=EXPORTS,
)
generate = GAME.generate

__all__ = [
    "DEFAULT_NODE_LIMIT", "EXAMPLES", "GAME", "Deduction", "Grade", "Grid", "LoopPuzzleFile", "Metrics",
    "Puzzle", "SolveResult", "board_svg", "board_text", "check", "clues_of_region", "deduce", "final_check",
    "from_loopy_id", "from_puzzlink", "from_text_grid", "generate", "grade", "grid", "grow_region",
    "inside_of_loop", "loop_of_region", "min_moves", "read_problem", "read_puzzle",
    "render_svg", "render_text", "solvable_at", "solve", "solve_grid", "to_loopy_id", "to_puzzlink",
    "to_text_grid", "v2", "validate_loop",
]
