"""Pattern's generator version 2: pictures of any width and height from 5 to 40, optionally
mirror-symmetric, graded easy, medium or hard by what a person must do.

Two modules: :mod:`.generator` (draw a picture, steer it to its level) and
:mod:`.puzzle` (the puzzle, its JSON form, the ``symmetry`` option,
``make``, ``from_dict`` and ``verify``). :data:`VERSION` is the version's
record in the game's table.
"""

from __future__ import annotations

from gridlogic.game.record import Version
from gridlogic.pattern.v2.generator import DEFAULT_SIZE, DIFFICULTIES, NUMBER, PRESETS, SIDES
from gridlogic.pattern.v2.puzzle import SYMMETRY, from_dict, make, offered, verify

__all__ = ["VERSION"]

VERSION = Version(
    number=NUMBER,
    summary="pictures graded by what a person must do: easy (overlap), medium (line solving), hard (probing)",
    sides=SIDES,
    presets=PRESETS,
    default_size=DEFAULT_SIZE,
    difficulties=DIFFICULTIES,
    make=make,
    from_dict=from_dict,
    verify=verify,
    rectangular=True,
    options=(SYMMETRY,),
    offered=offered,
)
