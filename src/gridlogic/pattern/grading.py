"""Grading a Pattern puzzle by what a person must do: the cheapest techniques that finish it.

Three techniques, each a sound way of deciding cells (it never decides a cell
against a solution), each stronger than the one before it:

``overlap`` (level ``easy``): one line, slid to both ends.
    Slide every block of a line as far left as the known cells allow, then
    as far right: a cell that one block covers in both positions is filled,
    and a cell that no block can reach is empty. "As far as the known cells
    allow" means the leftmost and the rightmost placement of the whole clue
    that agrees with every known cell, so a filled cell near an edge pulls
    its block (glue), an empty cell pushes one on, and an empty line or a
    clue that fills its line is decided at once. The block ranges come from
    the line solver's dynamic programme
    (:func:`gridlogic.pattern.lines.extreme_starts`).

    Example: the clue ``[4]`` in 6 cells slides between cells 0-3 and 2-5,
    so cells 2 and 3 are filled. With cell 1 known filled, the clue ``[3]``
    in 8 cells lies at 0-2 or, at the right, 1-3: cells 1 and 2 are filled
    and cells 4 to 7, which it can never reach, are empty.

``line`` (level ``medium``): one line, every placement considered.
    Keep the placements of the clue that agree with the known cells; a cell
    filled in all of them is filled, a cell empty in all of them is empty:
    the complete line solver, :func:`gridlogic.pattern.lines.solve_line`.
    It decides all that overlap decides, and sometimes more.

    Example: the clue ``[1, 1]`` in 5 cells with cell 2 filled. The leftmost
    placement puts the blocks at 0 and 2, the rightmost at 2 and 4: no block
    covers a cell in both, and every cell can be reached, so overlap decides
    nothing. The two placements are ``#.#..`` and ``..#.#``; both leave
    cells 1 and 3 empty, so line solving decides them.

``probe`` (level ``hard``): reasoning across lines, by contradiction.
    Assume one open cell filled (or empty) and line-solve the whole grid
    from there; if some line can then no longer be completed, the cell has
    the other value. Only the contradiction counts (two assumptions that
    agree on a third cell decide nothing here).

    Example: the 4x4 puzzle with rows ``[1,1] [2] [0] [0]`` and columns
    ``[1] [1] [1] [1]``. Overlap empties rows 2 and 3 and stops there, and so
    does line solving: row 0 has three placements, row 1 three. Assume the
    top-left cell empty: row 0's blocks must then stand in columns 1 and 3,
    each column's one cell is used, so row 1 is empty in columns 1 and 3 and
    its block of 2 no longer fits. The cell is filled, and overlap does the
    rest (``#..#`` above ``.##.``).

A puzzle's **level** is the first of ``easy``, ``medium``, ``hard`` whose
techniques (that level's and the cheaper ones) alone finish it. It is
exact: every technique only adds what is known, and knowing more never lets
one decide less, so applying a set of techniques in any order reaches the
same fixed point, and the level does not depend on the order. A puzzle the
three do not finish has no level (``None``): it has no solution, or several,
or needs reasoning deeper than one assumption. A puzzle they finish has
exactly one solution, since every step was forced.

The **counts** say how many cells each technique decided when cheaper ones
go first: overlap runs to its fixed point before line solving settles one
line (the first, rows before columns, where it decides something), and
probing tries one assumption only when both are stuck.

:func:`grade` of a big board somebody brought may take a ``deadline`` (see
:mod:`gridlogic.params`), checked before each step and each probed cell: past it the grade stops
with :class:`~gridlogic.params.OutOfTime`. In time, the grade is the same as without one.

Worked example (checked in ``tests/pattern/test_grading.py``): the 3x3 grid
``###/#../###`` (rows ``[3] [1] [3]``, columns ``[3] [1,1] [1,1]``) is easy:
overlap fills rows 0 and 2 and column 0, then empties the two open cells of
row 1 (its one block is placed): ``grade(...).counts == {"overlap": 9,
"line": 0, "probe": 0}``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from gridlogic.errors import InvalidParameters
from gridlogic.frozen import RebuiltFromFields
from gridlogic.params import check_choice, check_deadline, check_int, check_object
from gridlogic.pattern.lines import few_placements, overlap_step, solve_line
from gridlogic.pattern.propagation import LINE_SLOT, OVERLAP_SLOT, LineMemo, copy_to_crossing, fixed_point, line_memos
from gridlogic.pattern.solver import UNKNOWN, validate_lines

__all__ = [
    "LEVELS",
    "TECHNIQUES",
    "Deduction",
    "Grade",
    "grade",
    "grade_up_to",
    "level_and_open_cells",
    "level_up_to",
    "overlap_line",
]

TECHNIQUES: Final = ("overlap", "line", "probe")
"""The techniques, cheapest first; level ``LEVELS[k]`` may use ``TECHNIQUES[: k + 1]``."""

LEVELS: Final = ("easy", "medium", "hard")


@lru_cache(maxsize=1 << 16)
def overlap_line(blocks: tuple[int, ...], length: int, filled: int, empty: int) -> tuple[int, int] | None:
    """The overlap technique on one line: the ``(filled, empty)`` masks it reaches, or None when no
    placement agrees with the known cells (bit ``k`` is cell ``k``, as in ``solve_line``); the work is
    :func:`gridlogic.pattern.lines.overlap_step`'s."""
    found = overlap_step(blocks, length, filled, empty, few_placements(blocks, length))
    return None if found < 0 else (found >> length, found & ((1 << length) - 1))


