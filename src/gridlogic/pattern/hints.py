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
        "1本の行か列: わかっているマスに合うヒントの置き方がどれも同じになるマスを決める",
        zh="单独一行或一列：提示在已知格上的每种放法都一致的格即可确定",
        ko="한 행이나 열: 단서를 지금까지 알려진 칸에 맞게 놓는 모든 방법이 한 칸에서 같으면 그 칸이 정해진다",
        de="eine Zeile oder Spalte: Jede Art, wie ihr Hinweis zu den bisher bekannten Feldern passt, "
           "stimmt in einem Feld überein",
        fr="une ligne ou une colonne : toutes les façons de placer son indice sur les cases déjà connues "
           "s’accordent sur une case",
        es="una fila o columna: todas las formas de colocar su pista en las casillas ya conocidas coinciden "
           "en una casilla")),
    Technique("probe", None, Text(
        "assume a cell filled or empty; if line solving then finds a line that cannot be completed, "
        "it is the other way",
        "マスを塗る(空ける)と仮定して行と列をたどり、成り立たない列が出たら逆に決める",
        zh="假设某格涂色或空白，再逐行逐列推理；若出现无法完成的行或列，该格就是另一种",
        ko="칸을 칠했다고(또는 비웠다고) 가정하고 줄마다 풀어 보아, 완성할 수 없는 줄이 나오면 그 칸은 반대이다",
        de="nimm an, ein Feld sei gefüllt oder leer; lässt sich beim Lösen Reihe für Reihe dann eine Reihe "
           "nicht mehr vervollständigen, ist es umgekehrt",
        fr="supposer une case remplie ou vide ; si la résolution ligne par ligne trouve alors une ligne ou une "
           "colonne impossible à compléter, elle est de l’autre façon",
        es="suponer una casilla rellena o vacía; si al resolver línea a línea aparece una línea que no se puede "
           "completar, es al revés")),
    Technique("search", None, Text(
        "assume a cell filled or empty and try every way on; if no grid meets the clues, it is the other way",
        "マスを仮定してその先をすべて試し、どれもヒントに合わなければ逆に決める",
        zh="假设某格涂色或空白并试遍之后的所有可能；若没有盘面符合提示，该格就是另一种",
        ko="칸을 칠했거나 비웠다고 가정하고 그 뒤를 모두 시도해, 단서를 만족하는 판이 없으면 그 칸은 반대이다",
        de="nimm an, ein Feld sei gefüllt oder leer, und probiere alles Weitere durch; erfüllt kein Raster die "
           "Hinweise, ist es umgekehrt",
        fr="supposer une case remplie ou vide et essayer toutes les suites ; si aucune grille ne respecte les "
           "indices, elle est de l’autre façon",
        es="suponer una casilla rellena o vacía y probar todas las opciones; si ninguna cuadrícula cumple las "
           "pistas, es al revés")),
)


@dataclass(frozen=True)
class Deduction:
    """One step: the (flat index, value) ``cells`` it decides (1 filled, 0 empty); the ``line``
    (``("row", r)`` or ``("column", c)``) a ``line`` step read or a ``probe`` ran into; the
    ``assumption`` (index, value) a ``probe`` or ``search`` refuted, with the search's ``nodes``;
    a probe's ``chain``: the lines that led from its assumption to ``line``, in order, each with the
    (index, value) cells it decided (:func:`_probe_chain`).
    ``contradiction``: the known cells cannot all be right (``cells`` is empty)."""

    technique: str
    cells: tuple[tuple[int, int], ...]
    line: tuple[str, int] | None = None
    assumption: tuple[int, int] | None = None
    contradiction: bool = False
    nodes: int = 0
    chain: tuple[tuple[tuple[str, int], tuple[tuple[int, int], ...]], ...] = ()


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


def _line_indices(line: tuple[str, int], width: int, height: int) -> range:
    """The flat indices of a row's or a column's cells, in order along it."""
    kind, k = line
    return range(k * width, k * width + width) if kind == "row" else range(k, width * height, width)


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


