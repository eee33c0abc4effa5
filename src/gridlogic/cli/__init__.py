"""The ``gridlogic`` command: ``main(argv) -> int``, a thin adapter over the engines.

Each command lives in a module of this package with a ``register(subparsers)``
function (:mod:`.games` adds ``GAME generate``, ``GAME solve`` and ``show`` for
every game of :data:`gridlogic.GAMES`) that adds its parser and sets ``handler`` to a function taking the
parsed arguments and returning an exit code (:mod:`.printing` adds ``GAME print`` to the games'
commands). ``main`` turns every error the library raises on purpose into one line on stderr and exit code 2; it never
shows a traceback for bad input.

Every input is bounded before any work: :func:`read_text` reads a file or
standard input in pieces of :data:`READ_PIECE` bytes and stops past
:data:`MAX_INPUT_BYTES` (the largest public collection the benchmarks read is
under 0.5 MB), reads regular files only (a FIFO, a device such as
``/dev/zero`` or a directory is refused in one line, before anything is read),
and :func:`check_board_size` refuses a board wider or taller than its game's
``max_side`` before a solver starts.
"""

from __future__ import annotations

import argparse
import importlib
import io
import os
import stat
import sys
from collections.abc import Sequence
from typing import IO, AnyStr

from gridlogic import __version__, native
from gridlogic.errors import GridlogicError
from gridlogic.game import Game, Problem

# Modules of this package that add commands, in the order `--help` lists them.
COMMAND_MODULES: tuple[str, ...] = ("games", "explain", "studio", "printing", "batch", "serve", "bench_solve")

MAX_INPUT_BYTES = 8 * 1024 * 1024  # a puzzle file, a collection or standard input
READ_PIECE = 64 * 1024


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line ("gridlogic: error: ...") and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        raise SystemExit(2)


class _ShowVersion(argparse.Action):
    """``--version``: the version, and how the engines run (compiled or pure; see gridlogic.native)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show the version and how the engines run, and exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        engines = native.summary(native.native_modules(), pure_asked=native.pure_asked())
        stale = native.stale_modules()
        if stale:
            engines += f"; older than their source (rebuild with make or pip install -e .): {', '.join(stale)}"
        sys.stdout.write(f"gridlogic {__version__}\nengines: {engines}\n")
        parser.exit(0)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="gridlogic",
        description="Signal (Net), Pattern (nonogram) and Loop (slitherlink): generate puzzles with "
        "exactly one solution, solve the ones you bring, generate in bulk, or play in the browser.",
    )
    parser.add_argument("--version", action=_ShowVersion)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True
    for name in COMMAND_MODULES:
        importlib.import_module(f"gridlogic.cli.{name}").register(commands)
    return parser


def count_of(count: int, thing: str) -> str:
    """``"1 loop"``, ``"2 loops"``: a count with its noun, plural when not 1."""
    return f"{count} {thing}{'s' if count != 1 else ''}"


def read_text(path: str | None) -> str:
    """The text of ``path``, or of standard input when ``path`` is None or ``-``: at most
    :data:`MAX_INPUT_BYTES` of UTF-8, from a regular file (or whatever standard input is)."""
    if path is None or path == "-":
        stdin = getattr(sys.stdin, "buffer", None)
        if stdin is None:  # standard input replaced by text (a test, an embedding program)
            return "".join(_read_bounded(sys.stdin, "standard input"))
        return _decoded(b"".join(_read_bounded(stdin, "standard input")), "standard input")
    try:
        # O_NONBLOCK: a FIFO is refused below instead of waiting for a writer
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as error:
        raise GridlogicError(f"cannot read {path!r}: {error.strerror or error}") from None
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            kind = "a directory" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode) else "a device"
            raise GridlogicError(f"cannot read {path!r}: it is {kind}, not a regular file")
        os.set_blocking(descriptor, True)
        with os.fdopen(descriptor, "rb", closefd=False) as handle:
            data = b"".join(_read_bounded(handle, repr(path)))
    except OSError as error:
        raise GridlogicError(f"cannot read {path!r}: {error.strerror or error}") from None
    finally:
        os.close(descriptor)
    return _decoded(data, repr(path))


def _read_bounded(handle: IO[AnyStr], what: str) -> list[AnyStr]:
    """The pieces of ``handle`` up to its end, refused once they pass :data:`MAX_INPUT_BYTES`."""
    pieces: list[AnyStr] = []
    size = 0
    while piece := handle.read(READ_PIECE):
        size += len(piece)
        if size > MAX_INPUT_BYTES:
            raise GridlogicError(f"cannot read {what}: it holds more than {MAX_INPUT_BYTES // 1024 // 1024} MiB, "
                                 "the most a puzzle file or standard input may hold")
        pieces.append(piece)
    return pieces


def _decoded(data: bytes, what: str) -> str:
    """``data`` as text, newlines read as ``open()`` reads them (``\r\n`` and ``\r`` are ``\n``)."""
    try:
        return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8").read()
    except UnicodeDecodeError:
        raise GridlogicError(f"cannot read {what}: it is not UTF-8 text") from None


def check_board_size(game: Game, problem: Problem, where: str = "") -> Problem:
    """``problem`` if it fits ``game.max_side`` on both sides; else a GridlogicError, before any solving."""
    if max(problem.width, problem.height) > game.max_side:
        raise GridlogicError(
            f"{where}a {problem.width}x{problem.height} {game.title} board is too large to solve; "
            f"at most {game.max_side} cells a side are accepted"
        )
    return problem


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.handler(args))
    except GridlogicError as error:
        sys.stderr.write(f"gridlogic: {error}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("gridlogic: interrupted\n")
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
