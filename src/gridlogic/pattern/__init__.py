"""Pattern: a nonogram. Fill cells so that every row and column shows its run lengths.

Two generator versions. Version 1 is the engine of seed article 003,
identical to the original for every (size, seed): noise up to 10x10, no
difficulty. Version 2 (the latest) draws pictures of any width and height
from 5 to 40, optionally mirror-symmetric, graded easy, medium or hard by
what a person must do.

Modules, each importing only modules listed before it (a test checks it):

- :mod:`.linesolver` and :mod:`.lines`: clues, placements, the line solver;
- :mod:`.propagation` and :mod:`.solver`: line propagation, the articles'
  counting search;
- :mod:`.grading`: the techniques a person uses and the grader;
- :mod:`.automaton`, :mod:`.beliefs`, :mod:`.symmetry` and :mod:`.sat`: the
  SAT back end and what it needs;
- :mod:`.decide`: the solver for puzzles people bring (a proven verdict:
  unique, several, none or undecided);
- :mod:`.rules`: what every version shares: the puzzle's shape, ``check``,
  ``parse_board``, ``min_moves``, ``clues_for``;
- :mod:`.v1` (``generator``, ``puzzle``): version 1, plant a grid and keep
  it when unique;
- :mod:`.v2` (``generator``, ``puzzle``): version 2, draw a picture and
  steer it to its level;
- :mod:`.formats`: ``.non``, Tatham game IDs, JSON;
- :mod:`.problems`: puzzles as read from those formats, solved and graded;
- :mod:`.imported`: puzzles brought from outside, played like generated ones;
- :mod:`.hints`: the next step a person can take;
- :mod:`.render`: text and SVG;
- :mod:`.studio`: the puzzle studio's changes, one cell of the picture added or removed.

The game's entry in :data:`gridlogic.GAMES` is assembled at the end of this
module from those modules; ``generate`` makes a puzzle, ``solve`` is the
articles' search on an n×n grid (as the reference's ``solve``), and
``clues_for`` and ``compute_clue`` give a grid's and a line's clues.

>>> from gridlogic import pattern
>>> puzzle = pattern.generate(5, "notes-example", version=1)
>>> puzzle.attempt, puzzle.row_clues[2]
(2, (1, 3))
>>> pattern.generate((15, 10), "notes-example", "medium").level
'medium'
"""

from __future__ import annotations

from gridlogic.game.record import Game, Studio, graded_level_of
from gridlogic.pattern import studio, v1, v2
from gridlogic.pattern.formats import MAX_SIDE
from gridlogic.pattern.hints import hints_record
from gridlogic.pattern.imported import IMPORTS, ImportedPuzzle, write_text
from gridlogic.pattern.lines import compute_clue
from gridlogic.pattern.problems import (
    DEFAULT_BUDGET,
    grade_problem,
    looks_inline,
    read_file,
    read_problem,
    solution_form,
    solve_problem,
    write_non_text,
)
from gridlogic.pattern.render import render_solution, render_svg, render_text
from gridlogic.pattern.rules import check, clues_for, min_moves, parse_board
from gridlogic.pattern.solver import solve
from gridlogic.pattern.v1.puzzle import ArticlePuzzle
from gridlogic.pattern.v2.puzzle import PicturePuzzle

__all__ = ["GAME", "clues_for", "compute_clue", "generate", "solve"]

GAME: Game[ArticlePuzzle | PicturePuzzle | ImportedPuzzle, list[int]] = Game(
    name="pattern",
    title="Pattern",
    summary="fill cells to match the run lengths (nonogram)",
    versions={v1.VERSION.number: v1.VERSION, v2.VERSION.number: v2.VERSION},
    latest=v2.VERSION.number,
    unversioned=v1.VERSION.number,  # links made before version 2 open the same puzzles
    seconds_per_cell=6,
    solution_noun="solution",
    formats=".non, a Tatham game ID (5x5:...) or gridlogic JSON",
    level_of=graded_level_of,  # version 1 records no level
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
    default_budget=DEFAULT_BUDGET,
    imports=IMPORTS,
    grade=grade_problem,
    hints=hints_record(graded=(v2.VERSION.number,)),
    exports={"non": write_non_text, "tatham": write_text},  # write_text: the text of an imported puzzle's ID
    studio=Studio("cell", write_text, studio.changes),
)
generate = GAME.generate