def _probe_chain(known: _Known, i: int, value: int
                 ) -> tuple[tuple[tuple[tuple[str, int], tuple[tuple[int, int], ...]], ...], tuple[str, int]]:
    """A refuted assumption's chain: line-solve from cell ``i`` having ``value``, a line at a time in the
    order lines change (first the cell's row and column, then each line crossing a decided cell), up to
    the first line whose clue no longer fits; then keep only the line steps that line stands on (those
    that decided one of its cells during the probe, the steps those stood on, and so on back)."""
    child = known.copy()
    child.know(i, value)
    width, height = known.width, known.height
    r, c = divmod(i, width)
    queue = [("row", r), ("column", c)]
    steps: list[tuple[tuple[str, int], tuple[tuple[int, int], ...]]] = []
    decided_by = {i: -1}  # a cell decided during the probe -> the step that decided it (-1: the assumption)
    while queue:
        line = queue.pop(0)
        clue, length, filled, empty = child.line_state(*line)
        result = solve_line(clue, length, filled, empty)
        if result is None:
            break
        cells = _line_cells(*line, result[0] ^ filled, result[1] ^ empty, width)
        for cell, cell_value in cells:
            child.know(cell, cell_value)
            decided_by[cell] = len(steps)
            row, column = divmod(cell, width)
            crossing = ("column", column) if line[0] == "row" else ("row", row)
            if crossing not in queue:
                queue.append(crossing)
        if cells:
            steps.append((line, cells))
    else:  # the line solver found the contradiction, so line by line finds it too
        raise AssertionError("a refuted probe found no broken line")
    needed: set[int] = set()
    todo = [(line, len(steps))]
    while todo:
        (kind, k), before = todo.pop()
        for cell in _line_indices((kind, k), width, height):
            n = decided_by.get(cell, -1)
            if 0 <= n < before and n not in needed:
                needed.add(n)
                todo.append((steps[n][0], n))
    return tuple(steps[n] for n in sorted(needed)), line


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
    return _next_step(_known(rows, cols, cells), deadline)


def _next_step(known: _Known, deadline: float | None) -> Deduction | None:
    """:func:`next_deduction` from what is known."""
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
                chain, broken = _probe_chain(known, i, value)
                return Deduction("probe", ((i, 1 - value),), broken, (i, value), chain=chain)
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
    """A row or column by its number: "Row 3" at the start of a sentence, "row 3" inside one."""
    kind, k = line
    if kind == "row":
        name = (Text("Row {k}", "{k}行目", zh="第 {k} 行", ko="{k}행", de="Zeile {k}", fr="Ligne {k}", es="Fila {k}")
                if capital else
                Text("row {k}", "{k}行目", zh="第 {k} 行", ko="{k}행", de="Zeile {k}", fr="la ligne {k}",
                     es="la fila {k}"))
    else:
        name = (Text("Column {k}", "{k}列目", zh="第 {k} 列", ko="{k}열", de="Spalte {k}", fr="Colonne {k}",
                     es="Columna {k}")
                if capital else
                Text("column {k}", "{k}列目", zh="第 {k} 列", ko="{k}열", de="Spalte {k}", fr="la colonne {k}",
                     es="la columna {k}"))
    return name.fill(k=k + 1)


def _clue_text(clue: Sequence[int]) -> str:
    return " ".join(map(str, clue)) if clue else "0"


def _cell_name(i: int, width: int) -> Text:
    r, c = divmod(i, width)
    return Text("row {r}, column {c}", "{r}行{c}列", zh="第 {r} 行第 {c} 列", ko="{r}행 {c}열",
                de="Zeile {r}, Spalte {c}", fr="ligne {r}, colonne {c}", es="fila {r}, columna {c}",
                ).fill(r=r + 1, c=c + 1)


