"""The ``gridlogic`` command: ``main(argv) -> int``, a thin adapter over the engines.

Each command lives in a module of this package with a ``register(subparsers)``
function (:mod:`.games` adds ``GAME generate``, ``GAME solve`` and ``show`` for
every game of :data:`gridlogic.GAMES`) that adds its parser and sets ``handler`` to a function taking the
parsed arguments and returning an exit code (:mod:`.printing` adds ``GAME print`` to the games'
commands). ``main`` turns every error the library raises on purpose into one line on stderr and exit code 2; it never
shows a traceback for bad input.

``main`` also guards what reaches every command, once: an argument that is not UTF-8 text (bytes
Python hands over as surrogate escapes) is refused before parsing, naming the argument and its first
bad byte; and every error message, argparse's own ("invalid choice: ...", "unrecognized arguments:
...") and the library's, quotes an argument longer than :data:`QUOTED` characters cut short by
:func:`gridlogic.params.short_repr` (:func:`cut_quotes`)::

    $ gridlogic show $'loop.3.5x5.easy.\\xff'
    gridlogic: argument 2 is not UTF-8 text: 'loop.3.5x5.easy.\\xff' has the byte 0xff at byte 17; ...

The work on a puzzle somebody brought (``GAME explain``, ``GAME grade``, ``GAME analyse``) keeps a
time budget, ``--budget SECONDS`` (:func:`add_budget_argument`, default :data:`WORK_BUDGET`), as a
deadline threaded through the engines (:func:`gridlogic.params.check_deadline`): past it the
command prints nothing of what it found, says so in one line and exits with
:data:`EXIT_OUT_OF_TIME`.

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
from typing import IO, Any, AnyStr

from gridlogic import __version__, native
from gridlogic.errors import GridlogicError
from gridlogic.game import Game, Problem
from gridlogic.params import OutOfTime, check_limit, deadline_after, short_repr

# Modules of this package that add commands, in the order `--help` lists them.
COMMAND_MODULES: tuple[str, ...] = ("games", "explain", "studio", "printing", "batch", "serve", "bench_solve")

MAX_INPUT_BYTES = 8 * 1024 * 1024  # a puzzle file, a collection or standard input
READ_PIECE = 64 * 1024

WORK_BUDGET = 60.0
"""Seconds ``explain``, ``grade`` and ``analyse`` may take when ``--budget`` does not say (Pattern's
``solve`` has the same default)."""
EXIT_OUT_OF_TIME = 3
"""The exit code of a command that stopped at its ``--budget`` before it finished."""
OUT_OF_TIME_HELP = "past it, the command stops, prints nothing of what it found and exits with 3"

QUOTED = 80
"""Arguments longer than this (the most of a line of text an error quotes whole) are cut short, by
:func:`gridlogic.params.short_repr`, wherever an error message quotes them."""


def cut_quotes(message: str, arguments: Sequence[str]) -> str:
    """``message`` with each of ``arguments`` longer than :data:`QUOTED` characters (and the value of
    an ``--option=value`` one) cut short as :func:`~gridlogic.params.short_repr` cuts it, wherever the
    message quotes it (as ``repr`` shows it) or repeats it as it is.

    >>> cut_quotes("invalid choice: '" + "x" * 100 + "'", ["--format", "x" * 100])
    "invalid choice: 'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"
    """
    pieces = {piece for argument in arguments for piece in (argument, argument.partition("=")[2])
              if len(piece) > QUOTED}
    for piece in sorted(pieces, key=len, reverse=True):  # an argument before the value inside it
        message = message.replace(repr(piece), short_repr(piece)).replace(piece, short_repr(piece))
    return message


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line ("gridlogic: error: ...") and exit code 2, quoting a
    long argument cut short (:func:`cut_quotes`)."""

    arguments: Sequence[str] = ()  # what this parser (or subparser) was last given to parse

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None) -> tuple[argparse.Namespace, list[str]]:
        self.arguments = list(sys.argv[1:] if args is None else args)
        return super().parse_known_args(self.arguments, namespace)

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: error: {cut_quotes(message, self.arguments)}\n")
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


class NoPuzzle(GridlogicError):
    """No puzzle was named and standard input is a terminal: the command would wait, without a word, for
    what a person types. :func:`main` says what the command expects instead (:func:`no_puzzle_text`)."""

    def __init__(self, game: Game) -> None:
        super().__init__(f"no {game.title} puzzle given")
        self.game = game


