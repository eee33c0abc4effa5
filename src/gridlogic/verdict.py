"""The verdict of a general solver: what was proven about a puzzle people bring.

One type serves the general solvers of Pattern (:mod:`gridlogic.pattern.general`)
and Loop (:mod:`gridlogic.loop.general`).
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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["STATUSES", "Verdict"]

STATUSES = ("unique", "several", "none", "undecided")


@dataclass(frozen=True)
class Verdict:
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
    def verdict(self) -> str:
        """The status under the name the compatibility solver's ``SolveResult`` uses."""
        return self.status

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
