"""Loop version 3: the four levels of Simon Tatham's Loopy (Easy, Normal, Tricky, Hard), any board from 4×4 to 30×30.

:mod:`.ladder` (one board's deductions, technique by technique), :mod:`.levels` (the ladder: which
techniques each level has, with a worked example each, and the grade), :mod:`.generator` (attempts,
the sizes and levels offered, the JSON form read back, verification). :data:`VERSION` is the
version's record, :data:`GRADING` the levels its hints explain a puzzle by.
"""

from __future__ import annotations

from gridlogic.game.record import Version
from gridlogic.loop.rules import Grading
from gridlogic.loop.v3.generator import (
    DEFAULT_SIZE,
    DIFFICULTIES,
    NUMBER,
    PRESETS,
    SIDES,
    from_dict,
    make,
    offered,
    verify,
)
from gridlogic.loop.v3.levels import LEVELS

__all__ = ["GRADING", "VERSION"]

VERSION = Version(
    number=NUMBER,
    summary="any width and height from 4 to 30, four levels that are Loopy's (easy = Easy, medium = Normal, "
            "hard = Tricky, expert = Hard); every seed makes a puzzle, proven unique",
    sides=SIDES,
    presets=PRESETS,
    default_size=DEFAULT_SIZE,
    difficulties=DIFFICULTIES,
    make=make,
    from_dict=from_dict,
    verify=verify,
    rectangular=True,
    offered=offered,
)

HINT_LEVEL = {"clue": "easy", "vertex": "easy", "loop": "easy", "corner": "medium", "threes": "medium",
              "colour": "expert", "trial": "expert"}
GRADING = Grading(LEVELS, HINT_LEVEL)
"""The hints' techniques (:mod:`gridlogic.loop.hints`, shared by every version) on version 3's levels.

The hints explain with the engine's techniques, not version 3's: ``corner`` (medium here) covers what
Loopy's Normal and Tricky deduce and more, so a hint's level is a guide, not the grade.
"""
