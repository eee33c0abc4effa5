"""The README's examples work as written: its Python sessions run, and its ``$ gridlogic`` lines print
what the README says they print (up to the README's ``...``).

Commands that need more than this checkout (the shared data, a server, a Dask cluster) or write
files are skipped by what they name; every other ``$ gridlogic`` line in a fenced block runs.
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"^```[a-z]*\n(.*?)^```", README, re.MULTILINE | re.DOTALL)
NEEDS_MORE = ("../shared", "--out", "serve", "dask", "--verify", "curl", "bench-solve", ".non", "my-puzzles",
              "puzzle.txt", "puzzle.non", "p.non")


def _commands() -> list[tuple[str, list[str]]]:
    found = []
    for block in BLOCKS:
        lines = block.splitlines()
        for index, line in enumerate(lines):
            if not line.startswith("$ ") or "gridlogic" not in line:
                continue
            command = re.sub(r"\s{2,}#.*$", "", line[2:]).strip()
            if any(word in command for word in NEEDS_MORE):
                continue
            expected = []
            for following in lines[index + 1:]:
                if following.startswith("$ ") or following.strip() == "...":
                    break
                expected.append(following)
            found.append((command, expected))
    return found


COMMANDS = _commands()


def test_the_readme_has_examples_to_run():
    assert len(COMMANDS) >= 8 and any("show" in c for c, _ in COMMANDS)


@pytest.mark.parametrize("command, expected", COMMANDS, ids=[c for c, _ in COMMANDS])
def test_readme_command_prints_what_the_readme_says(command, expected, tmp_path):
    gridlogic = f"{shlex.quote(sys.executable)} -m gridlogic.cli"
    shell = re.sub(r"(^|\| )gridlogic ", lambda m: f"{m.group(1)}{gridlogic} ", command)
    result = subprocess.run(shell, shell=True, check=False, capture_output=True, text=True, cwd=tmp_path, timeout=300,
                            env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    assert result.returncode in (0, 1), result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout.splitlines()[: len(expected)] == expected


def test_readme_python_sessions_run():
    sessions = [block for block in BLOCKS if ">>> " in block]
    assert sessions
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for number, block in enumerate(sessions):
        test = parser.get_doctest(block, {}, f"README session {number}", "README.md", 0)
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
