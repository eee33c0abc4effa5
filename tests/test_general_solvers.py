"""The general solvers of Pattern and Loop decide the same way on any load, and keep their budget.

Determinism: every stage (line, probing, search, SAT) is chosen by counts, so a
run on a clock that races ahead (a machine so loaded that each reading of the
clock is 50 ms later than the last) gives the same verdict, the same
``method``, the same node count and the same solutions as a run on the real
clock, as long as the budget does not run out. No time is asserted: the fake
clock stands for the load.

Budget: puzzles far too hard for a small budget (an n-Dom nonogram of 61×61,
a 60×60 slitherlink of checkered 1s that has no loop, which SAT proves only
after many rounds of cycle cuts) come back ``undecided``; how late a run
returns is measured by ``benchmarks/hard_nonograms.py``, not here.
"""

from __future__ import annotations

import json
import time
import types
from pathlib import Path

import pytest

import gridlogic.loop.decide
import gridlogic.loop.engine
import gridlogic.loop.solver
import gridlogic.pattern.beliefs
import gridlogic.pattern.decide
import gridlogic.pattern.sat
import gridlogic.satsolver
from gridlogic.loop.decide import decide as solve_loop
from gridlogic.pattern.decide import decide as solve_pattern
from gridlogic.pattern.formats import read_puzzle
from gridlogic.satsolver import sat_available

DATA = Path(__file__).resolve().parent / "data"
CLOCK_READERS = [
    gridlogic.loop.decide,
    gridlogic.loop.engine,
    gridlogic.loop.solver,
    gridlogic.pattern.beliefs,
    gridlogic.pattern.decide,
    gridlogic.pattern.sat,
    gridlogic.satsolver,
]
needs_sat = pytest.mark.skipif(not sat_available(), reason="python-sat is not installed")


def racing_clock(step: float) -> types.SimpleNamespace:
    """A stand-in for the ``time`` module whose clocks move ``step`` seconds at every reading."""
    now = [1000.0]

    def read() -> float:
        now[0] += step
        return now[0]

    return types.SimpleNamespace(monotonic=read, perf_counter=read, process_time=read)


def on_a_loaded_machine(monkeypatch: pytest.MonkeyPatch, solve, *args, **kwargs):
    with monkeypatch.context() as patch:
        clock = racing_clock(0.05)
        for module in CLOCK_READERS:
            patch.setattr(module, "time", clock)
        return solve(*args, **kwargs)


def outcome(verdict):
    return verdict.status, verdict.method, verdict.nodes, verdict.solutions


def olson(source: str, index: int) -> tuple[list[int | None], int, int]:
    entries = json.loads((DATA / "loop" / "olson_sample.json").read_text())
    entry = next(e for e in entries if (e["source"], e["index"]) == (source, index))
    clues = [None if ch == "." else int(ch) for ch in entry["faceData"]]
    return clues, entry["width"], entry["height"]


LOOP_BOARDS = {
    "15x15 by propagation": olson("square-15x15.json", 1),
    "10x10 by sat": olson("square-10x10.json", 0),
    "blank 2x1 by search": ([None] * 2, 2, 1),
}


@pytest.mark.parametrize("name", LOOP_BOARDS)
def test_loop_decides_the_same_way_on_a_loaded_machine(monkeypatch, name):
    clues, width, height = LOOP_BOARDS[name]
    idle = solve_loop(clues, width, height, time_limit=1e6)
    loaded = on_a_loaded_machine(monkeypatch, solve_loop, clues, width, height, time_limit=1e6)
    assert outcome(loaded) == outcome(idle)
    assert idle.method == name.split()[-1] or not sat_available()
    assert idle.status in ("unique", "several")


PATTERN_FILES = {
    "jwilk_data001.non": "probing",
    "jwilk_data083.non": "search",
    "minizinc_dom_06.non": "sat",
}


