"""Simon Tatham's Net game IDs, read as Signal boards and written from them.

Net, in Simon Tatham's Portable Puzzle Collection, is the game Signal is: turn
tiles until all of them are connected. Its players share a puzzle as a game
ID (Game > Specific... in Net), ``PARAMS:DESC``:

* PARAMS is the width, then ``x`` and the height (without them the height is
  the width), then ``w`` when the board wraps round (a pipe leaving one edge
  enters the opposite one). ``b`` with a number (the share of barriers) and
  ``a`` (uniqueness not enforced) are settings of Net's generator that a
  full PARAMS may carry; they say nothing of the puzzle and are read and
  ignored. Anything else is refused (Net skips it; here it is more likely
  another game's ID, such as Loopy's ``7x7t0:...``).
* DESC has one hexadecimal digit a tile, row by row from the top left, the
  tile's pipes as the player finds them, in **Net's bit order: 1 right,
  2 up, 4 left, 8 down** (Signal's is 1 up, 2 right, 4 down, 8 left;
  :data:`FROM_NET` and :data:`TO_NET` translate). Upper-case ``A-F`` is read
  too. Each digit may be followed by barrier markers: ``v`` a barrier on the
  tile's right edge, ``h`` on its bottom edge (in the last column or row of
  a wrapping board, the edge across the wrap).

``PARAMS#SEED`` is not a puzzle but a seed of Net's own generator, which only
Net can turn into one; it is refused with that reason.

**Where Net's rules and Signal's agree.** Net counts a board solved when every
tile that is not blank is connected, by pipes that meet, to one tile; Signal
when every pipe meets a pipe and all tiles form one tree. On a board whose
tiles have exactly ``2·(W·H − 1)`` pipe ends and no blank, the two are the
same: a connected board of W·H tiles has at least W·H − 1 links, which use
2·(W·H − 1) ends, so every end meets another and the links form a tree. Every
ID Net's generator makes is such a board (it grows a spanning tree and turns
its tiles). So the reader refuses, each with its reason, what Signal's rules
cannot hold:

* **barriers** (below);
* a **blank tile** (``0``): Net leaves it out, Signal's tree must take every tile;
* a board whose pipe ends are not ``2·(W·H − 1)``: Net may call it solved with
  a loop or a loose end, which Signal's rules never allow;
* a **wrapping board 1 or 2 tiles wide or high**: 2 wide, the two tiles of a
  row meet across two edges and no puzzle has exactly one solution (Net's
  generator refuses such boards for that reason, with a proof in its source);
  1 wide, a pipe across the wrap would meet its own tile. Signal's wrapping
  boards are at least 3×3.

**Barriers.** Signal has no barriers, and no Signal board can stand in for one
that has them: a Signal board whose one solution is the Net answer has, in
every cell, that answer's tile turned some way, so it is these very tiles
without their barriers; and that is another puzzle, harder (the barriers were
clues), and it may have other solutions the barriers ruled out. So an ID with
barriers is refused, saying so and naming that barrier-free ID: Net's
generator proves its puzzles unique *before* it adds barriers (unless made
with ``a``), so for its IDs the barrier-free board has the same one solution
(check it with ``gridlogic signal solve``). Two kinds of barrier say nothing
Signal's rules do not, and are taken: a barrier on the outer border of a
board that does not wrap (the border is a wall anyway), and, on a wrapping
board, barriers across every edge of the wrap and nowhere else, which make it
the same board without wrapping (Net, too, then treats it as one).

Worked example (checked in ``tests/signal/test_net_ids.py``): the first
example of Net's format notes, a 4×3 board; its first tile, ``8`` (down), is
Signal's 4, and the second, ``6`` (up and left), Signal's 9::

    >>> problem = read_net_id("4x3:86418b3ace5c")
    >>> problem.width, problem.height, problem.givens["tiles"][:4], problem.source
    (4, 3, [4, 9, 8, 2], 'net')
    >>> write_net_id(problem)
    '4x3:86418b3ace5c'
    >>> read_net_id("3x2:a1vc3a6")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    gridlogic.errors.InvalidParameters: this Net ID has 1 barrier (v and h markers), and Signal has no barriers;
    the only Signal board with the same tiles is the ID without them, 3x2:a1c3a6, a harder puzzle (the barriers
    were clues) that may have other solutions (if Net made it with uniqueness on, its default, it has the same one)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from gridlogic.errors import InvalidParameters
from gridlogic.game.record import Problem
from gridlogic.params import short_repr
from gridlogic.signal.board import check_board

__all__ = ["FROM_NET", "TO_NET", "NetGameId", "looks_like_net_id", "parse_net_id", "read_net_id", "signal_board",
           "write_net_id"]

HEX_DIGITS = "0123456789abcdef"
# Net's bits, in Signal's order up, right, down, left: U=2, R=1, D=8, L=4.
NET_BITS = (2, 1, 8, 4)
SIGNAL_BITS = (1, 2, 4, 8)
TO_NET = tuple(sum(net for ours, net in zip(SIGNAL_BITS, NET_BITS) if mask & ours) for mask in range(16))
FROM_NET = tuple(TO_NET.index(mask) for mask in range(16))
MIN_WRAPPING_SIDE = 3
MAX_SIDE_DIGITS = 6  # a side of up to 999,999 tiles is read, then refused by size; longer digits are not a side

_PARAMS = re.compile(r"([0-9]+)(?:x([0-9]+))?(.*)", re.DOTALL)
_FLAGS = re.compile(r"w|a|b[0-9.]*")
_DESC = re.compile(r"(?:[0-9a-fA-F][hv]*)+")
_LOOKS = re.compile(r"[0-9]+(?:x[0-9]+)?(?:w|a|b[0-9.]*)*:[0-9a-fA-Fhv]+")
FORMAT_HELP = "a Net game ID is WxH:DESC (WxHw: for a wrapping board), DESC one hex digit a tile, like 4x3:86418b3ace5c"


@dataclass(frozen=True)
class NetGameId:
    """A Net game ID as Net reads it: the board's shape, its tiles in Net's bits, its barriers.

    ``barriers`` holds ``(cell, marker)`` pairs, ``marker`` being ``"v"`` (the cell's right
    edge) or ``"h"`` (its bottom edge), each once.
    """

    width: int
    height: int
    wrapping: bool
    net_tiles: tuple[int, ...]
    barriers: frozenset[tuple[int, str]]

    @property
    def tiles(self) -> list[int]:
        """The tiles in Signal's bits (1 up, 2 right, 4 down, 8 left)."""
        return [FROM_NET[mask] for mask in self.net_tiles]

    def without_barriers(self) -> str:
        """This ID written without its barrier markers."""
        return _write(self.width, self.height, self.wrapping, self.net_tiles)


