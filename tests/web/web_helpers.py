"""Helpers of the web tests, importable by name (conftest.py puts this folder on sys.path)."""

from __future__ import annotations

import json
from pathlib import Path

from event_loops import run_async  # noqa: F401 - the web tests import it from here (tests/event_loops.py)

from gridlogic import GAMES, Game

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"


def game_or_skip(name: str) -> Game:
    """The game's record (every game is always installed; the name is kept for the tests' reading)."""
    return GAMES[name]


def installed_games() -> list[str]:
    return list(GAMES)


def failing_signal_case() -> tuple[int, str, str]:
    """(size, seed, difficulty) of a Signal request that exhausts its 500 attempts.

    Taken from the golden cases the reference produced (copied into tests/data by the
    Signal work); the Signal engine reproduces the reference, failures included.
    """
    with open(DATA / "signal_golden_generate.jsonl", encoding="utf-8") as handle:
        for line in handle:
            case = json.loads(line)
            if case.get("error") and case["args"]["n"] == 4:
                return case["args"]["n"], case["args"]["seed"], case["args"]["target"]
    raise AssertionError("no failing 4x4 Signal case in the golden data")