OVERLAP: Final = OVERLAP_SLOT
LINE: Final = LINE_SLOT


@dataclass(frozen=True)
class Deduction:
    """One step of the easiest technique that decides something.

    ``cells`` are the (flat index, value) pairs it decides, 1 filled and 0
    empty. ``line`` is the row or column it read (``("row", r)``,
    ``("column", c)``; for ``overlap`` and ``line``), ``assumption`` the
    (index, value) a ``probe`` assumed and refuted. ``contradiction`` means
    the known cells cannot all be right: that line (or, for a probe, that
    cell with either value) cannot be completed, and ``cells`` is empty.
    """

    technique: str
    cells: tuple[tuple[int, int], ...]
    line: tuple[str, int] | None = None
    assumption: tuple[int, int] | None = None
    contradiction: bool = False


@dataclass(frozen=True)
class Grade(RebuiltFromFields):
    """The grader's verdict: the level (None when the techniques stall) and the cells each decided.

    ``status`` is ``"solved"`` (every cell decided: ``cells`` is the only
    solution), ``"stuck"`` (no level; ``cells`` shows what the techniques
    decided, :data:`~gridlogic.pattern.solver.UNKNOWN` where they could not)
    or ``"contradiction"`` (the clues have no solution). ``to_dict()`` is the
    ``difficulty`` field of a puzzle's JSON: ``level`` and ``techniques``.
    """

    level: str | None
    counts: dict[str, int]
    status: str = "solved"
    cells: tuple[int, ...] = field(default=(), compare=False, repr=False)

    @property
    def open_cells(self) -> tuple[int, ...]:
        """The flat indices of the cells the techniques left open."""
        return tuple(i for i, value in enumerate(self.cells) if value == UNKNOWN)

    def to_dict(self) -> dict[str, object]:
        return {"level": self.level, "techniques": dict(self.counts)}

    @classmethod
    def from_dict(cls, data: object) -> Grade:
        """The inverse of :meth:`to_dict` for a generated puzzle (which always has a level)."""
        fields = check_object(data, "'difficulty'", ("level", "techniques"))
        level = check_choice(fields["level"], "'difficulty'.level", LEVELS)
        counts = check_object(fields["techniques"], "'difficulty'.techniques", TECHNIQUES)
        checked = {name: check_int(counts[name], f"'difficulty'.techniques.{name}", 0) for name in TECHNIQUES}
        needed = LEVELS.index(level)
        if checked[TECHNIQUES[needed]] == 0 or any(checked[name] for name in TECHNIQUES[needed + 1:]):
            raise InvalidParameters(
                f"'difficulty'.techniques {counts!r} do not fit the level {level!r}: it uses "
                f"{TECHNIQUES[needed]} and nothing dearer"
            )
        return cls(level, checked)


