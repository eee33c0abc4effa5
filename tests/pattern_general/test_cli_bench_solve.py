"""``gridlogic bench-solve`` and the general solver behind ``gridlogic pattern solve``."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from gridlogic.cli import main
from gridlogic.cli.bench_solve import format_table, read_puzzles

DATA = Path(__file__).resolve().parents[1] / "data"
BENCH = DATA / "bench_solve"


def run(capsys, monkeypatch, argv, stdin=""):
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_reads_non_files_and_slitherlink_collections():
    puzzles = list(read_puzzles(str(BENCH)))
    games = [p.problem.game for p in puzzles]
    assert games.count("pattern") == 1 and games.count("loop") == 3
    loop = next(p.problem for p in puzzles if p.problem.game == "loop")
    assert (loop.width, loop.height) == (7, 7) and len(loop.givens["clues"]) == 49


def test_table_for_a_folder(capsys, monkeypatch):
    code, out, err = run(capsys, monkeypatch, ["bench-solve", str(BENCH), "--budget", "30"])
    assert code == 0 and err == ""  # no progress bar when stderr is not a terminal
    lines = out.splitlines()
    assert lines[0].split()[:7] == [
        "collection",
        "count",
        "solved",
        "unique",
        "several",
        "none",
        "undecided",
    ]
    rows = {
        line.split()[0]: line.split() for line in lines[1:] if line and line.split()[0] != "all"
    }
    assert rows["bench_solve"][1:8] == ["1", "1", "1", "0", "0", "0", "0"]
    assert rows["olson_square-7x7_first3.json"][1:4] == ["3", "3", "3"]
    total = next(line.split() for line in lines if line.startswith("all"))
    assert total[1:4] == ["4", "4", "4"]


def test_json_output_and_several_verdicts(capsys, monkeypatch, tmp_path):
    for name in ("jwilk_data001.non", "jwilk_data148.non"):
        shutil.copy(DATA / "pattern_general" / name, tmp_path / name)
    code, out, _ = run(capsys, monkeypatch, ["bench-solve", str(tmp_path), "--json", "--sat"])
    data = json.loads(out)
    assert code == 0 and data["sat"] is True
    statuses = {p["name"]: p["status"] for p in data["puzzles"]}
    assert statuses == {"jwilk_data001": "several", "jwilk_data148": "unique"}
    (row,) = data["table"]
    assert (row["count"], row["unique"], row["several"], row["undecided"]) == (2, 1, 1, 0)
    assert row["max"] >= row["median"] >= 0


def test_a_published_goal_is_compared(capsys, monkeypatch, tmp_path):
    """The reader refuses a goal that shows other clues, so a goal can only disagree with a
    wrong verdict; the goal of the unique solution is reported as agreeing."""
    text = (DATA / "pattern_general" / "jwilk_data148.non").read_text()
    verdict_out = run(capsys, monkeypatch, ["pattern", "solve", "--json", "-"], stdin=text)[1]
    solution = json.loads(verdict_out)["solutions"][0]["cells"]
    goal_file = tmp_path / "with_goal.non"
    goal_file.write_text(text + '\ngoal "' + "".join(map(str, solution)) + '"\n')
    code, out, _ = run(capsys, monkeypatch, ["bench-solve", str(goal_file), "--json"])
    assert code == 0 and json.loads(out)["puzzles"][0]["agreesWithGoal"] is True


@pytest.mark.parametrize(
    "argv,message",
    [
        (["bench-solve", "/nonexistent/folder"], "no such file or folder"),
        (["bench-solve", str(BENCH), "--budget", "0"], "--budget must be"),
        (["bench-solve", str(BENCH), "--first", "0"], "--first must be"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(capsys, monkeypatch, argv, message):
    code, out, err = run(capsys, monkeypatch, argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err


def test_bad_puzzle_file_names_the_file(capsys, monkeypatch, tmp_path):
    (tmp_path / "broken.non").write_text("width 3\nheight 2\nrows\n4\n")
    code, _, err = run(capsys, monkeypatch, ["bench-solve", str(tmp_path)])
    assert code == 2 and "broken.non" in err and err.count("\n") == 1


def test_format_table_aligns_columns():
    row = {"collection": "x", "count": 2, "solved": 2, "unique": 1, "several": 1, "none": 0,
           "undecided": 0, "disagree": 0, "median": 0.5, "max": 1.25}  # fmt: skip
    header, line = format_table([row]).splitlines()
    assert len(header) == len(line) and line.split()[-2:] == ["0.5000", "1.250"]


def test_pattern_solve_uses_the_general_solver(capsys, monkeypatch):
    code, out, _ = run(
        capsys, monkeypatch, ["pattern", "solve", "--json", "--budget", "5"], stdin="2x2:1/1/1/1"
    )
    data = json.loads(out)
    assert code == 1 and data["status"] == "several"
    assert data["method"] in ("line", "probing", "search", "sat")
    code, out, _ = run(capsys, monkeypatch, ["pattern", "solve", "--sat"], stdin="3x2:2/1/1/3/1")
    assert code == 0 and out.splitlines()[1].startswith("unique:")
    code, _, err = run(capsys, monkeypatch, ["pattern", "solve", "--budget", "-1"], stdin="1x1:1/1")
    assert code == 2 and "--budget" in err


def test_txt_game_ids_are_read_and_notes_skipped(capsys, monkeypatch, tmp_path):
    (tmp_path / "pattern.txt").write_text("2x2:1/1/1/1\n")
    (tmp_path / "loopy.txt").write_text("3x2t0:3d1\n")
    (tmp_path / "notes.txt").write_text("where these puzzles came from\n")
    skipped: list[str] = []
    games = sorted(p.problem.game for p in read_puzzles(str(tmp_path), skipped))
    assert games == ["loop", "pattern"] and [Path(s).name for s in skipped] == ["notes.txt"]
    code, out, err = run(capsys, monkeypatch, ["bench-solve", str(tmp_path), "--json"])
    assert code == 0 and "skipped 1 .txt file" in err
    statuses = {p["name"]: p["status"] for p in json.loads(out)["puzzles"]}
    assert statuses["pattern"] == "several"
