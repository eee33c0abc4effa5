"""Signal's generator version 4: any width and height from 3 to 25, wrapping or not.

Four modules, each importing only those before it: :mod:`.deduction` (the
global rule, groups of linked tiles, the search that counts to two),
:mod:`.puzzle` (the sides, the puzzle and its JSON, reading it back,
verifying it), :mod:`.grading` (the articles' four stages on any board,
thresholds per size) and :mod:`.generator` (the tree, link swaps, steering
toward the level, what is not offered). The tables, the local sweeps and
propagation are the game's (:mod:`gridlogic.signal`), as version 3 uses
them. :data:`VERSION` is the version's entry in the game's record.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gridlogic.game.record import Version
from gridlogic.signal.rules import DIFFICULTIES, WRAPPING
from gridlogic.signal.v4.generator import DEFAULT_SIZE, PRESETS, make, refusal
from gridlogic.signal.v4.puzzle import SIDES, puzzle_from_dict, verify
from gridlogic.signal.v4.puzzle import VERSION as NUMBER


def offered(width: int, height: int, difficulty: str, options: Mapping[str, Any]) -> str | None:
    """Version 4's refusal of what it cannot make for every seed (see :func:`.generator.refusal`)."""
    return refusal(width, height, difficulty, bool(options.get("wrapping", False)))


VERSION = Version(
    number=NUMBER,
    summary=("any width and height, wrapping or not; every seed makes a puzzle, proven unique, of its level "
             "(none is made of medium on 3x3 with a border, of hard under 16 tiles with a border or 12 wrapping)"),
    sides=SIDES,
    presets=PRESETS,
    default_size=DEFAULT_SIZE,
    difficulties=DIFFICULTIES,
    make=make,
    from_dict=puzzle_from_dict,
    verify=verify,
    rectangular=True,
    options=(WRAPPING,),
    offered=offered,
)

__all__ = ["VERSION", "offered"]
