"""The examples of the README and of the documentation site (``docs/**/*.md``) work as written: their
Python sessions run as doctests, and their ``$ gridlogic`` lines print what the page says they print
(up to the page's ``...`` line; a ``...`` within a line stands for any text, such as a time).

Each page's commands run in order in a fresh folder that holds a link to the repository's
``examples/``, so an example may name ``examples/dancer.non`` or a file an earlier example of the same
page made (``--out book.jsonl``, then ``--verify book.jsonl``). Commands that need a running server, a
Dask cluster or a database server are shown but not run (:data:`NOT_RUN` names them); every other
``$ gridlogic`` line of a fenced block runs. An example outside a fenced block, or a ``gridlogic``
command written without its ``$ ``, would escape these tests, so the pages may hold neither.
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
PAGES = [ROOT / "README.md"] + sorted(path for path in (ROOT / "docs").rglob("*.md") if "_build" not in path.parts)
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
NOT_RUN = ("serve", "curl", "dask")
"""Words of a command that needs a server, a Dask cluster or a database server: such a line is not run."""


def needs_more(command: str) -> bool:
    """Whether a command needs a server, a Dask cluster or a database server (:data:`NOT_RUN`)."""
    return any(word in command for word in NOT_RUN)


def page_name(page: Path) -> str:
    return str(page.relative_to(ROOT))


def blocks_of(page: Path) -> list[str]:
    return FENCE.findall(page.read_text(encoding="utf-8"))


def outside_fences(page: Path) -> str:
    return FENCE.sub("", page.read_text(encoding="utf-8"))


def commands_of(page: Path) -> list[tuple[str, list[str]]]:
    """Each ``$ ... gridlogic ...`` line of the page's fenced blocks with the lines shown under it."""
    found = []
    for block in blocks_of(page):
        lines = block.splitlines()
        for index, line in enumerate(lines):
            if not line.startswith("$ ") or "gridlogic" not in line:
                continue
            command = re.sub(r"\s{2,}#.*$", "", line[2:]).strip()
            if needs_more(command):
                continue
            expected = []
            for following in lines[index + 1:]:
                if following.startswith("$ ") or following.strip() == "...":
                    break
                expected.append(following)
            found.append((command, expected))
    return found


PAGES_WITH_COMMANDS = [page for page in PAGES if commands_of(page)]
PAGES_WITH_SESSIONS = [page for page in PAGES if any(">>> " in block for block in blocks_of(page))]


def test_the_pages_have_examples_to_run():
    commands = [command for page in PAGES for command, _ in commands_of(page)]
    assert len(commands) >= 30 and any(" show " in command for command in commands)
    assert ROOT / "README.md" in PAGES_WITH_COMMANDS and ROOT / "README.md" in PAGES_WITH_SESSIONS


@pytest.mark.parametrize("page", PAGES, ids=page_name)
def test_every_example_is_one_that_runs(page):
    """No Python session or command outside a fenced block, and no ``gridlogic`` line without ``$ `` in a block
    of commands (in a block with ``$ `` lines, the lines without it are what the commands print)."""
    loose = [line for line in outside_fences(page).splitlines()
             if re.match(r"\s{4,}(>>> |\$ |gridlogic |\.venv/bin/gridlogic )", line)]
    assert not loose, f"{page_name(page)}: examples outside a fenced block: {loose}"
    bare = [line for block in blocks_of(page) if not re.search(r"^\$ ", block, re.MULTILINE)
            for line in block.replace("\\\n", " ").splitlines()
            if line.startswith("gridlogic ") and not needs_more(line)]
    assert not bare, f"{page_name(page)}: write these as '$ gridlogic ...' so that they run: {bare}"


def run_command(command: str, folder: Path) -> subprocess.CompletedProcess[str]:
    gridlogic = f"{shlex.quote(sys.executable)} -m gridlogic.cli"
    shell = re.sub(r"(^|\| )gridlogic ", lambda m: f"{m.group(1)}{gridlogic} ", command)
    return subprocess.run(shell, shell=True, check=False, capture_output=True, text=True, cwd=folder, timeout=300,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8"})


def printed_as_shown(printed: list[str], shown: list[str]) -> bool:
    """Whether the printed lines are the shown ones, a ``...`` within a shown line matching any text."""
    patterns = [re.escape(line).replace(re.escape("..."), ".*") for line in shown]
    return len(printed) == len(shown) and all(re.fullmatch(p, line) for p, line in zip(patterns, printed))


@pytest.mark.parametrize("page", PAGES_WITH_COMMANDS, ids=page_name)
def test_page_commands_print_what_the_page_says(page, tmp_path):
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    (tmp_path / "benchmarks").symlink_to(ROOT / "benchmarks")
    wrong = []
    for command, expected in commands_of(page):
        result = run_command(command, tmp_path)
        if result.returncode not in (0, 1) or "Traceback" in result.stderr:
            wrong.append(f"$ {command}\nexit {result.returncode}\n{result.stderr}")
        elif not printed_as_shown(result.stdout.splitlines()[: len(expected)], expected):
            wrong.append(f"$ {command}\nthe page shows:\n" + "\n".join(expected) + "\nit prints:\n" + result.stdout)
    assert not wrong, f"{page_name(page)}:\n\n" + "\n\n".join(wrong)


@pytest.mark.parametrize("page", PAGES_WITH_SESSIONS, ids=page_name)
def test_page_python_sessions_run(page, monkeypatch):
    monkeypatch.chdir(ROOT)  # a session may open examples/...
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    names: dict[str, object] = {}  # a page is one story: a later session uses what an earlier one made
    for number, block in enumerate(block for block in blocks_of(page) if ">>> " in block):
        test = parser.get_doctest(block, names, f"{page_name(page)} session {number}", str(page), 0)
        runner.run(test, clear_globs=False)
        names = test.globs
    assert runner.summarize(verbose=False).failed == 0
