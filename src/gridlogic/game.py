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

**Imported puzzles.** A puzzle brought from outside (a Tatham game ID, a
puzz.link URL, a ``.non`` file, a board) is played like a generated one once
the game's own solver has proven that it has exactly one solution. A game
that imports puzzles says how in its :class:`Imports` record: the one text
format its imported IDs carry (the most compact one its readers read), the
solver's limits for the proof (a few seconds) and the largest side it takes.
``Game.import_spec(problem)`` names such a puzzle and ``Game.make`` plays it:
it reads the text again, solves it within the limits and refuses it with
:class:`~gridlogic.errors.ImportRefused` (several solutions, none, or not
proven within the limits), else builds the game's imported puzzle, whose
solution is the solver's one. Its version is :data:`IMPORTED` and its ID::

    pattern.import.3x2.tatham.3x2:2/1/1/3/1
    ^game  ^kind  ^size ^format ^text (percent-encoded UTF-8)

The text is written as the game writes it (``Imports.write``), so each
puzzle has one ID; it is percent-encoded like a seed, except that ``:`` and
``/`` stay as they are. The solution is not part of the ID: opening the ID
solves the puzzle again (:mod:`gridlogic.web` caches it like a generated
one). Worked example (checked in ``tests/test_imported.py``)::

    >>> nonogram = GAMES["pattern"]
    >>> spec = nonogram.import_spec(nonogram.read("3x2:2/1/1/3/1"))
    >>> spec.id
    'pattern.import.3x2.tatham.3x2:2/1/1/3/1'
    >>> puzzle = puzzle_from_id(spec.id)
    >>> puzzle.version == IMPORTED, puzzle.solution()
    (True, {'cells': [1, 1, 1, 1, 0, 0]})
    >>> puzzle_from_id("pattern.import.2x2.tatham.2x2:1/1/1/1")
    Traceback (most recent call last):
    ...
    gridlogic.errors.ImportRefused: this Pattern puzzle has more than one solution; every puzzle here has exactly one
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable
from urllib.parse import quote, unquote_to_bytes

from gridlogic.errors import ImportRefused, InvalidParameters
from gridlogic.hints import Hints
from gridlogic.params import check_object, check_seed, check_size, short_repr
from gridlogic.verdict import Verdict

__all__ = [
    "GAMES", "IMPORTED", "Game", "GradeReport", "ImportedPuzzle", "Imports", "Option", "Problem", "Puzzle",
    "PuzzleSpec", "Version", "game_named", "parse_id", "puzzle_from_id", "register",
]

MAX_ID_LENGTH = 1000  # an 80-unit seed of 4-byte characters is 960 characters percent-encoded
IMPORTED = 0  # the version number of a puzzle brought from outside; "import" in its ID
IMPORT_KIND = "import"
IMPORT_SAFE = "-._~:/"  # what an imported puzzle's text keeps unencoded in its ID
MAX_IMPORT_ID_LENGTH = 6000  # a 50x50 nonogram's Tatham ID is at most about 5,000 characters


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
    def board(self) -> str:
        """The board's field of the ID: ``WxH`` and the letters of the options that are not the default."""
        if self.version == IMPORTED:
            return f"{self.width}x{self.height}"
        game = game_named(self.game)
        letters = "".join(
            option.letters[option.values.index(value)]
            for option in game.versions[self.version].options
            for name, value in self.options
            if name == option.name
        )
        return f"{self.width}x{self.height}{letters}"

    @property
    def board_key(self) -> int | str:
        """The board as batches file it: the side of a square without options, else :attr:`board`."""
        board = self.board
        return self.width if board == f"{self.width}x{self.width}" else board

    @property
    def id(self) -> str:
        if self.version == IMPORTED:
            imports = game_named(self.game).imports
            if imports is None:
                raise InvalidParameters(f"{self.game} imports no puzzles")
            text = quote(self.seed.encode("utf-8", "surrogatepass"), safe=IMPORT_SAFE)
            return f"{self.game}.{IMPORT_KIND}.{self.board}.{imports.format}.{text}"
        seed = quote(self.seed.encode("utf-8", "surrogatepass"), safe="-._~")
        return f"{self.game}.{self.version}.{self.board}.{self.difficulty}.{seed}"


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


