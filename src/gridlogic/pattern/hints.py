"""Pattern's hints: the next cells a person can decide, by the easiest technique, and why.

A board's knowledge is its filled cells (1) and its × marks (2: known empty);
a blank cell is not known. From the clues and that knowledge the step
solver :func:`next_deduction` tries, easiest first:

``line``
    One row or column: of every way its clue fits the cells known so far,
    a cell filled in all of them is filled, a cell empty in all of them is
    empty (the complete line solver, :func:`~gridlogic.pattern.lines.solve_line`).
    Rows are tried top to bottom, then columns left to right; the first line
    that decides something is the step.
``probe``
    Assume one open cell filled (or empty) and line-solve the whole grid
    from there: if some line can then no longer be completed, the cell has
    the other value. Open cells are tried in reading order, filled first.
``search``
    When neither decides anything: assume the first open cell filled (then
    empty) and try every way on from there (line solving, then branching on
    open cells, within :data:`SEARCH_NODE_LIMIT` nodes); an assumption under
    which no grid meets the clues is refuted. A puzzle with one solution
    always has such a cell; one with several stops here (both values lead
    to a grid), and the hint says so.

Each step only adds what the clues force, so repeating steps solves any
puzzle these techniques solve, and every value is the solution's. A walk-through takes a
``deadline`` (see :mod:`gridlogic.hints`): it is checked before each step, each probed cell and
each node of a search step, so that a big board stops soon after it with
:class:`~gridlogic.params.OutOfTime`.
The puzzles of a version that grades nothing (version 1) are explained
without a level, as are puzzles brought from outside.

Worked example (checked in ``tests/pattern/test_hints.py``): the 3x2 grid
with rows ``[3] [1]`` and columns ``[2] [1] [1]``. Row 1's 3 fills its three
cells at once (``line``); then column 1's 2 fills row 2's first cell, and
row 2's 1 is complete, so its other cells are empty::

    >>> step = next_deduction([[3], [1]], [[2], [1], [1]], [UNKNOWN] * 6)
    >>> step.technique, step.line, step.cells
    ('line', ('row', 0), ((0, 1), (1, 1), (2, 1)))
    >>> explain_step(step, [[3], [1]], [[2], [1], [1]], [UNKNOWN] * 6).en
    'Row 1 (clue 3): every way the clue fits its 3 cells fills cells 1–3.'
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any

from gridlogic.hints import Hint, Hints, Mark, Technique, Text, Walkthrough, positions_text
from gridlogic.params import check_deadline, seconds_left
from gridlogic.pattern.decide import decide
from gridlogic.pattern.grading import LEVELS, grade
from gridlogic.pattern.lines import solve_line
from gridlogic.pattern.propagation import propagate_lines
from gridlogic.pattern.solver import UNKNOWN, checked_cells, validate_lines

__all__ = [
    "SEARCH_NODE_LIMIT", "TECHNIQUES", "Deduction", "explain_step", "hint", "hints_record", "next_deduction",
    "walkthrough",
]

SEARCH_NODE_LIMIT = 5000  # nodes a search step may take to refute one assumption
BOARD_FILLED, BOARD_MARKED, BOARD_BLANK = 1, 2, 0  # the page's cells

TECHNIQUES = (
    Technique("line", None, Text(
        "one row or column: every way its clue fits the cells known so far agrees on a cell",
        "1本の行か列: わかっているマスに合うヒントの置き方がどれも同じになるマスを決める")),
    Technique("probe", None, Text(
        "assume a cell filled or empty; if line solving then finds a line that cannot be completed, "
        "it is the other way",
        "マスを塗る(空ける)と仮定して行と列をたどり、成り立たない列が出たら逆に決める")),
    Technique("search", None, Text(
        "assume a cell filled or empty and try every way on; if no grid meets the clues, it is the other way",
        "マスを仮定してその先をすべて試し、どれもヒントに合わなければ逆に決める")),
)


@dataclass(frozen=True)
class Deduction:
    """One step: the (flat index, value) ``cells`` it decides (1 filled, 0 empty); the ``line``
    (``("row", r)`` or ``("column", c)``) a ``line`` step read or a ``probe`` ran into; the
    ``assumption`` (index, value) a ``probe`` or ``search`` refuted, with the search's ``nodes``.
    ``contradiction``: the known cells cannot all be right (``cells`` is empty)."""

    technique: str
    cells: tuple[tuple[int, int], ...]
    line: tuple[str, int] | None = None
    assumption: tuple[int, int] | None = None
    contradiction: bool = False
    nodes: int = 0


class _Known:
    """Per row the masks of cells known filled and known empty (bit c = column c), and the same per
    column (bit r = row r), as :mod:`gridlogic.pattern.propagation` keeps them."""

    def __init__(self, rows: list[tuple[int, ...]], cols: list[tuple[int, ...]], cells: Sequence[int]) -> None:
        self.rows, self.cols = rows, cols
        self.height, self.width = len(rows), len(cols)
        self.row_filled, self.row_empty = [0] * self.height, [0] * self.height
        self.col_filled, self.col_empty = [0] * self.width, [0] * self.width
        for i, value in enumerate(cells):
            if value != UNKNOWN:
                self.know(i, value)

    def copy(self) -> _Known:
        other = _Known(self.rows, self.cols, ())
        other.row_filled, other.row_empty = self.row_filled[:], self.row_empty[:]
        other.col_filled, other.col_empty = self.col_filled[:], self.col_empty[:]
        return other

    def know(self, i: int, value: int) -> None:
        r, c = divmod(i, self.width)
        if value:
            self.row_filled[r] |= 1 << c
            self.col_filled[c] |= 1 << r
        else:
            self.row_empty[r] |= 1 << c
            self.col_empty[c] |= 1 << r

    def line_state(self, kind: str, k: int) -> tuple[tuple[int, ...], int, int, int]:
        """(clue, length, filled mask, empty mask) of a row or a column."""
        if kind == "row":
            return self.rows[k], self.width, self.row_filled[k], self.row_empty[k]
        return self.cols[k], self.height, self.col_filled[k], self.col_empty[k]

    def lines(self) -> list[tuple[str, int]]:
        return [("row", r) for r in range(self.height)] + [("column", c) for c in range(self.width)]

    def open_cells(self) -> list[int]:
        full = (1 << self.width) - 1
        found = []
        for r in range(self.height):
            free = full & ~(self.row_filled[r] | self.row_empty[r])
            while free:
                low = free & -free
                found.append(r * self.width + low.bit_length() - 1)
                free ^= low
        return found

    def propagate(self, dirty_rows: set[int], dirty_cols: set[int]) -> bool:
        return propagate_lines(self.rows, self.cols, self.row_filled, self.row_empty, self.col_filled,
                               self.col_empty, dirty_rows, dirty_cols)

    def assume(self, i: int, value: int) -> _Known | None:
        """The knowledge after assuming cell ``i`` has ``value`` and line-solving; None on a contradiction."""
        child = self.copy()
        child.know(i, value)
        r, c = divmod(i, self.width)
        return child if child.propagate({r}, {c}) else None

    def broken_line(self) -> tuple[str, int] | None:
        """The first line whose clue no longer fits its known cells."""
        for kind, k in self.lines():
            if solve_line(*self.line_state(kind, k)) is None:
                return kind, k
        return None


def _line_cells(kind: str, k: int, filled: int, empty: int, width: int) -> tuple[tuple[int, int], ...]:
    """The (flat index, value) pairs of line ``k``'s newly filled and newly empty masks."""
    cells = []
    for mask, value in ((filled, 1), (empty, 0)):
        position = 0
        while mask:
            if mask & 1:
                cells.append((k * width + position if kind == "row" else position * width + k, value))
            mask >>= 1
            position += 1
    return tuple(sorted(cells))


