"""Lights version 1: presses drawn at random on a board whose presses are always unique.

``make(spec)`` draws each lamp's press from ``gridlogic.rng.rng(seed)`` (pressed when the draw is
below one half, row by row), and lights the lamps those presses toggle. On the sides it offers
(3, 6, 7, 8: the square boards whose equations are independent, :func:`.solver.solve_lights`) every
lit pattern has exactly one set of presses, so the drawn presses are the answer; an attempt that
pressed nothing (a dark board) draws again.

    >>> from gridlogic.game.ids import PuzzleSpec
    >>> make(PuzzleSpec("lights", 1, 3, 3, "any", "doc", (), "")).presses
    (0, 1, 0, 0, 1, 0, 1, 0, 1)
"""

from __future__ import annotations

from gridlogic.errors import GenerationFailed, InvalidParameters
from gridlogic.game.ids import PuzzleSpec
from gridlogic.game.record import Version
from gridlogic.params import check_int, check_object, check_seed, int_list, short_repr
from gridlogic.rng import rng

from .rules import Puzzle, toggles
from .solver import solve_lights

NUMBER = 1
SIDES = (3, 6, 7, 8)
MAX_ATTEMPTS = 100
JSON_FIELDS = ("width", "height", "seed", "difficulty", "version", "attempt", "lit", "presses")


def make(spec: PuzzleSpec) -> Puzzle:
    random = rng(spec.seed)
    cells = spec.width * spec.height
    for attempt in range(1, MAX_ATTEMPTS + 1):
        presses = tuple(1 if random() < 0.5 else 0 for _ in range(cells))
        if any(presses):
            lit = tuple(toggles(list(presses), spec.width, spec.height))
            return Puzzle(spec.width, spec.height, spec.seed, spec.difficulty, NUMBER, attempt, lit, presses)
    raise GenerationFailed.after(MAX_ATTEMPTS, spec)


def from_dict(data: object) -> Puzzle:
    """The inverse of :meth:`Puzzle.to_dict`, every field checked (the lamps are the presses' toggles)."""
    fields = check_object(data, "a Lights version 1 puzzle", JSON_FIELDS)
    if check_int(fields["version"], "'version'") != NUMBER:
        raise InvalidParameters(f"'version' {short_repr(fields['version'])} is not {NUMBER}")
    side = check_int(fields["width"], "'width'", SIDES[0], SIDES[-1])
    if side not in SIDES or fields["height"] != side:
        raise InvalidParameters(f"Lights version 1 boards are square with sides {SIDES}, not "
                                f"{short_repr(fields['width'])}x{short_repr(fields['height'])}")
    if fields["difficulty"] != "any":
        raise InvalidParameters(f"'difficulty' must be 'any', not {short_repr(fields['difficulty'])}")
    presses = int_list(fields["presses"], "'presses'", side * side, (0, 1))
    lit = int_list(fields["lit"], "'lit'", side * side, (0, 1))
    if lit != toggles(presses, side, side):
        raise InvalidParameters("'lit' is not what 'presses' toggle")
    return Puzzle(side, side, check_seed(fields["seed"]), "any", NUMBER,
                  check_int(fields["attempt"], "'attempt'", 1, MAX_ATTEMPTS), tuple(lit), tuple(presses))


def verify(puzzle: Puzzle) -> bool:
    """Solved again by elimination: exactly one set of presses, and it is the answer."""
    status, solutions = solve_lights(list(puzzle.lit), puzzle.width, puzzle.height)
    return status == "unique" and solutions[0] == puzzle.presses


VERSION = Version(number=NUMBER, summary="random presses on boards where every lit pattern has one solution",
                  sides=SIDES, presets=(3, 6, 7), default_size=6, difficulties=("any",),
                  make=make, from_dict=from_dict, verify=verify)
