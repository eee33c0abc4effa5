"""The records every game fills in: its table (:class:`Game`), its generator versions
(:class:`Version`) and options, and the shapes adapters see (:class:`Puzzle`, :class:`Problem`).

Each game (``gridlogic.signal``, ``.pattern``, ``.loop``, or one from elsewhere) builds one :class:`Game` record at the
end of its ``__init__.py``; :mod:`gridlogic.game.registry` lists the games. The CLI, the web app,
batch generation and scoring use only these records: they never import from inside a game's
folder and never switch on a game's name (compare the ``struct game`` table of Simon Tatham's
collection, whose front ends know the table and not the puzzle).

A game has one or more generator **versions**. Each :class:`Version` record says which sizes,
difficulties and options it accepts and carries its own ``make``, ``from_dict`` and ``verify``;
:class:`Game` dispatches to them by a spec's or a puzzle's version number, in one place. Old
versions stay reproducible forever, so a puzzle's ``version`` is part of its identity (its ID,
:mod:`gridlogic.game.ids`).

A puzzle brought from outside (a Tatham game ID, a puzz.link URL, a ``.non`` file) is played like
a generated one once the game's own solver has proven that it has exactly one solution; a game
that plays them says how in its :class:`Imports` record, and its version is
:data:`~gridlogic.game.ids.IMPORTED` (see :mod:`gridlogic.game.imported`). Worked example
(checked in ``tests/test_imported.py``)::

    >>> from gridlogic import GAMES
    >>> nonogram = GAMES["pattern"]
    >>> spec = nonogram.import_spec(nonogram.read("3x2:2/1/1/3/1"))
    >>> spec.id
    'pattern.import.3x2.tatham.3x2:2/1/1/3/1'
    >>> puzzle = nonogram.make(spec)
    >>> puzzle.version == IMPORTED, puzzle.solution()
    (True, {'cells': [1, 1, 1, 1, 0, 0]})
    >>> nonogram.make(nonogram.import_spec(nonogram.read("2x2:1/1/1/1")))
    Traceback (most recent call last):
    ...
    gridlogic.errors.ImportRefused: this Pattern puzzle has more than one solution; every puzzle here has exactly one
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

from gridlogic.errors import ImportRefused, InvalidParameters
from gridlogic.game.ids import IMPORT_KIND, IMPORTED, SIZE_FIELD, PuzzleSpec, decode_field, split_id
from gridlogic.game.imported import is_imported_dict, refusal
from gridlogic.hints import Hints, Mark
from gridlogic.params import check_object, check_seed, check_size, short_repr
from gridlogic.verdict import Verdict

__all__ = [
    "Change", "Game", "GradeReport", "Grader", "Imports", "Option", "Preset", "Problem", "Puzzle", "PuzzleNaming",
    "Studio", "Version", "graded_level_of",
]


@dataclass(frozen=True)
class Option:
    """A keyword of ``generate`` beyond size, seed and difficulty (a wrapping board, a symmetry).

    ``values`` lists what it accepts, the first being the default; ``letters``
    gives each value's letter in a puzzle ID ("" for the default); ``pictures``, that the page has a
    small picture of each value (``static/views/<game>/options/<name>/<value>.svg``) to show beside it.
    """

    name: str
    values: tuple[Any, ...]
    letters: tuple[str, ...]
    help: str
    pictures: bool = False

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

    def letter(self, value: object) -> str:
        """``value``'s letter in a puzzle ID ("" for the default)."""
        return self.letters[self.values.index(value)]


def option_letters(options: Sequence[Option], values: Mapping[str, Any]) -> str:
    """The ID's letters of ``values`` (option name to value), in the version's order of options."""
    return "".join(option.letter(values[option.name]) for option in options if option.name in values)


PuzzleT = TypeVar("PuzzleT", bound="Puzzle")
"""A game's puzzle type (its versions' puzzles and its imported ones), which :class:`Game`,
:class:`Version` and :class:`Imports` carry so that mypy follows it through the table."""
PuzzleT_co = TypeVar("PuzzleT_co", bound="Puzzle", covariant=True)
"""The puzzle type of one version's or one import's puzzles: a version 3 record makes version 3
puzzles, and is a record of the game's puzzles (covariant)."""
BoardT = TypeVar("BoardT")
"""A game's board type: what its ``parse_board`` gives and its ``check`` judges."""


