"""How hard a Signal puzzle is, by the articles' ``analyzeDifficulty``.

The grader imitates a player in three stages and counts what each needs:

1. **Border** (``boundaryFixed``): orientations with a pipe off the board
   are removed; count the tiles left with one orientation.
2. **Local** (``localRounds``, ``localFixed``): full sweeps of neighbour
   agreement (the solver's rules) until a sweep changes nothing.
3. **Global** (``globalRounds``): for each undecided tile, drop every
   orientation after which :func:`~.solver.graph_conflict` finds a forced
   cycle or a cell cut off from cell 0; after each round that drops
   something, stage 2 runs again. At most n²×4 rounds.

If tiles stay undecided (``needsSearch``), a bounded search (MRV as in
:func:`~.solver.solve`, also pruning on ``graph_conflict``, 5,000 nodes)
looks for the solution and records ``maxDepth`` and ``decisionPoints``.
``remaining`` and ``largestRegion`` (undecided tiles, and the biggest
group of them touching edge to edge) are measured right after stage 2,
before any global reasoning, as the articles point out.

The levels, exactly as the articles define them::

    substantial = remaining >= max(8, ceil(0.3 n²)) and largestRegion >= 6
    demanding   = globalRounds >= 2 or (maxDepth >= 2 and decisionPoints >= 2)
    unrated  if the search was truncated, or needed and found nothing
    hard     if substantial and demanding
    easy     if no search, no global round, localRounds <= 8 and boundaryFixed / n² >= 0.2
    medium   otherwise

These thresholds were not calibrated with real players (the original
README says so), and "decision points" count branches in a search tree, not
moments a person hesitates.

Worked example (``tests/signal/test_difficulty.py``): the articles' 4×4
``notes-example`` answer grades medium with boundaryFixed 3, localFixed 10,
localRounds 3, globalRounds 0, needsSearch true, maxDepth 1,
decisionPoints 1, remaining 6, largestRegion 6: only 6 tiles remain, so it
is not substantial enough for hard, and it needs a search, so not easy.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from gridlogic.frozen import RebuiltFromFields
from gridlogic.params import check_bool, check_choice, check_deadline, check_int, check_object
from gridlogic.signal.board import VARIANTS, check_board, check_size, is_solved
from gridlogic.signal.search import make_arc_consistent, members, mrv_choice
from gridlogic.signal.solver import conflict_free_orientations, graph_conflict_bits
from gridlogic.signal.sweeps import compiled_sweeps
from gridlogic.signal.tables import Geometry, count_fixed, count_open, geometry

SEARCH_NODE_LIMIT = 5000


@dataclass(frozen=True)
class Difficulty(RebuiltFromFields):
    """The grader's verdict and the figures it is based on (the reference's field names in JSON)."""

    level: str
    boundary_fixed: int
    local_fixed: int
    local_rounds: int
    global_rounds: int
    needs_search: bool
    max_depth: int
    decision_points: int
    remaining: int
    largest_region: int

    def to_dict(self) -> dict[str, object]:
        return {
            "level": self.level,
            "boundaryFixed": self.boundary_fixed,
            "localFixed": self.local_fixed,
            "localRounds": self.local_rounds,
            "globalRounds": self.global_rounds,
            "needsSearch": self.needs_search,
            "maxDepth": self.max_depth,
            "decisionPoints": self.decision_points,
            "remaining": self.remaining,
            "largestRegion": self.largest_region,
        }

    @classmethod
    def from_dict(cls, data: object) -> Difficulty:
        """The inverse of :meth:`to_dict`, checking every field's type."""
        fields = check_object(data, "'difficulty'", _JSON_KEYS)

        def count(key: str) -> int:
            return check_int(fields[key], f"'difficulty'.{key}", 0)

        return cls(
            check_choice(fields["level"], "'difficulty'.level", LEVELS),
            count("boundaryFixed"), count("localFixed"), count("localRounds"), count("globalRounds"),
            check_bool(fields["needsSearch"], "'difficulty'.needsSearch"),
            count("maxDepth"), count("decisionPoints"), count("remaining"), count("largestRegion"),
        )


