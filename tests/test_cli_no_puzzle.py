"""A command that reads a puzzle (``solve``, ``grade``, ``explain``, ``analyse``) given none, at a terminal:
it says what it expects and exits with 2 instead of waiting without a word (issue 41, item 9); piped
input is still read, and ``-`` still reads the terminal, as asked."""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from gridlogic import GAMES
from gridlogic.cli import main

READERS = [(game.name, action) for game in GAMES.values()
           for action in ("solve", "grade", "explain", "analyse")
           if (action != "explain" or game.hints is not None) and (action != "analyse" or game.studio is not None)
           and (action != "grade" or game.grade is not None)]
PIPED = {"pattern": "5x5:5/5/5/5/5/5/5/5/5/5", "signal": "[2, 12, 10, 8]", "loop": "2x2:3333"}


class Terminal(io.StringIO):
    """Standard input that is a terminal (nothing typed yet)."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("game, action", READERS)
def test_no_puzzle_at_a_terminal_says_what_is_expected(capsys, monkeypatch, game, action):
    monkeypatch.setattr("sys.stdin", Terminal())
    assert main([game, action]) == 2
    out, err = capsys.readouterr()
    command = f"gridlogic {game} {action}"
    assert out == ""
    assert err.splitlines() == [
        f"{command}: no puzzle given, and standard input is a terminal",
        f"usage: {command} PUZZLE, or pipe one in: ... | {command}",
        (f"PUZZLE is a puzzle ID ({game}.{GAMES[game].latest}.5x5.any.SEED), a file, - to read standard input, "
         f"or a puzzle as text: {GAMES[game].formats}"),
        f"more: {command} --help",
    ]


@pytest.mark.parametrize("game", sorted(PIPED))
def test_a_piped_puzzle_is_still_read(capsys, monkeypatch, game):
    monkeypatch.setattr("sys.stdin", io.StringIO(PIPED[game]))
    code = main([game, "solve"])
    out, err = capsys.readouterr()
    assert code in (0, 1) and err == "" and out.startswith(f"{GAMES[game].title} ")


def test_a_dash_reads_the_terminal_as_asked(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", Terminal(PIPED["pattern"]))
    assert main(["pattern", "solve", "-"]) == 0
    assert capsys.readouterr().out.startswith("Pattern 5x5")


def test_the_real_command_at_a_real_terminal_exits_at_once():
    """The installed command, its standard input a pseudo-terminal nobody types on."""
    command = Path(sys.executable).with_name("gridlogic")
    leader, follower = pty.openpty()
    try:
        done = subprocess.run([str(command), "pattern", "explain"], stdin=follower, capture_output=True,
                              text=True, timeout=120, check=False)
    finally:
        os.close(follower)
        os.close(leader)
    assert done.returncode == 2, done
    assert done.stderr.startswith("gridlogic pattern explain: no puzzle given")
