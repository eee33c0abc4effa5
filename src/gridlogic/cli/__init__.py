"""The ``gridlogic`` command: ``main(argv) -> int``, a thin adapter over the engines.

Each command lives in a module of this package with a ``register(subparsers)``
function (:mod:`.games` adds ``GAME generate``, ``GAME solve`` and ``show`` for
every game of :data:`gridlogic.GAMES`) that adds its parser and sets ``handler`` to a function taking the
parsed arguments and returning an exit code (:mod:`.printing` adds ``GAME print`` to the games' commands). ``main`` turns every error the
library raises on purpose into one line on stderr and exit code 2; it never
shows a traceback for bad input.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from gridlogic import __version__
from gridlogic.errors import GridlogicError

# Modules of this package that add commands, in the order `--help` lists them.
COMMAND_MODULES: tuple[str, ...] = ("games", "printing", "batch", "serve", "bench_solve")


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line ("gridlogic: error: ...") and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="gridlogic",
        description="Signal (Net), Pattern (nonogram) and Loop (slitherlink): generate puzzles with "
        "exactly one solution, solve the ones you bring, generate in bulk, or play in the browser.",
    )
    parser.add_argument("--version", action="version", version=f"gridlogic {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True
    for name in COMMAND_MODULES:
        importlib.import_module(f"gridlogic.cli.{name}").register(commands)
    return parser


def count_of(count: int, thing: str) -> str:
    """``"1 loop"``, ``"2 loops"``: a count with its noun, plural when not 1."""
    return f"{count} {thing}{'s' if count != 1 else ''}"


def read_text(path: str | None) -> str:
    """The text of ``path``, or of standard input when ``path`` is None or ``-``."""
    if path is None or path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError as error:
        raise GridlogicError(f"cannot read {path!r}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise GridlogicError(f"cannot read {path!r}: it is not UTF-8 text") from None


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
