"""The verdict of a general solver: what was proven about a puzzle people bring.

One type serves the general solvers of Pattern (:mod:`gridlogic.pattern.general`,
where :class:`Verdict` is defined today) and Loop (:mod:`gridlogic.loop.general`).
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

# The class lives in Pattern's module, whose engineer was still editing it when
# Loop's general solver was written; re-exported here so that games share one
# type (moving the definition here is a cut-and-paste with this import reversed).
from gridlogic.pattern.general import STATUSES, Verdict

__all__ = ["STATUSES", "Verdict"]
