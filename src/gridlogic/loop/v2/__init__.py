"""Loop version 2: any board from 4×4 to 30×30, four levels defined by technique, fast generation.

:mod:`.levels` (the techniques of each level and the grade), :mod:`.region` (the answer's region on a
rectangle), :mod:`.removal` (clue removal on one shared board), :mod:`.generator` (attempts, the
sizes and levels offered, the JSON form read back, verification). :data:`VERSION` is the version's
record, :data:`GRADING` the levels its hints explain a puzzle by.
"""

from __future__ import annotations

from gridlogic.game.record import Version
from gridlogic.loop.rules import Grading
from gridlogic.loop.v2.generator import (
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
from gridlogic.loop.v2.levels import LEVELS, TECHNIQUE_LEVEL

__all__ = ["GRADING", "VERSION"]

VERSION = Version(
    number=NUMBER,
    summary="any width and height from 4 to 30, four levels by technique (easy, medium, hard, expert), "
            "hard from 24 cells; every seed makes a puzzle, proven unique",
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
