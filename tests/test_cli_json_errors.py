"""JSON that json.loads raises on, given to each command that reads JSON: exit 2 and one line, no traceback.

These paths used to end in a ValueError (an integer longer than Python converts) or a
RecursionError (deep nesting) traceback; they all read through params.parse_json now.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

LIMIT = sys.get_int_max_str_digits()
TOO_LONG = "7" * (LIMIT + 700)
LONG_INT = f"an integer of more than {LIMIT} digits"

CASES = [
    # (command, file contents, what the one line says)
    (["signal", "solve"], f"[{TOO_LONG}, 1, 2, 3]", f"the board cannot be read: it holds {LONG_INT}"),
    (["signal", "solve"], "[" * 100_000, "the board cannot be read: it is nested too deeply"),
    (["loop", "solve"], f'{{"n": 5, "clues": [{TOO_LONG}]}}', f"the puzzle cannot be read: it holds {LONG_INT}"),
    (["loop", "solve"], '{"clues": ' + "[" * 100_000, "the puzzle cannot be read: it is nested too deeply"),
    (["loop", "solve"], '{"n": 1,\n "clues": [1', "line 2: expected JSON, but the puzzle is not JSON"),
    (["bench-solve"], f"[{TOO_LONG}]", f"the file cannot be read: it holds {LONG_INT}"),
    (["bench-solve"], "[" * 100_000, "the file cannot be read: it is nested too deeply"),
    (["bench-solve"], '{"rowClues": [[1]],\n "colClues"', "line 2: expected JSON, but the file is not JSON"),
    (["pattern", "solve"], f'{{"rowClues": [[{TOO_LONG}]], "colClues": [[1]]}}', f"it holds {LONG_INT}"),
    (["pattern", "solve"], "[" * 100_000, "the puzzle cannot be read: it is nested too deeply"),
]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "gridlogic.cli", *args], check=False, capture_output=True, text=True, timeout=120
    )


def assert_one_line_exit_2(result: subprocess.CompletedProcess, message: str) -> None:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith("gridlogic: ") and message in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    "command, contents, message", CASES, ids=[f"{' '.join(c)}-{k}" for k, (c, _, _) in enumerate(CASES)]
)
def test_json_that_json_loads_raises_on_is_one_line_and_exit_2(tmp_path, command, contents, message):
    path = tmp_path / "puzzle.json"
    path.write_text(contents)
    result = run(*command, str(path))
    assert_one_line_exit_2(result, message)
    if command == ["bench-solve"]:
        assert str(path) in result.stderr  # bench-solve reads many files: the line names the one at fault


def test_loop_solve_of_a_missing_file_that_starts_like_a_game_id_says_it_cannot_read_it(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "gridlogic.cli", "loop", "solve", "5x5-missing.txt"],
        check=False, capture_output=True, text=True, timeout=120, cwd=tmp_path,
    )
    assert_one_line_exit_2(result, "cannot read '5x5-missing.txt': No such file")


def test_loop_solve_still_reads_a_file_named_like_a_game_id(tmp_path):
    (tmp_path / "5x5.txt").write_text("3..\n..1\n")
    result = subprocess.run(
        [sys.executable, "-m", "gridlogic.cli", "loop", "solve", "5x5.txt"],
        check=False, capture_output=True, text=True, timeout=120, cwd=tmp_path,
    )
    assert result.stdout.startswith("Loop 3x2 (text)"), result.stderr
