"""Version 4's global rule, groups and search (the brute-force comparison is in test_v4_brute.py)."""

from __future__ import annotations

import random

import doctests

from gridlogic.rng import rng
from gridlogic.signal.board import VARIANTS
from gridlogic.signal.tables import OPPOSITE, VARIANT_DOMAINS, WITH, WITHOUT, board_geometry
from gridlogic.signal.v4 import deduction
from gridlogic.signal.v4.deduction import (
    RoundMemo,
    first_look_away_from_crosses,
    global_round,
    groups_of,
    orientation_survives,
    remembered_round,
    solve_board,
    surviving_orientations,
    tile_orders,
)
from gridlogic.signal.v4.generator import spanning_tree, swap


def test_the_docstring_example_runs():
    failures, tried = doctests.testmod(deduction, verbose=False)
    assert tried and not failures


def test_the_worked_example_tile_by_tile():
    geo = board_geometry(3, 3, True)
    domains = [VARIANT_DOMAINS[m] for m in [4, 1, 4, 9, 4, 7, 2, 15, 9]]
    # Tile 0 points at an end above (across the top edge), right and left (across the left edge).
    assert [m for m in (1, 2, 4, 8) if orientation_survives(domains, 0, m, geo)] == [4]
    # Tile 4, an end above the cross (tile 7), must point at it: a cross has a pipe on every side.
    assert [m for m in (1, 2, 4, 8) if orientation_survives(domains, 4, m, geo)] == [4]


def test_groups_refuse_loops_and_groups_closed_off():
    geo = board_geometry(3, 3, False)
    square = [6, 12, 0, 3, 9, 0, 0, 0, 0]  # four elbows closing a loop in the corner
    assert groups_of([1 << m for m in square], geo) is None
    pair = [2, 8, 4, 0, 0, 1, 0, 0, 0]  # tiles 0 and 1 face each other and nothing else
    assert groups_of([1 << m for m in pair], geo) is None
    tree = [6, 10, 12, 7, 8, 5, 3, 8, 1]
    groups = groups_of([1 << m for m in tree], geo)
    assert groups is not None and groups.size[groups.root[0]] == 9 and not any(groups.open_ends)


def test_a_search_out_of_budget_proves_nothing():
    geo = board_geometry(4, 4, True)
    count = solve_board([1, 5, 5, 1, 3, 15, 15, 3, 3, 15, 15, 3, 1, 5, 5, 1], geo, 0)
    assert count.truncated and count.solutions == ()


def _hypothesis(domains, i, mask, geo):
    """The domains with tile ``i`` fixed to ``mask`` and each neighbour keeping what agrees with it."""
    after = list(domains)
    after[i] = 1 << mask
    for d, j in geo.directions[i]:
        after[j] &= WITH[OPPOSITE[d]] if mask >> d & 1 else WITHOUT[OPPOSITE[d]]
    return after


def test_the_global_rule_drops_exactly_what_closes_a_loop_or_a_group_when_tried():
    """The rule by its definition: a turn survives when, fixed with its neighbours agreeing, no
    neighbour is left empty and the groups of the whole board have no loop and no group closed off."""
    rand = random.Random("global-rule")
    tried = set()
    for width, height, wrapping in [(4, 4, False), (5, 4, True), (4, 6, True), (6, 5, False)]:
        geo = board_geometry(width, height, wrapping)
        for _ in range(60):
            board = spanning_tree(geo, rng(f"oracle-{rand.random()}"), starved=False)
            domains = [geo.border_domains[i][m] if rand.random() < 0.8 else 1 << m for i, m in enumerate(board)]
            groups = groups_of(domains, geo)
            if groups is None:
                continue
            for i, domain in enumerate(domains):
                order = VARIANTS[board[i]]
                kept = surviving_orientations(domains, i, order, geo, groups)
                for mask in order:
                    if domain >> mask & 1:
                        after = _hypothesis(domains, i, mask, geo)
                        survives = all(after) and groups_of(after, geo) is not None
                        assert bool(kept >> mask & 1) == survives, (board, domains, i, mask)
                        tried.add(survives)
    assert tried == {True, False}


