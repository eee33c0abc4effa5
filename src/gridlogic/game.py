"""The table every game fills in, and the one thing adapters know of a game.

Each game (``gridlogic.signal``, ``.pattern``, ``.loop``) builds one
:class:`Game` record at the end of its ``__init__.py`` and hands it to
:func:`register`; ``gridlogic.GAMES`` maps each name to its record. The CLI,
the web app, batch generation and scoring use only this table, the
:class:`Puzzle` shape and the :class:`Problem` shape: they never import from
inside a game's folder and never switch on a game's name (compare the
``struct game`` table of Simon Tatham's collection, whose front ends know the
table and not the puzzle).

A game has one or more generator **versions** (:class:`Version`): which
sizes, difficulties and options each accepts. Old versions stay reproducible
forever, so a puzzle's ``version`` is part of its identity.

A **puzzle ID** names a generated puzzle completely: since ``generate`` is a
pure function of (game, version, width, height, difficulty, options, seed),
those seven things are the ID, written as five dot-separated fields::

    signal.3.4x4.medium.notes-example
    ^game  ^version ^size+option flags ^difficulty ^seed (percent-encoded UTF-8)

The seed comes last and may itself hold dots. Options are single letters
after the size (``7x5w`` might mean a wrapping board; each option says its
letters, and a default value has none). A seed is percent-encoded except for
letters, digits and ``-._~``, in UTF-8, with lone surrogates (which the
original engines allow, being JavaScript) written as their three-byte form,
so every seed survives. Worked example (checked in ``tests/test_game.py``)::

    >>> spec = PuzzleSpec("pattern", 1, 5, 5, "any", "日本 #1")
    >>> spec.id
    'pattern.1.5x5.any.%E6%97%A5%E6%9C%AC%20%231'
    >>> parse_id(spec.id) == spec
    True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable
from urllib.parse import quote, unquote_to_bytes

from gridlogic.errors import InvalidParameters
from gridlogic.params import check_seed, check_size, short_repr
from gridlogic.verdict import Verdict

__all__ = [
    "GAMES", "Game", "GradeReport", "Option", "Problem", "Puzzle", "PuzzleSpec", "Version", "game_named", "parse_id",
    "puzzle_from_id", "register",
]

MAX_ID_LENGTH = 1000  # an 80-unit seed of 4-byte characters is 960 characters percent-encoded


@dataclass(frozen=True)
class Option:
    """A keyword of ``generate`` beyond size, seed and difficulty (a wrapping board, a symmetry).

    ``values`` lists what it accepts, the first being the default; ``letters``
    gives each value's letter in a puzzle ID ("" for the default).
    """

    name: str
    values: tuple[Any, ...]
    letters: tuple[str, ...]
    help: str

    @property
    def default(self) -> Any:
        return self.values[0]

    def check(self, value: object) -> Any:
        """``value`` if it is one of :attr:`values` (of the same type: ``1`` is not ``True``)."""
        for allowed in self.values:
            if type(value) is type(allowed) and value == allowed:
                return allowed
        shown = ", ".join(map(repr, self.values))
        raise InvalidParameters(f"{self.name} must be one of {shown}, not {short_repr(value)}")


@dataclass(frozen=True)
class Version:
    """What one generator version accepts.

    ``sides`` are the board sides it makes (every side in that range when
    ``rectangular``, width and height chosen apart; otherwise square boards
    only); ``presets`` the square sides the page offers. ``offered``, when
    given, refuses a (width, height, difficulty, options) combination the
    rules above would let through but that cannot be made (say a 3×3 hard):
    it returns ``None`` when offered, else the reason.
    """

    number: int
    summary: str
    sides: tuple[int, ...]
    presets: tuple[int, ...]
    default_size: int
    difficulties: tuple[str, ...]
    rectangular: bool = False
    options: tuple[Option, ...] = ()
    offered: Callable[[int, int, str, Mapping[str, Any]], str | None] | None = None

    def sizes_text(self) -> str:
        """The sizes in words, for help texts and errors: ``4, 5, 6`` or ``3 to 25 (width x height)``."""
        sides = self.sides
        contiguous = len(sides) > 3 and list(sides) == list(range(sides[0], sides[-1] + 1))
        text = f"{sides[0]} to {sides[-1]}" if contiguous else ", ".join(map(str, sides))
        return text + (" (width x height apart)" if self.rectangular else "")


@dataclass(frozen=True)
class PuzzleSpec:
    """Everything ``generate`` depends on, checked; what a puzzle ID writes out."""

    game: str
    version: int
    width: int
    height: int
    difficulty: str
    seed: str
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def size(self) -> int | tuple[int, int]:
        """The size as ``generate`` takes it: the side of a square, else (width, height)."""
        return self.width if self.width == self.height else (self.width, self.height)

    @property
    def id(self) -> str:
        game = game_named(self.game)
        letters = "".join(
            option.letters[option.values.index(value)]
            for option in game.versions[self.version].options
            for name, value in self.options
            if name == option.name
        )
        seed = quote(self.seed.encode("utf-8", "surrogatepass"), safe="-._~")
        return f"{self.game}.{self.version}.{self.width}x{self.height}{letters}.{self.difficulty}.{seed}"


@runtime_checkable
class Puzzle(Protocol):
    """The shape of every generated puzzle, whatever its game.

    ``difficulty`` is the level that was asked for ("any" too); ``level`` the
    level its grader gave (None where the game does not grade). ``to_dict()``
    is the puzzle's JSON form, ``givens()`` what the player is shown and
    ``solution()`` a JSON-ready answer that ``Game.check`` accepts as solved.
    """

    @property
    def game(self) -> str: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def seed(self) -> str: ...
    @property
    def version(self) -> int: ...
    @property
    def difficulty(self) -> str: ...
    @property
    def level(self) -> str | None: ...
    @property
    def attempt(self) -> int: ...
    @property
    def options(self) -> Mapping[str, Any]: ...
    @property
    def spec(self) -> PuzzleSpec: ...
    @property
    def id(self) -> str: ...
    def to_dict(self) -> dict[str, Any]: ...
    def givens(self) -> dict[str, Any]: ...
    def solution(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Problem:
    """A puzzle to solve, as read from a format people use, or the givens of a generated one.

    ``givens`` has the form of :meth:`Puzzle.givens`; ``source`` names the
    format it came from; ``goal`` is a published solution in the flat form of
    :class:`~gridlogic.verdict.Verdict`'s solutions, when the file has one.
    """

    game: str
    width: int
    height: int
    givens: Mapping[str, Any]
    source: str
    goal: tuple[int, ...] | None = None
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class GradeReport:
    """What a game's grader says of a :class:`Problem`: the level (None when it gives none), what its
    techniques or stages each did (``counts``; ``counted`` says what they count) and a one-line ``note``."""

    level: str | None
    counts: Mapping[str, int]
    counted: str
    note: str = ""


@dataclass(frozen=True)
class Game:
    """One game's entry in the table: everything an adapter may use.

    The callables, for a puzzle ``p`` of this game:

    ``generate(size, seed, difficulty="any", *, version=None, **options) -> Puzzle``
        ``size`` an int (square) or a (width, height) pair; ``version`` None
        means :attr:`latest`. The same signature in every game.
    ``make(spec) -> Puzzle``                   generate from a checked :class:`PuzzleSpec`
    ``from_dict(data) -> Puzzle``              the inverse of ``p.to_dict()``, checking everything
    ``level_of(data) -> str | None``           the level a puzzle's JSON records (None if it records none),
                                               read without loading the puzzle: for counting stored ones
    ``parse_board(width, height, raw)``        a player's board checked for shape and values
    ``check(p, board) -> dict``                ``{"solved": bool, ...}`` by the rules
    ``verify(p) -> bool``                      re-solved from scratch: one solution, the answer
    ``min_moves(p) -> int``                    the fewest moves that solve it on the page
    ``render_text(p, solution)``, ``render_svg(p, solution)``
    ``read(text) -> Problem``                  any format people bring (InvalidParameters if none fits)
    ``read_file(name, text)``                  the (name, Problem) pairs a file of this game holds (a name
                                               only for each puzzle of a collection, else ""), or None
                                               when the file is not this game's
    ``looks_inline(text) -> bool``             text that is a puzzle itself (a URL, a game ID), not a file name
    ``solve(problem, *, budget, node_limit, sat) -> Verdict``
    ``solution_form(problem, solution)``       a verdict's flat solution in the form of ``p.solution()``
    ``render_solution(problem, solution)``     that solution drawn as text
    ``grade(problem) -> GradeReport``          how hard it is, by the game's grader (None: no grader)

    ``seconds_per_cell`` sets the par time of the score (see :mod:`gridlogic.scoring`);
    ``solve_options`` names which of ``budget``, ``node_limit`` and ``sat`` its solver takes,
    with ``default_budget`` and ``default_node_limit``; ``formats`` names what ``read`` reads.
    """

    name: str
    title: str
    summary: str
    order: int  # where the CLI and the web app list it, smallest first
    versions: Mapping[int, Version]
    latest: int
    unversioned: int  # the version a request or share link without one means: the first
    seconds_per_cell: int
    solution_noun: str
    formats: str
    make: Callable[[PuzzleSpec], Puzzle]
    from_dict: Callable[[object], Puzzle]
    level_of: Callable[[dict[str, Any]], str | None]
    parse_board: Callable[[int, int, object], Any]
    check: Callable[[Any, Any], dict[str, Any]]
    verify: Callable[[Any], bool]
    min_moves: Callable[[Any], int]
    render_text: Callable[[Any, bool], str]
    render_svg: Callable[[Any, bool], str]
    read: Callable[[str], Problem]
    read_file: Callable[[str, str], list[tuple[str, Problem]] | None]
    looks_inline: Callable[[str], bool]
    solve: Callable[..., Verdict]
    solution_form: Callable[[Problem, Sequence[int]], dict[str, Any]]
    render_solution: Callable[[Problem, Sequence[int]], str]
    solve_options: tuple[str, ...] = ("node_limit",)
    default_budget: float | None = None
    default_node_limit: int | None = None
    grade: Callable[[Problem], GradeReport] | None = None

    @property
    def difficulties(self) -> tuple[str, ...]:
        """Every difficulty some version accepts, in the latest version's order first."""
        seen: list[str] = []
        for number in sorted(self.versions, key=lambda n: n != self.latest):
            seen += [d for d in self.versions[number].difficulties if d not in seen]
        return tuple(seen)

    def version(self, number: object = None) -> Version:
        """The :class:`Version` numbered ``number`` (None: the latest); InvalidParameters names the others."""
        if number is None:
            return self.versions[self.latest]
        if isinstance(number, bool) or not isinstance(number, int) or number not in self.versions:
            known = ", ".join(map(str, sorted(self.versions)))
            raise InvalidParameters(
                f"{self.title} has no generator version {short_repr(number)}; the versions are {known}"
            )
        return self.versions[number]

    def spec(self, size: object, seed: object, difficulty: object = "any", *, version: object = None,
             **options: object) -> PuzzleSpec:
        """The checked :class:`PuzzleSpec` for these arguments; InvalidParameters says what is allowed."""
        chosen = self.version(version)
        width, height = check_size(size, chosen.sides, chosen.rectangular, self.title)
        if not isinstance(difficulty, str) or difficulty not in chosen.difficulties:
            raise InvalidParameters(
                f"unknown difficulty {short_repr(difficulty)} for {self.title} version {chosen.number}; "
                f"choose one of {', '.join(chosen.difficulties)}"
            )
        known = {option.name: option for option in chosen.options}
        for name in options:
            if name not in known:
                allowed = ", ".join(known) or "none"
                raise InvalidParameters(
                    f"{self.title} version {chosen.number} has no option {name!r}; its options are {allowed}"
                )
        values = {name: option.check(options.get(name, option.default)) for name, option in known.items()}
        if chosen.offered is not None:
            reason = chosen.offered(width, height, difficulty, values)
            if reason is not None:
                raise InvalidParameters(reason)
        ordered = tuple((option.name, values[option.name]) for option in chosen.options)
        return PuzzleSpec(self.name, chosen.number, width, height, difficulty, check_seed(seed), ordered)

    def generate(self, size: object, seed: object, difficulty: object = "any", *, version: object = None,
                 **options: object) -> Puzzle:
        """The puzzle of these arguments (see :meth:`spec`); GenerationFailed if none can be made."""
        return self.make(self.spec(size, seed, difficulty, version=version, **options))

    def problem(self, puzzle: Puzzle) -> Problem:
        """A generated puzzle's givens as a :class:`Problem`, for the solvers."""
        return Problem(self.name, puzzle.width, puzzle.height, puzzle.givens(), "gridlogic",
                       options=dict(puzzle.options))


