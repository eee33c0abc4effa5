"""The command line's limits: bounded reads, regular files only, a board-size limit per game, one line each.

:func:`gridlogic.cli.read_text` reads at most ``MAX_INPUT_BYTES`` in pieces, from a regular file
or standard input; a FIFO, a device or a directory is refused before anything is read. Every
game's solve path (``GAME solve``, ``bench-solve``) refuses a board past the game's ``max_side``
before a solver starts. Each failure is one line on standard error and exit code 2.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gridlogic import GAMES, cli
from gridlogic.cli import MAX_INPUT_BYTES, main
from gridlogic.game import Game

DATA = Path(__file__).resolve().parent / "data"


def small_board(game: Game) -> str:
    """A small board of ``game`` as text its reader takes: its smallest preset's puzzle, written by
    the first of its writers (its studio's, which ``read`` reads back, then its export formats)."""
    writers = ([game.studio.write] if game.studio else []) + list(game.exports.values())
    assert writers, f"{game.name} writes no puzzle as text"
    version = game.version()
    return writers[0](game.problem(game.generate(version.presets[0], "small", version.difficulties[0])))


def one_line_failure(capsys, argv: list[str]) -> str:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("game", list(GAMES))
def test_special_files_are_refused_before_reading(tmp_path, capsys, game):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)  # nobody ever writes to it: reading it would wait for good
    assert "it is a FIFO, not a regular file" in one_line_failure(capsys, [game, "solve", str(fifo)])
    for device in ("/dev/zero", "/dev/full"):
        assert "it is a device, not a regular file" in one_line_failure(capsys, [game, "solve", device])
    assert "it is a directory, not a regular file" in one_line_failure(capsys, [game, "solve", str(tmp_path)])


def test_bench_solve_refuses_special_files_too(tmp_path, capsys):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    assert "it is a FIFO" in one_line_failure(capsys, ["bench-solve", str(fifo)])


def test_a_file_over_the_limit_is_refused_after_reading_the_limit(tmp_path, capsys):
    big = tmp_path / "big.non"
    with open(big, "wb") as handle:
        handle.truncate(MAX_INPUT_BYTES + 1)  # sparse
    error = one_line_failure(capsys, ["pattern", "solve", str(big)])
    assert f"more than {MAX_INPUT_BYTES // 2**20} MiB" in error


def test_standard_input_over_the_limit_is_refused(capsys, monkeypatch):
    class Stdin:
        buffer = io.BytesIO(b" " * (MAX_INPUT_BYTES + 1))

        @staticmethod
        def isatty() -> bool:
            return False

    monkeypatch.setattr(sys, "stdin", Stdin())
    assert "cannot read standard input: it holds more than" in one_line_failure(capsys, ["loop", "solve"])


