"""``gridlogic GAME print``: a PDF of puzzles to solve on paper, with their solutions at the back.

The puzzles come from one of three places:

* puzzle IDs (generated or imported) or puzzles the game reads (a Tatham ID, a
  puzz.link URL, a ``.non`` file ...), given as arguments; a puzzle brought
  that way must be proven unique like one pasted into the page;
* ``--seed-prefix P --count N`` with ``--size``, ``--difficulty``,
  ``--version``: the puzzles of the seeds ``P-0`` ... ``P-(N-1)``, the seeds
  ``gridlogic batch`` gives a batch of that prefix;
* ``--batch FILE``: the puzzles of a batch file (JSON lines or SQLite), the
  first N with ``--count N``.

Layout (:mod:`gridlogic.pdf`, which the server's ``GET /api/{game}/pdf`` shares): ``--per-page``
puzzles a page (1, 2, 4 or 6), each with its number, the game, its size and level above the board
and its ID below it; then the solutions, four a page (six with ``--per-page 6``), numbered alike.
The page is A4 or US Letter (``--paper``), 15 mm margins, and ``--title`` heads every page. Boards
are each game's own ``render_svg``, black on white, and the IDs are printed as people read and type
them (``loop.2.7x7.medium.週末-0``), both by :mod:`gridlogic.paper`; an ID whose seed would not read
back as the same puzzle (white space, a ``%`` ...) is printed percent-encoded with a note saying
why, and the command's last line counts them. Text is set in a TrueType font with Japanese glyphs
(a title may be Japanese): IPA Gothic from Debian's ``fonts-ipafont-gothic`` where it is
installed, or ``--font PATH``; without either the command stops and says what to install.

fpdf2 is the optional ``print`` extra (``pip install 'gridlogic[print]'``),
imported only when a PDF is written. Worked example (checked in
``tests/test_printing.py``): six 5×5 Pattern puzzles of the prefix
``booklet`` on A4 are six puzzle pages and two solution pages::

    $ gridlogic pattern print --seed-prefix booklet --count 6 --out booklet.pdf
    wrote booklet.pdf: 6 puzzles, 8 pages, A4
"""

from __future__ import annotations

import argparse
import functools
import os
from collections.abc import Sequence
from dataclasses import dataclass

from gridlogic.batch.outputs import read_batches
from gridlogic.batch.plan import check_seed_prefix
from gridlogic.cli import count_of, read_text
from gridlogic.cli.games import GAME_ACTIONS, add_board_arguments, board_arguments
from gridlogic.errors import GridlogicError, InvalidParameters
from gridlogic.game import GAMES, Game, Puzzle, parse_id
from gridlogic.params import short_repr
from gridlogic.pdf import FONT_PACKAGE, GRIDS, PAPERS, installed_font, pdf_document

MAX_PUZZLES = 1000


def register(commands: argparse._SubParsersAction) -> None:
    for game in GAMES.values():
        _add_print(GAME_ACTIONS[game.name], game)


def _add_print(actions: argparse._SubParsersAction, game: Game) -> None:
    parser = actions.add_parser(
        "print", help="write a PDF of puzzles with their solutions at the back",
        description=f"Write a PDF of {game.title} puzzles to solve on paper, their solutions at the back. "
                    "Give puzzle IDs or puzzles (files or text: " + game.formats + "), or --seed-prefix "
                    "with --count, or --batch FILE.",
    )
    parser.add_argument("puzzles", nargs="*", metavar="PUZZLE",
                        help="a puzzle ID, a file, or a puzzle as text (proven unique like a pasted one)")
    parser.add_argument("--seed-prefix", metavar="P", help="print the puzzles of seeds P-0 ... P-(N-1)")
    parser.add_argument("--batch", metavar="FILE", help="print the puzzles of a batch file (.jsonl or .sqlite)")
    parser.add_argument("--count", type=int, metavar="N",
                        help="how many (--seed-prefix: required; --batch: the first N)")
    add_board_arguments(parser, [game], "board side, with --seed-prefix (default: the version's default)")
    if len(game.difficulties) > 1:
        parser.add_argument("--difficulty", default=None, help=", ".join(game.difficulties) + " (default any)")
    parser.add_argument("--version", type=int, metavar="V", help=f"generator version (default {game.latest})")
    parser.add_argument("--out", "-o", required=True, metavar="FILE.pdf", help="the PDF to write")
    parser.add_argument("--paper", choices=sorted(PAPERS), default="a4", help="page size (default a4)")
    parser.add_argument("--per-page", type=int, choices=sorted(GRIDS), default=1, help="puzzles a page (default 1)")
    parser.add_argument("--title", default="", help="a heading for every page (any language)")
    parser.add_argument("--font", metavar="PATH", help=f"a TrueType font with Japanese glyphs (default: IPA Gothic, "
                                                       f"Debian's {FONT_PACKAGE})")
    parser.set_defaults(handler=functools.partial(_print, game))


def _print(game: Game, args: argparse.Namespace) -> int:
    if not args.out.lower().endswith(".pdf"):
        raise InvalidParameters(f"--out must name a .pdf file, not {short_repr(args.out)}")
    font = find_font(args.font)
    puzzles = puzzles_to_print(game, args)
    written = write_pdf(game, puzzles, args.out, paper=args.paper, per_page=args.per_page, title=args.title,
                        font=font)
    encoded = (f"; {count_of(written.encoded_ids, 'ID')} printed percent-encoded (the note under each says why)"
               if written.encoded_ids else "")
    print(f"wrote {args.out}: {count_of(len(puzzles), 'puzzle')}, {count_of(written.pages, 'page')}, "
          f"{PAPERS[args.paper][0]}{encoded}")
    return 0


