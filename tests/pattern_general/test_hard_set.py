"""The puzzles the project keeps for the hard set (benchmarks/hard_nonograms/): listed, attributed, decided."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from gridlogic.pattern.decide import decide
from gridlogic.pattern.formats import read_puzzle
from gridlogic.satsolver import sat_available

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
ROWS = list(csv.DictReader((BENCHMARKS / "hard_nonograms.csv").open(encoding="utf-8")))
BUNDLED = [row for row in ROWS if row["folder"] == "bundled"]


def test_every_kept_file_is_listed_with_its_licence():
    kept = {path.name for path in (BENCHMARKS / "hard_nonograms").glob("*.non")}
    assert kept == {row["file"] for row in BUNDLED}
    readme = (BENCHMARKS / "hard_nonograms" / "README.md").read_text(encoding="utf-8")
    for row in BUNDLED:
        assert row["source"] and row["licence"] and row["why"]
        assert f"| {row['file']} |" in readme


@pytest.mark.parametrize("row", BUNDLED, ids=[row["file"] for row in BUNDLED])
def test_each_kept_puzzle_keeps_its_attribution_and_is_decided(row):
    text = (BENCHMARKS / "hard_nonograms" / row["file"]).read_text(encoding="utf-8")
    designer = re.search(r'^copyright "(.+)"$', text, re.MULTILINE)
    assert designer and designer.group(1) in row["licence"]
    puzzle = read_puzzle(text)
    width, height = (int(n) for n in re.search(r"(\d+)x(\d+)", row["why"]).groups())
    assert (puzzle.width, puzzle.height) == (width, height)
    if not sat_available() and row["file"] == "knotty.non":
        pytest.skip("Knotty needs the SAT back end")
    # the status only: Knotty's least two solutions are not proven within minutes (pattern.decide,
    # "The two solutions of several"), so its two first found are enough here
    verdict = decide(puzzle.row_clues, puzzle.col_clues, least=False)
    assert verdict.status == ("several" if "several" in row["why"] else "unique")
