"""Every Signal case the JavaScript reference produced (../shared/golden, copied to tests/data)."""

import json
from pathlib import Path

import pytest

from gridlogic import GenerationFailed, signal

DATA = Path(__file__).parent.parent / "data"


def _cases(name):
    with open(DATA / name, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


GENERATE = _cases("signal_golden_generate.jsonl")
SOLVE = _cases("signal_golden_solve.jsonl")


def test_golden_files_hold_every_signal_case():
    assert len(GENERATE) == 300
    assert len(SOLVE) > 100


@pytest.mark.parametrize("case", GENERATE, ids=lambda c: "{n}-{seed}-{target}".format(**c["args"]))
def test_generate_matches_reference(case):
    a = case["args"]
    if case.get("error"):
        with pytest.raises(GenerationFailed):
            signal.generate(a["n"], a["seed"], a["target"], version=3)
    else:
        assert signal.generate(a["n"], a["seed"], a["target"], version=3).to_dict() == case["result"]


@pytest.mark.parametrize("case", SOLVE, ids=lambda c: c["fn"])
def test_solve_and_analyze_match_reference(case):
    a = case["args"]
    if case["fn"] == "solve":
        assert signal.solve(a["board"], a["n"], a["nodeLimit"]).to_dict() == case["result"]
    else:
        assert signal.analyze_difficulty(a["board"], a["n"]).to_dict() == case["result"]
