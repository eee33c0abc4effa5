"""Side-by-side: gridlogic's solvers for puzzles people bring against the puzzlekit peer (OR-Tools CP-SAT).

Usage (the peer lives in its own virtual environment; it is never a
dependency of gridlogic)::

    python3 -m venv /tmp/peer-venv && /tmp/peer-venv/bin/pip install puzzlekit
    .venv/bin/python benchmarks/vs_puzzlekit.py ../shared/data/nonogram --budget 20 \
        --peer-python /tmp/peer-venv/bin/python

Every ``.non`` file under the path is read once by gridlogic's reader; the
same clues go to both solvers. gridlogic runs :func:`gridlogic.pattern.decide.decide` in
this process. The peer runs in a child process started with the peer's Python
(this same file, in ``--peer-worker`` mode, which imports only the standard
library and puzzlekit): for each puzzle it builds puzzlekit's nonogram model
and solves it (the time puzzlekit itself reports a solve by), and then, to
give the peer a uniqueness verdict as well, forbids that solution with one
clause over the model's cell variables and solves again ("peer+uniq").

The table shows for each side: count, unique, several, none, undecided,
median and max seconds, and how many verdicts disagree with the other side or
with the published goal.

Slitherlinks: give a JSON collection (Jonathan Olson's form, as in
``../shared/data/slitherlink``) or a folder of them; then every puzzle goes to
:func:`gridlogic.loop.decide.decide` and to puzzlekit's slitherlink
model (edge variables with a circuit constraint), again solved a second time
with its first loop forbidden for a uniqueness verdict, and one table is
printed per file::

    .venv/bin/python benchmarks/vs_puzzlekit.py ../shared/data/slitherlink --budget 20
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from typing import Any

STATUSES = ("unique", "several", "none", "undecided")


# -- the peer side (runs under the peer's interpreter) -------------------------------


def peer_worker() -> None:
    """Read puzzles as JSON lines on stdin; write one JSON result line per puzzle."""
    from ortools.sat.python import cp_model
    from puzzlekit.solvers import get_solver_class

    for line in sys.stdin:
        task = json.loads(line)
        solve = _peer_slitherlink if task.get("game") == "slitherlink" else _peer_nonogram
        print(json.dumps(solve(task, cp_model, get_solver_class)), flush=True)


def _peer_nonogram(task: dict, cp_model: object, get_solver_class: object) -> dict:
    """One nonogram by puzzlekit: a first grid, then the same model with that grid forbidden."""
    rows = [[str(x) for x in clue] for clue in task["rows"]]
    cols = [[str(x) for x in clue] for clue in task["cols"]]
    started = time.perf_counter()
    solver = get_solver_class("nonogram")(  # type: ignore[operator]
        num_rows=task["height"], num_cols=task["width"], rows=rows, cols=cols
    )
    result = solver.solve(solver_options={"time_limit_sec": task["budget"]})
    cells = [v for row in solver.board_vars for v in row]
    outcome = _peer_verdict(solver, result, cells, cp_model, task["budget"], started)
    outcome["grid"] = outcome.pop("values")
    return outcome


def _peer_slitherlink(task: dict, cp_model: object, get_solver_class: object) -> dict:
    """One slitherlink by puzzlekit: a first loop, then the same model with that loop forbidden."""
    width, height = task["width"], task["height"]
    grid = [
        ["-" if clue is None else str(clue) for clue in task["clues"][r * width : (r + 1) * width]]
        for r in range(height)
    ]
    started = time.perf_counter()
    solver = get_solver_class("slitherlink")(num_rows=height, num_cols=width, grid=grid)  # type: ignore[operator]
    result = solver.solve(solver_options={"time_limit_sec": task["budget"]})
    outcome = _peer_verdict(solver, result, list(solver.arc_vars.values()), cp_model, task["budget"], started)
    del outcome["values"]
    return outcome


def _peer_verdict(
    solver: object, result: object, variables: list, cp_model: object, budget: float, started: float
) -> dict:
    """The peer's first answer, then a uniqueness verdict: forbid the values the first solve gave
    ``variables`` (one clause) and solve the same model again in the time left."""
    first_time = time.perf_counter() - started
    status = result.solution_data.get("status")  # type: ignore[attr-defined]
    values = None
    if status in ("Optimal", "Feasible"):
        values = [solver.solver.Value(v) for v in variables]  # type: ignore[attr-defined]
        solver.model.AddBoolOr([v.Not() if value else v for v, value in zip(variables, values)])  # type: ignore[attr-defined]
        solver.solver.parameters.max_time_in_seconds = max(budget - first_time, 0.01)  # type: ignore[attr-defined]
        second = solver.solver.Solve(solver.model)  # type: ignore[attr-defined]
        if second in (cp_model.OPTIMAL, cp_model.FEASIBLE):  # type: ignore[attr-defined]
            uniq = "several"
        elif second == cp_model.INFEASIBLE:  # type: ignore[attr-defined]
            uniq = "unique"
        else:
            uniq = "undecided"
        first = "solved"
    elif status == "Infeasible":
        first, uniq = "none", "none"
    else:
        first, uniq = "undecided", "undecided"
    total_time = time.perf_counter() - started
    return {"first": first, "firstTime": first_time, "status": uniq, "time": total_time, "values": values}


# -- the gridlogic side ---------------------------------------------------------------


def collect(path: str) -> list[tuple[str, object]]:
    from gridlogic.pattern.formats import read_puzzle

    files = []
    if os.path.isdir(path):
        for folder, _dirs, names in os.walk(path):
            files.extend(os.path.join(folder, n) for n in names if n.endswith(".non"))
    else:
        files.append(path)
    out = []
    for file in sorted(files):
        with open(file, encoding="utf-8") as handle:
            out.append(
                (
                    os.path.relpath(file, path) if os.path.isdir(path) else file,
                    read_puzzle(handle.read()),
                )
            )
    return out


def summary(
    name: str, statuses: list[str], times: list[float], disagree: int, solved: int
) -> list[str]:
    counts = [statuses.count(s) for s in STATUSES]
    return [
        name,
        str(len(statuses)),
        str(solved),
        *map(str, counts),
        f"{statistics.median(times):.4f}",
        f"{max(times):.3f}",
        str(disagree),
    ]


def print_table(rows: list[list[str]]) -> None:
    headers = ["solver", "count", "solved", *STATUSES, "median s", "max s", "disagree"]
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    print(
        "  ".join(
            h.ljust(w) if i == 0 else h.rjust(w) for i, (h, w) in enumerate(zip(headers, widths))
        )
    )
    for r in rows:
        print(
            "  ".join(
                v.ljust(w) if i == 0 else v.rjust(w) for i, (v, w) in enumerate(zip(r, widths))
            )
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", help="a .non file or a folder searched recursively")
    parser.add_argument("--budget", type=float, default=20.0, help="seconds per puzzle and solver")
    parser.add_argument("--peer-python", default="/tmp/peer-venv/bin/python")
    parser.add_argument("--peer-worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--details", action="store_true", help="one line per puzzle as well")
    parser.add_argument(
        "--first", type=int, metavar="N", help="slitherlinks: only the first N puzzles of each file"
    )
    args = parser.parse_args()
    if args.peer_worker:
        peer_worker()
        return 0
    if not args.path:
        parser.error("give a .non file or a folder")
    if _is_slitherlink_path(args.path):
        return main_slitherlink(args)
    return main_nonogram(args)


def main_nonogram(args: argparse.Namespace) -> int:
    """Both solvers on every nonogram under ``args.path``; one table."""
    from gridlogic.pattern.decide import decide

    puzzles = collect(args.path)
    peer = subprocess.Popen(
        [args.peer_python, os.path.abspath(__file__), "--peer-worker"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert peer.stdin is not None and peer.stdout is not None
    ours_status: list[str] = []
    ours_time: list[float] = []
    peer_first_status: list[str] = []
    peer_first_time: list[float] = []
    peer_status: list[str] = []
    peer_time: list[float] = []
    ours_bad = peer_bad = peer_first_bad = ours_solved = 0
    details = []
    for name, puzzle in puzzles:
        verdict = decide(
            puzzle.row_clues, puzzle.col_clues, puzzle.width, puzzle.height, time_limit=args.budget
        )
        task = {
            "rows": [list(c) for c in puzzle.row_clues],
            "cols": [list(c) for c in puzzle.col_clues],
            "width": puzzle.width,
            "height": puzzle.height,
            "budget": args.budget,
        }
        peer.stdin.write(json.dumps(task) + "\n")
        peer.stdin.flush()
        answer = json.loads(peer.stdout.readline())
        ours_status.append(verdict.status)
        ours_solved += bool(verdict.solutions)
        ours_time.append(verdict.elapsed)
        peer_status.append(answer["status"])
        peer_time.append(answer["time"])
        peer_first_status.append(answer["first"])
        peer_first_time.append(answer["firstTime"])
        ours, peer_both, peer_first = disagreements(puzzle.goal, verdict, answer)
        ours_bad, peer_bad, peer_first_bad = ours_bad + ours, peer_bad + peer_both, peer_first_bad + peer_first
        details.append(
            f"{name:45s} {puzzle.width}x{puzzle.height}  ours {verdict.status:9s} {verdict.method:8s} "
            f"{verdict.elapsed:8.3f}s   peer {answer['first']:9s} {answer['firstTime']:8.3f}s "
            f"peer+uniq {answer['status']:9s} {answer['time']:8.3f}s"
        )
        if args.details:
            print(details[-1], flush=True)
    peer.stdin.close()
    peer.wait()
    print(
        f"{len(puzzles)} puzzles under {args.path}, budget {args.budget:g} s per puzzle and solver"
    )
    solved_first = sum(s == "solved" for s in peer_first_status)
    rows = [
        summary("gridlogic decide", ours_status, ours_time, ours_bad, ours_solved),
        summary("puzzlekit (one solution)", peer_first_status,
                peer_first_time, peer_first_bad, solved_first),
        summary("puzzlekit + uniqueness", peer_status, peer_time, peer_bad, solved_first),
    ]  # fmt: skip
    print_table(rows)
    print("(puzzlekit alone finds one solution and does not check uniqueness, so its")
    print(" unique/several columns stay empty; 'puzzlekit + uniqueness' solves again")
    print(" with that solution forbidden)")
    ratio = statistics.median(peer_first_time) / max(statistics.median(ours_time), 1e-9)
    ratio_u = statistics.median(peer_time) / max(statistics.median(ours_time), 1e-9)
    print(f"median ratio peer/ours: {ratio:.1f}x (one solution), {ratio_u:.1f}x (with uniqueness)")
    for name, status, line in zip((p[0] for p in puzzles), ours_status, details):
        if status == "undecided":
            print("undecided (ours):", line)
    return 0


def disagreements(goal: tuple[int, ...] | None, verdict: Any, answer: dict[str, Any]) -> tuple[int, int, int]:
    """How often gridlogic's verdict, the peer's with uniqueness and the peer's first solve disagree
    on one puzzle: with the published goal where there is one, and (the first two) with each other
    wherever both reached a verdict."""
    goal = tuple(goal) if goal is not None else None
    ours = int(goal is not None and verdict.status == "unique" and verdict.solutions[0] != goal)
    peer = int(goal is not None and answer["status"] == "unique" and tuple(answer["grid"]) != goal)
    peer_first = int(goal is not None and answer["first"] == "none")
    if "undecided" not in (verdict.status, answer["status"]) and verdict.status != answer["status"]:
        ours, peer = ours + 1, peer + 1
    return ours, peer, peer_first


def _is_slitherlink_path(path: str) -> bool:
    """A JSON collection, or a folder holding JSON files and no .non files."""
    if os.path.isdir(path):
        names = [n for _folder, _dirs, files in os.walk(path) for n in files]
        return any(n.endswith(".json") for n in names) and not any(
            n.endswith(".non") for n in names
        )
    return path.endswith(".json")


def main_slitherlink(args: argparse.Namespace) -> int:
    """Both solvers on every slitherlink of the JSON collections under ``args.path``; a table per file."""
    from gridlogic.cli.bench_solve import read_puzzles
    from gridlogic.loop.decide import decide

    puzzles = [p for p in read_puzzles(args.path) if p.problem.game == "loop"]
    if args.first is not None:
        puzzles = [p for p in puzzles if int(p.name) < args.first]
    peer = subprocess.Popen(
        [args.peer_python, os.path.abspath(__file__), "--peer-worker"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert peer.stdin is not None and peer.stdout is not None
    # collection -> side -> (statuses, times, solved)
    sides = ("gridlogic decide", "puzzlekit (one solution)", "puzzlekit + uniqueness")
    tables: dict[str, dict[str, tuple[list[str], list[float], list[bool]]]] = {}
    disagree: dict[str, int] = {}
    undecided = []
    for puzzle in puzzles:
        data = puzzle.problem
        clues = list(data.givens["clues"])
        verdict = decide(clues, data.width, data.height, time_limit=args.budget)
        task = {
            "game": "slitherlink",
            "clues": clues,
            "width": data.width,
            "height": data.height,
            "budget": args.budget,
        }
        peer.stdin.write(json.dumps(task) + "\n")
        peer.stdin.flush()
        answer = json.loads(peer.stdout.readline())
        table = tables.setdefault(puzzle.collection, {side: ([], [], []) for side in sides})
        for side, status, seconds, solved in (
            (sides[0], verdict.status, verdict.elapsed, bool(verdict.solutions)),
            (sides[1], answer["first"], answer["firstTime"], answer["first"] == "solved"),
            (sides[2], answer["status"], answer["time"], answer["first"] == "solved"),
        ):
            table[side][0].append(status)
            table[side][1].append(seconds)
            table[side][2].append(solved)
        both = (verdict.status, answer["status"])
        if "undecided" not in both and both[0] != both[1]:
            disagree[puzzle.collection] = disagree.get(puzzle.collection, 0) + 1
        line = (
            f"{puzzle.collection}/{puzzle.name} {data.width}x{data.height}  ours {verdict.status:9s} "
            f"{verdict.method:11s} {verdict.elapsed:8.3f}s   peer {answer['first']:9s} "
            f"{answer['firstTime']:8.3f}s peer+uniq {answer['status']:9s} {answer['time']:8.3f}s"
        )
        if verdict.status == "undecided":
            undecided.append(line)
        if args.details:
            print(line, flush=True)
    peer.stdin.close()
    peer.wait()
    print(
        f"{len(puzzles)} slitherlinks under {args.path}, budget {args.budget:g} s per puzzle and solver"
    )
    for collection, table in tables.items():
        print(
            f"\n{collection}  (verdicts that differ between the sides: {disagree.get(collection, 0)})"
        )
        rows = [
            summary(side, statuses, times, 0, sum(solved))[:-1] + [""]
            for side, (statuses, times, solved) in table.items()
        ]
        print_table(rows)
        ours, peer_first = table[sides[0]][1], table[sides[1]][1]
        ratio = statistics.median(peer_first) / max(statistics.median(ours), 1e-9)
        ratio_u = statistics.median(table[sides[2]][1]) / max(statistics.median(ours), 1e-9)
        print(
            f"median ratio peer/ours: {ratio:.1f}x (one solution), {ratio_u:.1f}x (with uniqueness)"
        )
    for line in undecided:
        print("undecided (ours):", line)
    return 1 if disagree else 0


if __name__ == "__main__":
    raise SystemExit(main())
