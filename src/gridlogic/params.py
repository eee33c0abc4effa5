"""The arguments every game's ``generate`` takes: size, seed and difficulty.

One check for all three games, so that they refuse the same things with the
same words. A seed is any Python ``str`` of at most 80 UTF-16 code units,
the original engines' ``seed.length <= 80`` (so "😀" counts 2).
"""

from __future__ import annotations

from collections.abc import Sequence

from gridlogic.errors import InvalidParameters
from gridlogic.rng import js_length

MAX_SEED_LENGTH = 80


def check_seed(seed: object) -> str:
    """``seed`` if it is a str of at most 80 UTF-16 code units."""
    if not isinstance(seed, str):
        raise InvalidParameters(f"seed must be a str, not {type(seed).__name__} {seed!r:.100}")
    if js_length(seed) > MAX_SEED_LENGTH:
        raise InvalidParameters(
            f"seed is {js_length(seed)} UTF-16 code units long; it must be at most {MAX_SEED_LENGTH}"
        )
    return seed


def check_generate_arguments(
    game: str, size: object, seed: object, difficulty: object, sizes: Sequence[int], difficulties: Sequence[str]
) -> None:
    """Raise :class:`InvalidParameters`, naming what is allowed, for arguments ``generate`` refuses."""
    if not isinstance(difficulty, str) or difficulty not in difficulties:
        raise InvalidParameters(
            f"unknown difficulty {difficulty!r} for {game}; choose one of {', '.join(difficulties)}"
        )
    if isinstance(size, bool) or not isinstance(size, int) or size not in sizes:
        raise InvalidParameters(f"size must be one of {', '.join(map(str, sizes))}, not {size!r}")
    check_seed(seed)