class _Board:
    """What is known: per row the masks of cells known filled and known empty (bit c = column c),
    and the same per column (bit r = row r), as :mod:`gridlogic.pattern.propagation` keeps them,
    and the lines' memos there (:func:`~gridlogic.pattern.propagation.line_memos`; slot 0 for
    overlap, 1 for line solving)."""

    __slots__ = ("col_empty", "col_filled", "col_memos", "cols", "height", "row_empty", "row_filled", "row_memos",
                 "rows", "width")

    def __init__(self, rows: list[tuple[int, ...]], cols: list[tuple[int, ...]],
                 row_memos: list[LineMemo], col_memos: list[LineMemo], row_filled: list[int], row_empty: list[int],
                 col_filled: list[int], col_empty: list[int]) -> None:
        self.rows, self.cols = rows, cols
        self.row_memos, self.col_memos = row_memos, col_memos
        self.height, self.width = len(rows), len(cols)
        self.row_filled, self.row_empty = row_filled, row_empty
        self.col_filled, self.col_empty = col_filled, col_empty

    @staticmethod
    def blank(rows: list[tuple[int, ...]], cols: list[tuple[int, ...]],
              row_memos: list[LineMemo], col_memos: list[LineMemo]) -> _Board:
        """The board of these clues and memos with nothing known."""
        return _Board(rows, cols, row_memos, col_memos, [0] * len(rows), [0] * len(rows), [0] * len(cols),
                      [0] * len(cols))

    @staticmethod
    def of(rows: list[tuple[int, ...]], cols: list[tuple[int, ...]]) -> _Board:
        """The board of these clues with nothing known."""
        return _Board.blank(rows, cols, line_memos(rows, len(cols)), line_memos(cols, len(rows)))

    def copy(self) -> _Board:
        return _Board(self.rows, self.cols, self.row_memos, self.col_memos, self.row_filled[:], self.row_empty[:],
                      self.col_filled[:], self.col_empty[:])

    def assign(self, r: int, c: int, value: int) -> None:
        if value:
            self.row_filled[r] |= 1 << c
            self.col_filled[c] |= 1 << r
        else:
            self.row_empty[r] |= 1 << c
            self.col_empty[c] |= 1 << r

    def known(self) -> int:
        count = 0
        for r in range(self.height):
            count += (self.row_filled[r] | self.row_empty[r]).bit_count()
        return count

    def open_cells(self) -> list[int]:
        """The open cells, row-major flat indices."""
        full, width = (1 << self.width) - 1, self.width
        found = []
        for r in range(self.height):
            free = full & ~(self.row_filled[r] | self.row_empty[r])
            while free:
                low = free & -free
                found.append(r * width + low.bit_length() - 1)
                free ^= low
        return found

    def open_rows(self) -> int:
        """The rows with an open cell, as a bit mask."""
        full, found = (1 << self.width) - 1, 0
        for r in range(self.height):
            if self.row_filled[r] | self.row_empty[r] != full:
                found |= 1 << r
        return found

    def open_columns(self) -> int:
        """The columns with an open cell, as a bit mask."""
        full, found = (1 << self.height) - 1, 0
        for c in range(self.width):
            if self.col_filled[c] | self.col_empty[c] != full:
                found |= 1 << c
        return found

    def cells(self) -> list[int]:
        out: list[int] = []
        for r in range(self.height):
            filled, empty = self.row_filled[r], self.row_empty[r]
            for c in range(self.width):
                out.append(1 if (filled >> c) & 1 else 0 if (empty >> c) & 1 else UNKNOWN)
        return out

    def propagate(self, rule: int, dirty_rows: int, dirty_cols: int) -> bool:
        """Line-solve with ``rule`` (:data:`OVERLAP` or :data:`LINE`) from the dirty lines (bit masks of
        their indices) to the fixed point; False on a contradiction (the masks are then partly narrowed)."""
        return fixed_point(self.row_memos, self.col_memos, self.row_filled, self.row_empty,
                           self.col_filled, self.col_empty, dirty_rows, dirty_cols, rule)

    def refutes(self, index: int, value: int) -> _Board | None:
        """None when assuming cell ``index`` has ``value`` leads line solving to a contradiction;
        else the board line-solved from that assumption."""
        r, c = divmod(index, self.width)
        child = self.copy()
        child.assign(r, c, value)
        return None if not child.propagate(LINE, 1 << r, 1 << c) else child


