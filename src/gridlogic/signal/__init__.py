"""Signal: rotate tiles until every pipe meets a pipe and the board is one tree.

Two generator versions. **Version 3** (:mod:`.v3`) is the engine of the seed
articles, identical to the original for every (size, seed, difficulty), on
4×4 to 6×6 boards. **Version 4** (:mod:`.v4`) makes any width and height
from 3 to 25, with wrapping edges or not, and every offered (size,
difficulty) for every seed, each puzzle proven unique. A call without a
version gets the latest, 4; a request or share link without one means 3,
as links made before version 4 do.

Modules, each importing only those before it: :mod:`.board` (tiles,
rotation, geometry), :mod:`.tables` (domains as bit sets and their lookup
tables, each board shape's :class:`~.tables.Geometry`), :mod:`.sweeps`
(full sweeps of propagation), :mod:`.search` (the steps every search takes
at a node: propagation from what changed, the cell to branch on),
:mod:`.solver` (the articles' propagation, search and global rule),
:mod:`.difficulty` (the articles' grader, and the grade every version
records), :mod:`.rules` (what every version shares: the puzzle, the rules
of play, metrics, the wrapping option), :mod:`.v3` and :mod:`.v4` (each
version's puzzle, generator and record), :mod:`.formats` (boards people
bring), :mod:`.net_ids` (Simon Tatham's Net game IDs, read and written),
:mod:`.imported` (playing them), :mod:`.decide` (the verdict on
them: one solution, several or none), :mod:`.hints` (the step solver),
:mod:`.render` (text and SVG) and :mod:`.studio` (the puzzle studio's
changes: one link moved). This module only fills in the game's entry
in :data:`gridlogic.GAMES` from them.

Besides :data:`GAME` and :func:`generate`, the articles' own solver and
grader are here by their names: :func:`solve` (up to two ways to turn a
square board's tiles into one tree) and :func:`analyze_difficulty`.

>>> from gridlogic import signal
>>> puzzle = signal.generate(4, "notes-example", version=3)
>>> puzzle.attempt, puzzle.level, puzzle.metrics.score
(1, 'medium', 95)
>>> signal.generate((7, 5), "notes-example", "hard", wrapping=True).id
'signal.4.7x5w.hard.notes-example'
>>> signal.solve(list(puzzle.shuffled), 4).unique, signal.analyze_difficulty(list(puzzle.answer), 4).level
(True, 'medium')
"""

from __future__ import annotations

from gridlogic.game.record import Game, Studio, graded_level_of
from gridlogic.signal import decide, studio, v3, v4
from gridlogic.signal.difficulty import analyze_difficulty
from gridlogic.signal.formats import MAX_SIDE, looks_inline, read_board, read_file
from gridlogic.signal.hints import HINTS
from gridlogic.signal.imported import IMPORTS, ImportedPuzzle
from gridlogic.signal.net_ids import write_net_id
from gridlogic.signal.render import render_solution, render_svg, render_text
from gridlogic.signal.rules import Puzzle, check, min_moves, parse_board
from gridlogic.signal.solver import SOLVE_NODE_LIMIT, solve

GAME: Game[Puzzle | ImportedPuzzle, list[int]] = Game(
    name="signal",
    title="Signal",
    summary="rotate tiles into one tree (Net)",
    versions={v3.VERSION.number: v3.VERSION, v4.VERSION.number: v4.VERSION},
    latest=v4.VERSION.number,
    unversioned=v3.VERSION.number,
    seconds_per_cell=5,
    solution_noun="solution",
    formats="a JSON list of tile masks (1 up, 2 right, 4 down, 8 left), a puzzle's JSON or a Net game ID",
    level_of=graded_level_of,
    parse_board=parse_board,
    check=check,
    min_moves=min_moves,
    render_text=render_text,
    render_svg=render_svg,
    read=read_board,
    read_file=read_file,
    looks_inline=looks_inline,
    solve=decide.decide,
    solution_form=decide.solution_form,
    render_solution=render_solution,
    max_side=MAX_SIDE,
    solve_options=("node_limit",),
    default_node_limit=SOLVE_NODE_LIMIT,
    imports=IMPORTS,
    hints=HINTS,
    exports={"net": write_net_id},  # what Simon Tatham's Net reads: its game ID
    studio=Studio("tile", write_net_id, studio.changes),
)
generate = GAME.generate

__all__ = ["GAME", "analyze_difficulty", "generate", "solve"]