LEVELS = ("easy", "medium", "hard", "unrated")  # what the grader can say
_JSON_KEYS = (
    "level", "boundaryFixed", "localFixed", "localRounds", "globalRounds",
    "needsSearch", "maxDepth", "decisionPoints", "remaining", "largestRegion",
)


def _local_fix(domains: list[int], geo: Geometry) -> tuple[int, bool]:
    """Stage 2 in place, as the articles' ``localFix``: (rounds that changed something, valid).

    Unlike the solver's propagation, a sweep does not stop at an emptied
    cell; emptiness spreads to the neighbours and the round still counts:
    the "grader" rule of :mod:`.sweeps`.
    """
    return compiled_sweeps(geo, "grader")(domains)


def _global_step(domains: list[int], geo: Geometry, deadline: float | None = None) -> bool:
    """One round of stage 3 in place; True when some orientation was dropped. ``deadline``: see
    :func:`analyze_checked`."""
    changed = False
    for i, domain in enumerate(domains):
        if not domain & (domain - 1):
            continue  # fewer than two orientations
        if deadline is not None:
            check_deadline(deadline)
        kept = conflict_free_orientations(domains, i, geo)
        domains[i] = kept
        changed |= kept != domain
    return changed


def largest_region(domains: Sequence[int], geo: Geometry) -> int:
    """The size of the biggest edge-connected group of undecided cells."""
    open_cells = {i for i, d in enumerate(domains) if d & (d - 1)}
    best = 0
    while open_cells:
        queue = [open_cells.pop()]
        for i in queue:
            for j in geo.neighbours[i]:
                if j in open_cells:
                    open_cells.discard(j)
                    queue.append(j)
        best = max(best, len(queue))
    return best


@dataclass
class SearchCount:
    """What :func:`bounded_search` did: its nodes, deepest branching and branchings, and whether it found
    a solution or ran out of nodes first."""

    nodes: int = 0
    max_depth: int = 0
    decision_points: int = 0
    found: bool = False
    truncated: bool = False


def bounded_search(domains: list[int], orders: Sequence[Sequence[int]], geo: Geometry,
                   deadline: float | None = None) -> SearchCount:
    """The articles' grading search: MRV with graph_conflict pruning, stop at the first solution.

    ``domains`` are the cells' orientations left (not changed), ``orders`` each cell's order to try
    them in; at most :data:`SEARCH_NODE_LIMIT` nodes. ``deadline``: see :func:`analyze_checked`.
    """
    count = SearchCount()

    def search(state: list[int], pending: set[int], depth: int) -> None:
        if count.found or count.truncated:
            return
        count.nodes += 1
        if count.nodes > SEARCH_NODE_LIMIT:
            count.truncated = True
            return
        if deadline is not None:
            check_deadline(deadline)
        if not make_arc_consistent(state, geo, pending) or graph_conflict_bits(state, geo):
            return
        choice = mrv_choice(state)
        if choice < 0:
            if is_solved([d.bit_length() - 1 for d in state], geo.width):
                count.found = True
            return
        count.decision_points += 1
        count.max_depth = max(count.max_depth, depth + 1)
        for mask in members(state[choice], orders[choice]):
            child = state.copy()
            child[choice] = 1 << mask
            search(child, set(geo.neighbours[choice]), depth + 1)

    search(domains.copy(), set(range(len(domains))), 0)
    return count


def analyze_difficulty(board: Sequence[int], n: int) -> Difficulty:
    """Grade ``board`` (a solved board, as the generator calls it) by the articles' three stages."""
    n = check_size(n)
    return analyze_checked(check_board(board, n), n)


def _border_domains(board: Sequence[int], geo: Geometry) -> list[int]:
    """Stage 1: each tile's orientations that keep every pipe on the board."""
    return list(map(tuple.__getitem__, geo.border_domains, board))


