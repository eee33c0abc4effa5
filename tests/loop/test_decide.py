"""Deciding Loop puzzles people bring (:mod:`gridlogic.loop.decide`) and the SAT back end, against the
native search and brute force.

The brute-force checkers are in ``conftest.py`` (independent of gridlogic.loop).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import doctests
import pytest

from gridlogic import GridlogicError, InvalidParameters
from gridlogic.cli import main
from gridlogic.loop import decide as decide_module
from gridlogic.loop.board import grid, inside_of_loop, validate_loop
from gridlogic.loop.decide import decide
from gridlogic.loop.sat import SatSearch, cycles_of, loops_and_cuts, meets_every_clue, solve_sat
from gridlogic.loop.solver import solve_grid
from gridlogic.verdict import Verdict

_ = None
DATA = Path(__file__).resolve().parent.parent / "data" / "loop"


def _random_clue_sets(checkers, w, h, count, seed):
    """Clues of a random loop with some removed (unique or several), or random clues (mostly none)."""
    rnd = random.Random(seed)
    regions = checkers.regions(w, h)
    for _k in range(count):
        if rnd.random() < 0.8:
            base = checkers.clues_of(rnd.choice(regions), w, h)
        else:
            base = [rnd.randint(0, 3) for _ in range(w * h)]
        keep = rnd.random()
        yield [k if rnd.random() < keep else None for k in base]


def _assert_loops_meet(checkers, loops, clues, w, h):
    for edges in loops:
        assert validate_loop(list(edges), clues, w, h)
        region = tuple(inside_of_loop(list(edges), w, h))
        assert region in checkers.regions(w, h)
        assert all(k is None or k == v for k, v in zip(clues, checkers.clues_of(region, w, h)))


@pytest.mark.parametrize(
    "w,h,count", [(3, 3, 150), (4, 3, 100), (2, 4, 60), (4, 2, 60), (1, 3, 30), (4, 4, 60)]
)
def test_sat_back_end_agrees_with_brute_force_and_the_native_search(checkers, w, h, count):
    statuses = set()
    for clues in _random_clue_sets(checkers, w, h, count, seed=100 * w + h):
        expected = min(checkers.brute(clues, w, h), 2)
        status, loops, _calls = solve_sat(clues, w, h)
        assert len(loops) == expected, clues
        assert status == {0: "none", 1: "unique", 2: "several"}[expected]
        if expected == 2:
            assert loops[0] != loops[1]
        _assert_loops_meet(checkers, loops, clues, w, h)
        forced = decide(clues, w, h, sat=True)
        native = solve_grid(clues, w, h)
        assert forced.status == native.status == status
        assert forced.method in ("sat", "propagation")
        statuses.add(status)
    assert statuses == {"unique", "several", "none"} or (w, h) == (1, 3)


def test_forced_hand_over_agrees_with_the_native_search(checkers, monkeypatch):
    # Hand over after one native node: every board that needs a search goes to SAT.
    monkeypatch.setattr(decide_module, "SAT_FALLBACK_NODES", 1)
    methods = set()
    for clues in _random_clue_sets(checkers, 4, 4, 80, seed=44):
        verdict = decide(clues, 4, 4)
        assert verdict.status == solve_grid(clues, 4, 4).status
        assert len(verdict.solutions) == min(checkers.brute(clues, 4, 4), 2)
        _assert_loops_meet(checkers, verdict.solutions, clues, 4, 4)
        methods.add(verdict.method)
    assert "sat" in methods


def test_module_docstring_examples():
    unique = decide([3, _, 3, _], 2, 2)
    assert (unique.status, unique.method, len(unique.solutions)) == ("unique", "propagation", 1)
    several = decide([_] * 2, 2, 1)
    assert several.status == "several" and several.method == "search"
    first, second = several.solutions
    assert first != second
    assert validate_loop(list(first), [_] * 2, 2, 1) and validate_loop(list(second), [_] * 2, 2, 1)


def test_each_verdict_by_both_back_ends():
    for sat in (False, True):
        assert decide([3, _, 3, _], 2, 2, sat=sat).status == "unique"
        several = decide([_] * 9, 3, 3, sat=sat)
        assert several.status == "several" and len(set(several.solutions)) == 2
        assert decide([0, 0, 0, 0], 2, 2, sat=sat).status == "none"
    # undecided: no search node allowed, or no time for the SAT solver
    blank = [_] * 144
    by_nodes = decide(blank, 12, 12, node_limit=0)
    assert by_nodes.status == "undecided" and by_nodes.nodes == 0
    assert decide(blank, 12, 12, time_limit=1e-9, sat=True).status == "undecided"


def test_the_sat_docstring_example_real_loop_beside_a_junk_cycle(checkers):
    # 2 2 . 0 . . / 2 2 . 0 . .: the left square is the one loop; a model can add
    # any cycle in the blank right block.
    clues = [2, 2, _, 0, _, _, 2, 2, _, 0, _, _]
    w, h = 6, 2
    g = grid(w, h)
    left = {g.horizontal(0, 0), g.horizontal(0, 1), g.horizontal(2, 0), g.horizontal(2, 1),
            g.vertical(0, 0), g.vertical(1, 0), g.vertical(0, 2), g.vertical(1, 2)}  # fmt: skip
    right = {g.horizontal(0, 4), g.horizontal(0, 5), g.horizontal(2, 4), g.horizontal(2, 5),
             g.vertical(0, 4), g.vertical(1, 4), g.vertical(0, 6), g.vertical(1, 6)}  # fmt: skip
    lines = [1 if e in left | right else 0 for e in range(g.edge_count)]
    cycles = cycles_of(lines, g)
    assert sorted(map(set, cycles), key=min) == [left, right]
    assert meets_every_clue(sorted(left), clues, g) and not meets_every_clue(
        sorted(right), clues, g
    )
    loops, cuts = loops_and_cuts(lines, clues, g)
    # the real loop is kept as a solution before its cut; the junk cycle is only cut
    assert loops == [[1 if e in left else 0 for e in range(g.edge_count)]]
    assert set(map(frozenset, cuts)) == {
        frozenset(-(e + 1) for e in left),
        frozenset(-(e + 1) for e in right),
    }
    status, found, _calls = solve_sat(clues, w, h)
    assert status == "unique" and found == loops
    assert checkers.brute(clues, w, h) == 1
    assert solve_grid(clues, w, h).solutions == tuple(map(tuple, loops))


def test_two_cycles_that_each_meet_some_clues_are_no_loop(checkers):
    # 2 2 . 0 . 2 2 (twice): the two squares together meet every clue, neither
    # alone does. The first model is those two cycles; both are cut, then UNSAT.
    clues = [2, 2, _, 0, _, 2, 2] * 2
    status, found, calls = solve_sat(clues, 7, 2)
    assert (status, found) == ("none", [])
    assert calls >= 2  # at least one model was cut before the solver said UNSAT
    assert checkers.brute(clues, 7, 2) == 0
    assert solve_grid(clues, 7, 2).status == "none"


def test_public_sample_puzzles_are_unique_by_sat_and_by_decide():
    # Jonathan Olson's collection (MIT, see tests/data/loop/ATTRIBUTION.md)
    for entry in json.loads((DATA / "olson_sample.json").read_text()):
        w, h = entry["width"], entry["height"]
        clues = [None if ch == "." else int(ch) for ch in entry["faceData"]]
        by_sat = decide(clues, w, h, sat=True)
        by_default = decide(clues, w, h)
        assert by_sat.status == by_default.status == "unique"
        assert by_sat.solutions == by_default.solutions
        assert validate_loop(list(by_sat.solutions[0]), clues, w, h)


def test_verdict_type_is_shared_with_pattern():
    from gridlogic.pattern.decide import Verdict as PatternVerdict

    verdict = decide([3, _, 3, _], 2, 2)
    assert isinstance(verdict, Verdict) and Verdict is PatternVerdict
    data = verdict.to_dict()
    assert data["status"] == "unique" and len(data["solutions"][0]) == grid(2, 2).edge_count


def test_bad_arguments_and_a_missing_python_sat(monkeypatch):
    for kwargs in ({"time_limit": 0}, {"time_limit": "1"}, {"node_limit": -1}, {"sat": 1}):
        with pytest.raises(InvalidParameters):
            decide([_] * 4, 2, 2, **kwargs)
    with pytest.raises(InvalidParameters):
        decide([5, _, _, _], 2, 2)
    monkeypatch.setitem(sys.modules, "pysat.solvers", None)  # import now fails
    with pytest.raises(GridlogicError, match="python-sat"):
        decide([3, _, 3, _], 2, 2, sat=True)
    # without the package the native search decides alone
    verdict = decide([_] * 9, 3, 3)
    assert verdict.status == "several" and verdict.method == "search"


# ------------------------------------------------------------------------------ CLI


def test_loop_solve_sat_json_and_budget(capsys):
    assert main(["loop", "solve", "3x2t0:a3b3a", "--sat", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "unique" and data["method"] == "sat"
    loop = data["solutions"][0]
    assert len(loop["horizontal"]) == 3 * 3 and len(loop["vertical"]) == 2 * 4
    assert loop["inside"] == inside_of_loop(loop["horizontal"] + loop["vertical"], 3, 2)
    assert main(["loop", "solve", "3x2t0:a3b3a", "--budget", "5"]) == 0
    out = capsys.readouterr().out
    assert "unique" in out and "| 3 |" in out
    assert main(["loop", "solve", "3x2t0:a3b3a", "--budget", "-1"]) == 2
    assert "--budget" in capsys.readouterr().err


def test_loop_solve_sat_without_python_sat_is_one_clear_line(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "pysat.solvers", None)
    assert main(["loop", "solve", "3x2t0:a3b3a", "--sat"]) == 2
    err = capsys.readouterr().err
    assert "python-sat" in err and "Traceback" not in err


def test_bench_solve_slitherlinks_use_decide_and_sat(tmp_path, capsys):
    entries = json.loads((DATA / "olson_sample.json").read_text())[:3]
    collection = [
        {
            "board": {"parameters": {"width": e["width"], "height": e["height"]}},
            "faceData": e["faceData"],
        }
        for e in entries
    ]
    path = tmp_path / "square-7x7.json"
    path.write_text(json.dumps(collection))
    assert main(["bench-solve", str(path), "--json", "--sat", "--budget", "20"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [p["status"] for p in data["puzzles"]] == ["unique"] * 3
    assert {p["method"] for p in data["puzzles"]} <= {"sat", "propagation"}
    assert "sat" in {p["method"] for p in data["puzzles"]}
    assert data["table"][0]["unique"] == 3


def test_verdict_module_doctest():

    import gridlogic.verdict

    failures, tried = doctests.testmod(gridlogic.verdict)
    assert tried >= 1 and failures == 0


def test_turns_between_sat_and_the_native_search(monkeypatch):
    # Loop v2 15x12 expert "t1": the native rules need more than 50 propagations, so SAT decides it
    # in its first turn; with no conflicts allowed there, the native search's second turn does.
    from gridlogic import GAMES

    puzzle = GAMES["loop"].generate((15, 12), "t1", "expert", version=2)
    clues = list(puzzle.clues)
    by_sat = decide(clues, 15, 12)
    assert (by_sat.status, by_sat.method) == ("unique", "sat")
    monkeypatch.setattr(decide_module, "SAT_TURN_CONFLICTS", 0)
    by_turns = decide(clues, 15, 12)
    assert (by_turns.status, by_turns.method) == ("unique", "propagation")
    assert by_turns.solutions == by_sat.solutions == (tuple(puzzle.edges()),)


def test_a_sat_search_stops_at_its_conflicts_and_goes_on():
    clues = [_] * 20  # a blank 5x4 board: many loops, found after some conflicts
    search = SatSearch(clues, 5, 4)
    try:
        runs = 0
        while (status := search.run(None, conflicts=1)) is None:
            runs += 1
        assert runs >= 1  # it did stop at its budget and went on
        assert status == "several" and len(search.found) == 2 and search.found[0] != search.found[1]
    finally:
        search.close()
    unlimited, found, _calls = solve_sat(clues, 5, 4)
    assert unlimited == "several" and len(found) == 2
