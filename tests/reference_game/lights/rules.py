"""Lights' rules, which every version shares: the puzzle, a player's presses and their check.

A board of W×H lamps shows some lit. Pressing a lamp toggles it and its (up to four) orthogonal
neighbours; the puzzle is solved when every lamp is off. Pressing a lamp twice undoes it, so a
solution is a set of lamps to press once each: the board's *presses*. Its lamps solve the equation
``toggles(presses) == lit`` over GF(2) (:mod:`.solver`).

Worked example: on a 3×3 board, pressing the centre alone lights the plus around it::

    >>> toggles([0, 0, 0, 0, 1, 0, 0, 0, 0], 3, 3)
    [0, 1, 0, 1, 1, 1, 0, 1, 0]

so the puzzle whose lit lamps are that plus is solved by pressing the centre:
``check(puzzle, [0, 0, 0, 0, 1, 0, 0, 0, 0])["solved"]`` is True.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from gridlogic.game.record import PuzzleNaming
from gridlogic.params import check_object, int_list


def neighbourhood(cell: int, width: int, height: int) -> list[int]:
    """``cell`` and its orthogonal neighbours: the lamps a press of ``cell`` toggles."""
    row, col = divmod(cell, width)
    near = [cell]
    if row > 0:
        near.append(cell - width)
    if row < height - 1:
        near.append(cell + width)
    if col > 0:
        near.append(cell - 1)
    if col < width - 1:
        near.append(cell + 1)
    return near


def toggles(presses: list[int], width: int, height: int) -> list[int]:
    """The lamps the ``presses`` (1 = pressed) leave lit on a dark board."""
    lit = [0] * (width * height)
    for cell, pressed in enumerate(presses):
        if pressed:
            for near in neighbourhood(cell, width, height):
                lit[near] ^= 1
    return lit


@dataclass(frozen=True)
class Puzzle(PuzzleNaming):
    """A generated board: its lit lamps and the one set of presses that puts them out."""

    game: ClassVar[str] = "lights"
    width: int
    height: int
    seed: str
    difficulty: str
    version: int
    attempt: int
    lit: tuple[int, ...]
    presses: tuple[int, ...]

    @property
    def level(self) -> str | None:
        return None  # Lights grades nothing: every puzzle is the same kind of work

    def to_dict(self) -> dict[str, Any]:
        return {"width": self.width, "height": self.height, "seed": self.seed, "difficulty": self.difficulty,
                "version": self.version, "attempt": self.attempt, "lit": list(self.lit),
                "presses": list(self.presses)}

    def givens(self) -> dict[str, Any]:
        return {"lit": list(self.lit)}

    def solution(self) -> dict[str, Any]:
        return {"presses": list(self.presses)}


def parse_board(width: int, height: int, raw: object) -> list[int]:
    """A player's presses: ``width * height`` ints, 1 pressed (or ``{"presses": [...]}`` as
    :meth:`Puzzle.solution` gives it)."""
    if isinstance(raw, dict):
        raw = check_object(raw, "board", ("presses",))["presses"]
    return int_list(raw, "board", width * height, (0, 1))


def check(puzzle: Any, board: object) -> dict[str, Any]:
    """``{"solved": every lamp off, "lit": the lamps still lit}`` after the player's presses."""
    presses = parse_board(puzzle.width, puzzle.height, board)
    after = toggles(presses, puzzle.width, puzzle.height)
    lit = [cell for cell, (was, toggled) in enumerate(zip(puzzle.lit, after)) if was != toggled]
    return {"solved": not lit, "lit": lit}


def min_moves(puzzle: Puzzle) -> int:
    """The fewest presses that solve it: the one solution's (a press made twice is undone)."""
    return sum(puzzle.presses)