@dataclass(frozen=True)
class LocalStage:
    """Stages 1 and 2 of the grader: the domains after local reasoning and the figures behind them."""

    domains: list[int]
    boundary_fixed: int
    rounds: int
    fixed: int  # tiles with one orientation left: the reference's localFixed

    def is_easy(self) -> bool:
        """The easy rule's local half. When it holds nothing is left for stage 3 or a search,
        so the level is easy whatever follows; when it fails the level is not easy."""
        cells = len(self.domains)
        return self.fixed == cells and self.rounds <= 8 and self.boundary_fixed / cells >= 0.2


def local_stage(board: Sequence[int], geo: Geometry) -> LocalStage:
    domains = _border_domains(board, geo)
    boundary_fixed = count_fixed(domains)
    rounds, _ = _local_fix(domains, geo)
    return LocalStage(domains, boundary_fixed, rounds, count_fixed(domains))


@lru_cache(maxsize=32)
def level_precheck(level: str, geo: Geometry) -> Callable[[Sequence[int]], bool] | None:
    """A quick test that every board graded ``level`` passes, or None when there is none.

    The generator rejects a board that fails it before doing the real work.

    * ``"hard"`` needs ``remaining >= max(8, ceil(0.3 n²))`` and
      ``largestRegion >= 6``. Both figures are taken at the local fixed
      point, whose value (unlike its round count) does not depend on the
      order of the work, so the early-exit sweeps of the "undecided" rule of
      :mod:`.sweeps` decide it (98% of 4×4 trees fail, in about 1.4 µs).
    * ``"easy"`` needs ``boundaryFixed >= 0.2 n²``, from the border alone.
    """
    if level == "hard":
        sweeps = compiled_sweeps(geo, "undecided")
        needed = max(8, math.ceil(geo.cells * 0.3))

        def could_be_hard(board: Sequence[int]) -> bool:
            domains = sweeps(board, needed)
            return domains is not None and largest_region(domains, geo) >= 6

        return could_be_hard
    if level == "easy":
        cells = geo.cells

        def could_be_easy(board: Sequence[int]) -> bool:
            return count_fixed(_border_domains(board, geo)) / cells >= 0.2  # the easy rule's own test

        return could_be_easy
    return None


def analyze_checked(board: Sequence[int], n: int, local: LocalStage | None = None,
                    deadline: float | None = None) -> Difficulty:
    """:func:`analyze_difficulty` for a board already checked, reusing stages 1-2 when given. Past
    ``deadline`` (a :func:`time.monotonic` instant, None: none), checked at every tile of a global
    round and every node of the search: :class:`~gridlogic.params.OutOfTime` (a walk-through's)."""
    geo = geometry(n)
    local = local or local_stage(board, geo)
    boundary_fixed, local_rounds, local_domains = local.boundary_fixed, local.rounds, local.domains
    cells = len(board)
    local_fixed = local.fixed
    remaining = count_open(local_domains)

    global_rounds = 0
    needs_search = False
    search = SearchCount(found=True)
    if local_fixed < cells:  # else stage 3 and the search have nothing to do
        domains = local_domains.copy()
        for _ in range(cells * 4):
            if count_fixed(domains) == cells:
                break
            if not _global_step(domains, geo, deadline):
                break
            global_rounds += 1
            _local_fix(domains, geo)
        needs_search = count_open(domains) > 0
        if needs_search:
            search = bounded_search(domains, [VARIANTS[m] for m in board], geo, deadline)

    region = largest_region(local_domains, geo) if remaining else 0
    substantial = remaining >= max(8, math.ceil(cells * 0.3)) and region >= 6
    demanding = global_rounds >= 2 or (search.max_depth >= 2 and search.decision_points >= 2)
    if search.truncated or (needs_search and not search.found):
        level = "unrated"
    elif substantial and demanding:
        level = "hard"
    elif not needs_search and not global_rounds and local_rounds <= 8 and boundary_fixed / cells >= 0.2:
        level = "easy"
    else:
        level = "medium"
    return Difficulty(
        level, boundary_fixed, local_fixed, local_rounds, global_rounds, needs_search,
        search.max_depth, search.decision_points, remaining, region,
    )