def graded_level_of(data: dict[str, Any]) -> str | None:
    """``data["difficulty"]["level"]``, the place Signal's and Loop's JSON record the graded level."""
    graded = data.get("difficulty")
    level = graded.get("level") if isinstance(graded, dict) else None
    return level if isinstance(level, str) else None


GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add ``game`` to :data:`GAMES`, kept in the order of ``Game.order`` (each game's ``__init__`` calls this)."""
    everyone = sorted([*(g for g in GAMES.values() if g.name != game.name), game], key=lambda g: g.order)
    GAMES.clear()
    GAMES.update((g.name, g) for g in everyone)
    return game


def game_named(name: object) -> Game:
    """The :class:`Game` called ``name``; InvalidParameters names the games for anything else."""
    if not isinstance(name, str) or name not in GAMES:
        raise InvalidParameters(f"unknown game {short_repr(name)}; the games are {', '.join(GAMES)}")
    return GAMES[name]


_SIZE_FIELD = re.compile(r"([0-9]{1,3})x([0-9]{1,3})([a-z]*)")


def parse_id(text: object) -> PuzzleSpec:
    """The :class:`PuzzleSpec` a puzzle ID names (see the module docstring), checked like ``generate``'s arguments."""
    if not isinstance(text, str):
        raise InvalidParameters(f"a puzzle ID is text, not {type(text).__name__}")
    if len(text) > MAX_ID_LENGTH:
        raise InvalidParameters(f"a puzzle ID has at most {MAX_ID_LENGTH} characters; this one has {len(text)}")
    fields = text.strip().split(".", 4)
    example = "signal.3.4x4.medium.notes-example"
    if len(fields) != 5:
        raise InvalidParameters(
            f"{short_repr(text)} is not a puzzle ID: expected GAME.VERSION.WxH.DIFFICULTY.SEED, like {example}"
        )
    name, version_text, size_text, difficulty, seed_text = fields
    game = game_named(name)
    if not version_text.isascii() or not version_text.isdigit() or len(version_text) > 4:
        raise InvalidParameters(f"puzzle ID {short_repr(text)}: version {short_repr(version_text)} is not a number")
    version = game.version(int(version_text))
    size = _SIZE_FIELD.fullmatch(size_text)
    if size is None:
        raise InvalidParameters(
            f"puzzle ID {short_repr(text)}: {short_repr(size_text)} is not a size like 5x5 (then option letters)"
        )
    options: dict[str, object] = {}
    for letter in size.group(3):
        matches = [(o, v) for o in version.options for v, code in zip(o.values, o.letters) if code == letter]
        if not matches or matches[0][0].name in options:
            raise InvalidParameters(f"puzzle ID {short_repr(text)}: unknown or repeated option letter {letter!r}")
        options[matches[0][0].name] = matches[0][1]
    try:
        seed = unquote_to_bytes(seed_text).decode("utf-8", "surrogatepass")
    except UnicodeDecodeError:
        raise InvalidParameters(f"puzzle ID {short_repr(text)}: its seed is not percent-encoded UTF-8") from None
    width, height = int(size.group(1)), int(size.group(2))
    return game.spec((width, height) if width != height else width, seed, difficulty, version=version.number,
                     **options)


def puzzle_from_id(text: object) -> Puzzle:
    """The puzzle a puzzle ID names, generated again: ``puzzle_from_id(p.id).to_dict() == p.to_dict()``."""
    spec = parse_id(text)
    return GAMES[spec.game].make(spec)
