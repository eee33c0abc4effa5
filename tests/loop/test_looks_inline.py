"""loop.formats.looks_inline: the one test of "a Loop URL or game ID, not a file, a grid or a Pattern ID".

read_puzzle, ``gridlogic loop solve ARG`` and bench-solve's ``.txt`` files all ask it, so they agree.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gridlogic import GAMES
from gridlogic.cli.bench_solve import read_puzzles
from gridlogic.cli.games import read_problem
from gridlogic.errors import GridlogicError
from gridlogic.loop import formats

INLINE = [
    "3x2t0:3d1",
    "3x2t0:a3b3a",
    "10x10t0de:" + "z" * 3,
    "2x1:3a",  # no grid type: still a Loopy ID
    "  3x2t0:3d1\n",
    "slither/3/2/dhb",
    "https://puzz.link/p?slither/3/2/dhb",
    "3x3t1:i",  # malformed, but a Loopy ID: read_puzzle says what is wrong with it
    "3x3t0:jj",
]
NOT_INLINE = [
    "5x5-missing.txt",
    "5x5.txt",
    "5x5",
    "puzzles/5x5t0.txt",
    "3x2:2/1/1/3/1",  # a Pattern game ID
    "2x2:1/1/1/1",
    "3..\n..1",
    '{"n": 5, "clues": []}',
    "",
]


@pytest.mark.parametrize("text", INLINE)
def test_urls_and_loopy_ids_look_inline(text):
    assert formats.looks_inline(text)


@pytest.mark.parametrize("text", NOT_INLINE)
def test_file_names_grids_json_and_pattern_ids_do_not(text):
    assert not formats.looks_inline(text)


def test_read_puzzle_reads_an_inline_id_as_such():
    assert formats.read_puzzle("3x2t0:3d1") == formats.from_loopy_id("3x2t0:3d1")
    assert formats.read_puzzle("2x1:3a") == formats.from_loopy_id("2x1:3a")
    assert formats.read_puzzle("slither/3/2/dhb") == formats.from_puzzlink("slither/3/2/dhb")


def test_the_command_line_reads_a_missing_file_named_like_an_id_as_a_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(GridlogicError, match=r"cannot read '5x5-missing.txt': No such file"):
        read_problem(GAMES["loop"], "5x5-missing.txt")
    found = formats.from_loopy_id("3x2t0:3d1")
    assert read_problem(GAMES["loop"], "3x2t0:3d1").givens == {"clues": list(found.clues)}


def test_bench_solve_tells_loop_from_pattern_ids_by_the_same_test(tmp_path):
    for name, text in [("loopy", "3x2t0:3d1"), ("typeless", "2x1:3a"), ("url", "slither/3/2/dhb"),
                       ("pattern", "2x2:1/1/1/1")]:
        (tmp_path / f"{name}.txt").write_text(text + "\n")
    games = {p.name: p.problem.game for p in read_puzzles(str(tmp_path))}
    assert games == {"loopy": "loop", "typeless": "loop", "url": "loop", "pattern": "pattern"}


def test_a_file_named_like_an_id_that_exists_is_read_as_a_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("3x2t0:3d1").write_text("..\n1.\n")
    assert read_problem(GAMES["loop"], "3x2t0:3d1").source == "text"