@dataclass(frozen=True)
class Preset:
    """One entry of a version's menu of named kinds (Loopy's own presets, say): a size, a level and the
    values of some of the version's options (the others keep their defaults). The page lists them, and
    the web app's ready pool keeps puzzles of each made ahead. Example: ``Preset(10, 10, "expert",
    (("grid", "honeycomb"),))`` is Loopy's "Hexagonal 10x10 Hard"."""

    width: int
    height: int
    difficulty: str
    options: tuple[tuple[str, Any], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"width": self.width, "height": self.height, "difficulty": self.difficulty,
                "options": dict(self.options)}


@dataclass(frozen=True)
class Version(Generic[PuzzleT_co]):
    """One generator version: what it accepts, and its own ``make``, ``from_dict`` and ``verify``.

    ``sides`` are the board sides it makes (every side in that range when
    ``rectangular``, width and height chosen apart; otherwise square boards
    only); ``presets`` the square sides the page offers, and ``menu`` named kinds it lists beside them
    (:class:`Preset`: size, level and options together, as Loopy's menu has). ``offered``, when
    given, refuses a (width, height, difficulty, options) combination the
    rules above would let through but that cannot be made (say a 3×3 hard):
    it returns ``None`` when offered, else the reason.

    ``make(spec)`` generates from a checked :class:`PuzzleSpec` of this version, ``from_dict(data)``
    is the inverse of its puzzles' ``to_dict()`` (checking every field) and ``verify(puzzle)``
    solves one of its puzzles again from scratch: exactly one solution, the answer.
    """

    number: int
    summary: str
    sides: tuple[int, ...]
    presets: tuple[int, ...]
    default_size: int
    difficulties: tuple[str, ...]
    make: Callable[[PuzzleSpec], PuzzleT_co]
    from_dict: Callable[[object], PuzzleT_co]
    verify: Callable[[Any], bool]  # its own puzzles: the game hands each puzzle to its version by number
    rectangular: bool = False
    options: tuple[Option, ...] = ()
    offered: Callable[[int, int, str, Mapping[str, Any]], str | None] | None = None
    menu: tuple[Preset, ...] = ()

    def sizes_text(self) -> str:
        """The sizes in words, for help texts and errors: ``4, 5, 6`` or ``3 to 25 (width x height)``."""
        sides = self.sides
        contiguous = len(sides) > 3 and list(sides) == list(range(sides[0], sides[-1] + 1))
        text = f"{sides[0]} to {sides[-1]}" if contiguous else ", ".join(map(str, sides))
        return text + (" (width x height apart)" if self.rectangular else "")


@runtime_checkable
class Puzzle(Protocol):
    """The shape of every puzzle, whatever its game and version.

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


class PuzzleNaming:
    """A generated puzzle's ``options``, ``spec`` and ``id``, made from its fields.

    Each game's puzzle dataclass mixes it in (the dataclass has ``game``, ``version``, ``width``,
    ``height``, ``difficulty`` and ``seed``). A version with options lists them in
    :attr:`OPTIONS`, and its puzzles have a field of each option's name.
    """

    game: ClassVar[str]
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    if TYPE_CHECKING:  # the dataclass's fields (a class constant in some versions)
        width: int
        height: int
        difficulty: str
        seed: str

        @property
        def version(self) -> int: ...

    @property
    def options(self) -> dict[str, Any]:
        return {option.name: getattr(self, option.name) for option in self.OPTIONS}

    @property
    def spec(self) -> PuzzleSpec:
        options = self.options
        return PuzzleSpec(self.game, self.version, self.width, self.height, self.difficulty, self.seed,
                          tuple(options.items()), option_letters(self.OPTIONS, options))

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


class Grader(Protocol):
    """A game's ``grade``: the level of a :class:`Problem` by its grader, stopped with
    :class:`~gridlogic.params.OutOfTime` past ``deadline`` (a :func:`time.monotonic` instant; None: none)."""

    def __call__(self, problem: Problem, deadline: float | None = None) -> GradeReport: ...


@dataclass(frozen=True)
class Imports(Generic[PuzzleT_co]):
    """How a game plays puzzles brought from outside (see :mod:`gridlogic.game.imported`).

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
    puzzle: Callable[[Problem, Sequence[int]], PuzzleT_co]
    limits: Mapping[str, Any]
    max_side: int

    def limits_text(self) -> str:
        """The limits in words, for refusals and help: ``5 s`` or ``5000 search nodes``."""
        parts = [f"{self.limits['budget']:g} s"] if "budget" in self.limits else []
        parts += [f"{self.limits['node_limit']} search nodes"] if "node_limit" in self.limits else []
        return " and ".join(parts) or "no limit"