@pytest.mark.parametrize("name", PATTERN_FILES)
def test_pattern_decides_the_same_way_on_a_loaded_machine(monkeypatch, name):
    puzzle = read_puzzle((DATA / "pattern_general" / name).read_text())
    clues = (puzzle.row_clues, puzzle.col_clues)
    idle = solve_pattern(*clues, time_limit=1e6)
    loaded = on_a_loaded_machine(monkeypatch, solve_pattern, *clues, time_limit=1e6)
    assert outcome(loaded) == outcome(idle)
    assert idle.method == PATTERN_FILES[name] or not sat_available()
    assert idle.status in ("unique", "several")


def n_dom(n: int) -> tuple[list[list[int]], list[list[int]]]:
    """The clues of the (2n+1)² "n-Dom" nonogram of the MiniZinc benchmarks (unique; work grows
    about threefold with each step of 2 in n for line solving, probing and SAT alike)."""
    size = 2 * n + 1
    rows = [[3]] + [[1] if r % 2 else [3, 1] for r in range(1, size - 1)] + [[1]]
    cols = [[1], [1]] + [[1, 3] if c % 2 == 0 else [1] for c in range(2, size - 1)] + [[3]]
    return rows, cols


def test_n_dom_clues_match_the_published_instance():
    puzzle = read_puzzle((DATA / "pattern_general" / "minizinc_dom_06.non").read_text())
    rows, cols = n_dom(6)
    assert (list(map(tuple, rows)), list(map(tuple, cols))) == (
        list(puzzle.row_clues),
        list(puzzle.col_clues),
    )


@pytest.mark.parametrize("sat", [False, True])
def test_pattern_out_of_time_is_undecided(sat):
    if sat and not sat_available():
        pytest.skip("python-sat is not installed")
    verdict = solve_pattern(*n_dom(30), time_limit=0.5, sat=sat)
    assert verdict.status == "undecided"


@needs_sat
def test_pattern_call_with_hints_in_a_child_is_killed_at_the_budget(monkeypatch):
    """The plain call is made to find nothing, so the 61×61 n-Dom goes to CaDiCaL in a forked
    child (belief propagation, then the call with hints), which needs minutes to decide it. The
    child gets half a second from the hand-over (building the formula first takes a varying time,
    so the deadline is set there): the parent stops waiting, kills the child, and says undecided,
    with the first solution when the child reported one in time (how soon depends on the machine)."""
    solve_within, run_apart = gridlogic.pattern.sat.solve_within, gridlogic.pattern.sat.run_apart
    returned = []

    def half_a_second_apart(work, deadline):
        returned.append(run_apart(work, time.monotonic() + 0.5))
        return returned[-1]

    monkeypatch.setattr(gridlogic.pattern.sat, "solve_within",
                        lambda sat, deadline, conflicts=None, propagations=None: (
                            None if conflicts is not None else solve_within(sat, deadline)))
    monkeypatch.setattr(gridlogic.pattern.sat, "run_apart", half_a_second_apart)
    rows, cols = n_dom(30)
    nothing = [0] * len(rows)
    status, found = gridlogic.pattern.sat.solve_sat(
        [tuple(r) for r in rows], [tuple(c) for c in cols], nothing, nothing, time.monotonic() + 3600)
    assert status == "undecided" and len(returned) == 1
    assert returned == ([None] if not found else [("undecided", found)]) and len(found) <= 1


def checkered_ones(n: int) -> list[int | None]:
    return [1 if (r + c) % 2 else None for r in range(n) for c in range(n)]


@needs_sat
def test_checkered_ones_have_no_loop():
    assert solve_loop(checkered_ones(6), 6, 6).status == "none"


@pytest.mark.parametrize("sat", [False, True])
def test_loop_out_of_time_is_undecided(sat):
    if sat and not sat_available():
        pytest.skip("python-sat is not installed")
    verdict = solve_loop(checkered_ones(60), 60, 60, time_limit=0.5, sat=sat)
    assert verdict.status == "undecided"
