"""The seeded pseudo-random generator of the original engines, bit for bit.

The seed articles (Signal, part 1) print it in JavaScript::

    function rng(seed) {
      let state = 2166136261;
      for (const c of String(seed)) state = Math.imul(state ^ c.charCodeAt(0), 16777619);
      return () => {
        state += 0x6D2B79F5;
        let t = Math.imul(state ^ state >>> 15, 1 | state);
        t ^= t + Math.imul(t ^ t >>> 7, 61 | t);
        return ((t ^ t >>> 14) >>> 0) / 4294967296;
      };
    }

Two stages: an FNV-1a style fold of the seed into 32 bits, then a
xorshift-multiply output step per call. Reproducing it exactly in Python
takes care with JavaScript's number semantics:

* ``for (const c of seed)`` walks *code points*, but ``c.charCodeAt(0)``
  is the first UTF-16 *unit* of each: an astral character such as "😀"
  (U+1F600, units D83D DE00) is hashed as 0xD83D alone. A surrogate pair
  that a Python ``str`` holds as two code points is one character to
  JavaScript, so the seed is first turned into UTF-16 units.
* ``state`` starts as the double 2166136261 (the empty seed keeps it) or as
  the signed 32-bit result of ``Math.imul``; ``state += 0x6D2B79F5`` is a
  double addition that never wraps. The bit operations read it modulo
  2**32. Below 2**53 a double addition is exact, so the state is a Python
  int; past that (after about 4.9 million draws) each addition is rounded
  as a double would round it.
* The limit of 80 characters in the generators is ``seed.length``, which
  counts UTF-16 units: :func:`js_length`.

Worked example (checked in ``tests/test_rng.py``): ``rng("notes-example")``
starts 0.6356695315334946, 0.4500389730092138, and
``rng("")`` starts with 0.6112444521859288.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

_MASK32 = 0xFFFFFFFF
_FNV_OFFSET = 2166136261
_FNV_PRIME = 16777619
_GOLDEN_STEP = 0x6D2B79F5


def _utf16_units(text: str) -> list[int]:
    data = text.encode("utf-16-le", "surrogatepass")
    return [data[k] | data[k + 1] << 8 for k in range(0, len(data), 2)]


def js_length(text: str) -> int:
    """``text.length`` in JavaScript: the number of UTF-16 code units."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def _js_charcodes_of_code_points(text: str) -> list[int]:
    """``[...text].map(c => c.charCodeAt(0))``: the first unit of each code point."""
    units = _utf16_units(text)
    codes, k = [], 0
    while k < len(units):
        unit = units[k]
        codes.append(unit)
        is_pair = 0xD800 <= unit <= 0xDBFF and k + 1 < len(units) and 0xDC00 <= units[k + 1] <= 0xDFFF
        k += 2 if is_pair else 1
    return codes


def _to_int32(value: int) -> int:
    value &= _MASK32
    return value - (1 << 32) if value & 0x80000000 else value


def seed_state(seed: str) -> float:
    """The initial state for ``seed``, as the JavaScript double holds it."""
    state = _FNV_OFFSET
    hashed = False
    # An ASCII character is one code point and one UTF-16 unit: its byte is its char code.
    for code in seed.encode("ascii") if seed.isascii() else _js_charcodes_of_code_points(seed):
        state = ((state ^ code) * _FNV_PRIME) & _MASK32
        hashed = True
    return float(_to_int32(state) if hashed else state)


_EXACT_LIMIT = 1 << 53  # below this a double holds every integer, so int addition is exact


def rng(seed: str) -> RandomStream:
    """The reference's random stream for ``seed``: call it for the next float in [0, 1)."""
    return RandomStream(seed_state(seed))


def rng_from_state(start: float) -> RandomStream:
    """The stream from a given JavaScript state (an integer-valued double)."""
    return RandomStream(start)


T = TypeVar("T")
_MAX_BOUND = 1 << 21  # u * b < 2**53 for every 32-bit u: the double product is exact


