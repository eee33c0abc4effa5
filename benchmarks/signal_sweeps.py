#!/usr/bin/env python3
"""Signal end to end with the sweeps written out and compiled, against the plain loop forced everywhere.

Run from the project root: ``.venv/bin/python benchmarks/signal_sweeps.py [--seeds 50] [--rounds 5]``.

The workloads: ``signal.generate`` for n = 4, 5, 6 × any/easy/medium/hard on
seeds ``bench-0`` …, and ``signal.solve`` (30,000 nodes) on shuffled random
trees of larger boards. Each round runs every workload once per form, each
form in a fresh interpreter (so no cache or compiled function is shared), the
two forms interleaved and their order swapped every round; the loop is forced
by setting :data:`gridlogic.signal.sweeps.WRITE_OUT_LIMIT` to 0 before
anything runs. Every workload is run once untimed first, so the timed figures
leave out the one-off cost of building the sweeps for a board side (compiling,
or making the loop's closures), which is printed on its own. The table gives
the median round's CPU time of the child per request, and the share of the
loop's time that the compiled form saves. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

SOLVE_SIZES = (8, 12, 16, 24)
SOLVE_BOARDS = 4  # shuffled trees per solve size
BUILD_SIZES = (4, 6, 16, 32)  # board sides whose one-off cost of building the sweeps is shown


def workloads(seeds: int) -> list[tuple[str, list]]:
    from gridlogic import GenerationFailed, signal
    from gridlogic.rng import rng

    def generating(n: int, target: str, seed: str) -> None:
        try:
            signal.generate(n, seed, target)
        except GenerationFailed:
            pass  # the attempts still count as work

    table: list[tuple[str, list]] = []
    for n in signal.SIZES:
        for target in signal.DIFFICULTIES:
            table.append((f"generate n={n} {target}",
                          [lambda n=n, t=target, k=k: generating(n, t, f"bench-{k}") for k in range(seeds)]))
    for n in SOLVE_SIZES:
        boards = []
        for k in range(SOLVE_BOARDS):
            draw = rng(f"bench-solve-{n}-{k}")
            boards.append([(v := signal.variants(m))[int(draw() * len(v))] for m in signal.tree(n, draw)])
        table.append((f"solve n={n}", [lambda b=b, n=n: signal.solve(b, n) for b in boards]))
    return table


def child(form: str, seeds: int) -> None:
    """One round of every workload under ``form``; prints {workload: CPU seconds per request} as JSON."""
    from gridlogic.signal import sweeps
    from gridlogic.signal.solver import geometry

    if form == "looped":
        sweeps.WRITE_OUT_LIMIT = 0
    figures = {}
    for n in BUILD_SIZES:
        geo = geometry(n)
        started = time.process_time()
        for rule in sweeps.RULES:
            sweeps.compiled_sweeps(geo, rule)
        figures[f"build n={n}, 3 rules (once)"] = time.process_time() - started
    for name, requests in workloads(seeds):
        for request in requests[:1]:
            request()  # untimed: compiling, and every cache the first request fills
        started = time.process_time()
        for request in requests:
            request()
        figures[name] = (time.process_time() - started) / len(requests)
    print(json.dumps(figures))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=50, help="seeds per generate workload")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--child", choices=["compiled", "looped"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.seeds)
        return
    runs: dict[str, list[dict[str, float]]] = {"compiled": [], "looped": []}
    for k in range(args.rounds):
        for form in ("compiled", "looped") if k % 2 == 0 else ("looped", "compiled"):
            command = [sys.executable, __file__, "--child", form, "--seeds", str(args.seeds)]
            out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
            runs[form].append(json.loads(out))
    print(f"median of {args.rounds} rounds, CPU time per request; {args.seeds} seeds per generate workload")
    print(f"{'workload':28} {'compiled ms':>12} {'looped ms':>10} {'saved':>7}")
    totals = {"compiled": 0.0, "looped": 0.0}
    for name in runs["compiled"][0]:
        median = {form: statistics.median(r[name] for r in runs[form]) for form in runs}
        saved = f"{1 - median['compiled'] / median['looped']:7.1%}" if not name.startswith("build") else ""
        print(f"{name:28} {median['compiled'] * 1e3:12.3f} {median['looped'] * 1e3:10.3f} {saved}")
        if name.startswith("generate"):
            for form in totals:
                totals[form] += median[form]
    saved = 1 - totals["compiled"] / totals["looped"]
    print(f"{'generate, all 12 workloads':28} {totals['compiled'] * 1e3:12.3f} {totals['looped'] * 1e3:10.3f} {saved:7.1%}")


if __name__ == "__main__":
    main()
