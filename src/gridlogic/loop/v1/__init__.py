"""Loop version 1: square boards 5 to 10, three levels (easy, medium, hard), each puzzle proven unique.

:mod:`.generator` grows a region whose boundary is the answer loop, removes clues while the
rules of the level still finish the puzzle (:mod:`gridlogic.loop.difficulty`), and proves the
loop unique by the full search (:mod:`gridlogic.loop.solver`); it also reads a puzzle's JSON form
back (``from_dict``) and verifies one. :data:`VERSION` is the version's record, :data:`GRADING`
the levels its hints explain a puzzle by.
"""

from __future__ import annotations

from gridlogic.game.record import Version
from gridlogic.loop.rules import Grading
from gridlogic.loop.solver import LEVEL_NAMES, RULE_CLASS
from gridlogic.loop.v1.generator import (
    DEFAULT_SIZE,
    DIFFICULTIES,
    NUMBER,
    PRESET_SIZES,
    SIZES,
    from_dict,
    make,
    verify,
)

__all__ = ["GRADING", "VERSION"]

VERSION = Version(
    number=NUMBER,
    summary="grow a region, remove clues while the level's rules still finish, prove it unique",
    sides=SIZES,
    presets=PRESET_SIZES,
    default_size=DEFAULT_SIZE,
    difficulties=DIFFICULTIES,
    make=make,
    from_dict=from_dict,
    verify=verify,
)

GRADING = Grading(LEVEL_NAMES, RULE_CLASS)