def looks_like_net_id(text: str) -> bool:
    """True when ``text`` has the shape of a Net game ID (``WxH[w]:`` and hex digits, maybe ``h``/``v``)."""
    return _LOOKS.fullmatch(text.strip()) is not None


def parse_net_id(text: str) -> NetGameId:
    """The ID in ``text`` as Net reads it (see the module docstring); InvalidParameters says what is wrong."""
    stripped = text.strip()
    params, colon, desc = stripped.partition(":")
    if "#" in params:
        raise InvalidParameters(
            f"{short_repr(stripped)} is a random seed of Net's generator (PARAMS#SEED), which only Net can "
            "make into a puzzle; give the puzzle's game ID instead (PARAMS:DESC, from Net's Game > Specific...)")
    if not colon:
        raise InvalidParameters(f"{short_repr(stripped)} is not a Net game ID: {FORMAT_HELP}")
    width, height, wrapping = _read_params(params)
    tiles, barriers = _read_desc(desc, width, height)
    return NetGameId(width, height, wrapping, tiles, barriers)


def _read_params(params: str) -> tuple[int, int, bool]:
    matched = _PARAMS.fullmatch(params)
    if matched is None:
        raise InvalidParameters(f"a Net game ID starts with its width, then x and its height, not "
                                f"{short_repr(params)}; {FORMAT_HELP}")
    sides = [side for side in matched.group(1, 2) if side is not None]
    if any(len(side) > MAX_SIDE_DIGITS for side in sides):
        raise InvalidParameters(f"the size {short_repr(params)} of this Net ID is far too large a board")
    width = int(sides[0])
    height = int(sides[1]) if len(sides) > 1 else width
    flags = matched.group(3)
    unknown = _FLAGS.sub("", flags)
    if unknown:
        raise InvalidParameters(f"a Net game ID's parameters are the size and w (wrapping), maybe b and a (settings "
                                f"of Net's generator); {short_repr(unknown[0])} in {short_repr(params)} "
                                "is none of them")
    if width < 1 or height < 1 or width * height < 2:
        raise InvalidParameters(f"a Net board has at least 2 tiles, its width and height at least 1, "
                                f"not {width}x{height}")
    return width, height, "w" in _FLAGS.findall(flags)


