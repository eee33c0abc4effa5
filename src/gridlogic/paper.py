"""How a puzzle looks on paper: its board black on white, its ID as a person reads and types it.

**Black on white.** The games draw their boards for the screen, in colour (Signal's dark blue pipes
on cream tiles, Loop's blue loop on a tinted inside). A printer wants ink on white paper, so
:func:`black_on_white` turns every colour of an SVG into ink by its lightness (luminance, 0 black
to 1 white): as light as paper (0.95 and up: a cream tile) becomes white, dark (below 0.5: pipes,
loops, clues, dots) black, and anything between (grid lines, Loop's tint of the inside) the grey of
the same lightness, so that nothing the screen tells apart runs together. It reads colours only, so
it knows no game.

**IDs as typed.** A puzzle ID percent-encodes its seed (``loop.2.7x7.medium.%E9%80%B1%E6%9C%AB-0``)
so that it survives any channel, but ``gridlogic show`` and the page also take the seed as it is
(``loop.2.7x7.medium.週末-0``), and that is the form a person can read and type. :func:`printed_id`
gives it, unless the readable form could be read back as another puzzle or not typed at all; then
the encoded ID is printed, with the reason, for that ID only. The cases: a space or other white
space (invisible on paper, and ``show`` strips it at the end); a ``%`` (``show`` takes ``%41`` for
"A"); a character that does not print (a control or format character, a lone surrogate: the
original engines' JavaScript strings allow one); a letter in decomposed form (``e`` and a combining
accent look like ``é``, which a keyboard types as one character, another seed; a combining mark that
starts the seed would sit on the dot before it); and a character
the font has no glyph for (an emoji in a font of Japanese glyphs). Dots are no trouble: the seed
is the ID's last field, and ``show`` reads everything after the fourth dot as the seed. Every
readable form is read back with :func:`~gridlogic.game.parse_id` and printed only if it names the
same puzzle. Worked example (checked in ``tests/test_printing.py``)::

    >>> printed_id("loop.2.7x7.medium.%E9%80%B1%E6%9C%AB-0")
    ('loop.2.7x7.medium.週末-0', None)
    >>> printed_id("loop.2.7x7.medium.my%20seed")
    ('loop.2.7x7.medium.my%20seed', 'white space')
    >>> black_on_white_colour("#1c3d5a"), black_on_white_colour("#f7f7f2"), black_on_white_colour("#c8c8c0")
    ('#000000', '#ffffff', '#c7c7c7')
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from xml.etree import ElementTree

from gridlogic.errors import InvalidParameters
from gridlogic.game import parse_id

__all__ = ["black_on_white", "black_on_white_colour", "printed_id"]

PAPER_WHITE = 0.95  # this light or lighter is paper
INK_BLACK = 0.5  # darker than this is ink
COLOUR_ATTRIBUTES = ("fill", "stroke", "color", "stop-color")
_HEX_COLOUR = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})")


def black_on_white_colour(value: str) -> str:
    """A colour (``#rgb`` or ``#rrggbb``) as ink: white, black or a grey of its lightness; other values as given."""
    matched = _HEX_COLOUR.fullmatch(value.strip())
    if matched is None:
        return value
    digits = matched.group(1)
    if len(digits) == 3:
        digits = "".join(ch * 2 for ch in digits)
    red, green, blue = (int(digits[k:k + 2], 16) / 255 for k in (0, 2, 4))
    lightness = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    if lightness >= PAPER_WHITE:
        return "#ffffff"
    if lightness < INK_BLACK:
        return "#000000"
    return "#" + f"{round(lightness * 255):02x}" * 3


def _style_in_ink(style: str) -> str:
    parts = []
    for declaration in style.split(";"):
        name, colon, value = declaration.partition(":")
        if colon and name.strip() in COLOUR_ATTRIBUTES:
            value = black_on_white_colour(value)
        parts.append(name + colon + value)
    return ";".join(parts)


def black_on_white(element: ElementTree.Element) -> None:
    """Turn every colour of ``element`` and its descendants (attributes and ``style``) into ink, in place."""
    for node in element.iter():
        for name in COLOUR_ATTRIBUTES:
            if name in node.attrib:
                node.set(name, black_on_white_colour(node.attrib[name]))
        if "style" in node.attrib:
            node.set("style", _style_in_ink(node.attrib["style"]))


def _why_not_readable(text: str, has_glyph: Callable[[str], bool]) -> str | None:
    """Why ``text`` (a decoded seed) cannot be printed as it is, or None when it can."""
    if any(ch.isspace() for ch in text):
        return "white space"
    if "%" in text:
        return "a % sign"
    if not all(ch.isprintable() for ch in text):
        return "a character that does not print"
    if not unicodedata.is_normalized("NFC", text) or unicodedata.category(text[:1] or "a").startswith("M"):
        return "a letter in decomposed form"
    if not all(has_glyph(ch) for ch in text):
        return "a character the font has no glyph for"
    return None


def printed_id(puzzle_id: str, has_glyph: Callable[[str], bool] = lambda ch: True) -> tuple[str, str | None]:
    """The ID as printed: its seed as it is when ``gridlogic show`` reads that back as the same puzzle and it
    prints plainly (``has_glyph`` says which characters the font draws), else the ID as given; and the reason
    it stays percent-encoded (None when it does not)."""
    fields = puzzle_id.split(".", 4)
    spec = parse_id(puzzle_id)
    if len(fields) != 5 or fields[4] == spec.seed:
        return puzzle_id, None
    reason = _why_not_readable(spec.seed, has_glyph)
    if reason is not None:
        return puzzle_id, reason
    readable = ".".join([*fields[:4], spec.seed])
    try:
        same = parse_id(readable) == spec
    except InvalidParameters:
        same = False
    return (readable, None) if same else (puzzle_id, "a form that reads back as another puzzle")
