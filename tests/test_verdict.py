"""verdict_of, the one naming of a counted, possibly cut-short search used by both compatibility solvers."""

import pytest

from gridlogic.loop.solver import SolveResult as LoopSolveResult
from gridlogic.pattern.solver import SolveResult as PatternSolveResult
from gridlogic.signal.solver import SolveResult as SignalSolveResult
from gridlogic.verdict import STATUSES, SolveResult, verdict_of


@pytest.mark.parametrize("count", [0, 1, 2, 3])
@pytest.mark.parametrize("truncated", [False, True])
def test_verdict_of(count, truncated):
    expected = "several" if count >= 2 else "undecided" if truncated else ["none", "unique"][count]
    assert verdict_of(count, truncated) == expected
    assert expected in STATUSES
    grids = tuple((k,) for k in range(count))
    for result in (PatternSolveResult(1, 1, grids, 0, truncated), SignalSolveResult(1, 1, grids, 0, truncated, 0, 1)):
        assert isinstance(result, SolveResult)
        assert (result.status, result.unique) == (expected, expected == "unique")
    loop_result = LoopSolveResult(1, 1, grids, 0, truncated)
    assert loop_result.status == expected
    assert loop_result.unique == (expected == "unique")
