"""Loop version 3: the four levels of Simon Tatham's Loopy (Easy, Normal, Tricky, Hard), any board from 4×4 to 30×30.

:mod:`.ladder` (one board's deductions, technique by technique), :mod:`.levels` (the ladder: which
techniques each level has, with a worked example each, and the grade), :mod:`.generator` (attempts,
the sizes and levels offered, the JSON form read back, verification), :mod:`.hints` (the step
solver that explains, by the same techniques). :data:`VERSION` is the version's record,
:data:`GRADING` its levels and techniques, :data:`HINTS` its hints.
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
from gridlogic.loop.v3.hints import HINTS
from gridlogic.loop.v3.levels import LEVELS, TECHNIQUE_LEVEL

__all__ = ["GRADING", "HINTS", "VERSION"]

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

GRADING = Grading(LEVELS, TECHNIQUE_LEVEL)
"""Version 3's levels and its techniques' (its hints are its own: :data:`.hints.HINTS`)."""