def test_a_remembered_round_is_the_whole_round():
    """Boards one link swap apart, as the generator grades them: the round that tries again only the
    tiles near a difference narrows exactly as the round that tries every tile."""
    for width, height in [(5, 5), (4, 6), (7, 4)]:
        geo = board_geometry(width, height, True)
        memo = RoundMemo()
        random_stream = rng(f"remembered-{width}x{height}")
        board = spanning_tree(geo, random_stream, starved=False)
        narrowed = set()
        for step in range(40):
            if step % 10 == 9:
                board = spanning_tree(geo, random_stream, starved=True)  # a fresh tree: a difference everywhere
            else:
                board = swap(board, geo, range(geo.cells), random_stream)
            whole = [geo.border_domains[i][m] for i, m in enumerate(board)]
            remembered = list(whole)
            assert remembered_round(remembered, geo, tile_orders(board), memo) == global_round(
                whole, geo, tile_orders(board))
            assert remembered == whole
            narrowed.add(whole != [geo.border_domains[i][m] for i, m in enumerate(board)])
        assert narrowed == {True}


def test_the_first_look_away_from_crosses_is_the_rule_worked_out_in_full():
    """Every tile the shortcut answers, on trees and on boards of random tiles (not trees), keeps what
    the rule keeps; it answers for no tile within two links of a cross, and for none on a 4-wide board."""
    rand = random.Random("first-look")
    answered = dropped = 0
    for width, height in [(5, 5), (6, 5), (5, 8), (9, 7), (4, 6), (6, 3)]:
        geo = board_geometry(width, height, True)
        for k in range(40):
            if k % 2:
                board = spanning_tree(geo, rng(f"first-look-{width}x{height}-{k}"), starved=k % 4 == 1)
            else:
                board = [rand.randrange(1, 16) for _ in range(geo.cells)]
            domains = [geo.border_domains[i][m] for i, m in enumerate(board)]
            known = first_look_away_from_crosses(board, geo)
            groups = groups_of(domains, geo)
            for i, kept in enumerate(known):
                near = {i, *geo.neighbours[i], *(x for j in geo.neighbours[i] for x in geo.neighbours[j])}
                crossed = any(board[x] == 15 for x in near)
                if min(width, height) < 5 or crossed:
                    assert kept == -1
                    continue
                assert groups is not None
                assert kept == surviving_orientations(domains, i, VARIANTS[board[i]], geo, groups), (board, i)
                answered += 1
                dropped += kept != domains[i]
    assert answered > 1000 and dropped > 100


def test_a_first_look_with_the_turns_known_is_the_round_worked_out_in_full():
    """Trees with crosses and without (where every tile is known and no groups are found), alone and one
    swap after another through a remembered round: the same tiles narrowed to the same turns."""
    for width, height in [(5, 5), (8, 6), (10, 10)]:
        geo = board_geometry(width, height, True)
        memo = RoundMemo()
        random_stream = rng(f"known-{width}x{height}")
        board = spanning_tree(geo, random_stream, starved=True)
        crossless = 0
        for step in range(30):
            board = swap(board, geo, range(geo.cells), random_stream) if step % 3 else spanning_tree(
                geo, random_stream, starved=step % 2 == 0)
            crossless += 15 not in board
            fresh = [geo.border_domains[i][m] for i, m in enumerate(board)]
            whole, known_alone, remembered = list(fresh), list(fresh), list(fresh)
            known = first_look_away_from_crosses(board, geo)
            expected = global_round(whole, geo, tile_orders(board))
            assert global_round(known_alone, geo, tile_orders(board), None, None, known) == expected
            assert remembered_round(remembered, geo, tile_orders(board), memo, known) == expected
            assert known_alone == remembered == whole
        assert 0 < crossless < 30
