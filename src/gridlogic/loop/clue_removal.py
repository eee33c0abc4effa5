"""Loopy's greedy clue removal, asked a block of clues at a time: the same puzzle, fewer tries.

Loopy's generator shows every clue, then goes through them in a shuffled order and takes each away
when its solver, at the level asked, still finishes the puzzle without it. :func:`remove_clues`
gives the same clues with fewer runs of the level, for any deduction board that

* only ever adds what follows from the clues shown (so fewer clues never let a level do more), and
* reaches a fixed point that does not depend on the order of its deductions.

A block of the order is tried at once first: when the block can all go, each of its clues would
have gone one by one (by the first property); a block that cannot is halved. A try goes on from
the board where the try of the block around it stopped short: that try's clues are some of this
one's, so all it deduced holds here too, and (by the second property) the fixed point is the one a
fresh board would reach. When the first half of a block all went, the second half cannot all go
(that is the block's failed try again), so it is halved without a try.

Worked example (a test checks it against the clue-by-clue pass): with a board that "finishes" when
clue 2 or clue 3 is shown, the order 0, 1, 2, 3 takes away 0, 1 and 2 and keeps 3.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol


class DeductionBoard(Protocol):
    """What the removal asks of a level's board: its clues (-1 for none), a copy, one more clue, and
    whether its deductions finish the puzzle (``close() == "solved"``)."""

    clues: list[int]

    def copy(self) -> DeductionBoard: ...
    def add_clue(self, c: int, k: int) -> None: ...
    def close(self) -> str: ...


def remove_clues(clues: list[int | None], order: Sequence[int],
                 fresh: Callable[[list[int | None]], DeductionBoard]) -> int:
    """Take away, in ``order``, each clue the level still finishes without (``fresh(clues)`` is a new
    board of the clues shown); ``clues`` is changed in place. The number taken away."""
    removed = 0

    def tried(start: DeductionBoard | None) -> tuple[bool, DeductionBoard]:
        """Whether the level finishes the clues now shown, and the board it stopped at."""
        if start is None:
            board = fresh(clues)
        else:
            board = start.copy()
            for c, k in enumerate(clues):
                if k is not None and board.clues[c] < 0:
                    board.add_clue(c, k)
        return board.close() == "solved", board

    def settle(block: Sequence[int], start: DeductionBoard | None, fails: bool) -> None:
        nonlocal removed
        kept = [(c, clues[c]) for c in block if clues[c] is not None]
        if not kept:
            return
        for c, _ in kept:
            clues[c] = None
        went, stopped = (False, start) if fails else tried(start)
        if went:
            removed += len(kept)
            return
        for c, k in kept:
            clues[c] = k
        if len(kept) == 1:
            return
        shown = [c for c, _ in kept]
        half = len(shown) // 2
        before = removed
        settle(shown[:half], stopped, False)
        settle(shown[half:], stopped, removed - before == half)

    settle(order, None, False)
    return removed