class _Grader:
    """Cheapest-first deduction on one board, with the bookkeeping that keeps it incremental.

    ``unsettled`` holds the lines line solving may still improve: every line
    at first, then each line overlap or a probe changed. Lines line solving
    left as they were stay out until something changes them.
    """

    def __init__(self, board: _Board, deadline: float | None = None, answer: list[int] | None = None) -> None:
        self.board = board
        self.answer = answer  # a solution of the clues (flat, 0/1), or None when none is known
        self.counts = dict.fromkeys(TECHNIQUES, 0)
        self.unsettled_rows = set(range(board.height))
        self.unsettled_cols = set(range(board.width))
        self.highest = -1  # index of the dearest technique used so far
        self.deadline = deadline  # past it, OutOfTime (None: none)

    def overlap(self, dirty_rows: int, dirty_cols: int) -> bool:
        """Overlap to its fixed point from the dirty lines (bit masks); False on a contradiction."""
        b = self.board
        before = (b.row_filled[:], b.row_empty[:], b.col_filled[:], b.col_empty[:])
        known = b.known()
        if not b.propagate(OVERLAP, dirty_rows, dirty_cols):
            return False
        gained = b.known() - known
        if gained:
            self.counts["overlap"] += gained
            self.highest = max(self.highest, 0)
            self.unsettled_rows.update(r for r in range(b.height)
                                       if (b.row_filled[r], b.row_empty[r]) != (before[0][r], before[1][r]))
            self.unsettled_cols.update(c for c in range(b.width)
                                       if (b.col_filled[c], b.col_empty[c]) != (before[2][c], before[3][c]))
        return True

    def line_step(self) -> Deduction | None:
        """Line-solve the first unsettled line (rows first) that gains; None when none does."""
        b = self.board
        for kind, pending, clues, length, own, cross in (
            ("row", self.unsettled_rows, b.rows, b.width, (b.row_filled, b.row_empty), (b.col_filled, b.col_empty)),
            ("column", self.unsettled_cols, b.cols, b.height, (b.col_filled, b.col_empty), (b.row_filled, b.row_empty)),
        ):
            for k in sorted(pending):
                pending.discard(k)
                old_f, old_e = own[0][k], own[1][k]
                result = solve_line(clues[k], length, old_f, old_e)
                if result is None:
                    return Deduction("line", (), (kind, k), contradiction=True)
                new_f, new_e = result
                if (new_f, new_e) == (old_f, old_e):
                    continue
                own[0][k], own[1][k] = new_f, new_e
                dirty: set[int] = set()
                copy_to_crossing(new_f ^ old_f, k, cross[0], dirty)
                copy_to_crossing(new_e ^ old_e, k, cross[1], dirty)
                (self.unsettled_cols if kind == "row" else self.unsettled_rows).update(dirty)
                cells = _line_cells(kind, k, new_f ^ old_f, new_e ^ old_e, b.width)
                self.counts["line"] += len(cells)
                self.highest = max(self.highest, 1)
                return Deduction("line", cells, (kind, k))
        return None

    def probe_step(self) -> Deduction | None:
        """The first open cell (row-major, filled assumed first) whose assumption line solving refutes.

        With an ``answer``, only the assumptions that contradict it are tried: line solving never
        refutes a value some solution has, so the first refuted cell is the same."""
        b = self.board
        answer = self.answer
        # Assumptions known to lead nowhere from this board, as masks per row: filled, empty.
        harmless_filled, harmless_empty = [0] * b.height, [0] * b.height
        for index in b.open_cells():
            if self.deadline is not None:
                check_deadline(self.deadline)
            r, c = divmod(index, b.width)
            for value in (1, 0):
                if (harmless_filled[r] if value else harmless_empty[r]) >> c & 1:
                    continue
                if answer is not None and answer[index] == value:
                    continue
                child = b.refutes(index, value)
                if child is None:
                    if answer is None and b.refutes(index, 1 - value) is None:
                        return Deduction("probe", (), assumption=(index, value), contradiction=True)
                    b.assign(r, c, 1 - value)
                    self.counts["probe"] += 1
                    self.highest = 2
                    self.unsettled_rows.add(r)
                    self.unsettled_cols.add(c)
                    return Deduction("probe", ((index, 1 - value),), assumption=(index, value))
                # Whatever the assumption led to would lead no further than it did.
                for k in range(b.height):
                    harmless_filled[k] |= child.row_filled[k] & ~b.row_filled[k]
                    harmless_empty[k] |= child.row_empty[k] & ~b.row_empty[k]
        return None

    def run(self, top: int, max_open_to_probe: int | None = None) -> str:
        """Deduce with the techniques up to ``TECHNIQUES[top]``: ``"solved"``, ``"stuck"`` or ``"contradiction"``
        (see :func:`grade_up_to` for ``max_open_to_probe``)."""
        b = self.board
        if not self.overlap((1 << b.height) - 1, (1 << b.width) - 1):
            return "contradiction"
        cells = b.width * b.height
        while (known := b.known()) < cells:
            if self.deadline is not None:
                check_deadline(self.deadline)
            step = self.line_step() if top >= 1 else None
            if step is None and top >= 2 and (max_open_to_probe is None or cells - known <= max_open_to_probe):
                step = self.probe_step()
            if step is None:
                return "stuck"
            if step.contradiction:
                return "contradiction"
            # Overlap again from the lines the step changed: the cells' rows and columns.
            step_rows, step_cols = _lines_of(step.cells, b.width)
            if not self.overlap(step_rows, step_cols):
                return "contradiction"
        return "solved"


