"""Seconds written as a clock shows them: ``m:ss`` below an hour, ``h:mm:ss`` from an hour on.

A player's time is rounded down, as a stopwatch shows it (59.9 s has not reached a minute); an
estimate such as a batch's time left is rounded to the nearest second, so that 59.6 s reads 1:00::

    >>> format_duration(59.9), format_duration(59.6, nearest=True), format_duration(3725)
    ('0:59', '1:00', '1:02:05')
"""

from __future__ import annotations

import math
from fractions import Fraction


def format_duration(seconds: float | Fraction, *, nearest: bool = False) -> str:
    """``seconds`` as ``m:ss`` or ``h:mm:ss``, in whole seconds rounded down (``nearest``: to the
    nearest), never below 0:00."""
    whole = max(0, round(seconds) if nearest else math.floor(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