class RandomStream:
    """The generator's state and its draws; ``stream()`` is one call of the reference's ``random()``.

    Besides single calls it has bulk forms that consume the same draws as
    calls would, with less work per draw (the Signal generator spends half
    its time drawing, so this is where its speed is decided):

    * ``take(k)``: the next ``k`` values;
    * ``pick(options)``: ``[o[floor(random() * len(o))] for o in options]``;
    * ``shuffle(items)``: the articles' Fisher–Yates shuffle of a list in
      place (for k from the last index down to 1, swap items k and
      ``floor(random() * (k + 1))``).

    The bulk loops repeat the three lines of output mixing rather than call
    a helper: a call per draw would cost as much as the mixing itself.
    """

    __slots__ = ("state",)

    def __init__(self, start: float) -> None:
        self.state = int(start)

    def __call__(self) -> float:
        # JavaScript's `state += 0x6D2B79F5` on a double: exact as an int until 2**53,
        # then rounded as a double would be.
        state = self.state + _GOLDEN_STEP
        if not -_EXACT_LIMIT < state < _EXACT_LIMIT:
            state = int(float(self.state) + _GOLDEN_STEP)
        self.state = state
        t = state & _MASK32
        t = ((t ^ (t >> 15)) * (t | 1)) & _MASK32
        t ^= (t + (t ^ (t >> 7)) * (t | 61)) & _MASK32  # the low 32 bits of a sum need only those of its terms
        return (t ^ (t >> 14)) / 4294967296

    def _exact_for(self, count: int) -> bool:
        """True when the next ``count`` states stay below 2**53, where int addition is the double's."""
        return -_EXACT_LIMIT < self.state + count * _GOLDEN_STEP < _EXACT_LIMIT

    def take(self, count: int) -> list[float]:
        """The next ``count`` values, as ``count`` calls would give them."""
        if not self._exact_for(count):
            return [self() for _ in range(count)]  # past 2**53 the state rounds: one at a time
        values: list[float] = []
        append, mask, s = values.append, _MASK32, self.state
        for _ in range(count):
            s += _GOLDEN_STEP
            t = s & mask
            t = ((t ^ (t >> 15)) * (t | 1)) & mask
            t ^= (t + (t ^ (t >> 7)) * (t | 61)) & mask
            append((t ^ (t >> 14)) / 4294967296)
        self.state = s
        return values

    def pick(self, options: Sequence[Sequence[T]]) -> list[T]:
        """One item of each sequence: ``[o[floor(random() * len(o))] for o in options]``.

        A draw is u / 2**32 for a 32-bit u; for len(o) < 2**21 the double
        product u / 2**32 * len(o) is exact, so its floor is (u * len(o)) >> 32.
        That skips a float division, a float product and ``int()`` per draw.
        """
        if not self._exact_for(len(options)) or max(map(len, options), default=0) >= _MAX_BOUND:
            return [o[int(self() * len(o))] for o in options]  # rare: the exact but slower way
        values: list[T] = []
        append, mask, s = values.append, _MASK32, self.state
        for o in options:
            s += _GOLDEN_STEP
            t = s & mask
            t = ((t ^ (t >> 15)) * (t | 1)) & mask
            t ^= (t + (t ^ (t >> 7)) * (t | 61)) & mask
            append(o[((t ^ (t >> 14)) * len(o)) >> 32])
        self.state = s
        return values

    def shuffle(self, items: list[Any]) -> None:
        """The articles' Fisher–Yates shuffle in place, from the last item down.

        Index k + 1 takes the place of :meth:`pick`'s len(o), with the swap in
        the same loop: the Signal generator spends most of its time here.
        """
        last = len(items) - 1
        if last >= _MAX_BOUND or not self._exact_for(last):
            for k in range(last, 0, -1):  # rare: the exact but slower way
                j = int(self() * (k + 1))
                items[k], items[j] = items[j], items[k]
            return
        mask, s = _MASK32, self.state
        for k in range(last, 0, -1):
            s += _GOLDEN_STEP
            t = s & mask
            t = ((t ^ (t >> 15)) * (t | 1)) & mask
            t ^= (t + (t ^ (t >> 7)) * (t | 61)) & mask
            j = ((t ^ (t >> 14)) * (k + 1)) >> 32
            items[k], items[j] = items[j], items[k]
        self.state = s