def _has_solution(known: _Known, node_limit: int, deadline: float | None = None) -> tuple[bool | None, int]:
    """(whether some grid meets the clues and ``known``, nodes used); None when the limit ran out.
    Depth first: line-solve, then branch on the first open cell."""
    stack = [known]
    nodes = 0
    everything = (set(range(known.height)), set(range(known.width)))
    while stack:
        nodes += 1
        if nodes > node_limit:
            return None, nodes
        check_deadline(deadline)
        state = stack.pop()
        if not state.propagate(set(everything[0]), set(everything[1])):
            continue
        open_cells = state.open_cells()
        if not open_cells:
            return True, nodes
        for value in (0, 1):
            child = state.copy()
            child.know(open_cells[0], value)
            stack.append(child)
    return False, nodes


def _clues(row_clues: Sequence[Sequence[int]], col_clues: Sequence[Sequence[int]]
           ) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    return validate_lines(row_clues, col_clues, len(col_clues), len(row_clues))


def _known(rows: list[tuple[int, ...]], cols: list[tuple[int, ...]], cells: Sequence[int]) -> _Known:
    return _Known(rows, cols, checked_cells(cells, len(rows) * len(cols)))


def next_deduction(row_clues: Sequence[Sequence[int]], col_clues: Sequence[Sequence[int]],
                   cells: Sequence[int], deadline: float | None = None) -> Deduction | None:
    """The next step from the flat grid ``cells`` (1 filled, 0 empty, :data:`UNKNOWN` open) by the
    easiest technique (see the module docstring); None when none decides anything. Past ``deadline``:
    :class:`~gridlogic.params.OutOfTime`."""
    rows, cols = _clues(row_clues, col_clues)
    known = _known(rows, cols, cells)
    for kind, k in known.lines():
        clue, length, filled, empty = known.line_state(kind, k)
        result = solve_line(clue, length, filled, empty)
        if result is None:
            return Deduction("line", (), (kind, k), contradiction=True)
        if result != (filled, empty):
            return Deduction("line", _line_cells(kind, k, result[0] ^ filled, result[1] ^ empty, known.width),
                             (kind, k))
    open_cells = known.open_cells()
    for i in open_cells:
        check_deadline(deadline)
        for value in (1, 0):
            if known.assume(i, value) is None:
                if known.assume(i, 1 - value) is None:
                    return Deduction("probe", (), assumption=(i, value), contradiction=True)
                broken = known.copy()
                broken.know(i, value)
                r, c = divmod(i, known.width)
                broken.propagate({r}, {c})
                return Deduction("probe", ((i, 1 - value),), broken.broken_line(), (i, value))
    if not open_cells:
        return None
    first = open_cells[0]
    for value in (1, 0):
        child = known.copy()
        child.know(first, value)
        found, nodes = _has_solution(child, SEARCH_NODE_LIMIT, deadline)
        if found is False:
            return Deduction("search", ((first, 1 - value),), assumption=(first, value), nodes=nodes)
    return None