def _lines_of(cells: tuple[tuple[int, int], ...], width: int) -> tuple[int, int]:
    """The rows and the columns of the (flat index, value) pairs ``cells``, as bit masks."""
    rows = cols = 0
    for index, _ in cells:
        rows |= 1 << (index // width)
        cols |= 1 << (index % width)
    return rows, cols


def _line_cells(kind: str, k: int, filled: int, empty: int, width: int) -> tuple[tuple[int, int], ...]:
    """The (flat index, value) pairs of line ``k``'s newly filled and newly empty masks."""
    cells = []
    for mask, value in ((filled, 1), (empty, 0)):
        while mask:
            low = mask & -mask
            i = low.bit_length() - 1
            mask ^= low
            cells.append((k * width + i if kind == "row" else i * width + k, value))
    return tuple(sorted(cells))


def _board(row_clues: Sequence[Sequence[int]], col_clues: Sequence[Sequence[int]]) -> _Board:
    rows, cols = validate_lines(row_clues, col_clues, len(col_clues), len(row_clues))
    return _Board.of(rows, cols)


def grade_up_to(rows: list[tuple[int, ...]], cols: list[tuple[int, ...]], top: int,
                max_open_to_probe: int | None = None, deadline: float | None = None) -> Grade:
    """:func:`grade` with the techniques up to ``TECHNIQUES[top]`` only, for checked clues (tuples of
    positive runs that fit); a puzzle that needs more comes back ``"stuck"``. With
    ``max_open_to_probe``, probing is not tried while more cells than that are open (the puzzle is then
    reported stuck there): the generator's search asks this to stop early. Past ``deadline``:
    :class:`~gridlogic.params.OutOfTime`."""
    if deadline is not None:
        check_deadline(deadline)
    grader = _Grader(_Board.of(rows, cols), deadline)
    status = grader.run(top, max_open_to_probe)
    level = LEVELS[max(grader.highest, 0)] if status == "solved" else None
    return Grade(level, grader.counts, status, tuple(grader.board.cells()))


def level_up_to(rows: list[tuple[int, ...]], cols: list[tuple[int, ...]], top: int,
                max_open_to_probe: int | None = None) -> Grade:
    """What :func:`grade_up_to` says (status, level, cells), reached by whole fixed points instead of
    cheapest-first steps, and without the counts (``counts`` is empty): the generator's search asks
    this many times per puzzle.

    Overlap runs to its fixed point (solved: ``easy``); line solving then
    continues from there to its own (solved: ``medium``); then probes, each
    followed by line solving to the fixed point (``hard``). Since every
    technique is monotone, these fixed points are the ones the cheapest-first
    grader reaches, and it probes from the same boards in the same order, so
    both give the same result.
    """
    board = _Board.of(rows, cols)
    status, highest = _level(board, top, -1 if max_open_to_probe is None else max_open_to_probe)
    return Grade(LEVELS[highest] if status == "solved" else None, {}, status, tuple(board.cells()))


def level_and_open_cells(rows: list[tuple[int, ...]], cols: list[tuple[int, ...]],
                         row_memos: list[LineMemo], col_memos: list[LineMemo],
                         top: int, max_open_to_probe: int, answer: list[int]) -> tuple[str, str | None, list[int]]:
    """:func:`level_up_to`'s status and level, and the open cells (row-major flat indices) when it is
    ``"stuck"``, for the generator's search: no :class:`Grade` is built, and the lines' memos
    (:func:`~gridlogic.pattern.propagation.line_memos` of the rows, then of the columns) come from
    the caller, who keeps them as the clues change. ``answer`` is a solution of the clues (the
    picture they were read from, flat, 0/1): a probe then assumes only the value it does not have,
    since line solving never refutes a value of a solution (half the probes, the same answer)."""
    board = _Board.blank(rows, cols, row_memos, col_memos)
    status, highest = _level(board, top, max_open_to_probe, answer)
    return status, LEVELS[highest] if status == "solved" else None, board.open_cells() if status == "stuck" else []


def _level(board: _Board, top: int, max_open_to_probe: int, answer: list[int] | None = None) -> tuple[str, int]:
    """The work of :func:`level_up_to` on ``board`` (-1: no limit to probing; ``answer``: a solution of
    the clues, when one is known): the status and the index of the level (meaningful when solved)."""
    cells = board.width * board.height
    for level in range(min(top, LINE) + 1):
        # Line solving starts from overlap's fixed point, where every complete line has passed overlap,
        # which refuses a line no placement agrees with: it would leave such a line as it is.
        dirty_rows = board.open_rows() if level == LINE else (1 << board.height) - 1
        dirty_cols = board.open_columns() if level == LINE else (1 << board.width) - 1
        if not board.propagate(level, dirty_rows, dirty_cols):
            return "contradiction", 0
        if board.known() == cells:
            return "solved", level
    if top < 2:
        return "stuck", 0
    grader = _Grader(board, answer=answer)
    while max_open_to_probe < 0 or cells - board.known() <= max_open_to_probe:
        step = grader.probe_step()
        if step is None:
            break
        if step.contradiction:
            return "contradiction", 0
        step_rows, step_cols = _lines_of(step.cells, board.width)
        if not board.propagate(LINE, step_rows, step_cols):
            return "contradiction", 0
        if board.known() == cells:
            return "solved", 2
    return "stuck", 0


def grade(row_clues: Sequence[Sequence[int]], col_clues: Sequence[Sequence[int]],
          max_open_to_probe: int | None = None, deadline: float | None = None) -> Grade:
    """The level of the puzzle and the cells each technique decided (see the module docstring).

    Clues as everywhere in Pattern: one list of run lengths per row (top to
    bottom) and per column (left to right), ``[0]`` for an empty line. With
    ``max_open_to_probe``, probing is not tried while more cells than that
    are open (a probe costs up to two line-solving passes per open cell),
    and such a puzzle comes back ``"stuck"``. Past ``deadline`` (a :func:`time.monotonic` instant;
    None: none): :class:`~gridlogic.params.OutOfTime`.
    """
    board = _board(row_clues, col_clues)
    return grade_up_to(board.rows, board.cols, len(TECHNIQUES) - 1, max_open_to_probe, deadline)
