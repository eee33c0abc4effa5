"""A line's clue as a finite automaton, unrolled along the line: the shared model of the SAT
encoding (:mod:`gridlogic.pattern.sat`) and of belief propagation (:mod:`gridlogic.pattern.beliefs`).

A clue ``[a, b, ..., z]`` is the regular language ``0* 1^a 0+ 1^b 0+ ... 1^z
0*`` (1 a filled cell, 0 an empty one). Its automaton reads the *pattern*
``1^a 0 1^b 0 ... 1^z`` (``size`` symbols): state ``q`` says how many pattern
symbols have been read. Reading 1 moves from ``q`` to ``q + 1`` when symbol
``q`` is a 1; reading 0 moves to ``q + 1`` when symbol ``q`` is the separating
0, and stays in ``q`` when ``q`` is 0, ``size`` or just after a separator
(the ``0*`` and ``0+`` parts); anything else is rejected. A line of
``length`` cells is accepted when the automaton ends in state ``size``.

Unrolled along the line, only the pairs (cells read ``i``, state ``q``) that
can still lead to acceptance matter: at most ``i`` symbols can have been read
and the ``size - q`` still to read must fit in the ``length - i`` cells left,
so ``q`` runs over :meth:`ClueAutomaton.states` ``(i)``, a range of at most
``length - size + 1`` states. Every walk through these pairs is exactly one
placement of the clue, so counting walks counts placements and the best walk
is the best placement.

Worked example (a test checks it): the clue ``[2, 1]`` in a line of 5 cells.
The pattern is ``1 1 0 1`` (size 4); reading 1 goes 0→1, 1→2, 3→4
(``on_filled == (1, 2, None, 4, None)``), reading 0 stays in 0, goes 2→3,
stays in 3 and in 4 (``on_empty == (0, None, 3, 3, 4)``). After 2 cells the
states 0, 1 and 2 are possible (``states(2) == range(0, 3)``); after 4 cells
only 3 and 4 (``range(3, 5)``), since state 2 would need two more symbols.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

__all__ = ["ClueAutomaton", "clue_automaton"]


@dataclass(frozen=True)
class ClueAutomaton:
    """The automaton of one clue on a line of ``length`` cells (see the module docstring)."""

    blocks: tuple[int, ...]
    length: int
    size: int  # symbols of the pattern, the accepting state
    on_filled: tuple[int | None, ...]  # per state: the next state after a filled cell, or None
    on_empty: tuple[int | None, ...]  # per state: the next state after an empty cell, or None
    state_ranges: tuple[range, ...]  # per number of cells read: the states that can still accept

    def states(self, cells_read: int) -> range:
        """The states possible after ``cells_read`` cells that can still reach acceptance."""
        return self.state_ranges[cells_read]


@lru_cache(maxsize=4096)
def clue_automaton(blocks: tuple[int, ...], length: int) -> ClueAutomaton:
    """The automaton of ``blocks`` (positive runs, ``()`` for an empty line) on ``length`` cells."""
    pattern: list[int] = []
    for index, block in enumerate(blocks):
        if index:
            pattern.append(0)
        pattern.extend([1] * block)
    size = len(pattern)
    on_filled: list[int | None] = []
    on_empty: list[int | None] = []
    for q in range(size + 1):
        on_filled.append(q + 1 if q < size and pattern[q] == 1 else None)
        if q < size and pattern[q] == 0:
            on_empty.append(q + 1)
        elif q == 0 or q == size or pattern[q - 1] == 0:
            on_empty.append(q)
        else:
            on_empty.append(None)
    ranges = tuple(range(max(0, size - (length - i)), min(i, size) + 1) for i in range(length + 1))
    return ClueAutomaton(blocks, length, size, tuple(on_filled), tuple(on_empty), ranges)
