"""Signal's generator version 4: a spanning tree, changed where it is ambiguous or off its level.

Version 3 draws a fresh tree until one happens to be unique and of the
requested level, and gives up after 500; on large boards almost no random
tree is unique (5 in 30 at 25×25), and on small ones few are hard. Version
4 makes uniqueness instead, as Simon Tatham's Net generator does: it keeps
the tree and *changes* it where the solver finds it ambiguous.

1. **The tree.** Kruskal over the board's links (a wrapping board has links
   across its edges too) in the order of a Fisher–Yates shuffle, as in
   version 3. For ``hard`` the first pass skips links that would make a
   *foothold*, a tile that stage 1 of the grader fixes by itself (on a
   bordered board a tee or a straight along the border, an elbow in a
   corner; anywhere, a cross), and a second pass completes the tree: a
   *starved* tree, which leaves local reasoning less to start from.
2. **A change** is a *link swap*: choose a tile in the region to change,
   add a link from it that the tree lacks, and remove another link of the
   loop this closes, preferably one touching the region. The result is
   again a spanning tree; four tiles change shape. A change may have to
   *keep* something (for ``hard``: enough of the board undecided by local
   reasoning, *substantial*); then up to :data:`CANDIDATES` swaps are drawn
   and the first that keeps it is taken (the last drawn if none does).
3. **Examine and steer.** Each step grades the tree by the stages of
   :mod:`.grading`, stopping at the first stage that settles the step:

   * stages 1-2 alone fix every tile: the tree is unique (local reasoning
     is sound), and easy or medium by its figures;
   * otherwise stages 3-4: two solutions found → swap among the tiles where
     they differ (the ambiguity itself); a search out of budget → swap
     among the tiles left undecided (never count it); one solution → graded.

   ``any`` takes the first unique tree. ``easy`` stops after stage 2 and
   swaps among the tiles local reasoning left undecided until it fixes all;
   when only the rounds or the footholds fall short, which no swap aims at,
   it draws a fresh tree. ``medium`` swaps anywhere in an easy tree, and
   where local reasoning stopped in a hard one. ``hard`` draws a fresh
   starved tree while the tree is not substantial, or is unique but not
   demanding, and repairs ambiguities keeping it substantial (on boards of
   fewer than :data:`REPAIR_HARD_FROM` tiles a fresh tree is faster there
   too: measured, few repairs of a small ambiguous board end hard).
4. **The shuffle**: each tile takes one of its orientations at random (drawn
   again, all of them, in the rare case that this solves the board).

Every random number comes from one :func:`gridlogic.rng.rng` stream of the
seed, so a puzzle is a pure function of (width, height, wrapping, seed,
difficulty); ``attempt`` counts the trees examined. After :data:`MAX_STEPS`
steps :class:`GenerationFailed`; no offered request has come near it (the
sweep of ``benchmarks/signal_v4.py``), and :func:`refusal` turns away what
no seed makes.

Worked example (checked in ``tests/signal/test_v4_generator.py``):
``generate((7, 5), "notes-example", "hard", version=4, wrapping=True)`` is
accepted at attempt 16: local reasoning leaves 33 of its 35 tiles
undecided, one region, and its proof of uniqueness branches 4 times, 4
deep (``needsSearch``); score 97 (variety 85), 45 clockwise turns from
the shuffle to the answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import final

from gridlogic.errors import GenerationFailed
from gridlogic.game.ids import PuzzleSpec
from gridlogic.rng import RandomStream, rng
from gridlogic.signal.board import BITS, VARIANTS, is_solved
from gridlogic.signal.difficulty import Difficulty
from gridlogic.signal.rules import DIFFICULTIES, Metrics
from gridlogic.signal.tables import OPPOSITE, VARIANT_DOMAINS, Geometry, board_geometry
from gridlogic.signal.v4.deduction import RoundMemo
from gridlogic.signal.v4.grading import FirstStages, Thresholds, difficulty_of, first_stages, last_stages
from gridlogic.signal.v4.puzzle import MAX_STEPS, Version4Puzzle

PRESETS = (4, 5, 6, 7, 8, 10, 12, 15)
DEFAULT_SIZE = 6
CANDIDATES = 8
REPAIR_HARD_FROM = 64  # tiles; on smaller boards a fresh tree beats repairing an ambiguous hard one


def is_foothold(geo: Geometry, i: int, mask: int) -> bool:
    """A tile that stage 1 fixes by itself: a cross, or (with a border) one the border leaves one way to turn."""
    return bool(_footholds(geo)[i][mask])


@cache
def _footholds(geo: Geometry) -> tuple[bytes, ...]:
    """Per cell and mask, 1 when :func:`is_foothold` (ends never: a border end keeps two turns at least)."""
    def fixed(i: int, mask: int) -> bool:
        domain = VARIANT_DOMAINS[mask] & geo.border_allowed[i]
        return mask == 15 or (not geo.wrapping and mask.bit_count() > 1 and not domain & (domain - 1))

    return tuple(bytes(fixed(i, m) for m in range(16)) for i in range(geo.cells))


def spanning_tree(geo: Geometry, random: RandomStream, starved: bool) -> list[int]:
    """A random spanning tree as tile masks (Kruskal over shuffled links); ``starved``: few footholds."""
    board = [0] * geo.cells
    parents = list(range(geo.cells))
    links = _links(geo)
    order = list(range(len(links.cell)))
    random.shuffle(order)  # the links' order: a shuffle's swaps depend only on how many items it has
    footholds = _footholds(geo)
    cell, other, bit_here, bit_there = links.cell, links.other, links.bit_here, links.bit_there
    for strict in ((True, False) if starved else (False,)):
        for k in order:
            i = cell[k]
            j = other[k]
            bit_i = bit_here[k]
            bit_j = bit_there[k]
            if strict and (footholds[i][board[i] | bit_i] or footholds[j][board[j] | bit_j]):
                continue
            a = parents[i]
            while a != parents[a]:
                up = parents[parents[a]]  # path halving keeps the walks short
                parents[a] = up
                a = up
            b = parents[j]
            while b != parents[b]:
                up = parents[parents[b]]
                parents[b] = up
                b = up
            if a == b:
                continue
            parents[a] = parents[i] = parents[j] = b
            board[i] |= bit_i
            board[j] |= bit_j
    return board


@final
class Links:
    """The board's right and down links, the k-th as (``cell[k]``, ``other[k]``) and the bits of each end's
    pipe along it."""

    def __init__(self, geo: Geometry) -> None:
        self.cell: list[int] = []
        self.other: list[int] = []
        self.bit_here: list[int] = []
        self.bit_there: list[int] = []
        for i in range(geo.cells):
            for d, j in geo.directions[i]:
                if d in (1, 2):
                    self.cell.append(i)
                    self.other.append(j)
                    self.bit_here.append(BITS[d])
                    self.bit_there.append(BITS[OPPOSITE[d]])


@cache
def _links(geo: Geometry) -> Links:
    return Links(geo)


def _tree_path(board: Sequence[int], geo: Geometry, start: int, goal: int) -> list[tuple[int, int, int]]:
    """The links of the tree's path from ``start`` to ``goal``, each as (cell, direction, neighbour)."""
    came: dict[int, tuple[int, int]] = {start: (-1, -1)}
    queue = [start]
    for x in queue:
        if x == goal:
            break
        mask = board[x]
        for d, y in geo.directions[x]:
            if mask >> d & 1 and y not in came:
                came[y] = (x, d)
                queue.append(y)
    path = []
    y = goal
    while came[y][0] >= 0:
        x, d = came[y]
        path.append((x, d, y))
        y = x
    return path