def _cells_at(positions: Sequence[int]) -> Text:
    """The cells at 0-based ``positions`` of a line, in words: "cell 4", "cells 1–3 and 6"."""
    where = positions_text(positions)
    if len(positions) == 1:
        return Text("cell {p}", "{p}マス目", zh="第 {p} 格", ko="{p}번째 칸", de="Feld {p}", fr="la case {p}",
                    es="la casilla {p}").fill(p=where)
    return Text("cells {p}", "{p}マス目", zh="第 {p} 格", ko="{p}번째 칸", de="Felder {p}", fr="les cases {p}",
                es="las casillas {p}").fill(p=where)


def _empty_word(count: int) -> Text:
    """"empty" agreeing with ``count`` cells (French and Spanish say it in the plural)."""
    if count == 1:
        return Text("empty", "空白", zh="空白", ko="빈칸", de="leer", fr="vide", es="vacía")
    return Text("empty", "空白", zh="空白", ko="빈칸", de="leer", fr="vides", es="vacías")


def _line_step_text(filled: bool, empty: bool) -> Text:
    """The template of a line step's sentence, for what it fills, leaves empty or both."""
    if filled and empty:
        return Text(
            "{name} (clue {clue}): every way the clue fits {where} fills {filled} and leaves {empty} empty.",
            "{name}（ヒント {clue}）: {where}どの置き方でも{filled}は塗られ、{empty}は空白になります。",
            zh="{name}（提示 {clue}）：无论提示{where}怎样放，{filled}都要涂色，{empty}都是空白。",
            ko="{name}(단서 {clue}): 단서를 {where} 어떻게 놓아도 {filled}은 칠해지고 {empty}은 빈칸이 됩니다.",
            de="{name} (Hinweis {clue}): Jede Art, wie der Hinweis {where} passt, füllt {filled} und lässt {empty} "
               "leer.",
            fr="{name} (indice {clue}) : toutes les façons de placer l’indice {where} remplissent {filled} et "
               "laissent {empty} {empty_word}.",
            es="{name} (pista {clue}): todas las formas de colocar la pista {where} rellenan {filled} y dejan "
               "{empty} {empty_word}.")
    if filled:
        return Text(
            "{name} (clue {clue}): every way the clue fits {where} fills {filled}.",
            "{name}（ヒント {clue}）: {where}どの置き方でも{filled}は塗られます。",
            zh="{name}（提示 {clue}）：无论提示{where}怎样放，{filled}都要涂色。",
            ko="{name}(단서 {clue}): 단서를 {where} 어떻게 놓아도 {filled}은 칠해집니다.",
            de="{name} (Hinweis {clue}): Jede Art, wie der Hinweis {where} passt, füllt {filled}.",
            fr="{name} (indice {clue}) : toutes les façons de placer l’indice {where} remplissent {filled}.",
            es="{name} (pista {clue}): todas las formas de colocar la pista {where} rellenan {filled}.")
    return Text(
        "{name} (clue {clue}): every way the clue fits {where} leaves {empty} empty.",
        "{name}（ヒント {clue}）: {where}どの置き方でも{empty}は空白になります。",
        zh="{name}（提示 {clue}）：无论提示{where}怎样放，{empty}都是空白。",
        ko="{name}(단서 {clue}): 단서를 {where} 어떻게 놓아도 {empty}은 빈칸이 됩니다.",
        de="{name} (Hinweis {clue}): Jede Art, wie der Hinweis {where} passt, lässt {empty} leer.",
        fr="{name} (indice {clue}) : toutes les façons de placer l’indice {where} laissent {empty} {empty_word}.",
        es="{name} (pista {clue}): todas las formas de colocar la pista {where} dejan {empty} {empty_word}.")


def _supposed(cell: Text, value: int) -> Text:
    """"Suppose row 2, column 3 were filled" (``value`` 1) or "... were empty" (0)."""
    if value:
        return Text("Suppose {cell} were filled", "{cell}が塗られているとすると", zh="假设{cell}的格涂色",
                    ko="{cell} 칸을 칠했다고 가정하면", de="Angenommen, das Feld in {cell} wäre gefüllt",
                    fr="Supposons la case de la {cell} remplie",
                    es="Supongamos que la casilla de la {cell} estuviera rellena").fill(cell=cell)
    return Text("Suppose {cell} were empty", "{cell}が空白だとすると", zh="假设{cell}的格为空白",
                ko="{cell} 칸을 비웠다고 가정하면", de="Angenommen, das Feld in {cell} wäre leer",
                fr="Supposons la case de la {cell} vide",
                es="Supongamos que la casilla de la {cell} estuviera vacía").fill(cell=cell)


