"""``gridlogic signal`` in a real subprocess and through main()."""

import json
import subprocess
import sys

import pytest

from gridlogic.cli import main


def run(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "gridlogic.cli", *args], check=False, input=stdin,
                          capture_output=True, text=True)


def test_generate_json_is_the_puzzle():
    out = run("signal", "generate", "--version", "3", "--size", "4", "--seed", "notes-example", "--format", "json")
    assert out.returncode == 0
    data = json.loads(out.stdout)
    assert data["shuffled"] == [4, 4, 3, 9, 3, 13, 13, 4, 1, 7, 14, 2, 4, 11, 10, 4]


def test_generate_text_draws_box_characters_and_solution(capsys):
    assert main(["signal", "generate", "--version", "3", "--seed", "notes-example", "--solution"]) == 0
    text = capsys.readouterr().out
    assert "medium" in text and "solution:" in text
    assert "└─┴─┤ ╵" in text  # the answer's second row


def test_generate_svg_is_standalone(capsys):
    assert main(["signal", "generate", "--version", "3", "--size", "5", "--seed", "s", "--format", "svg"]) == 0
    svg = capsys.readouterr().out
    assert svg.startswith("<svg xmlns=") and svg.rstrip().endswith("</svg>")


def test_solve_reports_unique_and_prints_solution():
    out = run("signal", "solve", stdin="[4,4,3,9,3,13,13,4,1,7,14,2,4,11,10,4]")
    assert out.returncode == 0 and out.stdout.splitlines()[1].startswith("unique")


def test_solve_verdicts(tmp_path, capsys):
    several = tmp_path / "several.json"
    several.write_text(json.dumps([1, 5, 3, 7][:4]))
    ambiguous = [5, 5, 5, 5, 6, 12, 3, 9, 1]  # not even square
    assert main(["signal", "solve", str(several)]) in (0, 1)
    (tmp_path / "none.json").write_text(json.dumps([15, 15, 15, 15]))
    assert main(["signal", "solve", str(tmp_path / "none.json")]) == 1
    assert capsys.readouterr().out.splitlines()[1].startswith("none")
    shuffled = [4, 4, 3, 9, 3, 13, 13, 4, 1, 7, 14, 2, 4, 11, 10, 4]
    (tmp_path / "budget.json").write_text(json.dumps({"shuffled": shuffled}))
    assert main(["signal", "solve", "--node-limit", "0", str(tmp_path / "budget.json")]) == 1
    assert capsys.readouterr().out.splitlines()[1].startswith("undecided")
    (tmp_path / "odd.json").write_text(json.dumps(ambiguous[:3]))
    assert main(["signal", "solve", str(tmp_path / "odd.json")]) == 2


@pytest.mark.parametrize(
    "args, stdin, message",
    [
        (["signal", "generate", "--version", "3", "--size", "9"], "", "size must be a square side, 4, 5 or 6"),
        (["signal", "generate", "--difficulty", "expert"], "", "unknown difficulty"),
        (["signal", "generate", "--seed", "x" * 81], "", "at most 80"),
        (["signal", "solve"], "not json", "not JSON"),
        (["signal", "solve"], "[1, 2, 99, 0]", "tile 2"),
        (["signal", "solve", "/no/such/file.json"], "", "cannot read"),
        (["signal", "generate", "--size", "four"], "", "invalid int value"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, stdin, message):
    out = run(*args, stdin=stdin)
    assert out.returncode == 2
    assert message in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
    assert "Traceback" not in out.stderr
