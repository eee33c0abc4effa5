#!/usr/bin/env python3
"""Compare gridlogic with the JavaScript reference on many random requests.

Run from the project root with the project's Python (needs node and ../shared/reference):

    .venv/bin/python tools/compare_with_reference.py --count 300 [--game signal|pattern|rng|all]

Builds random requests (seeds of every kind: empty, ASCII, Japanese, emoji
and other astral characters, lone surrogates, 80 UTF-16 units; random boards
and clue sets for the solvers), asks ``node ../shared/reference/cases.js``,
and compares every field. Prints one line per kind and exits non-zero on
any mismatch. Not a test: the project's tests must not need node or ../shared.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path


def find_reference() -> Path:
    """``shared/reference/cases.js`` beside the project, or beside any folder above it (a worktree)."""
    for folder in Path(__file__).resolve().parents[1:]:
        if (folder / "shared" / "reference" / "cases.js").exists():
            return folder / "shared" / "reference" / "cases.js"
    raise SystemExit("no shared/reference/cases.js beside the project or any folder above it")
ALPHABETS = [
    "abcdefghijklmnopqrstuvwxyz0123456789-_ ",
    "日本語のシード問題回転網",
    "😀🧩🎲𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
    "éüñçßøå",
    "\ud800\udfff\ud83d",  # lone surrogates, as JSON can carry them
]


def random_seed(rand: random.Random) -> str:
    kind = rand.randrange(7)
    if kind == 0:
        return ""
    if kind == 5:  # exactly at the limit of 80 UTF-16 units, with astral characters
        return "😀" * 40 if rand.random() < 0.5 else "あ" * 80
    if kind == 6:  # 81 UTF-16 units: both sides must refuse it
        return "x" * 79 + "😀"
    alphabet = "".join(rand.sample(ALPHABETS, rand.randint(1, 3)))
    return "".join(rand.choice(alphabet) for _ in range(rand.randint(1, 30)))


def signal_cases(rand: random.Random, count: int) -> list[dict]:
    from gridlogic.rng import rng
    from gridlogic.signal.v3.generator import tree

    cases = []
    for _ in range(count):
        cases.append({"game": "signal", "fn": "generate",
                      "args": {"n": rand.choice([4, 5, 6]), "seed": random_seed(rand),
                               "target": rand.choice(["any", "easy", "medium", "hard"])}})
        n = rand.randint(1, 6)
        board = tree(n, rng(str(rand.random()))) if rand.random() < 0.5 else [rand.randrange(16) for _ in range(n * n)]
        if rand.random() < 0.5:  # rotate some tiles so solve has work to do
            board = [((m << k) | (m >> (4 - k))) & 15 for m, k in ((m, rand.randrange(4)) for m in board)]
        limit = rand.choice([30000, 30000, 50, 5, 1, 0])
        cases.append({"game": "signal", "fn": "solve", "args": {"board": board, "n": n, "nodeLimit": limit}})
        cases.append({"game": "signal", "fn": "analyzeDifficulty", "args": {"board": board, "n": n}})
    return cases


def pattern_cases(rand: random.Random, count: int) -> list[dict]:
    from gridlogic.pattern import clues_for, compute_clue

    cases = []
    for _ in range(count):
        cases.append({"game": "pattern", "fn": "generate",
                      "args": {"n": rand.choice([5, 8, 10]), "seed": random_seed(rand)}})
        n = rand.randint(1, 10)
        kind = rand.randrange(3)
        if kind < 2:  # clues of a random grid; kind 1 swaps one row's clue (often ambiguous or contradictory)
            density = rand.random()
            rows, cols = clues_for([1 if rand.random() < density else 0 for _ in range(n * n)], n)
            if kind == 1:
                rows[rand.randrange(n)] = compute_clue([rand.randrange(2) for _ in range(n)])
        else:  # every line's clue drawn on its own: usually no solution at all
            rows = [compute_clue([rand.randrange(2) for _ in range(n)]) for _ in range(n)]
            cols = [compute_clue([rand.randrange(2) for _ in range(n)]) for _ in range(n)]
        limit = rand.choice([20000, 20000, 20000, 50, 3, 1, 0])
        cases.append({"game": "pattern", "fn": "solve",
                      "args": {"rowClues": rows, "colClues": cols, "n": n, "nodeLimit": limit}})
    return cases


def rng_cases(rand: random.Random, count: int) -> list[dict]:
    return [{"game": "rng", "args": {"seed": random_seed(rand), "count": 20}} for _ in range(count)]


def python_answer(case: dict) -> dict:
    from gridlogic import GridlogicError, pattern, signal
    from gridlogic.rng import rng

    a = case["args"]
    try:
        if case["game"] == "rng":
            draw = rng(a["seed"])
            return {"result": [draw() for _ in range(a["count"])]}
        if case["game"] == "signal":
            if case["fn"] == "generate":
                return {"result": signal.generate(a["n"], a["seed"], a["target"], version=3).to_dict()}
            if case["fn"] == "solve":
                return {"result": signal.solve(a["board"], a["n"], a["nodeLimit"]).to_dict()}
            return {"result": signal.analyze_difficulty(a["board"], a["n"]).to_dict()}
        if case["fn"] == "generate":
            return {"result": pattern.generate(a["n"], a["seed"], version=1).to_dict()}
        return {"result": pattern.solve(a["rowClues"], a["colClues"], a["n"], a["nodeLimit"]).to_dict()}
    except GridlogicError:
        return {"error": True}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200, help="random requests per kind")
    parser.add_argument("--game", choices=["signal", "pattern", "rng", "all"], default="all")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rand = random.Random(args.seed)
    cases = []
    if args.game in ("rng", "all"):
        cases += rng_cases(rand, args.count)
    if args.game in ("signal", "all"):
        cases += signal_cases(rand, args.count)
    if args.game in ("pattern", "all"):
        cases += pattern_cases(rand, args.count)
    stdin = "\n".join(json.dumps(c) for c in cases) + "\n"
    out = subprocess.run(["node", str(find_reference())], input=stdin, capture_output=True, text=True, check=True)
    answers = [json.loads(line) for line in out.stdout.splitlines()]
    tally: dict[str, list[int]] = {}
    first_bad = None
    for case, ref in zip(cases, answers, strict=True):
        kind = f"{case['game']} {case.get('fn', '')}".strip()
        # Through JSON, as the reference's answer came: a surrogate pair held as two
        # code points in Python becomes one character, as JavaScript always saw it.
        mine = json.loads(json.dumps(python_answer(case)))
        theirs = {"error": True} if ref.get("error") else {"result": ref["result"]}
        counts = tally.setdefault(kind, [0, 0])
        counts[0] += 1
        if mine != theirs:
            counts[1] += 1
            first_bad = first_bad or (case, theirs, mine)
    for kind, (total, bad) in tally.items():
        print(f"{kind:22} {total:6} compared {bad:4} mismatches")
    if first_bad:
        print("first mismatch:", json.dumps(first_bad[0])[:400])
        print(" reference:", json.dumps(first_bad[1])[:400])
        print(" gridlogic:", json.dumps(first_bad[2])[:400])
    return 1 if first_bad else 0


if __name__ == "__main__":
    sys.exit(main())