def _so(value: int) -> Text:
    """The conclusion of a refuted assumption that the cell has ``value``: it has the other one."""
    if value:
        return Text("So it is empty.", "よってこのマスは空白です。", zh="所以这格是空白。",
                    ko="따라서 이 칸은 빈칸입니다.",
                    de="Daher ist es leer.", fr="Elle est donc vide.", es="Así que está vacía.")
    return Text("So it is filled.", "よってこのマスは塗りです。", zh="所以这格要涂色。",
                ko="따라서 이 칸은 칠해집니다.",
                de="Daher ist es gefüllt.", fr="Elle est donc remplie.", es="Así que está rellena.")


REFUTED = Text("{supposed}: {reason} {so}", "{supposed}、{reason}{so}", zh="{supposed}，{reason}{so}",
               ko="{supposed}, {reason} {so}", de="{supposed}: {reason} {so}", fr="{supposed} : {reason} {so}",
               es="{supposed}: {reason} {so}")
"""A probe's or a search's sentence: the assumption, why it fails, and so the cell's value."""


def _chain_step_text(filled: bool, empty: bool) -> Text:
    """The template of one line of a probe's chain, for what it fills, leaves empty or both."""
    if filled and empty:
        return Text("{name} (clue {clue}) fills {filled} and leaves {empty} empty",
                    "{name}（ヒント {clue}）で{filled}が塗り、{empty}が空白",
                    zh="{name}（提示 {clue}）涂{filled}，{empty}为空白",
                    ko="{name}(단서 {clue})에서 {filled} 칠함, {empty} 빈칸",
                    de="{name} (Hinweis {clue}) füllt {filled} und lässt {empty} leer",
                    fr="{name} (indice {clue}) remplit {filled} et laisse {empty} {empty_word}",
                    es="{name} (pista {clue}) rellena {filled} y deja {empty} {empty_word}")
    if filled:
        return Text("{name} (clue {clue}) fills {filled}", "{name}（ヒント {clue}）で{filled}が塗り",
                    zh="{name}（提示 {clue}）涂{filled}", ko="{name}(단서 {clue})에서 {filled} 칠함",
                    de="{name} (Hinweis {clue}) füllt {filled}", fr="{name} (indice {clue}) remplit {filled}",
                    es="{name} (pista {clue}) rellena {filled}")
    return Text("{name} (clue {clue}) leaves {empty} empty", "{name}（ヒント {clue}）で{empty}が空白",
                zh="{name}（提示 {clue}）使{empty}为空白", ko="{name}(단서 {clue})에서 {empty} 빈칸",
                de="{name} (Hinweis {clue}) lässt {empty} leer",
                fr="{name} (indice {clue}) laisse {empty} {empty_word}",
                es="{name} (pista {clue}) deja {empty} {empty_word}")


def _clue_of(line: tuple[str, int], row_clues: Sequence[Sequence[int]], col_clues: Sequence[Sequence[int]]) -> str:
    kind, k = line
    return _clue_text(row_clues[k] if kind == "row" else col_clues[k])