@dataclass(frozen=True)
class Change:
    """One change a maker can make to a design: what it changes (``marks``, each with its new value:
    a ``cell`` filled (1) or emptied (0), a ``clue`` shown with its number, or hidden with no value)
    and the puzzle it makes (``problem``)."""

    marks: tuple[Mark, ...]
    problem: Problem


@dataclass(frozen=True)
class Studio:
    """What the puzzle studio (:mod:`gridlogic.studio`) needs of a game beyond its solver and hints.

    ``solution_mark`` is the kind of :class:`~gridlogic.hints.Mark` each entry of a flat solution
    stands for (Pattern ``"cell"``, Loop ``"edge"``, Signal ``"tile"``), so that the entries where
    two solutions differ are marks a page can draw. ``write(problem)`` is a puzzle as text that
    ``Game.read`` reads back (a fix's text, to analyse or play again). ``changes(problem, design,
    difference)`` gives
    the one-step changes to try on a puzzle with several solutions, nearest the ``difference``
    (marks) first, as :class:`Change` s; ``design`` is the solution the maker means (a file's goal,
    else the solver's first). None where the game proposes no changes yet. ``thin(problem, level)``
    hides clues while the techniques of ``level`` (one of ``thin_levels``, the latest version's)
    still finish the puzzle: the clues hidden and the puzzle left, or None when those techniques do
    not finish it as it is; None where the game hides no clues (Pattern's clues are its picture's,
    Signal has none). ``entries(problem)`` is how many entries a flat solution of ``problem`` has, where
    that is not one per cell (or per edge of a W×H board of squares): Loop on another grid has one per
    edge of its grid; None: the board's. ``grid(query)`` is the drawing of a grid other than squares the
    studio may design on, named by a request's query (Loop: ``grid``, ``width``, ``height`` of Loopy's
    grids), or InvalidParameters; None where the studio designs on its game's boards alone.
    """

    solution_mark: str
    write: Callable[[Problem], str]
    changes: Callable[[Problem, Sequence[int], Sequence[Mark]], Iterable[Change]] | None = None
    thin: Callable[[Problem, str], Change | None] | None = None
    thin_levels: tuple[str, ...] = ()
    entries: Callable[[Problem], int] | None = None
    grid: Callable[[Mapping[str, str]], dict[str, object]] | None = None


def graded_level_of(data: dict[str, Any]) -> str | None:
    """``data["difficulty"]["level"]``, the place Signal's and Loop's JSON record the graded level."""
    graded = data.get("difficulty")
    level = graded.get("level") if isinstance(graded, dict) else None
    return level if isinstance(level, str) else None


