"""The one check of a grid's W×H: Loopy's least sizes for its type, and our largest.

Loopy asks a least width and height per grid type (``amin``: both at least this; ``omin``: at least
one at least this); the catalogue's table holds each type's two numbers (an aperiodic type's module
names its own, which the table reads), and every builder checks a size here first.

>>> check_size("cairo", 3, 4, 4, 3)
>>> check_size("cairo", 3, 4, 3, 3)
Traceback (most recent call last):
...
gridlogic.errors.InvalidParameters: at least one of width and height of a cairo grid must be at least 4, not 3x3
"""

from __future__ import annotations

from gridlogic.errors import InvalidParameters

MAX_SIDE = 100  # ours, not Loopy's: keeps a grid of any type to tens of thousands of faces


def check_size(name: str, least_both: int, least_one: int, width: object, height: object) -> None:
    """InvalidParameters unless W×H is a size Loopy allows for the type (and at most MAX_SIDE)."""
    for side, value in (("width", width), ("height", height)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidParameters(f"{side} {value!r} of a {name} grid is not a whole number")
    assert isinstance(width, int) and isinstance(height, int)
    if width < least_both or height < least_both:
        raise InvalidParameters(
            f"width and height of a {name} grid must both be at least {least_both}, not {width}x{height}")
    if width < least_one and height < least_one:
        raise InvalidParameters(f"at least one of width and height of a {name} grid must be at least "
                                f"{least_one}, not {width}x{height}")
    if width > MAX_SIDE or height > MAX_SIDE:
        raise InvalidParameters(f"a {name} grid is at most {MAX_SIDE}x{MAX_SIDE}, not {width}x{height}")