def swap(board: Sequence[int], geo: Geometry, region: Sequence[int], random: RandomStream) -> list[int]:
    """One link swap at a random tile of ``region`` (see the module docstring, step 2)."""
    def can_grow(a: int) -> bool:  # some neighbour the tile has no link to
        return len(geo.directions[a]) > board[a].bit_count()

    starts = [a for a in region if can_grow(a)] or [a for a in range(geo.cells) if can_grow(a)]
    a = starts[int(random() * len(starts))]
    missing = [(d, b) for d, b in geo.directions[a] if not board[a] >> d & 1]
    d, b = missing[int(random() * len(missing))]
    path = _tree_path(board, geo, a, b)
    inside = set(region)
    touching = [(x, e, y) for x, e, y in path if x in inside or y in inside]
    x, e, y = (touching or path)[int(random() * len(touching or path))]
    changed = list(board)
    changed[a] |= 1 << d
    changed[b] |= 1 << OPPOSITE[d]
    changed[x] &= ~(1 << e)
    changed[y] &= ~(1 << OPPOSITE[e])
    return changed


def change(board: Sequence[int], geo: Geometry, region: Sequence[int], random: RandomStream,
           keep: Callable[[list[int]], bool] | None = None) -> list[int]:
    """A swap in ``region``; with ``keep``, the first of up to :data:`CANDIDATES` swaps that keeps it."""
    candidate = swap(board, geo, region, random)
    if keep is None:
        return candidate
    for _ in range(CANDIDATES - 1):
        if keep(candidate):
            break
        candidate = swap(board, geo, region, random)
    return candidate


def _undecided(domains: Sequence[int]) -> list[int]:
    return [i for i, d in enumerate(domains) if d & (d - 1)]


