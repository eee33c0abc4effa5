"""``gridlogic pattern``: generate in each format, solve verdicts, and bad input."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gridlogic import pattern
from gridlogic.cli import main

DATA = Path(__file__).resolve().parent.parent / "data"


def run(capsys, monkeypatch, argv, stdin=None):
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_generate_text(capsys, monkeypatch):
    code, out, err = run(capsys, monkeypatch,
                         ["pattern", "generate", "--version", "1", "--size", "10", "--seed", "abc"])
    assert code == 0 and err == ""
    assert out.startswith("Pattern 10x10, seed 'abc' (attempt ")
    assert "#" not in out
    _, solved, _ = run(capsys, monkeypatch,
                       ["pattern", "generate", "--version", "1", "--size", "10", "--seed", "abc", "--solution"])
    assert solved.count("#") == sum(pattern.generate(10, "abc", version=1).answer)


def test_generate_json_and_svg(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch,
                       ["pattern", "generate", "--version", "1", "--seed", "パターン", "--format", "json"])
    assert code == 0
    assert json.loads(out) == pattern.generate(5, "パターン", version=1).to_dict()
    code, out, _ = run(capsys, monkeypatch,
                       ["pattern", "generate", "--version", "1", "--size", "8", "--seed", "s", "--format", "svg"])
    assert code == 0 and ET.fromstring(out).tag.endswith("svg")


def test_generate_random_seed_is_printed(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, ["pattern", "generate", "--version", "1", "--format", "json"])
    data = json.loads(out)
    assert pattern.generate(5, data["seed"], version=1).to_dict() == data
    code, out, err = run(capsys, monkeypatch, ["pattern", "generate", "--version", "1", "--format", "svg"])
    assert code == 0
    assert err.startswith("seed ")


@pytest.mark.parametrize(
    ("text", "verdict", "grids", "code"),
    [
        ("3x2:2/1/1/3/1", "unique:", 1, 0),
        ('{"rowClues": [[1], [1]], "colClues": [[1], [1]]}', "several:", 2, 1),
        ("width 2\nheight 2\nrows\n2\n0\ncolumns\n1\n0\n", "none:", 0, 1),
    ],
)
def test_solve_verdicts(capsys, monkeypatch, text, verdict, grids, code):
    got, out, err = run(capsys, monkeypatch, ["pattern", "solve"], stdin=text)
    assert got == code and err == ""
    assert out.splitlines()[1].startswith(verdict)
    assert sum(line.startswith("solution") for line in out.splitlines()) == grids


def test_solve_several_shows_two_different_solutions(capsys, monkeypatch):
    _, out, _ = run(capsys, monkeypatch, ["pattern", "solve", "-"], stdin="2x2:1/1/1/1")
    first, second = out.split("solution 1:")[1].split("solution 2:")
    assert first.strip() != second.strip()


def test_solve_undecided_within_the_budget(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, ["pattern", "solve", "--node-limit", "0"], stdin="3x2:2/1/1/3/1")
    assert code == 1
    assert out.splitlines()[1].startswith("undecided:")


def test_solve_a_real_file_and_its_goal(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, ["pattern", "solve", str(DATA / "pattern_webpbn_1.non")])
    assert code == 0
    assert "Pattern 5x10" in out and "unique:" in out and "(the file's goal)" in out


def test_solve_generated_json_and_json_output(capsys, monkeypatch, tmp_path):
    puzzle = pattern.generate(10, "cli", version=1)
    path = tmp_path / "p.json"
    path.write_text(json.dumps(puzzle.to_dict()))
    code, out, _ = run(capsys, monkeypatch, ["pattern", "solve", "--json", str(path)])
    data = json.loads(out)
    assert code == 0 and data["status"] == "unique" and data["solutions"] == [{"cells": list(puzzle.answer)}]


@pytest.mark.parametrize(
    ("argv", "stdin", "message"),
    [
        (["pattern", "generate", "--version", "1", "--size", "7"], None, "size must be a square side, 5, 8 or 10"),
        (["pattern", "generate", "--version", "1", "--seed", "x" * 81], None, "81 UTF-16 code units"),
        (["pattern", "solve"], "width 3\nheight 2\nrows\n4\n", "line 4: row 1 clue [4] needs 4 cells"),
        (["pattern", "solve"], "3x2:2/1/1/3", "line 1: expected 5 clues"),
        (["pattern", "solve"], "{", "line 1: expected JSON"),
        (["pattern", "solve", "/nonexistent/file.non"], None, "cannot read '/nonexistent/file.non'"),
        (["pattern", "solve", "--node-limit", "-1"], "1x1:1/1", "--node-limit must be 0 or more"),
        (["pattern", "generate", "--version", "1", "--format", "png"], None, "invalid choice"),
    ],
)
def test_bad_input_exits_2_with_one_line(capsys, monkeypatch, argv, stdin, message):
    with pytest.raises(SystemExit) if "png" in argv else _no_exit():
        code, out, err = run(capsys, monkeypatch, argv, stdin=stdin)
        assert code == 2
        assert out == ""
        assert err.count("\n") == 1 and message in err
    if "png" in argv:
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and message in err


class _no_exit:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_grade_prints_the_level_and_the_techniques(capsys, monkeypatch):
    code, out, err = run(capsys, monkeypatch, ["pattern", "grade"], stdin="4x4:1/1/1/1/1.1/2//")
    assert (code, err) == (0, "")
    assert out.splitlines() == ["Pattern 4x4 (tatham)", "level: hard",
                                "overlap 15, line 0, probe 1 (cells decided by each technique)"]
    code, out, _ = run(capsys, monkeypatch, ["pattern", "grade", "--json", "pattern.2.8x6l.hard.notes-example"])
    assert code == 0
    assert json.loads(out) == {"game": "pattern", "format": "gridlogic", "level": "hard",
                               "counts": {"overlap": 47, "line": 0, "probe": 1},
                               "counted": "cells decided by each technique", "note": ""}


def test_grade_of_clues_the_techniques_cannot_finish(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, ["pattern", "grade"], stdin="2x2:1/1/1/1")
    assert code == 1
    assert out.splitlines()[1] == "level: none (the techniques stop with 4 cells open)"
    code, out, _ = run(capsys, monkeypatch, ["pattern", "grade", str(DATA / "pattern_webpbn_1.non")])
    assert code == 0 and out.splitlines()[1].startswith("level: ")