# --- words -----------------------------------------------------------------------------------

def _line_name(line: tuple[str, int], capital: bool = True) -> Text:
    kind, k = line
    word = ("Row" if kind == "row" else "Column") if capital else kind
    return Text(f"{word} {k + 1}", f"{k + 1}{'行' if kind == 'row' else '列'}目")


def _clue_text(clue: Sequence[int]) -> str:
    return " ".join(map(str, clue)) if clue else "0"


def _cell_name(i: int, width: int) -> Text:
    r, c = divmod(i, width)
    return Text(f"row {r + 1}, column {c + 1}", f"{r + 1}行{c + 1}列")


def _cells_word(count: int) -> str:
    return "cell" if count == 1 else "cells"


def explain_step(step: Deduction, row_clues: Sequence[Sequence[int]], col_clues: Sequence[Sequence[int]],
                 cells: Sequence[int]) -> Text:
    """The step in words, for the board ``cells`` it was found on."""
    width = len(col_clues)
    if step.technique == "line" and step.line is not None:
        kind, k = step.line
        clue = row_clues[k] if kind == "row" else col_clues[k]
        along = [i % width if kind == "row" else i // width for i, _ in step.cells]
        line_cells = range(k * width, k * width + width) if kind == "row" else range(k, len(cells), width)
        known_before = any(cells[i] != UNKNOWN for i in line_cells)
        filled = [p for p, (_, v) in zip(along, step.cells) if v == 1]
        empty = [p for p, (_, v) in zip(along, step.cells) if v == 0]
        name = _line_name(step.line)
        where = Text("the cells known so far", "わかっているマスに合う") if known_before else Text(
            f"its {len(line_cells)} cells", f"{len(line_cells)}マスへの")
        parts_en, parts_ja = [], []
        if filled:
            parts_en.append(f"fills {_cells_word(len(filled))} {positions_text(filled).en}")
            parts_ja.append(f"{positions_text(filled).ja}マス目は塗られ")
        if empty:
            parts_en.append(f"leaves {_cells_word(len(empty))} {positions_text(empty).en} empty")
            parts_ja.append(f"{positions_text(empty).ja}マス目は空白")
        ja_tail = "、".join(parts_ja)
        ja_tail += "ます。" if not empty else "になります。"
        return Text(
            f"{name.en} (clue {_clue_text(clue)}): every way the clue fits {where.en} {' and '.join(parts_en)}.",
            f"{name.ja}（ヒント {_clue_text(clue)}）: {where.ja}どの置き方でも{ja_tail}",
        )
    assert step.assumption is not None
    i, value = step.assumption
    cell = _cell_name(i, width)
    supposed = Text(f"Suppose {cell.en} were {'filled' if value else 'empty'}",
                    f"{cell.ja}が{'塗られている' if value else '空白だ'}とすると")
    so = Text(f"So it is {'empty' if value else 'filled'}.", f"よってこのマスは{'空白' if value else '塗り'}です。")
    if step.technique == "probe":
        if step.line is None:
            return supposed + Text(": line by line from there, some line can no longer be completed.",
                                   "、行と列をたどるうちに成り立たない列が出ます。") + so
        kind, k = step.line
        clue = row_clues[k] if kind == "row" else col_clues[k]
        line = _line_name(step.line, capital=False)
        return supposed + Text(
            f": line by line from there, {line.en} (clue {_clue_text(clue)}) can no longer be completed.",
            f"、そこから行と列をたどるうちに{line.ja}（ヒント {_clue_text(clue)}）が成り立たなくなります。") + so
    return supposed + Text(
        f": trying every way on from there ({step.nodes} cases), no grid meets all the clues.",
        f"、その先をすべて試しても（{step.nodes}通り）すべてのヒントに合う盤面はありません。") + so


# --- hints of a puzzle and a board -----------------------------------------------------------

STUCK = Text("Nothing more follows from the clues and the cells decided so far by these techniques.",
             "これらの手筋では、ヒントと決まったマスからこれ以上は決まりません。")
SEVERAL = Text("This puzzle has more than one solution: from here on, the clues decide nothing more.",
               "この問題には答えが2つ以上あります。ここから先はヒントだけでは決まりません。")
SOLVED = Text("Nothing is left to decide: the grid shows every clue.", "すべてのヒントを満たしています。")


def _clues_of(puzzle: Any) -> tuple[list[list[int]], list[list[int]]]:
    givens = puzzle.givens()
    return givens["rowClues"], givens["colClues"]


def _cells_of_board(board: Sequence[int]) -> list[int]:
    """The page's board (1 filled, 2 marked empty, 0 blank) as knowledge (1, 0, UNKNOWN)."""
    return [1 if v == BOARD_FILLED else 0 if v == BOARD_MARKED else UNKNOWN for v in board]


def _step_hint(step: Deduction, row_clues: Sequence[Sequence[int]], col_clues: Sequence[Sequence[int]],
               cells: Sequence[int]) -> Hint:
    decides = tuple(Mark("cell", i, value) for i, value in step.cells)
    evidence: list[Mark] = []
    if step.assumption is not None:
        evidence.append(Mark("cell", step.assumption[0]))
    if step.line is not None:
        evidence.append(Mark(*step.line))
    return Hint("step", step.technique, decides, tuple(evidence), explain_step(step, row_clues, col_clues, cells))


def _more(count: int) -> Text:
    """The words " (3 more after it)" for a count of mistakes above one."""
    if count < 2:
        return Text("", "")
    return Text(f" ({count - 1} more after it)", f"（ほかに{count - 1}か所）")


def mistakes(puzzle: Any, board: Sequence[int]) -> list[int]:
    """The cells the board has wrong, in reading order: filled where the solution is empty, or
    marked empty where it is filled."""
    return [i for i, (v, answer) in enumerate(zip(board, puzzle.answer))
            if (v == BOARD_FILLED and not answer) or (v == BOARD_MARKED and answer)]


def hint(puzzle: Any, board: Sequence[int]) -> Hint:
    """The next hint for a player's board (as ``parse_board`` gives it): the earliest mistake, else
    the easiest step from the cells the board knows."""
    wrong = mistakes(puzzle, board)
    if wrong:
        first = wrong[0]
        cell = _cell_name(first, puzzle.width)
        filled = board[first] == BOARD_FILLED
        state = (Text("filled, and the solution leaves it empty", "塗られていますが、答えでは空白です") if filled
                 else Text("marked empty, and the solution fills it", "×が付いていますが、答えでは塗ります"))
        return Hint("mistake", None, (), (Mark("cell", first),), Text(
            f"{cell.en[0].upper()}{cell.en[1:]} is a mistake: it is {state.en}{_more(len(wrong)).en}. "
            "Clear it, and the hints go on from the cells that are right.",
            f"{cell.ja}は間違いです。{state.ja}{_more(len(wrong)).ja}。消すと、正しいマスからヒントが続きます。"))
    rows, cols = _clues_of(puzzle)
    cells = _cells_of_board(board)
    if all((v == BOARD_FILLED) == bool(answer) for v, answer in zip(board, puzzle.answer)):
        return Hint("solved", None, (), (), SOLVED)
    step = next_deduction(rows, cols, cells)
    if step is None or step.contradiction:
        return Hint("stuck", None, (), (), STUCK)
    return _step_hint(step, rows, cols, cells)


def apply(puzzle: Any, board: Sequence[int], given: Hint) -> list[int]:
    """The board with the hint's cells filled or marked, or its mistake cleared."""
    after = list(board)
    for mark in given.decides:
        after[mark.index] = BOARD_FILLED if mark.value else BOARD_MARKED
    if given.status == "mistake":
        for mark in given.evidence:
            after[mark.index] = BOARD_BLANK
    return after


STUCK_SECONDS = 5.0  # the solver's time to tell "several solutions" from "beyond the techniques"


def walkthrough(row_clues: Sequence[Sequence[int]], col_clues: Sequence[Sequence[int]],
                deadline: float | None = None) -> Walkthrough:
    """Every step from the empty grid until the grid is full or no technique decides more; past
    ``deadline``, :class:`~gridlogic.params.OutOfTime`."""
    rows, cols = _clues(row_clues, col_clues)
    cells = [UNKNOWN] * (len(rows) * len(cols))
    steps: list[Hint] = []
    while UNKNOWN in cells:
        check_deadline(deadline)
        step = next_deduction(rows, cols, cells, deadline)
        if step is None:
            verdict = decide(rows, cols, len(cols), len(rows), time_limit=seconds_left(deadline, STUCK_SECONDS),
                             least=False)  # the status only: no solution is shown
            if verdict.status == "undecided":
                check_deadline(deadline)  # cut short by the deadline, not by its own limit: no answer
            note = SEVERAL if verdict.status == "several" else STUCK
            return Walkthrough(None, tuple(steps), "stuck", note)
        if step.contradiction:
            return Walkthrough(None, tuple(steps), "contradiction", Text(
                "The clues contradict each other: no grid shows them all.",
                "ヒントどうしが矛盾しています。すべてに合う盤面はありません。"))
        steps.append(_step_hint(step, rows, cols, cells))
        for i, value in step.cells:
            cells[i] = value
    return Walkthrough(None, tuple(steps), "solved")


def explain(problem: Any, graded: bool, deadline: float | None = None) -> Walkthrough:
    """The walk-through of a problem (its givens' clues), with the level of
    :mod:`~gridlogic.pattern.grading` when ``graded`` (whose easiest technique, overlap, the steps
    here do not yet single out: they start at full line solving); past ``deadline``,
    :class:`~gridlogic.params.OutOfTime`."""
    walk = walkthrough(problem.givens["rowClues"], problem.givens["colClues"], deadline)
    if graded:
        level = grade(problem.givens["rowClues"], problem.givens["colClues"], deadline=deadline).level
        walk = replace(walk, level=level)
    return walk


def hints_record(graded: Collection[int]) -> Hints:
    """Pattern's :class:`~gridlogic.hints.Hints`; ``graded`` are the generator versions whose puzzles
    have a level (the others, and puzzles brought from outside, are explained without one)."""
    def explain_version(problem: Any, version: int | None, deadline: float | None = None) -> Walkthrough:
        return explain(problem, version in graded, deadline)

    return Hints(
        techniques=lambda version: TECHNIQUES,
        levels=lambda version: LEVELS if version in graded else (),
        hint=hint,
        apply=apply,
        explain=explain_version,
        start=lambda puzzle: [BOARD_BLANK] * (puzzle.width * puzzle.height),
    )