def test_endless_standard_input_is_cut_off():
    # the case: `gridlogic pattern solve < /dev/zero` grew to 5.4 GB in 10 s
    with open("/dev/zero", "rb") as zeros:
        result = subprocess.run([sys.executable, "-m", "gridlogic.cli", "pattern", "solve"], stdin=zeros,
                                capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert "standard input: it holds more than" in result.stderr


def test_text_is_read_as_open_reads_it(tmp_path):
    path = tmp_path / "crlf.txt"
    path.write_bytes("3..\r\n..1\r\n\ufeffé".encode())
    assert cli.read_text(str(path)) == "3..\n..1\n\ufeffé"
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(cli.GridlogicError, match="is not UTF-8 text"):
        cli.read_text(str(path))


@pytest.mark.parametrize("game", list(GAMES))
def test_a_board_past_max_side_is_refused_before_solving(tmp_path, capsys, monkeypatch, game):
    def no_solving(*args, **kwargs):
        raise AssertionError("the solver was started")

    small = dataclasses.replace(GAMES[game], max_side=1, solve=no_solving)
    monkeypatch.setitem(GAMES, game, small)
    text = small_board(GAMES[game])
    path = tmp_path / "board.txt"
    path.write_text(text)
    for given in (str(path), text):
        error = one_line_failure(capsys, [game, "solve", given])
        assert "board is too large to solve; at most 1 cells a side are accepted" in error


def test_the_real_limits_are_stated(capsys):
    assert [GAMES[name].max_side for name in ("signal", "pattern", "loop")] == [200, 200, 200]
    wide = "201x1:" + "/".join(["1"] * 201) + "/201"  # a 201x1 nonogram the reader takes
    assert "a 201x1 Pattern board is too large to solve; at most 200" in one_line_failure(
        capsys, ["pattern", "solve", wide])
    tiles = json.dumps([0] * 201 * 201)
    assert "at most 200x200 tiles" in one_line_failure(capsys, ["signal", "solve", tiles])
    assert "outside 1..200" in one_line_failure(capsys, ["loop", "solve", "slither/201/1/" + "g" * 10])


def test_bench_solve_checks_every_collection_entry(tmp_path, capsys, monkeypatch):
    small = dataclasses.replace(GAMES["loop"], max_side=6)
    monkeypatch.setitem(GAMES, "loop", small)
    error = one_line_failure(capsys, ["bench-solve", str(DATA / "bench_solve" / "olson_square-7x7_first3.json")])
    assert "olson_square-7x7_first3.json entry 0: a 7x7 Loop board is too large to solve; at most 6" in error


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["loop", "solve", "9" * 5000 + "x5t0:aaa"], "board size 999999...x5 is outside 1..200"),
        (["loop", "solve", "slither/" + "9" * 5000 + "/5/aa"], "board size 999999...x5 is outside 1..200"),
        (["show", "loop.1.5x5.any." + "9" * 5000], "a puzzle ID has at most 1000 characters"),
        (["show", "loop." + "9" * 5000 + ".5x5.any.x"], "a puzzle ID has at most 1000 characters"),
    ],
)
def test_numbers_longer_than_python_reads_are_one_line(capsys, argv, fragment):
    assert fragment in one_line_failure(capsys, argv)


def test_an_infinite_number_in_a_collection_is_one_line(tmp_path, capsys):
    path = tmp_path / "c.json"
    path.write_text('[{"board": {"parameters": {"width": 1e999, "height": 3}}, "faceData": "..."}]')
    assert "width must be a whole number, not a float inf" in one_line_failure(capsys, ["bench-solve", str(path)])


# --- arguments that are not UTF-8, and arguments too long to quote whole -------------------------

