"""One answer on every install: Loop's and Pattern's verdicts, and everything built on them, are the same
with and without python-sat (an optional extra).

A ``several`` verdict carries the least two solutions in index order (the deciders' module docstrings,
"The two loops of several" and "The two solutions of several"), whether the native search or the SAT
back end found them. Checked two ways:

* against an independent brute force (every loop of a small board as the boundary of a region of
  cells; every grid of a small nonogram, row by row), by each path: the native search alone
  (python-sat hidden), SAT after the hand-over, SAT at once;
* through the command line, in two child processes, one where ``import pysat`` fails: the studio's
  analysis with fixes, ``solve``, ``explain`` and ``grade`` of the documentation's examples (``examples/``)
  and of boards with several solutions that the SAT back end takes over (a Loop board the native rules do not
  finish within 50 propagations, a Pattern grid that needs more than 30 search nodes) print the
  same bytes. Only ``solve``'s account of its own work ("N search nodes, by METHOD") may differ:
  it names the stage that decided.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from tests.test_studio import brute_nonograms

from gridlogic import GAMES
from gridlogic.loop import decide as loop_decide_module
from gridlogic.loop.decide import decide as decide_loop
from gridlogic.pattern import decide as pattern_decide_module
from gridlogic.pattern.decide import decide as decide_pattern
from gridlogic.pattern.studio import picture_problem

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
_ = None


def hide_python_sat(monkeypatch: pytest.MonkeyPatch) -> None:
    """``import pysat`` fails from here on, as where the ``sat`` extra is not installed."""
    monkeypatch.setitem(sys.modules, "pysat", None)
    monkeypatch.setitem(sys.modules, "pysat.solvers", None)


# ------------------------------------------------------------------ Loop: brute force


def loop_edges(region: tuple[int, ...], width: int, height: int) -> tuple[int, ...]:
    """The boundary of a region of cells as an edge list: horizontal edges row by row (``height + 1``
    rows of ``width``), then vertical ones (``height`` rows of ``width + 1``); 1 where inside meets
    outside (off the board is outside)."""
    def inside(r: int, c: int) -> int:
        return region[r * width + c] if 0 <= r < height and 0 <= c < width else 0

    horizontal = [int(inside(r - 1, c) != inside(r, c)) for r in range(height + 1) for c in range(width)]
    vertical = [int(inside(r, c - 1) != inside(r, c)) for r in range(height) for c in range(width + 1)]
    return tuple(horizontal + vertical)


def is_one_cycle(edges: tuple[int, ...], width: int, height: int) -> bool:
    """Every grid point has 0 or 2 of the lines, and the lines are connected."""
    segments = [((r, c), (r, c + 1)) for r in range(height + 1) for c in range(width)]
    segments += [((r, c), (r + 1, c)) for r in range(height) for c in range(width + 1)]
    lines = [segment for segment, line in zip(segments, edges, strict=True) if line]
    if not lines:
        return False
    degree: dict[tuple[int, int], int] = {}
    for a, b in lines:
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    if any(d != 2 for d in degree.values()):
        return False
    reached, stack = {lines[0][0]}, [lines[0][0]]
    while stack:
        point = stack.pop()
        for a, b in lines:
            for here, there in ((a, b), (b, a)):
                if here == point and there not in reached:
                    reached.add(there)
                    stack.append(there)
    return len(reached) == len(degree)


@cache
def every_loop(width: int, height: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """(edges, each cell's count of lines) of every loop: a loop is the boundary of the one region it
    encloses, so every region whose boundary is one cycle gives one loop, and no two give the same."""
    found = []
    for mask in range(1, 1 << (width * height)):
        region = tuple(mask >> i & 1 for i in range(width * height))
        edges = loop_edges(region, width, height)
        if is_one_cycle(edges, width, height):
            counts = tuple(sum(region[i] != (region[j] if j >= 0 else 0) for j in neighbours(i, width, height))
                           for i in range(width * height))
            found.append((edges, counts))
    return tuple(found)


def neighbours(i: int, width: int, height: int) -> list[int]:
    """The four cells beside cell ``i``, -1 for each side off the board."""
    r, c = divmod(i, width)
    return [rr * width + cc if 0 <= rr < height and 0 <= cc < width else -1
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))]


def least_loops(clues: list[int | None], width: int, height: int) -> list[tuple[int, ...]]:
    """The least two loops meeting the clues, the edge lists compared as tuples (fewer when there are fewer)."""
    meeting = [edges for edges, counts in every_loop(width, height)
               if all(k is None or k == n for k, n in zip(clues, counts, strict=True))]
    return sorted(meeting)[:2]


def loop_clue_sets(width: int, height: int, count: int, seed: int) -> list[list[int | None]]:
    """Clues of a random loop with some hidden (mostly several loops), or random clues (mostly none)."""
    rnd = random.Random(seed)
    loops = every_loop(width, height)
    sets = []
    for _k in range(count):
        full = list(rnd.choice(loops)[1]) if rnd.random() < 0.85 else [rnd.randint(0, 3) for _ in range(width * height)]
        keep = rnd.random()
        sets.append([k if rnd.random() < keep else None for k in full])
    return sets


LOOP_BOARDS = [(3, 3, 120), (4, 3, 80), (2, 4, 40), (4, 4, 40)]


@pytest.mark.parametrize("way", ["native search", "sat after the hand-over", "sat at once"])
@pytest.mark.parametrize("width, height, count", LOOP_BOARDS)
def test_loop_verdicts_carry_the_least_two_loops_by_every_way(way, width, height, count, monkeypatch):
    if way == "native search":
        hide_python_sat(monkeypatch)
    elif way == "sat after the hand-over":  # every board that needs a search node goes to SAT
        monkeypatch.setattr(loop_decide_module, "SAT_FALLBACK_NODES", 1)
    several = 0
    for clues in loop_clue_sets(width, height, count, seed=10 * width + height):
        expected = least_loops(clues, width, height)
        verdict = decide_loop(clues, width, height, sat=way == "sat at once")
        assert verdict.status == {0: "none", 1: "unique", 2: "several"}[len(expected)], clues
        assert list(verdict.solutions) == expected, clues
        several += verdict.status == "several"
        if way == "native search":
            assert verdict.method != "sat"
    assert several >= count // 4


def test_the_loop_docstrings_example_least_first():
    verdict = decide_loop([_, _], 2, 1)
    assert verdict.status == "several"
    assert verdict.solutions == ((0, 1, 0, 1, 0, 1, 1), (1, 0, 1, 0, 1, 1, 0))
    assert least_loops([_, _], 2, 1) == list(verdict.solutions)
    assert sorted(edges for edges, _counts in every_loop(2, 1))[2] == (1, 1, 1, 1, 1, 0, 1)


def test_loop_least_false_keeps_the_loops_first_found():
    # the blank 3x3 board: the native search's first two loops are not the least two
    first_found = decide_loop([_] * 9, 3, 3, least=False)
    least = decide_loop([_] * 9, 3, 3)
    assert first_found.status == least.status == "several"
    assert list(least.solutions) == least_loops([_] * 9, 3, 3)
    assert first_found.solutions != least.solutions


def test_loop_native_search_out_of_nodes_for_the_least_loops_is_undecided(monkeypatch):
    # The native search in edge order has node_limit nodes of its own: with fewer than it needs, the
    # verdict is undecided (and carries no loop), never several with two loops that are not the least.
    hide_python_sat(monkeypatch)
    clues = [_] * 9
    decided = decide_loop(clues, 3, 3)
    assert decided.status == "several"
    assert decide_loop(clues, 3, 3, node_limit=decided.nodes, least=False).status == "several"
    starved = decide_loop(clues, 3, 3, node_limit=decided.nodes)  # the search in edge order needs 13
    assert (starved.status, starved.solutions) == ("undecided", ())
    assert decide_loop(clues, 3, 3, node_limit=decided.nodes + 50).solutions == decided.solutions


# ------------------------------------------------------------------ Pattern: brute force


def runs(line: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    return tuple(len(block) for block in "".join(map(str, line)).split("0") if block)


def least_grids(rows: list[tuple[int, ...]], cols: list[tuple[int, ...]], width: int,
                height: int) -> list[tuple[int, ...]]:
    """The least two grids meeting the clues, flat and row-major: ``brute_nonograms`` chooses rows in
    order among the lines with their runs, each list in increasing order, so its grids come least
    first (it shares no code with gridlogic)."""
    return brute_nonograms(rows, cols, width, height, cap=2)


@pytest.mark.parametrize("way", ["native search", "native, then sat", "sat at once"])
@pytest.mark.parametrize("width, height, count", [(4, 4, 120), (5, 4, 80), (6, 5, 40)])
def test_pattern_verdicts_carry_the_least_two_solutions_by_every_way(way, width, height, count, monkeypatch):
    if way == "native search":
        hide_python_sat(monkeypatch)
    elif way == "native, then sat":  # the search in order gives way to SAT at once
        monkeypatch.setattr(pattern_decide_module, "LEAST_NATIVE_PROBES", 0)
    rnd = random.Random(f"{width}x{height}")
    several = 0
    for _k in range(count):
        density = rnd.choice((0.3, 0.5, 0.7))
        cells = [int(rnd.random() < density) for _ in range(width * height)]
        rows = [runs(cells[r * width:(r + 1) * width]) for r in range(height)]
        cols = [runs(cells[c::width]) for c in range(width)]
        expected = least_grids(rows, cols, width, height)
        verdict = decide_pattern(rows, cols, sat=way == "sat at once")
        assert verdict.status == ("several" if len(expected) == 2 else "unique"), cells
        assert list(verdict.solutions) == expected, cells
        several += verdict.status == "several"
    assert several >= count // 5


def test_the_pattern_docstrings_example_least_first():
    verdict = decide_pattern([[2], [1]], [[1], [1], [1]])
    assert verdict.solutions == ((0, 1, 1, 1, 0, 0), (1, 1, 0, 0, 0, 1))
    assert least_grids([(2,), (1,)], [(1,), (1,), (1,)], 3, 2) == list(verdict.solutions)


def test_pattern_least_false_keeps_the_solutions_first_found():
    first_found = decide_pattern([[2], [1]], [[1], [1], [1]], least=False)
    assert first_found.status == "several"
    assert set(first_found.solutions) == {(0, 1, 1, 1, 0, 0), (1, 1, 0, 0, 0, 1)}


def test_pattern_search_out_of_nodes_for_the_least_two_is_undecided(monkeypatch):
    hide_python_sat(monkeypatch)
    rows, cols = [(1,)] * 5, [(1,)] * 5  # every permutation matrix: 120 solutions
    decided = decide_pattern(rows, cols)
    assert list(decided.solutions) == least_grids(rows, cols, 5, 5)
    assert decided.solutions[0] == tuple(int(c == 4 - r) for r in range(5) for c in range(5))  # the anti-diagonal
    # the decision fits in as many nodes as it used; the search in cell order needs more (12)
    assert decide_pattern(rows, cols, node_limit=decided.nodes, least=False).status == "several"
    starved = decide_pattern(rows, cols, node_limit=decided.nodes)
    assert (starved.status, starved.solutions) == ("undecided", ())
    assert decide_pattern(rows, cols, node_limit=decided.nodes + 50).solutions == decided.solutions


# ------------------------------------------------------------------ the command line, with and without


def loop_board_with_hidden_clues(side: int, seed: str, hidden: int) -> str:
    """A version 2 ``hard`` Loop puzzle with ``hidden`` of its clues hidden (in a fixed shuffled order),
    as text rows: several loops, decided by SAT where it is installed."""
    puzzle = GAMES["loop"].generate((side, side), seed, "hard", version=2)
    shown = [cell for cell, clue in enumerate(puzzle.clues) if clue is not None]
    random.Random(seed).shuffle(shown)
    clues = list(puzzle.clues)
    for cell in shown[:hidden]:
        clues[cell] = None
    return "".join("".join("." if k is None else str(k) for k in clues[r * side:(r + 1) * side]) + "\n"
                   for r in range(side))


def random_picture(side: int, density: float, number: int) -> str:
    """The Tatham game ID of the clues of a random picture (several solutions for the ones chosen)."""
    rnd = random.Random(f"t-{side}-{density}-{number}")
    cells = [1 if rnd.random() < density else 0 for _ in range(side * side)]
    pattern = GAMES["pattern"]
    assert pattern.studio is not None
    return pattern.studio.write(picture_problem(cells, side, side, "tatham"))


RUNNER = """
import contextlib, io, json, sys
if sys.argv[1] == "without":
    sys.modules["pysat"] = None
    sys.modules["pysat.solvers"] = None
from gridlogic.cli import main
from gridlogic.satsolver import sat_available
answers = [sat_available()]
for argv in json.loads(sys.stdin.read()):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(argv)
    answers.append([code, out.getvalue()])
print(json.dumps(answers))
"""


def commands(folder: Path) -> list[list[str]]:
    """The documentation's studio, solve, explain and grade examples, and boards with several solutions where
    SAT (installed) takes over from the native search."""
    files = {
        "loop-15-a.txt": loop_board_with_hidden_clues(15, "canonical-a", 2),
        "loop-15-c.txt": loop_board_with_hidden_clues(15, "canonical-c", 6),
    }
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    loop_15a, loop_15c = (str(folder / name) for name in ("loop-15-a.txt", "loop-15-c.txt"))
    readme_loop = str(EXAMPLES / "loop-two-loops.txt")
    picture_a, picture_b = random_picture(18, 0.35, 10), random_picture(18, 0.3, 4)
    found = [
        ["pattern", "analyse", "2x2:1/1/1/1", "--fixes"],
        ["pattern", "analyse", "2x2:1/1/1/1", "--fixes", "--json"],
        ["pattern", "analyse", "5x5:2/3/3/3/3///4/5/5"],
        ["loop", "analyse", "2x2t0:3c", "--fixes"],
        ["loop", "analyse", readme_loop, "--fixes"],
        ["loop", "analyse", readme_loop, "--fixes", "--json"],
        ["loop", "analyse", str(EXAMPLES / "loop-every-clue.txt"), "--thin", "medium"],
        ["loop", "solve", "https://puzz.link/p?slither/5/5/kak520cjd"],
        ["pattern", "grade", "pattern.2.8x6l.hard.notes-example"],
        ["pattern", "explain", "--version", "1", "--size", "5", "--seed", "notes-example"],
        ["loop", "explain", "loop.1.5x5.easy.readme"],
        ["pattern", "solve", "2x2:1/1/1/1"],
        ["loop", "solve", "2x2t0:3c", "--json"],
        ["loop", "solve", readme_loop],
        ["loop", "explain", readme_loop],
    ]
    # The fixes of loop-15-c and of the pictures are left out: no change is proven within the studio's
    # trials there, so they run until its 10 s, and what a clock cuts short is no comparison. The fixes
    # follow from the difference and the first solution, compared here by analyse and solve.
    for board in (loop_15a, loop_15c):
        found += [["loop", "analyse", board, "--json"], ["loop", "solve", board], ["loop", "solve", board, "--json"],
                  ["loop", "explain", board], ["loop", "grade", board]]
    found.append(["loop", "analyse", loop_15a, "--fixes"])
    for picture in (picture_a, picture_b):
        found += [["pattern", "analyse", picture, "--json"], ["pattern", "solve", picture],
                  ["pattern", "solve", picture, "--json"], ["pattern", "explain", picture],
                  ["pattern", "grade", picture]]
    return found


WORK_LINE = re.compile(r"\(\d[\d,]* search nodes?, by \w+\)")  # solve's account of its own work


def comparable(argv: list[str], out: str) -> str:
    """The output, with ``solve``'s account of its own work taken out (the stage that decided)."""
    if argv[1] != "solve":
        return out
    if "--json" in argv:
        data = json.loads(out)
        for key in ("nodes", "elapsed", "method"):
            data.pop(key)
        return json.dumps(data)
    return WORK_LINE.sub("(work)", out)


def test_the_command_line_prints_the_same_with_and_without_python_sat(tmp_path):
    argvs = commands(tmp_path)
    answers = {}
    for way in ("with", "without"):
        ran = subprocess.run([sys.executable, "-c", RUNNER, way], input=json.dumps(argvs), capture_output=True,
                             text=True, check=False, timeout=1200)
        assert ran.returncode == 0, ran.stderr
        answers[way] = json.loads(ran.stdout)
    assert answers["with"][0] is True and answers["without"][0] is False  # python-sat there, then hidden
    for argv, (code, out), (code_without, out_without) in zip(argvs, answers["with"][1:], answers["without"][1:],
                                                              strict=True):
        assert (code, comparable(argv, out)) == (code_without, comparable(argv, out_without)), argv
    outputs = dict(zip((" ".join(argv) for argv in argvs), (out for _code, out in answers["with"][1:]), strict=True))
    several = [text for text in outputs.values() if text.startswith(("Loop", "Pattern")) and "several" in text]
    assert len(several) >= 10
    # the boards chosen are ones SAT takes over from the native search, where it is installed
    for argv, (_code, out) in zip(argvs, answers["with"][1:], strict=True):
        if argv[1] == "solve" and "--json" in argv and argv[2].endswith(("loop-15-a.txt", "loop-15-c.txt")):
            assert json.loads(out)["method"] == "sat"
    for argv, (_code, out) in zip(argvs, answers["with"][1:], strict=True):
        if argv[1] == "solve" and "--json" in argv and argv[0] == "pattern":
            assert json.loads(out)["method"] == "sat"
    assert "these 6 together are proven to leave one loop" in outputs[f"loop analyse {EXAMPLES / 'loop-two-loops.txt'} "
                                                                      "--fixes"]
