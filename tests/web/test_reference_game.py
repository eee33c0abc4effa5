"""The reference game, Lights (``tests/reference_game/``), through every adapter: a game that offers
only the required parts (no hints, studio, imports, grader or daily row) works end to end from its
folder and its registration alone.

The suite's conftest registers it beside the real games, so the contract tests (``test_surface.py``
and every test whose table comes from the games) run it too; here: its own docstrings, its solver
against brute force, and one trip through the CLI, the API, a batch, scoring, print and records.
The page is ``test_reference_game_page.py``.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import doctests
import pytest
from starlette.testclient import TestClient

from gridlogic import GAMES, puzzle_from_id, scoring
from gridlogic.game.registry import EXTRA_GAMES, game_modules
from gridlogic.web.app import create_app

LIGHTS = GAMES["lights"]
MODULES = ["lights", "lights.rules", "lights.solver", "lights.v1", "lights.formats", "lights.render"]


def gridlogic(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gridlogic.cli", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=300, check=False)


def test_it_is_registered_by_the_suite_after_the_games_of_the_package():
    assert game_modules()[-1] == "lights" and list(GAMES)[-1] == "lights"
    assert EXTRA_GAMES == "GRIDLOGIC_GAMES"


@pytest.mark.parametrize("name", MODULES)
def test_its_docstring_examples_hold(name):
    result = doctests.testmod(import_module(name))
    assert result.failed == 0


@pytest.mark.parametrize("side", [2, 3, 4])
def test_the_solver_agrees_with_brute_force(side):
    from lights.rules import toggles
    from lights.solver import solve_lights

    cells = side * side
    solutions: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    for presses in itertools.product((0, 1), repeat=cells):
        solutions.setdefault(tuple(toggles(list(presses), side, side)), []).append(presses)
    for lit in itertools.islice(itertools.product((0, 1), repeat=cells), 0, None, max(1, 2 ** cells // 300)):
        status, found = solve_lights(list(lit), side, side)
        every = solutions.get(lit, [])
        assert status == ("none" if not every else "unique" if len(every) == 1 else "several")
        assert len(set(found)) == len(found) and set(found) <= set(every)
        assert len(found) == min(len(every), 2)


def test_the_cli_generates_solves_prints_and_batches(tmp_path):
    made = gridlogic("lights", "generate", "--size", "6", "--seed", "ref", "--format", "json", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    puzzle = LIGHTS.from_dict(json.loads(made.stdout))
    assert puzzle == LIGHTS.generate(6, "ref")
    text = LIGHTS.exports["lights"](LIGHTS.problem(puzzle))
    solved = gridlogic("lights", "solve", text, cwd=tmp_path)
    assert solved.returncode == 0 and solved.stdout.splitlines()[1].startswith("unique"), solved.stdout
    several = gridlogic("lights", "solve", "4x4:" + "0" * 16, cwd=tmp_path)
    assert several.returncode == 1 and "several" in several.stdout
    bad = gridlogic("lights", "solve", "3x3:0101", cwd=tmp_path)
    assert bad.returncode == 2 and "has 9 lamps, not 4" in bad.stderr and "Traceback" not in bad.stderr
    printed = gridlogic("lights", "print", "--size", "3", "--seed-prefix", "p", "--count", "2",
                        "--out", "lights.pdf", cwd=tmp_path)
    assert printed.returncode == 0, printed.stderr
    assert (tmp_path / "lights.pdf").read_bytes().startswith(b"%PDF")
    batch = gridlogic("batch", "lights", "--size", "7", "--difficulty", "any", "--count", "5", "--seed-prefix", "b",
                      "--jobs", "1", "--out", "lights.jsonl", cwd=tmp_path)
    assert batch.returncode == 0, batch.stderr
    header, *records = [json.loads(line) for line in (tmp_path / "lights.jsonl").read_text().splitlines()]
    assert header["game"] == "lights"
    assert [LIGHTS.from_dict(record) for record in records] == [LIGHTS.generate(7, f"b-{i}") for i in range(5)]
    verified = gridlogic("batch", "--verify", "lights.jsonl", "--jobs", "1", cwd=tmp_path)
    assert verified.returncode == 0, verified.stderr + verified.stdout


def test_the_api_offers_only_what_it_has_and_plays_it():
    with TestClient(create_app(), raise_server_exceptions=False) as client:
        listed = {game["name"]: game for game in client.get("/api/games").json()["games"]}
        offers = listed["lights"]["offers"]
        assert not any(offers[part] for part in ("hints", "walkthrough", "studio", "grade")), offers
        answer = client.get("/api/lights/puzzle", params={"size": 6, "seed": "api"})
        assert answer.status_code == 200, answer.text
        puzzle = answer.json()
        assert puzzle["givens"] == LIGHTS.generate(6, "api").givens()
        solution = client.get("/api/lights/solution", params={"id": puzzle["id"]}).json()
        judged = client.post("/api/lights/check", json={"id": puzzle["id"], "board": solution["presses"]}).json()
        assert judged["solved"] is True
        none = client.post("/api/lights/check", json={"id": puzzle["id"], "board": [0] * 36}).json()
        assert none["solved"] is False and none["lit"] == [i for i, lamp in enumerate(puzzle["givens"]["lit"]) if lamp]
        refused = client.post("/api/lights/hint", json={"id": puzzle["id"], "board": [0] * 36})
        assert refused.status_code in (400, 404) and "Traceback" not in refused.text


def test_a_play_is_scored_and_recorded(site):
    puzzle = LIGHTS.generate(7, "record")
    score = scoring.score_puzzle(puzzle, seconds=30, moves=LIGHTS.min_moves(puzzle), checks=0, revealed=False)
    assert score.score > 0
    client = site.player()
    receipt = client.post("/api/records/start", json={"id": puzzle.id}).json()["play"]
    site.clock.advance(30)
    answer = client.post("/api/records", json={"play": receipt, "board": puzzle.solution(), "seconds": 30,
                                               "moves": LIGHTS.min_moves(puzzle), "checks": 0, "revealed": False})
    assert answer.status_code == 201, answer.text
    record = answer.json()["record"]
    assert record["puzzle_id"] == puzzle.id and record["outcome"] == "solved"
    assert puzzle_from_id(record["puzzle_id"]) == puzzle
