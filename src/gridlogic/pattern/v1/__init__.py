"""Pattern's generator version 1: the engine of seed article 003, the original app's puzzle for
every (size, seed).

Two modules: :mod:`.generator` (plant a random grid, keep it when the
counting search proves its clues unique: sizes 5, 8 and 10, no difficulty)
and :mod:`.puzzle` (the puzzle, its JSON form, ``make``, ``from_dict`` and
``verify``). :data:`VERSION` is the version's record in the game's table.
"""

from __future__ import annotations

from gridlogic.game.record import Version
from gridlogic.pattern.v1.generator import DEFAULT_SIZE, DIFFICULTIES, NUMBER, SIZES
from gridlogic.pattern.v1.puzzle import from_dict, make, verify

__all__ = ["VERSION"]

VERSION = Version(
    number=NUMBER,
    summary="the seed articles' engine: the original app's puzzle for every (size, seed)",
    sides=SIZES,
    presets=SIZES,
    default_size=DEFAULT_SIZE,
    difficulties=DIFFICULTIES,
    make=make,
    from_dict=from_dict,
    verify=verify,
)
