#!/usr/bin/env python3
"""Signal end to end with the sweeps written out and compiled, against the plain loop forced everywhere.

Run from the project root: ``.venv/bin/python benchmarks/signal_sweeps.py [--seeds 100] [--rounds 7]``.

The workloads: ``signal.generate`` for n = 4, 5, 6 × any/easy/medium/hard on
seeds ``bench-0`` …, and ``signal.solve`` (30,000 nodes) on shuffled random
trees of larger boards. The loop is forced by setting
:data:`gridlogic.signal.sweeps.WRITE_OUT_LIMIT` to 0 and emptying the caches
that hold built sweeps. Each workload runs ``--rounds`` times per form, the two
forms taking turns (order swapped every round), so that the load of a shared
machine falls on both alike; after each switch one untimed request builds the
sweeps again, so the timed figures leave out the one-off cost of building them
for a board side (compiling, or making the loop's closures), printed on its
own. The table gives the median CPU time per request, and the share of the
loop's time that the compiled form saves; the last line gives that share for
all generate workloads together, round by round. Prints figures; asserts
nothing.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from gridlogic import GenerationFailed, signal
from gridlogic.rng import rng
from gridlogic.signal import difficulty, sweeps
from gridlogic.signal.board import variants
from gridlogic.signal.tables import geometry
from gridlogic.signal.v3.generator import tree

FORMS = ("compiled", "looped")
WRITE_OUT_LIMIT = sweeps.WRITE_OUT_LIMIT
SOLVE_SIZES = (8, 12, 16, 24)
SOLVE_BOARDS = 4  # shuffled trees per solve size
BUILD_SIZES = (4, 6, 16, 32)  # board sides whose one-off cost of building the sweeps is shown


def use(form: str) -> None:
    """From now on every caller gets the sweeps of ``form``, built afresh."""
    sweeps.WRITE_OUT_LIMIT = WRITE_OUT_LIMIT if form == "compiled" else 0
    sweeps.compiled_sweeps.cache_clear()
    difficulty.level_precheck.cache_clear()


def generating(n: int, target: str, seed: str) -> None:
    try:
        signal.generate(n, seed, target, version=3)
    except GenerationFailed:
        pass  # the attempts still count as work


def workloads(seeds: int) -> list[tuple[str, list[Callable[[], object]]]]:
    table: list[tuple[str, list[Callable[[], object]]]] = []
    articles = signal.GAME.version(3)
    for n in articles.sides:
        for target in articles.difficulties:
            table.append((f"generate n={n} {target}",
                          [lambda n=n, t=target, k=k: generating(n, t, f"bench-{k}") for k in range(seeds)]))
    for n in SOLVE_SIZES:
        boards = []
        for k in range(SOLVE_BOARDS):
            draw = rng(f"bench-solve-{n}-{k}")
            boards.append([(v := variants(m))[int(draw() * len(v))] for m in tree(n, draw)])
        table.append((f"solve n={n}", [lambda b=b, n=n: signal.solve(b, n) for b in boards]))
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=100, help="seeds per generate workload")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    # times[name][form]: CPU seconds per request, one figure per round
    times: dict[str, dict[str, list[float]]] = {}
    for n in BUILD_SIZES:
        name = f"build n={n}, 3 rules (once)"
        times[name] = {form: [] for form in FORMS}
        for k in range(args.rounds):
            for form in FORMS if k % 2 == 0 else FORMS[::-1]:
                use(form)
                started = time.process_time()
                for rule in sweeps.RULES:
                    sweeps.compiled_sweeps(geometry(n), rule)
                times[name][form].append(time.process_time() - started)
    for name, requests in workloads(args.seeds):
        times[name] = {form: [] for form in FORMS}
        for k in range(args.rounds):
            for form in FORMS if k % 2 == 0 else FORMS[::-1]:
                use(form)
                requests[0]()  # untimed: builds the sweeps
                started = time.process_time()
                for request in requests:
                    request()
                times[name][form].append((time.process_time() - started) / len(requests))
    use("compiled")

    print(f"median of {args.rounds} rounds, CPU time per request; {args.seeds} seeds per generate workload")
    print(f"{'workload':28} {'compiled ms':>12} {'looped ms':>10} {'saved':>7}")
    for name, by_form in times.items():
        median = {form: statistics.median(by_form[form]) for form in FORMS}
        saved = "" if name.startswith("build") else f"{1 - median['compiled'] / median['looped']:7.1%}"
        print(f"{name:28} {median['compiled'] * 1e3:12.3f} {median['looped'] * 1e3:10.3f} {saved}")
    generate = [by_form for name, by_form in times.items() if name.startswith("generate")]
    total = {form: sum(statistics.median(by_form[form]) for by_form in generate) for form in FORMS}
    saved = 1 - total["compiled"] / total["looped"]
    print(f"{'generate, all 12 workloads':28} {total['compiled'] * 1e3:12.3f} {total['looped'] * 1e3:10.3f} "
          f"{saved:7.1%}")
    by_round = sorted(
        1 - sum(w["compiled"][k] for w in generate) / sum(w["looped"][k] for w in generate) for k in range(args.rounds)
    )
    print("generate, all 12 workloads, saved per round: " + ", ".join(f"{s:.1%}" for s in by_round))


if __name__ == "__main__":
    main()