class NamedBySpec:
    """A generated puzzle's ``options``, ``spec`` and ``id``, made from its fields.

    Each game's Puzzle dataclass mixes it in (the dataclass has ``game``, ``version``, ``width``,
    ``height``, ``difficulty`` and ``seed``); a version with options overrides :attr:`options`, as
    Signal 4's wrapping does.
    """

    game: ClassVar[str]
    if TYPE_CHECKING:  # the dataclass's fields (a class constant in some versions)
        width: int
        height: int
        difficulty: str
        seed: str

        @property
        def version(self) -> int: ...

    @property
    def options(self) -> dict[str, Any]:
        return {}

    @property
    def spec(self) -> PuzzleSpec:
        return PuzzleSpec(self.game, self.version, self.width, self.height, self.difficulty, self.seed,
                          tuple(self.options.items()))

    @property
    def id(self) -> str:
        return self.spec.id


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
class Imports:
    """How a game plays puzzles brought from outside (see "Imported puzzles" in the module docstring).

    ``format`` names the text an imported puzzle's ID carries; ``write(problem)`` gives that text,
    one text per puzzle, and ``read(text)`` reads it back. ``puzzle(problem, solution)`` makes the
    playable puzzle of a problem and its one solution (in the flat form of a verdict's solutions), or
    raises :class:`~gridlogic.errors.ImportRefused` when there would be nothing to play (a board
    solved already).
    ``limits`` are the keywords of ``Game.solve`` that bound the proof of uniqueness, and
    ``max_side`` the largest side imported, so that the proof stays within a few seconds.
    """

    format: str
    write: Callable[[Problem], str]
    read: Callable[[str], Problem]
    puzzle: Callable[[Problem, Sequence[int]], Puzzle]
    limits: Mapping[str, Any]
    max_side: int

    def limits_text(self) -> str:
        """The limits in words, for refusals and help: ``5 s`` or ``5000 search nodes``."""
        parts = [f"{self.limits['budget']:g} s"] if "budget" in self.limits else []
        parts += [f"{self.limits['node_limit']} search nodes"] if "node_limit" in self.limits else []
        return " and ".join(parts) or "no limit"


