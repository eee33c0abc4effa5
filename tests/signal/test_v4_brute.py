"""Version 4 against an independent brute force on 3×3, 3×4 and 4×3 boards, wrapping and not."""

from __future__ import annotations

import random

import pytest

from gridlogic.game import PuzzleSpec
from gridlogic.signal.search import make_arc_consistent
from gridlogic.signal.tables import board_geometry
from gridlogic.signal.v4.deduction import deduce, solve_board, tile_orders
from gridlogic.signal.v4.generator import make, refusal

from . import brute

SHAPES = [(3, 3), (3, 4), (4, 3)]


def _random_tree(width: int, height: int, wrapping: bool, rand: random.Random) -> list[int]:
    """A random spanning tree by a random walk (Aldous-Broder), with no engine code."""
    cells = width * height
    board = [0] * cells
    here = rand.randrange(cells)
    seen = {here}
    while len(seen) < cells:
        r, c = divmod(here, width)
        moves = []
        for d, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
            rr, cc = r + dr, c + dc
            if wrapping:
                moves.append((d, (rr % height) * width + cc % width))
            elif 0 <= rr < height and 0 <= cc < width:
                moves.append((d, rr * width + cc))
        d, there = rand.choice(moves)
        if there not in seen:
            seen.add(there)
            board[here] |= 1 << d
            board[there] |= 1 << (d + 2) % 4
        here = there
    return board


@pytest.mark.parametrize("width, height", SHAPES)
@pytest.mark.parametrize("wrapping", [False, True])
def test_every_generated_puzzle_has_exactly_its_answer(width, height, wrapping):
    for difficulty in ("any", "easy", "medium", "hard"):
        if refusal(width, height, difficulty, wrapping):
            continue
        for k in range(6):
            spec = PuzzleSpec("signal", 4, width, height, difficulty, f"brute-{k}", (("wrapping", wrapping),))
            puzzle = make(spec)
            assert brute.solutions(list(puzzle.shuffled), width, height, wrapping) == [puzzle.answer]


@pytest.mark.parametrize("width, height", SHAPES)
@pytest.mark.parametrize("wrapping", [False, True])
def test_the_search_counts_what_the_brute_force_finds(width, height, wrapping):
    rand = random.Random(f"{width}x{height}{wrapping}")
    geo = board_geometry(width, height, wrapping)
    statuses = set()
    for _ in range(60):
        tiles = _random_tree(width, height, wrapping, rand)
        if rand.random() < 0.3:  # a board that is no tree at all, now and then
            tiles[rand.randrange(len(tiles))] = rand.randrange(16)
        tiles = [rand.choice(brute.rotations(m)) for m in tiles]
        every = brute.solutions(tiles, width, height, wrapping)
        count = solve_board(tiles, geo, 100000)
        assert not count.truncated
        assert len(count.solutions) == min(len(every), 2)
        assert set(count.solutions) <= set(every)
        statuses.add(min(len(every), 2))
        # Deduction keeps every orientation some solution uses.
        domains = [geo.border_domains[i][m] for i, m in enumerate(tiles)]
        if make_arc_consistent(domains, geo, set(range(geo.cells))):
            valid, _ = deduce(domains, geo, tile_orders(tiles))
            assert valid or not every
            for solution in every:
                assert all(d >> m & 1 for d, m in zip(domains, solution))
    # The boards drawn had no solution and one solution, and on a wrapping board several.
    assert statuses == {0, 1, 2} if wrapping else {0, 1} <= statuses
