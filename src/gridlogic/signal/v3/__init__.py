"""Signal's generator version 3: the engine of the seed articles, 4×4 to 6×6, with a border.

Every puzzle is the one the original engine makes for the same (size, seed, difficulty), field
for field. Two modules: :mod:`.puzzle` (the sizes, the puzzle and its JSON, reading it back,
verifying it) and :mod:`.generator` (the articles' tree and the attempts that make a puzzle).
The tables, sweeps, solver and grader they use are the game's (:mod:`gridlogic.signal`).
:data:`VERSION` is the version's entry in the game's record.
"""

from __future__ import annotations

from gridlogic.game.record import Version
from gridlogic.signal.rules import DIFFICULTIES
from gridlogic.signal.v3.generator import make
from gridlogic.signal.v3.puzzle import DEFAULT_SIZE, SIZES, puzzle_from_dict, verify
from gridlogic.signal.v3.puzzle import VERSION as NUMBER

VERSION = Version(
    number=NUMBER,
    summary="the seed articles' engine: the original app's puzzle for every (size, seed, difficulty)",
    sides=SIZES,
    presets=SIZES,
    default_size=DEFAULT_SIZE,
    difficulties=DIFFICULTIES,
    make=make,
    from_dict=puzzle_from_dict,
    verify=verify,
)

__all__ = ["VERSION"]
