"""What the puzzle studio changes in a Signal board with several solutions: one link moved.

A maker draws a network, a tree over every tile, and the tiles follow, shuffled. When the tiles
can be turned into several trees, the solver's two differ in some tiles, the *difference*.
Moving one link of the ``design`` (the tree the maker means: the file's goal, else the solver's
first solution) changes the tiles at its four ends and may leave one tree. A move takes a link
out, which cuts the tree in two, and puts one in between two neighbouring tiles, one on each
side of the cut, so that the network is a tree again. :func:`changes` lists the moves, the links
taken out nearest the difference first, and for each the links put in nearest the difference
first (by the Chebyshev distance, rows and columns apart whichever is more, from the nearer end
of a link to the nearest tile of the difference, then in reading order), each as the tiles it
changes (``tile`` marks, each with its new mask in the design's orientation). A changed tile is
turned as the maker's tile was turned from the design, so a shuffled board stays shuffled.
Whether a move really makes the board unique is for the solver to prove (:mod:`gridlogic.studio`
does, before offering it).

Worked example (checked in ``tests/signal/test_studio.py``): the 3×3 board
``[2, 12, 4, 6, 15, 9, 1, 3, 8]`` has two solutions that differ in every tile but the cross in
the middle; moving a link makes boards the solver proves to have one.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from gridlogic.game.record import Change, Problem
from gridlogic.hints import Mark
from gridlogic.signal.board import BITS, neighbour, rotate

__all__ = ["changes"]

Link = tuple[int, int, int]  # (tile, direction 0 up .. 3 left, the neighbour in that direction)


def turns(given: int, solved: int) -> int:
    """The quarter turns clockwise that take ``solved`` to ``given`` (0 when none does)."""
    for count in range(4):
        if solved == given:
            return count
        solved = rotate(solved)
    return 0


def turned(mask: int, count: int) -> int:
    for _ in range(count):
        mask = rotate(mask)
    return mask


def changes(problem: Problem, design: Sequence[int], difference: Sequence[Mark]) -> Iterator[Change]:
    """Each move of one link of ``design``, nearest ``difference`` first (see the module docstring)."""
    width, height = problem.width, problem.height
    wrapping = bool(problem.options.get("wrapping", False))
    apart = [divmod(mark.index, width) for mark in difference]

    def distance(tile: int) -> int:
        row, column = divmod(tile, width)
        return min((max(abs(row - r), abs(column - c)) for r, c in apart), default=0)

    def order(link: Link) -> tuple[int, int, int]:
        return min(distance(link[0]), distance(link[2])), min(link[0], link[2]), max(link[0], link[2])

    pairs = [(tile, d, neighbour(tile, d, width, height, wrapping)) for tile in range(width * height)
             for d in (1, 2)]  # each neighbouring pair once: rightwards and downwards
    pairs = [pair for pair in pairs if pair[2] >= 0 and pair[2] != pair[0]]
    links = [pair for pair in pairs if design[pair[0]] & BITS[pair[1]]]
    others = sorted((pair for pair in pairs if not design[pair[0]] & BITS[pair[1]]), key=order)
    for out in sorted(links, key=order):
        cut = without(design, out)
        side = reached(cut, out[0], width, height, wrapping)
        for into in others:
            if (into[0] in side) != (into[2] in side):
                yield moved(problem, design, out, into)


def without(design: Sequence[int], link: Link) -> list[int]:
    tiles = list(design)
    tile, d, other = link
    tiles[tile] &= ~BITS[d]
    tiles[other] &= ~BITS[(d + 2) % 4]
    return tiles


def reached(tiles: Sequence[int], start: int, width: int, height: int, wrapping: bool) -> set[int]:
    """The tiles joined to ``start`` by links."""
    seen, queue = {start}, [start]
    for tile in queue:
        for d in range(4):
            other = neighbour(tile, d, width, height, wrapping)
            if tiles[tile] & BITS[d] and other >= 0 and other not in seen:
                seen.add(other)
                queue.append(other)
    return seen


def moved(problem: Problem, design: Sequence[int], out: Link, into: Link) -> Change:
    """The change that takes ``out`` away and puts ``into`` in: the changed tiles and the board."""
    tiles = without(design, out)
    tile, d, other = into
    tiles[tile] |= BITS[d]
    tiles[other] |= BITS[(d + 2) % 4]
    given = list(problem.givens["tiles"])
    changed = sorted({out[0], out[2], tile, other})
    for index in changed:
        given[index] = turned(tiles[index], turns(given[index], design[index]))
    marks = tuple(Mark("tile", index, tiles[index]) for index in changed if tiles[index] != design[index])
    return Change(marks, Problem("signal", problem.width, problem.height, {"tiles": given}, problem.source,
                                 tuple(tiles), dict(problem.options)))