def usage_or_failure(capsys, argv: list[str]) -> tuple[int, str, str]:
    """What ``main(argv)`` answers, argparse's own refusals (a SystemExit) included."""
    try:
        code = main(argv)
    except SystemExit as refused:
        code = refused.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv, number", [
    (["show", "loop.3.5x5.easy.\udcff"], 2),  # the case: a traceback before
    (["\udcff"], 1),
    (["pattern", "s\udcc3olve"], 2),
    (["signal", "generate", "--seed", "caf\udce9"], 4),
    (["loop", "solve", "--budget=\udcff"], 3),
    (["pattern", "explain", "2x2:1/1/1/1", "--lang", "en\udc80"], 5),
    (["bench-solve", "/tmp/caf\udce9.non"], 2),
    (["serve", "--host", "\udcff"], 3),
])
def test_an_argument_that_is_not_utf8_is_refused_in_one_line(capsys, argv, number):
    code, out, err = usage_or_failure(capsys, argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith(f"gridlogic: argument {number} is not UTF-8 text: ")
    assert "every argument must be UTF-8" in err


def test_the_bytes_of_a_real_command_line_are_named():
    result = subprocess.run([sys.executable, "-m", "gridlogic.cli", "show", b"loop.3.5x5.easy.\xff"],
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 2 and result.stdout == "", result.stderr
    assert result.stderr == ("gridlogic: argument 2 is not UTF-8 text: 'loop.3.5x5.easy.\\xff' has the byte 0xff at "
                             "byte 17; every argument must be UTF-8 (a seed, a puzzle or a file name alike)\n")


LONG = "x" * 7000


def commands_and_options(parser, path=()):
    """Every command line of the parser's commands with one of its arguments given :data:`LONG`: each
    positional argument, each option's value (a flag's as ``--flag=LONG``), an unknown option and an
    extra argument."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from commands_and_options(sub, (*path, name))
        elif isinstance(action, argparse._HelpAction) or (not path and action.dest == "version"):
            continue
        elif not action.option_strings:
            yield [*path, LONG]
        elif action.nargs == 0:
            yield [*path, f"{action.option_strings[-1]}={LONG}"]
        else:
            yield [*path, action.option_strings[-1], LONG]
    yield [*path, "--" + LONG]
    yield [*path, "extra", LONG]


@pytest.fixture
def environment_kept():
    """The environment as it was after the test: ``serve --database URL`` sets a variable for its workers."""
    saved = os.environ.copy()
    yield
    os.environ.clear()
    os.environ.update(saved)


def assert_quoted_short(code, out, err) -> None:
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, err[:300]
    assert "x" * 81 not in err and len(err) < 400, err[:300]


def test_every_argument_of_every_command_is_quoted_cut_short(capsys, environment_kept):
    argvs = list(commands_and_options(cli.build_parser()))
    assert len(argvs) > 150  # every game's commands, show, batch, serve and bench-solve
    for argv in argvs:
        assert_quoted_short(*usage_or_failure(capsys, argv))


@pytest.mark.parametrize("argv, quoted", [
    (["show", "x", "--format", LONG], "argument --format: invalid choice: 'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"),
    ([LONG], "argument COMMAND: invalid choice: 'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"),
    (["pattern", LONG], "argument ACTION: invalid choice: 'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"),
    (["pattern", "solve", "--budget", LONG], "argument --budget: invalid float value: 'xxxxxxxxxxxxxxxxx"),
    (["pattern", "explain", "--lang", LONG], "argument --lang: invalid choice: 'xxxxxxxxxxxxxxxxx"),
    (["loop", "analyse", "--thin", LONG], "argument --thin: invalid choice: 'xxxxxxxxxxxxxxxxx"),
    (["pattern", "solve", f"--json={LONG}"], "ignored explicit argument 'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"),
    (["pattern", "generate", f"--s={LONG}"], "ambiguous option: '--s=xxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx' could match"),
    (["pattern", "solve", "a", "b", LONG], "unrecognized arguments: b 'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"),
    (["pattern", "solve", LONG], "cannot read 'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx': File name too long"),
    (["pattern", "explain", "/tmp/" + LONG], "cannot read '/tmp/xxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"),
    (["pattern", "grade", LONG], "cannot read 'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"),
    (["loop", "analyse", LONG], "cannot read 'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"),
    (["bench-solve", LONG], "cannot read 'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"),
    (["signal", "print", "--out", f"/tmp/{LONG}.pdf", "--seed-prefix", "a", "--count", "1"], "cannot write '/tmp/"),
    (["serve", "--host", LONG], "cannot listen on 'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx' port 8000"),
    (["serve", "--database", LONG], "'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx' is not a database URL"),
    (["signal", "generate", "--seed", LONG], "seed is 7000 UTF-16 code units long; it must be at most 80"),
])
def test_a_long_argument_is_quoted_cut_short(capsys, environment_kept, argv, quoted):
    code, out, err = usage_or_failure(capsys, argv)
    assert_quoted_short(code, out, err)
    assert quoted in err


def test_an_argument_short_enough_is_quoted_whole(capsys):
    path = "/no/such/folder/" + "y" * 60  # 76 characters: a line of text is quoted up to 80
    code, out, err = usage_or_failure(capsys, ["pattern", "solve", path])
    assert code == 2 and out == "" and f"cannot read {path!r}" in err


def test_cut_quotes_cuts_an_argument_and_the_value_of_an_option():
    message = f"bad {LONG!r}; also {LONG}"
    assert cli.cut_quotes(message, ["--x=" + LONG]) == ("bad 'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'; "
                                                          "also 'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'")
    assert cli.cut_quotes("short 'abc'", ["abc"]) == "short 'abc'"