def make(spec: PuzzleSpec) -> Version4Puzzle:
    """The version 4 puzzle of ``spec`` (checked already); see the module docstring."""
    wrapping = bool(dict(spec.options).get("wrapping", False))
    geo = board_geometry(spec.width, spec.height, wrapping)
    target = spec.difficulty
    limits = Thresholds.of(spec.width, spec.height)
    random = rng(spec.seed)
    board = spanning_tree(geo, random, starved=target == "hard")
    everywhere = list(range(geo.cells))
    examined = Examined(geo, limits)
    substantial = examined.substantial

    for step in range(1, MAX_STEPS + 1):
        first = examined.first_stages(board)
        grade: Difficulty | None = None
        if target == "hard" and not first.substantial(limits):
            board = spanning_tree(geo, random, starved=True)
            continue
        if not first.remaining:
            grade = difficulty_of(first, None, limits)
            if target in ("any", grade.level):
                return _finish(spec, geo, board, step, grade, random)
            if target == "easy":  # too few footholds or too many rounds: no swap aims at those
                board = spanning_tree(geo, random, starved=False)
            else:  # easy, but medium was asked
                board = change(board, geo, everywhere, random)
            continue
        if target == "easy":
            board = change(board, geo, _undecided(first.domains), random)
            continue
        last = last_stages(board, first, geo, None, examined.global_memo)
        count = last.count
        hard = target == "hard"
        if hard and (count.truncated or len(count.solutions) > 1) and geo.cells < REPAIR_HARD_FROM:
            board = spanning_tree(geo, random, starved=True)
            continue
        keep = substantial if hard else None
        if len(count.solutions) > 1:
            differ = [i for i, (p, q) in enumerate(zip(*count.solutions)) if p != q]
            board = change(board, geo, differ, random, keep)
            continue
        if count.truncated:
            board = change(board, geo, _undecided(last.domains), random, keep)
            continue
        grade = difficulty_of(first, last, limits)
        if target in ("any", grade.level):
            return _finish(spec, geo, board, step, grade, random)
        if hard:  # unique, but one global round does all: no swap was found to aim at that
            board = spanning_tree(geo, random, starved=True)
        else:  # medium asked, hard made: change where local reasoning stopped
            board = change(board, geo, _undecided(first.domains), random)
    raise GenerationFailed.after(MAX_STEPS, spec)


@final
class Examined:
    """Stages 1-2 of the last candidate that :meth:`substantial` examined, so that the step that takes
    the candidate reads them instead of working them out again (they depend on the board alone), the
    last first look at a wrapping board, which the next one starts from (``memo``), and the last first
    round of stage 3, likewise (``global_memo``)."""

    def __init__(self, geo: Geometry, limits: Thresholds) -> None:
        self.geo = geo
        self.limits = limits
        self.board: list[int] = []
        self.first: FirstStages | None = None
        self.memo = RoundMemo()
        self.global_memo = RoundMemo()

    def substantial(self, candidate: list[int]) -> bool:
        first = first_stages(candidate, self.geo, self.memo)
        self.board, self.first = candidate, first
        return first.substantial(self.limits)

    def first_stages(self, board: list[int]) -> FirstStages:
        first = self.first
        if first is not None and board == self.board:
            return first
        return first_stages(board, self.geo, self.memo)


def _finish(spec: PuzzleSpec, geo: Geometry, answer: list[int], step: int, grade: Difficulty,
            random: RandomStream) -> Version4Puzzle:
    choices = [VARIANTS[m] for m in answer]
    shuffled = random.pick(choices)
    while is_solved(shuffled, geo.width, geo.height, geo.wrapping):
        shuffled = random.pick(choices)
    return Version4Puzzle(spec.width, spec.height, spec.seed, spec.difficulty, tuple(answer), tuple(shuffled),
                          step, grade, Metrics.of(answer, shuffled, True, grade.local_fixed), geo.wrapping)


# The fewest tiles a level needs (with a border, or wrapping) where fewer than every board's. Measured
# (see refusal): 3x3 has no medium puzzle with a border and no hard one either way; 3x4 and 3x5 have no
# hard one with a border (all their tiles but one or three lie on it).
FEWEST_TILES = {("medium", False): 10, ("hard", False): 16, ("hard", True): 12}


def refusal(width: int, height: int, difficulty: str, wrapping: bool) -> str | None:
    """Why version 4 does not offer this (width, height, difficulty, wrapping), or None when it does.

    Not offered: what no seed makes. On a 3×3 board with a border every
    tile's turn follows from the border and its neighbours, so it is always
    easy; a hard puzzle needs at least 8 tiles undecided by local reasoning,
    and on 3×3 to 3×5 boards with a border, or 3×3 wrapping ones, the
    generator found none in thousands of trees per seed. Everything else is
    made for every seed (``benchmarks/signal_v4.py`` sweeps the presets).

    >>> refusal(3, 5, "hard", False)
    'Signal version 4 has no hard puzzle on a 3x5 board with a border (hard needs 16 tiles or more there); \
on 3x5 choose any, easy or medium, or wrapping edges'
    """
    fewest = FEWEST_TILES.get((difficulty, wrapping), 0)
    if width * height >= fewest:
        return None
    board = f"a wrapping {width}x{height} board" if wrapping else f"a {width}x{height} board with a border"
    allowed = [d for d in DIFFICULTIES if width * height >= FEWEST_TILES.get((d, wrapping), 0)]
    other = "" if wrapping or width * height < FEWEST_TILES.get((difficulty, True), 0) else ", or wrapping edges"
    return (f"Signal version 4 has no {difficulty} puzzle on {board} ({difficulty} needs "
            f"{fewest} tiles or more there); on {width}x{height} choose {', '.join(allowed[:-1])} or {allowed[-1]}"
            f"{other}")
