"""``gridlogic GAME analyse``: the studio's analysis through the real CLI entry point, on a file, a
puzzle ID, text and standard input, with ``--json`` and without."""

from __future__ import annotations

import io
import json

import pytest

from gridlogic import GAMES
from gridlogic.cli import main
from gridlogic.studio import analyse, fixes

PATTERN = GAMES["pattern"]


def run(capsys, monkeypatch, argv, stdin=None):
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_every_game_with_a_studio_has_the_command_and_no_other(capsys):
    for game in GAMES.values():
        with pytest.raises(SystemExit) as shown:
            main([game.name, "analyse", "--help"])
        assert shown.value.code == (0 if game.studio is not None else 2)
        assert ("--fixes" in capsys.readouterr().out) is (game.studio is not None)


def test_several_solutions_text_and_fixes(capsys, monkeypatch):
    code, out, err = run(capsys, monkeypatch, ["pattern", "analyse", "2x2:1/1/1/1", "--fixes"])
    assert (code, err) == (1, "")
    assert out == ("Pattern 2x2 (tatham)\n"
                   "several: at least two solutions; two of them differ in 4 cells\n"
                   "difference: cells 1–4 (counted from 1, in the order of --json)\n"
                   "fixes (3 changes proven to leave one solution):\n"
                   "  cell 1 filled: 2x2:2/1/2/1\n"
                   "  cell 2 emptied: 2x2:1///1\n"
                   "  cell 3 emptied: 2x2:/1/1/\n")


def test_json_is_what_the_api_answers(capsys, monkeypatch):
    problem = PATTERN.read("2x2:1/1/1/1")
    code, out, _ = run(capsys, monkeypatch, ["pattern", "analyse", "2x2:1/1/1/1", "--json"])
    assert code == 1 and json.loads(out) == analyse(PATTERN, problem).to_dict()
    code, out, _ = run(capsys, monkeypatch, ["pattern", "analyse", "2x2:1/1/1/1", "--json", "--fixes"])
    assert code == 1 and json.loads(out) == fixes(PATTERN, problem).to_dict()


def test_a_file_an_id_and_standard_input_give_the_same_unique_analysis(capsys, monkeypatch, tmp_path):
    puzzle = PATTERN.generate((7, 5), "studio-cli", "easy")
    path = tmp_path / "design.non"
    path.write_text(PATTERN.exports["non"](PATTERN.problem(puzzle)), encoding="utf-8")
    code, from_file, _ = run(capsys, monkeypatch, ["pattern", "analyse", str(path), "--json"])
    assert code == 0
    code, from_id, _ = run(capsys, monkeypatch, ["pattern", "analyse", puzzle.id, "--json"])
    assert code == 0
    code, from_stdin, _ = run(capsys, monkeypatch, ["pattern", "analyse", "-", "--json"], stdin=path.read_text())
    assert code == 0
    answers = [json.loads(text) for text in (from_file, from_id, from_stdin)]
    assert [answer["format"] for answer in answers] == ["non", "gridlogic", "non"]
    for answer in answers:
        del answer["format"]
    assert answers[0] == answers[1] == answers[2]
    assert answers[0]["verdict"] == "unique" and answers[0]["level"] == "easy"

    code, text, _ = run(capsys, monkeypatch, ["pattern", "analyse", str(path)])
    lines = text.splitlines()
    assert code == 0 and lines[:3] == ["Pattern 7x5 (non)", "unique: exactly one solution, proven", "level: easy"]
    assert lines[3].startswith("techniques: line ") and lines[4] == f"play: {answers[0]['id']}"


def test_a_loop_fix_in_text(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, ["loop", "analyse", "2x2t0:3c", "--fixes"])
    lines = out.splitlines()
    assert code == 1 and lines[1] == "several: at least two loops; two of them differ in 4 edges"
    assert lines[3].startswith("fixes (") and lines[4].startswith("  clue ")
    fixed = lines[4].rsplit(": ", 1)[1]
    code, again, _ = run(capsys, monkeypatch, ["loop", "analyse", fixed])
    assert code == 0 and again.splitlines()[1] == "unique: exactly one loop, proven"


@pytest.mark.parametrize("argv, stdin, message", [
    (["pattern", "analyse", "-"], "", "gridlogic: line 1 (end of text): expected a 'width' line"),
    (["pattern", "analyse", "51x1:" + "/" * 51], None, "51x1 Pattern board is too large to analyse; at most 50x50"),
    (["pattern", "analyse", "/nonexistent/design.non"], None, "cannot read '/nonexistent/design.non'"),
    (["loop", "analyse", "-"], "3x2t0:3d1x", "gridlogic: "),
])
def test_bad_input_is_one_line_and_exit_code_2(capsys, monkeypatch, argv, stdin, message):
    code, out, err = run(capsys, monkeypatch, argv, stdin)
    assert code == 2 and out == "" and message in err and err.count("\n") == 1


EVERY_CLUE = "13200\n21221\n20013\n10022\n21220\n"  # a 5x5 loop with every clue shown


def test_loop_thin_prints_the_puzzle_left_and_its_analysis(capsys, monkeypatch):
    code, out, err = run(capsys, monkeypatch, ["loop", "analyse", "--thin", "medium", "-"], stdin=EVERY_CLUE)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    thinned = "thinned: 14 clues hidden; the medium techniques still finish it, so it has one loop, proven"
    assert lines[:2] == [thinned, "puzzle: slither/5/5/g80ai7a60276c"]
    assert "unique: exactly one loop, proven" in lines and "level: medium" in lines


def test_loop_thin_json_is_what_the_api_answers_and_unfinished_is_exit_1(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, ["loop", "analyse", "--thin", "easy", "--json", "-"], stdin=EVERY_CLUE)
    data = json.loads(out)
    assert code == 0 and data["status"] == "thinned" and data["level"] == "easy" and len(data["hidden"]) == 12
    code, out, _ = run(capsys, monkeypatch, ["loop", "analyse", "--thin", "hard", "-"], stdin="3.3\n...\n3.3\n")
    assert code == 1 and out.startswith("unfinished: the hard techniques do not finish this puzzle")


def test_only_loop_has_thin(capsys):
    with pytest.raises(SystemExit) as refused:
        main(["pattern", "analyse", "--thin", "easy", "2x2:1/1/1/1"])
    assert refused.value.code == 2 and "unrecognized arguments: --thin" in capsys.readouterr().err
