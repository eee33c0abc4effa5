"""Hard nonograms: per-puzzle CPU time and verdict of Pattern's solver for puzzles people bring, before and after.

Usage::

    nice .venv/bin/python benchmarks/hard_nonograms.py --budget 30 --baseline /work/main/src
    nice .venv/bin/python benchmarks/hard_nonograms.py --all --budget 10 --baseline /work/main/src
    nice .venv/bin/python benchmarks/hard_nonograms.py --overrun 0.5,2,5
    nice .venv/bin/python benchmarks/hard_nonograms.py --personal DIR --only gettys.non sierp.non

The hard set is ``benchmarks/hard_nonograms.csv``: one row per puzzle, its
file, the folder it is in, the source it was published in, its licence, and
why it is hard. The folder is ``data`` (the data folder, ``--data``, by
default ``../shared/data/nonogram`` beside the checkout), ``bundled``
(``benchmarks/hard_nonograms/``, kept in the project with the attribution its
licence asks for, see the README there) or ``personal``: puzzles of the
solver survey whose designers allow downloading for personal use only, so
they are not in the project; put your own copies in a folder and name it with
``--personal`` (without it they are left out, and the table says so).
``--all`` takes every ``.non`` file of the data folder instead and prints the
median and the slowest; ``--only FILE ...`` keeps those puzzles of the hard set.

Each puzzle is solved by :func:`gridlogic.pattern.decide.decide` in a
child process (this file in ``--worker`` mode) with ``time_limit=--budget``;
the child reports the verdict, the stage that decided (``method``) and the
CPU seconds of the solve: the process's own and those of the processes it
forked and reaped (the SAT back end's call with hints runs in one), so all
of the solver's work counts and other processes' load does not. With ``--baseline SRC``
a second child runs the same puzzles with ``PYTHONPATH=SRC`` (another
checkout's ``src``, such as main's) at the same time, so both see the same
load, and the two are printed side by side.
The budget is wall-clock time, so on a crowded machine give it room.

``--overrun T1,T2,...`` solves each puzzle of the hard set with each budget
``T`` and prints the wall time past ``T`` at which the solver returned (it
promises to return within ``T + 0.5`` s), and the verdict.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
MANIFEST = HERE / "hard_nonograms.csv"
DEFAULT_DATA = HERE.parent.parent / "shared" / "data" / "nonogram"
BUNDLED = HERE / "hard_nonograms"


def cpu_seconds() -> float:
    """CPU time of this process (to the microsecond) and of its finished children (the SAT back
    end's call with hints runs in a forked child; counted in clock ticks, 10 ms)."""
    children = os.times()
    return time.process_time() + children.children_user + children.children_system


def worker() -> None:
    """Read tasks (JSON lines: path, budget) on stdin; print one JSON result line per task."""
    import gridlogic
    from gridlogic.pattern.formats import read_puzzle
    try:
        from gridlogic.pattern.decide import decide
    except ImportError:  # a --baseline checkout whose solver still has its older name
        from gridlogic.pattern.general import solve_general as decide

    for line in sys.stdin:
        task = json.loads(line)
        puzzle = read_puzzle(Path(task["path"]).read_text())
        wall, cpu = time.monotonic(), cpu_seconds()
        verdict = decide(puzzle.row_clues, puzzle.col_clues, time_limit=task["budget"])
        cpu, wall = cpu_seconds() - cpu, time.monotonic() - wall
        print(json.dumps({"path": task["path"], "status": verdict.status, "method": verdict.method,
                          "cpu": cpu, "wall": wall, "source": gridlogic.__file__}), flush=True)


def start(tasks: list[dict], src: Path) -> tuple[subprocess.Popen[str], str]:
    """A child process importing gridlogic from ``src`` that solves ``tasks``, and its input."""
    env = dict(os.environ, PYTHONPATH=str(src))
    child = subprocess.Popen([sys.executable, __file__, "--worker"], env=env, text=True,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    return child, "".join(json.dumps(t) + "\n" for t in tasks)


def run(*children: tuple[subprocess.Popen[str], str]) -> list[list[dict]]:
    """The results of children started by :func:`start`, which run at the same time (so they
    share the machine's load alike)."""
    for child, text in children:
        assert child.stdin is not None
        child.stdin.write(text)
        child.stdin.close()
    out = []
    for child, _ in children:
        assert child.stdout is not None
        results = [json.loads(line) for line in child.stdout]
        if child.wait() != 0:
            raise SystemExit(f"a worker failed with exit code {child.returncode}")
        print(f"# gridlogic from {Path(results[0]['source']).parent}", flush=True)
        out.append(results)
    return out


def hard_set(data: Path, personal: Path | None) -> list[dict[str, str]]:
    """The manifest's puzzles that can be found, each with its ``path``."""
    with MANIFEST.open(newline="") as handle:
        rows = [row for row in csv.DictReader(handle)]
    folders = {"data": data, "bundled": BUNDLED, "personal": personal}
    found = []
    for row in rows:
        folder = folders[row["folder"]]
        if folder is None:
            print(f"# {row['file']} left out: {row['licence']}", flush=True)
            continue
        path = folder / row["file"]
        if not path.is_file():
            print(f"# {row['file']} left out: no such file {path}", flush=True)
            continue
        row["path"] = str(path)
        found.append(row)
    return found


def cell(result: dict) -> str:
    return f"{result['cpu']:8.3f} {result['status']:9} {result['method']:7}"


def compare(names: list[str], paths: list[str], budget: float, baseline: Path | None) -> None:
    tasks = [{"path": p, "budget": budget} for p in paths]
    sources = [("after", HERE.parent / "src")]
    if baseline is not None:
        sources.insert(0, ("before", baseline))
    outputs = run(*(start(tasks, src) for _, src in sources))
    columns = [(label, results) for (label, _), results in zip(sources, outputs)]
    width = max(map(len, names))
    print(f"{'puzzle':{width}} " + " | ".join(f"{label + ' CPU s':>8} {'verdict':9} {'method':7}"
                                             for label, _ in columns))
    for k, name in enumerate(names):
        print(f"{name:{width}} " + " | ".join(cell(results[k]) for _, results in columns))
    for label, results in columns:
        cpus = [r["cpu"] for r in results]
        decided = sum(r["status"] != "undecided" for r in results)
        print(f"{label}: {decided}/{len(results)} decided within {budget:g} s, median CPU "
              f"{statistics.median(cpus):.4f} s, slowest {max(cpus):.2f} s, total {sum(cpus):.1f} s")


def overrun(rows: list[dict[str, str]], budgets: list[float]) -> None:
    tasks = [{"path": row["path"], "budget": t} for t in budgets for row in rows]
    names = [row["file"] for _ in budgets for row in rows]
    (results,) = run(start(tasks, HERE.parent / "src"))
    width = max(len(row["file"]) for row in rows)
    print(f"{'puzzle':{width}} {'budget':>6} {'wall past budget':>16}  verdict")
    worst = 0.0
    for name, task, result in zip(names, tasks, results):
        late = result["wall"] - task["budget"]
        if result["status"] == "undecided":
            worst = max(worst, late)
        print(f"{name:{width}} {task['budget']:6g} {late:+16.3f}  {result['status']}")
    print(f"undecided runs returned at most {worst:+.3f} s past their budget")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the nonogram data folder")
    parser.add_argument("--budget", type=float, default=30.0, help="seconds per puzzle (wall clock)")
    parser.add_argument("--baseline", type=Path, help="another checkout's src folder, run beside")
    parser.add_argument("--personal", type=Path, help="your own copies of the personal-use puzzles")
    parser.add_argument("--all", action="store_true", help="every .non file of --data, not the hard set")
    parser.add_argument("--overrun", help="comma-separated budgets: how late undecided runs return")
    parser.add_argument("--only", nargs="+", metavar="FILE", help="only these puzzles of the hard set")
    args = parser.parse_args()
    if args.worker:
        worker()
        return
    if args.all:
        paths = sorted(str(p) for p in args.data.rglob("*.non"))
        compare([str(Path(p).relative_to(args.data)) for p in paths], paths, args.budget, args.baseline)
        return
    rows = [row for row in hard_set(args.data, args.personal) if not args.only or row["file"] in args.only]
    if args.overrun:
        overrun(rows, [float(t) for t in args.overrun.split(",")])
    else:
        compare([row["file"] for row in rows], [row["path"] for row in rows], args.budget, args.baseline)


if __name__ == "__main__":
    main()