@dataclass(frozen=True)
class Game(Generic[PuzzleT, BoardT]):
    """One game's entry in the table: everything an adapter may use.

    The callables, for a puzzle ``p`` of this game:

    ``level_of(data) -> str | None``           the level a puzzle's JSON records (None if it records none),
                                               read without loading the puzzle: for counting stored ones
    ``parse_board(width, height, raw)``        a player's board checked for shape and values
    ``check(p, board) -> dict``                ``{"solved": bool, ...}`` by the rules
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
    ``grade(problem, deadline) -> GradeReport``  how hard it is, by the game's grader (None: no grader),
                                               stopped past ``deadline`` (:class:`Grader`)
    ``studio``                                 what the puzzle studio needs: the marks of its solutions'
                                               entries, the changes that may make a design unique

    and the methods :meth:`generate`, :meth:`make`, :meth:`from_dict` and :meth:`verify`, which hand a
    puzzle to its version's record (or, imported, to :attr:`imports`).

    ``latest`` is the version a call without one gets; ``unversioned`` the version a request or share
    link without one means (the first). ``max_side`` is the widest or tallest board ``read`` and
    ``solve`` take: adapters refuse a larger one before any work (a solver's time and memory grow
    with the board, and not gently). ``seconds_per_cell`` sets the par time of the score (see
    :mod:`gridlogic.scoring`); ``solve_options`` names which of ``budget``, ``node_limit`` and ``sat``
    its solver takes, with ``default_budget`` and ``default_node_limit``; ``formats`` names what
    ``read`` reads; ``imports`` says how it plays puzzles brought from outside (None: it plays none);
    ``hints`` is its step solver, the hints that explain (:class:`~gridlogic.hints.Hints`);
    ``exports`` names the formats of other software a puzzle can be written in, each with its
    writer of a :class:`Problem` (``exports["puzzlink"](game.problem(p))``), for ``--format``.
    """

    name: str
    title: str
    summary: str
    versions: Mapping[int, Version[PuzzleT]]
    latest: int
    unversioned: int
    seconds_per_cell: int
    solution_noun: str
    formats: str
    level_of: Callable[[dict[str, Any]], str | None]
    parse_board: Callable[[int, int, object], BoardT]
    check: Callable[[PuzzleT, BoardT], dict[str, Any]]
    min_moves: Callable[[PuzzleT], int]
    render_text: Callable[[PuzzleT, bool], str]
    render_svg: Callable[[PuzzleT, bool], str]
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
    imports: Imports[PuzzleT] | None = None
    grade: Grader | None = None
    hints: Hints | None = None
    exports: Mapping[str, Callable[[Problem], str]] = field(default_factory=dict)
    studio: Studio | None = None

    @property
    def difficulties(self) -> tuple[str, ...]:
        """Every difficulty some version accepts, in the latest version's order first."""
        seen: list[str] = []
        for number in sorted(self.versions, key=lambda n: n != self.latest):
            seen += [d for d in self.versions[number].difficulties if d not in seen]
        return tuple(seen)

    def version(self, number: object = None) -> Version[PuzzleT]:
        """The :class:`Version` numbered ``number`` (None: the latest); InvalidParameters names the others."""
        if number is None:
            return self.versions[self.latest]
        if isinstance(number, bool) or not isinstance(number, int) or number not in self.versions:
            raise InvalidParameters(
                f"{self.title} has no generator version {short_repr(number)}; the versions are {self.versions_text()}"
            )
        return self.versions[number]

    def versions_text(self) -> str:
        return ", ".join(map(str, sorted(self.versions)))

    def spec(self, size: object, seed: object, difficulty: object = "any", *, version: object = None,
             **options: object) -> PuzzleSpec:
        """The checked :class:`PuzzleSpec` for these arguments; InvalidParameters says what is allowed."""
        chosen = self.version(version)
        try:
            width, height = check_size(size, chosen.sides, chosen.rectangular, self.title)
        except InvalidParameters as refused:
            raise InvalidParameters(f"{refused}{self.other_versions_making(size, chosen)}") from None
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
        return PuzzleSpec(self.name, chosen.number, width, height, difficulty, check_seed(seed), ordered,
                          option_letters(chosen.options, values))

    def other_versions_making(self, size: object, refused_by: Version[PuzzleT]) -> str:
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
                 **options: object) -> PuzzleT:
        """The puzzle of these arguments (see :meth:`spec`); GenerationFailed if none can be made."""
        return self.make(self.spec(size, seed, difficulty, version=version, **options))

    def make(self, spec: PuzzleSpec) -> PuzzleT:
        """The puzzle of a checked spec: generated by its version, or, imported, read and proven unique."""
        if spec.version == IMPORTED:
            return self.make_imported(spec)
        return self.version(spec.version).make(spec)

    def from_dict(self, data: object) -> PuzzleT:
        """The inverse of ``p.to_dict()`` for a puzzle of any version (its ``version`` field says which)
        or an imported one, checking every field."""
        if is_imported_dict(data):
            return self.imported_from_dict(data)
        number = data.get("version") if isinstance(data, dict) else None
        if type(number) is int and number in self.versions:
            return self.versions[number].from_dict(data)
        if isinstance(data, dict) and "version" in data:
            raise InvalidParameters(f"'version' {short_repr(number)} is not supported; {self.title} puzzles "
                                    f"here are version {self.versions_text()}")
        return self.versions[self.unversioned].from_dict(data)  # its reader says what is missing

    def verify(self, puzzle: PuzzleT) -> bool:
        """Re-solved from scratch by its version's solver: exactly one solution, and it is the answer."""
        if puzzle.version == IMPORTED:
            try:
                return self.make_imported(puzzle.spec) == puzzle
            except ImportRefused:
                return False
        return self.version(puzzle.version).verify(puzzle)

    def board_of(self, key: object, version: object = None) -> tuple[int | tuple[int, int], dict[str, Any]]:
        """The size and options a board key (:attr:`PuzzleSpec.board_key`: a side, or ``"7x5w"``) names."""
        if isinstance(key, int) and not isinstance(key, bool):
            return key, {}
        if not isinstance(key, str):
            raise InvalidParameters(f"a board is a side or text like 7x5, not {short_repr(key)}")
        return board_field(self.version(version), key, key)

    def problem(self, puzzle: PuzzleT) -> Problem:
        """A puzzle's givens as a :class:`Problem`, for the solvers."""
        return Problem(self.name, puzzle.width, puzzle.height, puzzle.givens(), "gridlogic",
                       options=dict(puzzle.options))

    def import_spec(self, problem: Problem) -> PuzzleSpec:
        """The spec, and so the ID, of a puzzle brought from outside; ``make`` plays it (or refuses it).

        InvalidParameters when this game imports no puzzles or the board is larger than it takes.
        """
        imports = self.checked_imports()
        if problem.game != self.name:
            raise InvalidParameters(f"a {problem.game} puzzle is not a {self.title} one")
        side = imports.max_side
        if problem.width > side or problem.height > side:
            raise InvalidParameters(
                f"a {problem.width}x{problem.height} {self.title} board is too large to play here; "
                f"at most {side}x{side}"
            )
        return PuzzleSpec(self.name, IMPORTED, problem.width, problem.height, imports.format, imports.write(problem))

    def checked_imports(self) -> Imports[PuzzleT]:
        """:attr:`imports`; InvalidParameters when this game plays no puzzles brought from outside."""
        if self.imports is None:
            raise InvalidParameters(f"{self.title} does not play puzzles brought from outside")
        return self.imports

    def make_imported(self, spec: PuzzleSpec) -> PuzzleT:
        """The puzzle an imported spec names: its text read, solved within the import limits;
        ImportRefused says why when the solver did not prove exactly one solution."""
        imports = self.checked_imports()
        problem = imports.read(spec.seed)
        verdict = self.solve(problem, **imports.limits)
        if verdict.status != "unique":
            raise refusal(verdict.status, self.title, self.solution_noun, imports.limits_text())
        return imports.puzzle(problem, verdict.solutions[0])

    def imported_from_dict(self, data: object) -> PuzzleT:
        """An imported puzzle from its JSON form: solved again from its ID, which must give these fields."""
        fields = check_object(data, "an imported puzzle", ("id", "width", "height", "givens", "solution"))
        text = fields["id"]
        name, version, board, fourth, last = split_id(text)
        spec = self.spec_of_id(str(text), version, board, fourth, last) if name == self.name else None
        if spec is None or spec.version != IMPORTED:
            raise InvalidParameters(f"{short_repr(fields['id'])} is not an imported puzzle's ID of {self.title}")
        puzzle = self.make_imported(spec)
        if puzzle.to_dict() != data:
            raise InvalidParameters(f"this imported puzzle's fields are not those of its ID {short_repr(fields['id'])}")
        return puzzle

    def spec_of_id(self, text: str, version_text: str, board: str, fourth: str, last: str) -> PuzzleSpec:
        """The spec an ID of this game names, from its fields after the game's name (see
        :mod:`gridlogic.game.ids`), checked like ``generate``'s arguments; ``text`` is the whole ID."""
        where = f"puzzle ID {short_repr(text)}"
        if version_text == IMPORT_KIND:
            return self.imported_spec_of_id(where, board, fourth, last)
        if not version_text.isascii() or not version_text.isdigit() or len(version_text) > 4:
            raise InvalidParameters(f"{where}: version {short_repr(version_text)} is not a number")
        version = self.version(int(version_text))
        size, options = board_field(version, board, where)
        seed = decode_field(last, f"{where}: its seed")
        return self.spec(size, seed, fourth, version=version.number, **options)

    def imported_spec_of_id(self, where: str, board: str, format_text: str, encoded: str) -> PuzzleSpec:
        """The spec of ``GAME.import.WxH.FORMAT.TEXT``, its text read and checked to be written as this
        game writes it (so that each puzzle has one ID)."""
        imports = self.checked_imports()
        size = SIZE_FIELD.fullmatch(board)
        if size is None or size.group(3):
            raise InvalidParameters(f"{where}: {short_repr(board)} is not a size like 5x5")
        if format_text != imports.format:
            raise InvalidParameters(
                f"{where}: an imported {self.title} puzzle's text is in the {imports.format!r} format, "
                f"not {short_repr(format_text)}"
            )
        puzzle_text = decode_field(encoded, f"{where}: its text", surrogates=False)
        try:
            problem = imports.read(puzzle_text)
        except InvalidParameters as error:
            raise InvalidParameters(f"{where}: {error}") from None
        if f"{problem.width}x{problem.height}" != board:
            raise InvalidParameters(f"{where}: its text is a {problem.width}x{problem.height} board, not {board}")
        spec = self.import_spec(problem)
        if spec.seed != puzzle_text:
            raise InvalidParameters(f"{where}: its text is not written as gridlogic writes it; the ID is {spec.id}")
        return spec


def board_field(version: Version, text: str, where: str) -> tuple[int | tuple[int, int], dict[str, Any]]:
    """The size and options of an ID's board field (``5x5``, ``7x5w``); ``where`` names it in errors."""
    size = SIZE_FIELD.fullmatch(text)
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