def _read_desc(desc: str, width: int, height: int) -> tuple[tuple[int, ...], frozenset[tuple[int, str]]]:
    cells = width * height
    if _DESC.fullmatch(desc) is None:
        bad = next((ch for ch in desc if ch not in "0123456789abcdefABCDEFhv"), None)
        if bad is not None:
            raise InvalidParameters(f"{bad!r} is not part of a Net game ID's tiles: each tile is a hex digit 0-9 "
                                    f"or a-f, maybe followed by v and h (barriers)")
        if not desc:
            raise InvalidParameters(f"this Net game ID has no tiles after the ':'; "
                                    f"a {width}x{height} board has {cells}")
        raise InvalidParameters("a Net game ID's tiles start with a hex digit, not a barrier marker (v or h)")
    tiles: list[int] = []
    barriers: set[tuple[int, str]] = set()
    for ch in desc:
        if ch in "hv":
            barriers.add((len(tiles) - 1, ch))
        else:
            tiles.append(int(ch, 16))
    if len(tiles) != cells:
        raise InvalidParameters(f"a {width}x{height} Net board has {cells} tiles, but this ID gives {len(tiles)}")
    return tuple(tiles), frozenset(barriers)


def read_net_id(text: str) -> Problem:
    """The Signal board of a Net game ID; InvalidParameters for text that is none, or for what Signal's rules
    cannot hold (see the module docstring), saying why."""
    return signal_board(parse_net_id(text))


def signal_board(found: NetGameId) -> Problem:
    """The Signal board of a Net game ID as read by :func:`parse_net_id`; InvalidParameters for what Signal's
    rules cannot hold (see the module docstring), saying why."""
    wrapping = _wrapping_after_barriers(found)
    width, height = found.width, found.height
    if wrapping and min(width, height) < MIN_WRAPPING_SIDE:
        raise InvalidParameters(
            f"a wrapping {width}x{height} board cannot be played here: Signal's wrapping boards are at least "
            f"{MIN_WRAPPING_SIDE}x{MIN_WRAPPING_SIDE} (2 wide, no puzzle has exactly one solution, as Net's own "
            f"generator says; 1 wide, a pipe across the wrap would meet its own tile)")
    tiles = found.tiles
    blank = next((i for i, mask in enumerate(tiles) if mask == 0), None)
    if blank is not None:
        raise InvalidParameters(
            f"the tile in row {blank // width + 1}, column {blank % width + 1} is blank (0): Net leaves blank tiles "
            "out, but Signal's one tree takes every tile, so no Signal board holds one (Net's generator makes none)")
    ends, wanted = sum(mask.bit_count() for mask in tiles), 2 * (width * height - 1)
    if ends != wanted:
        raise InvalidParameters(
            f"these tiles have {ends} pipe ends, but one tree of {width * height} tiles has {wanted} (two for each "
            f"of its {width * height - 1} links): under Signal's rules (every pipe meets a pipe, one tree) it has no "
            "solution, though Net may call a loop or a loose end solved (Net's generator makes no such board)")
    return Problem("signal", width, height, {"tiles": tiles}, "net", options={"wrapping": True} if wrapping else {})


def _wrapping_after_barriers(found: NetGameId) -> bool:
    """Whether the board wraps once its barriers are read, or InvalidParameters when they are clues that Signal's
    rules cannot hold: a barrier on the border of a board that does not wrap is the border itself, and
    barriers across every edge of the wrap (and nowhere else) make a wrapping board one that does not wrap."""
    width, height = found.width, found.height
    across_wrap = {(r * width + width - 1, "v") for r in range(height)} | {
        ((height - 1) * width + c, "h") for c in range(width)}
    if found.wrapping and found.barriers == across_wrap:
        return False
    clues = found.barriers if found.wrapping else found.barriers - across_wrap
    if not clues:
        return found.wrapping
    count = len(clues)
    plain = found.without_barriers()
    named = f", {plain}," if len(plain) <= 120 else " (remove every v and h),"
    walled = (" (barriers across every edge of the wrap and nowhere else are taken: they make a board that "
              "does not wrap)") if found.wrapping else ""
    raise InvalidParameters(
        f"this Net ID has {count} barrier{'s' * (count != 1)} (v and h markers), and Signal has no barriers; the "
        f"only Signal board with the same tiles is the ID without them{named} a harder puzzle (the barriers were "
        "clues) that may have other solutions (if Net made it with uniqueness on, its default, it has the same "
        f"one){walled}")


def write_net_id(problem: Problem) -> str:
    """A Signal board as a Net game ID (Net's short form: ``WxH``, ``w`` if it wraps, ``:``, one hex digit a tile)."""
    tiles = check_board(problem.givens["tiles"], problem.width, problem.height)
    wrapping = bool(problem.options.get("wrapping", False))
    return _write(problem.width, problem.height, wrapping, [TO_NET[mask] for mask in tiles])


def _write(width: int, height: int, wrapping: bool, net_tiles: Sequence[int]) -> str:
    return f"{width}x{height}{'w' * wrapping}:" + "".join(HEX_DIGITS[mask] for mask in net_tiles)