# --- which puzzles --------------------------------------------------------------------------------

def puzzles_to_print(game: Game, args: argparse.Namespace) -> list[Puzzle]:
    """The puzzles the arguments name (see the module docstring); InvalidParameters says what is allowed."""
    given = [name for name, present in (("PUZZLE arguments", bool(args.puzzles)),
                                         ("--seed-prefix", args.seed_prefix is not None),
                                         ("--batch", args.batch is not None)) if present]
    if len(given) != 1:
        what = "nothing" if not given else " and ".join(given)
        raise InvalidParameters(f"give puzzle IDs or puzzles, --seed-prefix P --count N, or --batch FILE (one of "
                                f"them), not {what}")
    generating = ("--size", args.size), ("--difficulty", getattr(args, "difficulty", None)), ("--version", args.version)
    misplaced = [flag for flag, value in generating if value is not None]
    if misplaced and args.seed_prefix is None:
        raise InvalidParameters(f"{misplaced[0]} goes with --seed-prefix")
    if args.count is not None and not 1 <= args.count <= MAX_PUZZLES:
        raise InvalidParameters(f"--count must be 1 to {MAX_PUZZLES}, not {args.count}")
    if args.puzzles:
        if args.count is not None:
            raise InvalidParameters("--count goes with --seed-prefix or --batch")
        if len(args.puzzles) > MAX_PUZZLES:
            raise InvalidParameters(f"at most {MAX_PUZZLES} puzzles are printed at once, not {len(args.puzzles)}")
        return [puzzle_of_argument(game, argument) for argument in args.puzzles]
    if args.seed_prefix is not None:
        return _seeded(game, args)
    return _from_batch(game, args.batch, args.count)


def puzzle_of_argument(game: Game, argument: str) -> Puzzle:
    """A puzzle ID of ``game``, or a file or text the game reads (imported: proven unique first)."""
    named = argument.split(".", 1)[0]
    if not os.path.exists(argument) and named in GAMES and "." in argument:
        if named != game.name:
            raise InvalidParameters(
                f"{short_repr(argument)} is a {GAMES[named].title} puzzle ID, not a {game.title} one")
        return game.make(parse_id(argument))
    text = argument if game.looks_inline(argument) and not os.path.exists(argument) else read_text(argument)
    return game.make(game.import_spec(game.read(text)))


def _seeded(game: Game, args: argparse.Namespace) -> list[Puzzle]:
    if args.count is None:
        raise InvalidParameters("--seed-prefix needs --count N: how many puzzles")
    check_seed_prefix(args.seed_prefix, args.count)
    size, options = board_arguments(game, args)
    if size is None:
        size = game.version(args.version).default_size
    difficulty = getattr(args, "difficulty", None) or "any"
    return [game.generate(size, f"{args.seed_prefix}-{k}", difficulty, version=args.version, **options)
            for k in range(args.count)]


def _from_batch(game: Game, path: str, count: int | None) -> list[Puzzle]:
    batches, problems = read_batches(path)
    if problems:
        raise GridlogicError(f"{path}: {problems[0]}")
    others = sorted({batch.game for batch in batches if batch.game != game.name})
    if others:
        raise InvalidParameters(f"{path} holds a {others[0]} batch, not a {game.name} one")
    records = [record.puzzle for batch in batches for record in batch.records if record.puzzle is not None]
    if not records:
        raise InvalidParameters(f"{path} holds no puzzle to print")
    return [game.from_dict(data) for data in records[:count]]


# --- the PDF --------------------------------------------------------------------------------------

def find_font(explicit: str | None) -> str:
    """The TrueType font to set text in: ``explicit``, else the first of :data:`~gridlogic.pdf.FONT_CANDIDATES`
    found."""
    if explicit is not None:
        if not os.path.isfile(explicit) or not explicit.lower().endswith((".ttf", ".otf")):
            raise InvalidParameters(f"--font must name a .ttf or .otf file, not {short_repr(explicit)}")
        return explicit
    found = installed_font()
    if found is None:
        raise GridlogicError(f"no font with Japanese glyphs was found: install Debian's {FONT_PACKAGE} "
                             "(apt-get install fonts-ipafont-gothic) or give --font PATH to a .ttf file")
    return found


@dataclass(frozen=True)
class Written:
    """What :func:`write_pdf` wrote: its pages, and how many IDs it printed percent-encoded."""

    pages: int
    encoded_ids: int


def write_pdf(game: Game, puzzles: Sequence[Puzzle], path: str, *, paper: str = "a4", per_page: int = 1,
              title: str = "", font: str) -> Written:
    """Write the puzzles, then their solutions, to ``path`` (:func:`gridlogic.pdf.pdf_document` lays them out)."""
    document = pdf_document(game, puzzles, paper=paper, per_page=per_page, title=title, font=font)
    try:
        with open(path, "wb") as out:
            out.write(document.data)
    except OSError as error:
        raise GridlogicError(f"cannot write {path!r}: {error.strerror or error}") from None
    return Written(document.pages, document.encoded_ids)
