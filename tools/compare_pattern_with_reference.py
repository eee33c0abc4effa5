#!/usr/bin/env python3
"""Compare gridlogic's Pattern engine with the JavaScript reference, case by case.

Run from the project root with the project's Python (needs node and ../shared/reference):

    .venv/bin/python tools/compare_pattern_with_reference.py [--count 400] [--seed 1]

Sends ``generate`` for every size with seeds of every kind (empty, ASCII,
Japanese, emoji, mixed, exactly 80 and 81 UTF-16 units) and ``solve`` on
clue sets of random grids (n = 1..10), on perturbed ones (often
contradictory or ambiguous) and on independently drawn random clues (mostly
contradictory), with node limits 20000, 50, 3, 1 and 0. Prints what was
compared, how the verdicts spread, and exits non-zero on any mismatch. Not a
test: the project's tests must not need node or ../shared.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

REFERENCE = Path(__file__).resolve().parent.parent.parent / "shared" / "reference" / "cases.js"
PIECES = ["abc", "seed", "パターン", "日本語", "お絵かき", "😀", "🧩", "𝔘", "é", " ", "-", "0"]


def random_seed(rand: random.Random) -> str:
    kind = rand.randrange(8)
    if kind == 0:
        return ""
    if kind == 1:
        return "😀" * 40 if rand.random() < 0.5 else "あ" * 80  # 80 units: allowed
    if kind == 2:
        return "x" * 79 + "😀"  # 81 units: refused by both
    return "".join(rand.choice(PIECES) for _ in range(rand.randint(1, 12)))


def solve_case(rand: random.Random) -> dict:
    from gridlogic.pattern import clues_for, compute_clue

    n = rand.randint(1, 10)
    limit = rand.choice([20000, 20000, 20000, 50, 3, 1, 0])
    kind = rand.randrange(3)
    if kind < 2:
        density = rand.random()
        grid = [1 if rand.random() < density else 0 for _ in range(n * n)]
        rows, cols = clues_for(grid, n)
        if kind == 1:
            line = rand.randrange(n)
            rows[line] = clues_for([1 if rand.random() < 0.5 else 0 for _ in range(n * n)], n)[0][line]
    else:  # every line's clue drawn on its own: usually no solution at all
        rows = [compute_clue([rand.randrange(2) for _ in range(n)]) for _ in range(n)]
        cols = [compute_clue([rand.randrange(2) for _ in range(n)]) for _ in range(n)]
    return {"game": "pattern", "fn": "solve",
            "args": {"rowClues": rows, "colClues": cols, "n": n, "nodeLimit": limit}}


def python_answer(case: dict) -> dict:
    from gridlogic import GridlogicError, pattern

    a = case["args"]
    try:
        if case["fn"] == "generate":
            return {"result": pattern.generate(a["n"], a["seed"]).to_dict()}
        return {"result": pattern.solve(a["rowClues"], a["colClues"], a["n"], a["nodeLimit"]).to_dict()}
    except GridlogicError:
        return {"error": True}


def verdict(answer: dict) -> str:
    if answer.get("error"):
        return "error"
    result = answer["result"]
    if "solutions" not in result:
        return f"attempt {result['attempt']}" if result["attempt"] <= 3 else "attempt >3"
    if len(result["solutions"]) >= 2:
        return "two solutions"
    if result["truncated"]:
        return "truncated"
    return "unique" if result["solutions"] else "none"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=400, help="generate and solve cases each")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rand = random.Random(args.seed)
    cases = [{"game": "pattern", "fn": "generate", "args": {"n": rand.choice([5, 8, 10]), "seed": random_seed(rand)}}
             for _ in range(args.count)]
    cases += [solve_case(rand) for _ in range(args.count)]
    stdin = "\n".join(json.dumps(c) for c in cases) + "\n"
    out = subprocess.run(["node", str(REFERENCE)], input=stdin, capture_output=True, text=True, check=True)
    answers = [json.loads(line) for line in out.stdout.splitlines()]
    spread: dict[str, Counter[str]] = {"generate": Counter(), "solve": Counter()}
    mismatches = []
    for case, ref in zip(cases, answers, strict=True):
        mine = json.loads(json.dumps(python_answer(case)))
        theirs = {"error": True} if ref.get("error") else {"result": ref["result"]}
        spread[case["fn"]][verdict(theirs)] += 1
        if mine != theirs:
            mismatches.append((case, theirs, mine))
    for fn, counter in spread.items():
        print(f"{fn:8} {sum(counter.values()):5} compared: {dict(sorted(counter.items()))}")
    print(f"mismatches: {len(mismatches)}")
    for case, theirs, mine in mismatches[:3]:
        print(" case:", json.dumps(case, ensure_ascii=False)[:300])
        print("  reference:", json.dumps(theirs)[:300])
        print("  gridlogic:", json.dumps(mine)[:300])
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
