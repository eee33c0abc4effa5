"""The puzzle studio on Signal: every fix (one link moved) proven unique, checked by a brute force
that shares no code with gridlogic."""

from __future__ import annotations

import json
import random

import pytest

from gridlogic import GAMES
from gridlogic.studio import analyse, fixes

SIGNAL = GAMES["signal"]
UP, RIGHT, DOWN, LEFT = 1, 2, 4, 8


def turn(mask):
    return ((mask << 1) & 15) | (mask >> 3)


def orientations(mask):
    found = []
    for _ in range(4):
        if mask not in found:
            found.append(mask)
        mask = turn(mask)
    return found


def brute_trees(tiles, width, height, cap=2):
    """Up to ``cap`` ways to turn the tiles of a board with a border into one tree: tile by tile in
    reading order, each orientation agreeing with the tiles above and to the left and with the border."""
    count = width * height
    found, board = [], [0] * count

    def fits(i, mask):
        r, c = divmod(i, width)
        if (r == 0 and mask & UP) or (c == 0 and mask & LEFT):
            return False
        if (r == height - 1 and mask & DOWN) or (c == width - 1 and mask & RIGHT):
            return False
        if r > 0 and bool(mask & UP) != bool(board[i - width] & DOWN):
            return False
        return not (c > 0 and bool(mask & LEFT) != bool(board[i - 1] & RIGHT))

    def is_tree():
        links = sum(mask.bit_count() for mask in board) // 2
        seen, stack = {0}, [0]
        while stack:
            i = stack.pop()
            for bit, j in ((UP, i - width), (RIGHT, i + 1), (DOWN, i + width), (LEFT, i - 1)):
                if board[i] & bit and j not in seen:
                    seen.add(j)
                    stack.append(j)
        return links == count - 1 and len(seen) == count

    def place(i):
        if len(found) >= cap:
            return
        if i == count:
            if is_tree():
                found.append(tuple(board))
            return
        for mask in orientations(tiles[i]):
            if fits(i, mask):
                board[i] = mask
                place(i + 1)
        board[i] = 0

    place(0)
    return found


def random_tree(chooser, width, height):
    """A random spanning tree of the grid (the grid's links in random order, each kept when it joins
    two parts not yet joined) as tile masks."""
    tiles = [0] * (width * height)
    part = list(range(width * height))

    def root(i):
        while part[i] != i:
            i = part[i]
        return i

    links = [(i, i + 1, RIGHT, LEFT) for i in range(width * height) if i % width < width - 1]
    links += [(i, i + width, DOWN, UP) for i in range(width * (height - 1))]
    chooser.shuffle(links)
    for a, b, bit, back in links:
        if root(a) != root(b):
            part[root(a)] = root(b)
            tiles[a] |= bit
            tiles[b] |= back
    return tiles


def test_the_module_docstrings_example():
    tiles = [2, 12, 4, 6, 15, 9, 1, 3, 8]
    assert len(brute_trees(tiles, 3, 3)) == 2
    found = fixes(SIGNAL, SIGNAL.read(json.dumps(tiles)))
    assert found.verdict == "several" and found.fixes
    for fix in found.fixes:
        assert len(brute_trees(SIGNAL.read(fix.text).givens["tiles"], 3, 3)) == 1
        assert analyse(SIGNAL, SIGNAL.read(fix.text)).verdict == "unique"


@pytest.mark.parametrize("width, height", [(3, 3), (4, 3), (4, 4), (5, 4)])
def test_every_fix_of_random_ambiguous_networks_has_one_tree_by_brute_force(width, height):
    chooser = random.Random(f"signal studio {width}x{height}")
    ambiguous = offered = 0
    for _ in range(3000):  # a random tree with a border is rarely ambiguous: about one in a hundred
        if ambiguous == 6:
            break
        tree = random_tree(chooser, width, height)
        tiles = [chooser.choice(orientations(mask)) for mask in tree]
        if len(brute_trees(tiles, width, height)) < 2:
            continue
        ambiguous += 1
        problem = SIGNAL.imports.read(f"{width}x{height}:" + "".join(f"{mask:x}" for mask in tiles))
        found = fixes(SIGNAL, problem)
        assert found.verdict == "several"
        for fix in found.fixes:
            offered += 1
            fixed = SIGNAL.read(fix.text)
            (solution,) = brute_trees(fixed.givens["tiles"], width, height)
            changed = {mark.index: mark.value for mark in fix.changes}
            assert {mark.kind for mark in fix.changes} == {"tile"}
            assert all(solution[i] == value for i, value in changed.items())
            # the other tiles are the maker's, as given
            assert all(fixed.givens["tiles"][i] == tiles[i] for i in range(len(tiles)) if i not in changed)
            # one link fewer and one more: two to four tiles change, and the pipes still number a tree's
            assert 2 <= len(changed) <= 4
    assert ambiguous >= 3 and offered >= ambiguous