class ImportedPuzzle(ABC):
    """What every imported puzzle says of itself; each game's imported class is a frozen dataclass
    deriving from this one, with the fields ``width``, ``height``, ``text`` (its text in the game's
    import format), then whatever its game's ``check``, ``min_moves`` and renderers read.

    It was not generated: its ``version`` is :data:`IMPORTED`, ``difficulty`` "any", ``level``
    None, ``attempt`` 0, and its ``seed`` is its text (what its spec carries). Its JSON form is
    ``{"id", "width", "height", "givens", "solution"}``.
    """

    game: ClassVar[str]
    version: ClassVar[int] = IMPORTED
    difficulty: ClassVar[str] = "any"
    level: ClassVar[str | None] = None
    attempt: ClassVar[int] = 0
    width: int
    height: int
    text: str

    @property
    def seed(self) -> str:
        return self.text

    @property
    def options(self) -> dict[str, Any]:
        return {}

    @property
    def spec(self) -> PuzzleSpec:
        return PuzzleSpec(self.game, IMPORTED, self.width, self.height, "any", self.text)

    @property
    def id(self) -> str:
        return self.spec.id

    def __repr__(self) -> str:
        return f"<{self.game}.{type(self).__name__} {self.id}>"

    @abstractmethod
    def givens(self) -> dict[str, Any]:
        """What the player is shown, as a generated puzzle of the game shows it."""

    @abstractmethod
    def solution(self) -> dict[str, Any]:
        """The solver's one solution, in the form ``Game.check`` accepts as solved."""

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "width": self.width, "height": self.height, "givens": self.givens(),
                "solution": self.solution()}


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

    ``max_side`` is the widest or tallest board ``read`` and ``solve`` take: adapters refuse a larger
    one before any work (a solver's time and memory grow with the board, and not gently).
    ``seconds_per_cell`` sets the par time of the score (see :mod:`gridlogic.scoring`);
    ``solve_options`` names which of ``budget``, ``node_limit`` and ``sat`` its solver takes,
    with ``default_budget`` and ``default_node_limit``; ``formats`` names what ``read`` reads;
    ``imports`` says how it plays puzzles brought from outside (None: it plays none), and then
    ``make``, ``verify`` and ``from_dict`` also take imported puzzles (see :func:`register`);
    ``hints`` is its step solver, the hints that explain (:class:`~gridlogic.hints.Hints`);
    ``exports`` names the formats of other software a puzzle can be written in, each with its
    writer of a :class:`Problem` (``exports["puzzlink"](game.problem(p))``), for ``--format``.
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
    max_side: int
    solve_options: tuple[str, ...] = ("node_limit",)
    default_budget: float | None = None
    default_node_limit: int | None = None
    imports: Imports | None = None
    grade: Callable[[Problem], GradeReport] | None = None
    hints: Hints | None = None
    exports: Mapping[str, Callable[[Problem], str]] = field(default_factory=dict)

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
        try:
            width, height = check_size(size, chosen.sides, chosen.rectangular, self.title)
        except InvalidParameters as refusal:
            raise InvalidParameters(f"{refusal}{self._other_versions_making(size, chosen)}") from None
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

    def _other_versions_making(self, size: object, refused_by: Version) -> str:
        """``"; version 2 makes it, with sizes 4 to 30 ..."`` for each other version taking ``size``, else ``""``."""
        text = ""
        for number, other in sorted(self.versions.items()):
            if other is refused_by:
                continue
            try:
                check_size(size, other.sides, other.rectangular, self.title)
            except InvalidParameters:
                continue
            text += f"; version {number} makes it, with sizes {other.sizes_text()}"
        return text

    def generate(self, size: object, seed: object, difficulty: object = "any", *, version: object = None,
                 **options: object) -> Puzzle:
        """The puzzle of these arguments (see :meth:`spec`); GenerationFailed if none can be made."""
        return self.make(self.spec(size, seed, difficulty, version=version, **options))

    def board_of(self, key: object, version: object = None) -> tuple[int | tuple[int, int], dict[str, Any]]:
        """The size and options a board key (:attr:`PuzzleSpec.board_key`: a side, or ``"7x5w"``) names."""
        if isinstance(key, int) and not isinstance(key, bool):
            return key, {}
        if not isinstance(key, str):
            raise InvalidParameters(f"a board is a side or text like 7x5, not {short_repr(key)}")
        return _parse_board_field(self.version(version), key, key)

    def problem(self, puzzle: Puzzle) -> Problem:
        """A generated puzzle's givens as a :class:`Problem`, for the solvers."""
        return Problem(self.name, puzzle.width, puzzle.height, puzzle.givens(), "gridlogic",
                       options=dict(puzzle.options))

    def import_spec(self, problem: Problem) -> PuzzleSpec:
        """The spec, and so the ID, of a puzzle brought from outside; ``make`` plays it (or refuses it).

        InvalidParameters when this game imports no puzzles or the board is larger than it takes.
        """
        if self.imports is None:
            raise InvalidParameters(f"{self.title} does not play puzzles brought from outside")
        if problem.game != self.name:
            raise InvalidParameters(f"a {problem.game} puzzle is not a {self.title} one")
        side = self.imports.max_side
        if problem.width > side or problem.height > side:
            raise InvalidParameters(
                f"a {problem.width}x{problem.height} {self.title} board is too large to play here; "
                f"at most {side}x{side}"
            )
        return PuzzleSpec(self.name, IMPORTED, problem.width, problem.height, "any", self.imports.write(problem))



def graded_level_of(data: dict[str, Any]) -> str | None:
    """``data["difficulty"]["level"]``, the place Signal's and Loop's JSON record the graded level."""
    graded = data.get("difficulty")
    level = graded.get("level") if isinstance(graded, dict) else None
    return level if isinstance(level, str) else None


GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add ``game`` to :data:`GAMES`, kept in the order of ``Game.order`` (each game's ``__init__`` calls this);
    the record added is returned.

    For a game that imports puzzles (``imports`` set), three of its callables also take the
    imported kind here, so that every adapter reaches an imported puzzle the way it reaches a
    generated one: ``make`` of an imported spec reads and solves it (:func:`make_imported`),
    ``verify`` of an imported puzzle solves it again, ``from_dict`` reads an imported puzzle's
    JSON. Anything else goes to the game's own function, unchanged.
    """
    if game.imports is not None:
        game = replace(
            game,
            make=_or_imported(game.make),
            verify=_verifying_imported(game.verify),
            from_dict=_reading_imported(game.from_dict),
        )
    everyone = sorted([*(g for g in GAMES.values() if g.name != game.name), game], key=lambda g: g.order)
    GAMES.clear()
    GAMES.update((g.name, g) for g in everyone)
    return game


def _or_imported(generate: Callable[[PuzzleSpec], Puzzle]) -> Callable[[PuzzleSpec], Puzzle]:
    def make(spec: PuzzleSpec) -> Puzzle:
        return make_imported(spec) if spec.version == IMPORTED else generate(spec)
    return make


def _verifying_imported(verify: Callable[[Any], bool]) -> Callable[[Any], bool]:
    def verify_any(puzzle: Any) -> bool:
        if not isinstance(puzzle, ImportedPuzzle):
            return verify(puzzle)
        try:
            return make_imported(puzzle.spec) == puzzle
        except ImportRefused:
            return False
    return verify_any


def _reading_imported(from_dict: Callable[[object], Puzzle]) -> Callable[[object], Puzzle]:
    def read(data: object) -> Puzzle:
        if not (isinstance(data, dict) and "id" in data and "givens" in data):
            return from_dict(data)
        check_object(data, "an imported puzzle", ("id", "width", "height", "givens", "solution"))
        spec = parse_id(data["id"])
        if spec.version != IMPORTED:
            raise InvalidParameters(f"{short_repr(data['id'])} is not an imported puzzle's ID")
        puzzle = make_imported(spec)
        if puzzle.to_dict() != data:
            raise InvalidParameters(
                f"this imported puzzle's fields are not those of its ID {short_repr(data['id'])}"
            )
        return puzzle
    return read


def make_imported(spec: PuzzleSpec) -> Puzzle:
    """The puzzle an imported spec names: its text read, solved within the game's import limits.

    :class:`~gridlogic.errors.ImportRefused` says why when the solver did not prove exactly one solution.
    """
    game = game_named(spec.game)
    if game.imports is None:
        raise InvalidParameters(f"{game.title} does not play puzzles brought from outside")
    problem = game.imports.read(spec.seed)
    verdict = game.solve(problem, **game.imports.limits)
    if verdict.status == "unique":
        return game.imports.puzzle(problem, verdict.solutions[0])
    noun = game.solution_noun
    reasons = {
        "several": f"has more than one {noun}; every puzzle here has exactly one",
        "none": f"has no {noun}",
    }
    reason = reasons.get(verdict.status, f"could not be proven to have exactly one {noun} within "
                                         f"{game.imports.limits_text()}")
    raise ImportRefused(f"this {game.title} puzzle {reason}")


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
    fields = text.strip().split(".", 4)
    imported = len(fields) > 1 and fields[1] == IMPORT_KIND
    longest = MAX_IMPORT_ID_LENGTH if imported else MAX_ID_LENGTH
    if len(text) > longest:
        kind = "an imported puzzle's ID" if imported else "a puzzle ID"
        raise InvalidParameters(f"{kind} has at most {longest} characters; this one has {len(text)}")
    example = "signal.3.4x4.medium.notes-example"
    if len(fields) != 5:
        raise InvalidParameters(
            f"{short_repr(text)} is not a puzzle ID: expected GAME.VERSION.WxH.DIFFICULTY.SEED, like {example}"
        )
    name, version_text, size_text, difficulty, seed_text = fields
    game = game_named(name)
    if imported:
        return _parse_imported_id(text, game, size_text, difficulty, seed_text)
    if not version_text.isascii() or not version_text.isdigit() or len(version_text) > 4:
        raise InvalidParameters(f"puzzle ID {short_repr(text)}: version {short_repr(version_text)} is not a number")
    version = game.version(int(version_text))
    size, options = _parse_board_field(version, size_text, f"puzzle ID {short_repr(text)}")
    try:
        seed = unquote_to_bytes(seed_text).decode("utf-8", "surrogatepass")
    except UnicodeDecodeError:
        raise InvalidParameters(f"puzzle ID {short_repr(text)}: its seed is not percent-encoded UTF-8") from None
    return game.spec(size, seed, difficulty, version=version.number, **options)


def _parse_board_field(version: Version, text: str, where: str) -> tuple[int | tuple[int, int], dict[str, Any]]:
    """The size and options of an ID's board field (``5x5``, ``7x5w``); ``where`` names it in errors."""
    size = _SIZE_FIELD.fullmatch(text)
    if size is None:
        raise InvalidParameters(f"{where}: {short_repr(text)} is not a size like 5x5 (then option letters)")
    options: dict[str, Any] = {}
    for letter in size.group(3):
        matches = [(o, v) for o in version.options for v, code in zip(o.values, o.letters) if code == letter]
        if not matches or matches[0][0].name in options:
            raise InvalidParameters(f"{where}: unknown or repeated option letter {letter!r}")
        options[matches[0][0].name] = matches[0][1]
    width, height = int(size.group(1)), int(size.group(2))
    return ((width, height) if width != height else width), options


def _parse_imported_id(text: str, game: Game, size_text: str, format_text: str, encoded: str) -> PuzzleSpec:
    """The spec of ``GAME.import.WxH.FORMAT.TEXT`` (see the module docstring), its text read and checked."""
    where = f"puzzle ID {short_repr(text)}"
    if game.imports is None:
        raise InvalidParameters(f"{where}: {game.title} does not play puzzles brought from outside")
    size = _SIZE_FIELD.fullmatch(size_text)
    if size is None or size.group(3):
        raise InvalidParameters(f"{where}: {short_repr(size_text)} is not a size like 5x5")
    if format_text != game.imports.format:
        raise InvalidParameters(
            f"{where}: an imported {game.title} puzzle's text is in the {game.imports.format!r} format, "
            f"not {short_repr(format_text)}"
        )
    try:
        puzzle_text = unquote_to_bytes(encoded).decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidParameters(f"{where}: its text is not percent-encoded UTF-8") from None
    try:
        problem = game.imports.read(puzzle_text)
    except InvalidParameters as error:
        raise InvalidParameters(f"{where}: {error}") from None
    if f"{problem.width}x{problem.height}" != size_text:
        raise InvalidParameters(f"{where}: its text is a {problem.width}x{problem.height} board, not {size_text}")
    spec = game.import_spec(problem)
    if spec.seed != puzzle_text:
        raise InvalidParameters(f"{where}: its text is not written as gridlogic writes it; the ID is {spec.id}")
    return spec


def puzzle_from_id(text: object) -> Puzzle:
    """The puzzle a puzzle ID names, generated (or, imported, solved) again: ``puzzle_from_id(p.id).to_dict() == p.to_dict()``."""
    spec = parse_id(text)
    return GAMES[spec.game].make(spec)