def _decided_words(line: tuple[str, int], cells: Sequence[tuple[int, int]], width: int) -> dict[str, Text | str]:
    """The ``filled``, ``empty`` and ``empty_word`` parts of a sentence about the (index, value) ``cells``
    a line decided, by their positions along it."""
    along = [i % width if line[0] == "row" else i // width for i, _ in cells]
    filled = [p for p, (_, v) in zip(along, cells) if v == 1]
    empty = [p for p, (_, v) in zip(along, cells) if v == 0]
    return {"filled": _cells_at(filled) if filled else "", "empty": _cells_at(empty) if empty else "",
            "empty_word": _empty_word(len(empty))}


def _chain_reason(step: Deduction, row_clues: Sequence[Sequence[int]], col_clues: Sequence[Sequence[int]]) -> Text:
    """Why a probe fails, line by line: each line of its chain and what it decided, then the line
    that can no longer be completed."""
    width = len(col_clues)
    links = []
    for line, cells in step.chain:
        words = _decided_words(line, cells, width)
        links.append(_chain_step_text(bool(words["filled"]), bool(words["empty"])).fill(
            name=_line_name(line, capital=False), clue=_clue_of(line, row_clues, col_clues), **words))
    assert step.line is not None
    return Text("line by line from there, {chain} → {line} (clue {clue}) can no longer be completed.",
                "そこから行と列をたどると、{chain} → {line}（ヒント {clue}）が成り立たなくなります。",
                zh="从那里逐行逐列推下去，{chain} → {line}（提示 {clue}）就无法完成了。",
                ko="거기서부터 줄마다 풀어 나가면, {chain} → {line}(단서 {clue})을 완성할 수 없게 됩니다.",
                de="Löst man von dort Reihe für Reihe weiter, so folgt: {chain} → {line} (Hinweis {clue}) lässt "
                   "sich nicht mehr vervollständigen.",
                fr="en résolvant ligne par ligne à partir de là, {chain} → {line} (indice {clue}) ne peut plus "
                   "être complétée.",
                es="resolviendo línea a línea desde ahí, {chain} → {line} (pista {clue}) ya no se puede completar."
                ).fill(chain=Text.join(links, Text(" → ", " → ", zh=" → ", ko=" → ", de=" → ", fr=" → ", es=" → ")),
                       line=_line_name(step.line, capital=False), clue=_clue_of(step.line, row_clues, col_clues))


def explain_step(step: Deduction, row_clues: Sequence[Sequence[int]], col_clues: Sequence[Sequence[int]],
                 cells: Sequence[int]) -> Text:
    """The step in words, for the board ``cells`` it was found on."""
    width = len(col_clues)
    if step.technique == "line" and step.line is not None:
        line_cells = _line_indices(step.line, width, len(cells) // width)
        known_before = any(cells[i] != UNKNOWN for i in line_cells)
        words = _decided_words(step.line, step.cells, width)
        where = Text("the cells known so far", "わかっているマスに合う", zh="在已知格上",
                     ko="지금까지 알려진 칸에 맞춰", de="zu den bisher bekannten Feldern",
                     fr="sur les cases déjà connues", es="en las casillas ya conocidas") if known_before else Text(
            "its {n} cells", "{n}マスへの", zh="在这 {n} 格中", ko="{n}칸에", de="in ihre {n} Felder",
            fr="dans ses {n} cases", es="en sus {n} casillas").fill(n=len(line_cells))
        return _line_step_text(bool(words["filled"]), bool(words["empty"])).fill(
            name=_line_name(step.line), clue=_clue_of(step.line, row_clues, col_clues), where=where, **words)
    assert step.assumption is not None
    i, value = step.assumption
    if step.technique == "probe" and step.line is None:
        reason = Text("line by line from there, some line can no longer be completed.",
                      "行と列をたどるうちに成り立たない列が出ます。",
                      zh="从那里逐行逐列推下去，会有某一行或列无法完成。",
                      ko="거기서부터 줄마다 풀어 나가면 완성할 수 없는 줄이 생깁니다.",
                      de="Löst man von dort Reihe für Reihe weiter, lässt sich eine Reihe nicht mehr vervollständigen.",
                      fr="en résolvant ligne par ligne à partir de là, une ligne ou une colonne ne peut plus être "
                         "complétée.",
                      es="resolviendo línea a línea desde ahí, alguna línea ya no se puede completar.")
    elif step.technique == "probe" and step.chain:
        assert step.line is not None
        reason = _chain_reason(step, row_clues, col_clues)
    elif step.technique == "probe":
        assert step.line is not None
        reason = Text("line by line from there, {line} (clue {clue}) can no longer be completed.",
                      "そこから行と列をたどるうちに{line}（ヒント {clue}）が成り立たなくなります。",
                      zh="从那里逐行逐列推下去，{line}（提示 {clue}）就无法完成了。",
                      ko="거기서부터 줄마다 풀어 나가면 {line}(단서 {clue})을 완성할 수 없게 됩니다.",
                      de="Löst man von dort Reihe für Reihe weiter, lässt sich {line} (Hinweis {clue}) nicht mehr "
                         "vervollständigen.",
                      fr="en résolvant ligne par ligne à partir de là, {line} (indice {clue}) ne peut plus être "
                         "complétée.",
                      es="resolviendo línea a línea desde ahí, {line} (pista {clue}) ya no se puede completar.",
                      ).fill(line=_line_name(step.line, capital=False), clue=_clue_of(step.line, row_clues, col_clues))
    else:
        reason = Text("trying every way on from there ({nodes} cases), no grid meets all the clues.",
                      "その先をすべて試しても（{nodes}通り）すべてのヒントに合う盤面はありません。",
                      zh="从那里试遍所有可能（{nodes} 种情况），没有任何盘面符合全部提示。",
                      ko="거기서부터 모든 경우를 시도해도({nodes}가지) 모든 단서를 만족하는 판은 없습니다.",
                      de="Probiert man von dort alles durch ({nodes} Fälle), erfüllt kein Raster alle Hinweise.",
                      fr="en essayant toutes les suites à partir de là ({nodes} cas), aucune grille ne respecte "
                         "tous les indices.",
                      es="probando todas las opciones desde ahí ({nodes} casos), ninguna cuadrícula cumple todas "
                         "las pistas.").fill(nodes=step.nodes)
    return REFUTED.fill(supposed=_supposed(_cell_name(i, width), value), reason=reason, so=_so(value))


# --- hints of a puzzle and a board -----------------------------------------------------------

STUCK = Text("Nothing more follows from the clues and the cells decided so far by these techniques.",
             "これらの手筋では、ヒントと決まったマスからこれ以上は決まりません。",
             zh="用这些技巧，从提示和已确定的格推不出更多结论。",
             ko="이 기법들로는 단서와 지금까지 정한 칸에서 더 정해지는 것이 없습니다.",
             de="Mit diesen Techniken folgt aus den Hinweisen und den bisher entschiedenen Feldern nichts mehr.",
             fr="Avec ces techniques, rien de plus ne découle des indices et des cases décidées jusqu’ici.",
             es="Con estas técnicas no se deduce nada más de las pistas y las casillas decididas hasta ahora.")
SEVERAL = Text("This puzzle has more than one solution: from here on, the clues decide nothing more.",
               "この問題には答えが2つ以上あります。ここから先はヒントだけでは決まりません。",
               zh="这道谜题有不止一个解：从这里开始，提示不能再决定什么。",
               ko="이 퍼즐은 답이 둘 이상입니다: 여기서부터는 단서만으로 더 정해지지 않습니다.",
               de="Dieses Rätsel hat mehr als eine Lösung: Ab hier entscheiden die Hinweise nichts mehr.",
               fr="Cette grille a plus d’une solution : à partir d’ici, les indices ne décident plus rien.",
               es="Este tablero tiene más de una solución: a partir de aquí, las pistas no deciden nada más.")
SOLVED = Text("Nothing is left to decide: the grid shows every clue.", "すべてのヒントを満たしています。",
              zh="已经没有要决定的了：盘面满足所有提示。", ko="더 정할 것이 없습니다: 판이 모든 단서를 만족합니다.",
              de="Es bleibt nichts mehr zu entscheiden: Das Raster zeigt jeden Hinweis.",
              fr="Il ne reste rien à décider : la grille respecte tous les indices.",
              es="No queda nada por decidir: la cuadrícula cumple todas las pistas.")
CONTRADICTION = Text("The clues contradict each other: no grid shows them all.",
                     "ヒントどうしが矛盾しています。すべてに合う盤面はありません。",
                     zh="提示互相矛盾：没有盘面能满足全部提示。",
                     ko="단서끼리 모순됩니다: 모두를 만족하는 판은 없습니다.",
                     de="Die Hinweise widersprechen einander: Kein Raster erfüllt sie alle.",
                     fr="Les indices se contredisent : aucune grille ne les respecte tous.",
                     es="Las pistas se contradicen: ninguna cuadrícula las cumple todas.")


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
    for line, _ in step.chain:
        if Mark(*line) not in evidence:
            evidence.append(Mark(*line))
    if step.line is not None and Mark(*step.line) not in evidence:
        evidence.append(Mark(*step.line))
    return Hint("step", step.technique, decides, tuple(evidence), explain_step(step, row_clues, col_clues, cells))


def _more(count: int) -> Text:
    """The words " (3 more after it)" for a count of mistakes above one."""
    if count < 2:
        return Text("", "")
    return Text(" ({n} more after it)", "（ほかに{n}か所）", zh="（之后还有 {n} 处）", ko="(뒤에 {n}곳 더)",
                de=" (danach noch {n})", fr=" (encore {n} après)", es=" ({n} más después)").fill(n=count - 1)


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
        state = (Text("filled, and the solution leaves it empty", "塗られていますが、答えでは空白です",
                      zh="已涂色，但答案中它是空白", ko="칠해져 있지만 정답에서는 빈칸입니다",
                      de="gefüllt, aber die Lösung lässt es leer", fr="remplie, alors que la solution la laisse vide",
                      es="rellena, pero la solución la deja vacía") if board[first] == BOARD_FILLED
                 else Text("marked empty, and the solution fills it", "×が付いていますが、答えでは塗ります",
                           zh="标记为空（×），但答案中要涂色", ko="빈칸(×)으로 표시되어 있지만 정답에서는 칠합니다",
                           de="als leer markiert, aber die Lösung füllt es",
                           fr="marquée vide, alors que la solution la remplit",
                           es="marcada vacía, pero la solución la rellena"))
        return Hint("mistake", None, (), (Mark("cell", first),), Text(
            "{cell} is a mistake: it is {state}{more}. Clear it, and the hints go on from the cells that are right.",
            "{cell}は間違いです。{state}{more}。消すと、正しいマスからヒントが続きます。",
            zh="{cell}的格是错的：它{state}{more}。清除它，提示会从正确的格继续。",
            ko="{cell} 칸이 틀렸습니다: {state}{more}. 지우면 맞는 칸에서부터 힌트가 이어집니다.",
            de="Das Feld in {cell} ist ein Fehler: Es ist {state}{more}. Leere es, dann gehen die Tipps von den "
               "richtigen Feldern aus weiter.",
            fr="La case de la {cell} est une erreur : elle est {state}{more}. Effacez-la, et les indices reprennent "
               "à partir des cases justes.",
            es="La casilla de la {cell} es un error: está {state}{more}. Bórrala y las pistas siguen a partir de las "
               "casillas correctas.").fill(cell=replace(cell, en=cell.en[0].upper() + cell.en[1:]), state=state,
                                           more=_more(len(wrong))))
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
    known = _Known(rows, cols, cells)
    steps: list[Hint] = []
    while UNKNOWN in cells:
        check_deadline(deadline)
        step = _next_step(known, deadline)
        if step is None:
            verdict = decide(rows, cols, len(cols), len(rows), time_limit=seconds_left(deadline, STUCK_SECONDS),
                             least=False)  # the status only: no solution is shown
            if verdict.status == "undecided":
                check_deadline(deadline)  # cut short by the deadline, not by its own limit: no answer
            note = SEVERAL if verdict.status == "several" else STUCK
            return Walkthrough(None, tuple(steps), "stuck", note)
        if step.contradiction:
            return Walkthrough(None, tuple(steps), "contradiction", CONTRADICTION)
        steps.append(_step_hint(step, rows, cols, cells))
        for i, value in step.cells:
            cells[i] = value
            known.know(i, value)
    if known.broken_line() is not None:  # the last cells filled one line and broke another
        return Walkthrough(None, tuple(steps), "contradiction", CONTRADICTION)
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
