"""The verdict of a general solver: what was proven about a puzzle people bring.

One type serves the general solvers of Pattern (:mod:`gridlogic.pattern.decide`), Signal
(:mod:`gridlogic.signal.decide`) and Loop (:mod:`gridlogic.loop.decide`).
``status`` is one of :data:`STATUSES`:

- ``"unique"`` with the solution, said only once the whole search space has
  been exhausted;
- ``"several"`` with two different solutions;
- ``"none"`` when nothing meets the clues;
- ``"undecided"`` when the time or node budget ran out first (it may carry a
  solution found so far, which then proves nothing about uniqueness).

``solutions`` holds each solution in its game's flat form: Pattern gives the
``width * height`` cells (1 filled), Loop gives its edges (horizontal ones,
then vertical ones, 1 = line). ``method`` names the stage that decided.

>>> Verdict("unique", 2, 1, ((1, 0),), 0, 0.001, "line").to_dict()["solutions"]
[[1, 0]]

The searches that count solutions up to two under a node budget (each game's
generator solver) return a :class:`SolveResult`, and name their outcome with
:func:`verdict_of`: two solutions are "several" even when the budget ran out,
since two are proof enough; otherwise a search cut short is "undecided".
Both types call that outcome ``status`` and say ``unique`` the same way.

>>> [verdict_of(2, True), verdict_of(1, True), verdict_of(1, False), verdict_of(0, False)]
['several', 'undecided', 'unique', 'none']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gridlogic.frozen import RebuiltFromFields

__all__ = ["STATUSES", "SolveResult", "Verdict", "verdict_of"]

STATUSES = ("unique", "several", "none", "undecided")


def verdict_of(solution_count: int, truncated: bool) -> str:
    """The status of a search that found ``solution_count`` solutions and may have been cut short.

    ``truncated`` says the budget ran out before the search space was exhausted.
    """
    if solution_count >= 2:
        return "several"
    if truncated:
        return "undecided"
    return "unique" if solution_count else "none"


@dataclass(frozen=True)
class Verdict(RebuiltFromFields):
    """What a general solver proved about a puzzle (see the module docstring).

    ``solutions`` holds 0, 1 or 2 solutions, each a tuple of ints in its
    game's flat form. ``nodes`` counts search nodes (0 when propagation
    decided), ``elapsed`` is wall time in seconds and ``method`` names the
    stage that decided (Pattern: ``line``, ``probing``, ``search`` or ``sat``;
    Loop: ``propagation``, ``search`` or ``sat``).
    """

    status: str
    width: int
    height: int
    solutions: tuple[tuple[int, ...], ...]
    nodes: int
    elapsed: float
    method: str

    @property
    def unique(self) -> bool:
        """Proven to have exactly one solution."""
        return self.status == "unique"

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "width": self.width,
            "height": self.height,
            "solutions": [list(grid) for grid in self.solutions],
            "nodes": self.nodes,
            "elapsed": round(self.elapsed, 6),
            "method": self.method,
        }

    def __repr__(self) -> str:
        return (
            f"Verdict({self.status!r}, {self.width}x{self.height}, "
            f"solutions={len(self.solutions)}, nodes={self.nodes}, "
            f"method={self.method!r}, elapsed={self.elapsed:.3f}s)"
        )


@dataclass(frozen=True)
class SolveResult(RebuiltFromFields):
    """What a counting search under a node budget found: the shape every game's solver returns.

    ``solutions`` holds up to two solutions, each a tuple in the game's flat
    form (as :class:`Verdict`'s); ``truncated`` says the node budget ran out
    before the search space was exhausted. A game's solver may add fields of
    its own by subclassing (Signal's first-propagation figures).
    """

    width: int
    height: int
    solutions: tuple[tuple[int, ...], ...]
    nodes: int
    truncated: bool

    @property
    def status(self) -> str:
        """``"unique"``, ``"several"``, ``"none"`` or ``"undecided"`` (see :func:`verdict_of`)."""
        return verdict_of(len(self.solutions), self.truncated)

    @property
    def unique(self) -> bool:
        """Proven to have exactly one solution (a truncated search proves nothing)."""
        return self.status == "unique"

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "width": self.width,
            "height": self.height,
            "solutions": [list(s) for s in self.solutions],
            "nodes": self.nodes,
            "truncated": self.truncated,
        }