def no_puzzle_text(game: Game, command: str) -> str:
    """What ``command`` (``gridlogic pattern explain``) expects, said when it was given no puzzle at a terminal.

    >>> from gridlogic import GAMES
    >>> print(no_puzzle_text(GAMES["pattern"], "gridlogic pattern explain"))  # doctest: +ELLIPSIS
    gridlogic pattern explain: no puzzle given, and standard input is a terminal
    usage: gridlogic pattern explain PUZZLE, or pipe one in: ... | gridlogic pattern explain
    PUZZLE is a puzzle ID (pattern...5x5.any.SEED), a file, - to read standard input, or a puzzle as text: .non, ...
    more: gridlogic pattern explain --help
    """
    example = f"{game.name}.{game.latest}.5x5.any.SEED"
    return (f"{command}: no puzzle given, and standard input is a terminal\n"
            f"usage: {command} PUZZLE, or pipe one in: ... | {command}\n"
            f"PUZZLE is a puzzle ID ({example}), a file, - to read standard input, or a puzzle as text: "
            f"{game.formats}\n"
            f"more: {command} --help")


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


def add_budget_argument(parser: argparse.ArgumentParser, work: str) -> None:
    """``--budget SECONDS``, the time ``work`` ("the walk-through") may take, :data:`WORK_BUDGET` by default."""
    parser.add_argument("--budget", type=float, default=WORK_BUDGET, metavar="SECONDS",
                        help=f"the time {work} may take (default {WORK_BUDGET:g}); {OUT_OF_TIME_HELP}")


def deadline_of(args: argparse.Namespace) -> float | None:
    """The deadline of ``--budget`` (:func:`add_budget_argument`), checked like ``solve``'s budget."""
    return deadline_after(check_limit(args.budget, "--budget", seconds=True))


def undecodable_argument(arguments: Sequence[str]) -> str | None:
    """Why the first of ``arguments`` that is not UTF-8 text cannot be read, or None when all are.

    Python hands a command line's bytes that are not UTF-8 over as surrogate escapes (U+DC80 to
    U+DCFF, :pep:`383`); this finds them, before any command could trip over them.
    """
    for number, argument in enumerate(arguments, 1):
        escaped = next((k for k, char in enumerate(argument) if "\udc80" <= char <= "\udcff"), None)
        if escaped is None:
            continue
        data = argument.encode("utf-8", "surrogateescape")
        offset = len(argument[:escaped].encode("utf-8", "surrogateescape"))
        shown = data.decode("utf-8", "backslashreplace")
        shown = shown if len(shown) <= QUOTED else shown[: QUOTED - 20] + "..."
        return (f"argument {number} is not UTF-8 text: '{shown}' has the byte 0x{data[offset]:02x} at byte "
                f"{offset + 1}; every argument must be UTF-8 (a seed, a puzzle or a file name alike)")
    return None


def _out_of_time(args: argparse.Namespace) -> str:
    command = " ".join(str(part) for part in (getattr(args, "command", None), getattr(args, "action", None)) if part)
    return (f"out of time: {command} stopped at its budget of {args.budget:g} seconds before it finished, "
            "so nothing of it is shown; give it more with --budget SECONDS")


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    refusal = undecodable_argument(arguments)
    if refusal is not None:
        sys.stderr.write(f"gridlogic: {refusal}\n")
        return 2
    try:
        parser = build_parser()
    except GridlogicError as error:  # the games themselves cannot be loaded (GRIDLOGIC_GAMES)
        sys.stderr.write(f"gridlogic: {error}\n")
        return 2
    args: Any = parser.parse_args(arguments)
    try:
        return int(args.handler(args))
    except OutOfTime:
        sys.stderr.write(f"gridlogic: {_out_of_time(args)}\n")
        return EXIT_OUT_OF_TIME
    except NoPuzzle as missing:
        sys.stderr.write(no_puzzle_text(missing.game, f"gridlogic {args.command} {args.action}") + "\n")
        return 2
    except GridlogicError as error:
        sys.stderr.write(f"gridlogic: {cut_quotes(str(error), arguments)}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("gridlogic: interrupted\n")
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
