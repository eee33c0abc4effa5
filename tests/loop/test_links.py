"""Links between edges (gridlogic.loop.links): against a brute force over every assignment of lines.

Random links among a few edges are made when they agree with a hidden assignment; then for every pair
of edges ``find`` must say they are linked exactly when every assignment that meets all the links made
so far gives them a fixed relation, and with the parity that relation has; and each root's members
are the edges under it, in the order their links were made.
"""

from __future__ import annotations

import itertools
import random

import doctests

from gridlogic.loop import links as links_module
from gridlogic.loop.links import Links


def test_the_docstring_example() -> None:
    result = doctests.testmod(links_module)
    assert result.failed == 0 and result.attempted >= 3


def test_links_agree_with_every_assignment_that_meets_them() -> None:
    draw = random.Random(7)
    for case in range(60):
        count = draw.randint(2, 7)
        hidden = [draw.randint(0, 1) for _ in range(count)]
        links, made, order = Links(count), [], {e: [e] for e in range(count)}
        for _ in range(draw.randint(0, 2 * count)):
            a, b = draw.sample(range(count), 2)
            differ = hidden[a] ^ hidden[b]
            (ra, pa), (rb, pb) = links.find(a), links.find(b)
            if ra == rb:
                assert pa ^ pb == differ
                continue
            root = links.union(ra, pa, rb, pb, differ)
            kept, gone = (ra, rb) if root == ra else (rb, ra)
            order[kept] += order.pop(gone)
            made.append((a, b, differ))
        meeting = [values for values in itertools.product((0, 1), repeat=count)
                   if all(values[a] ^ values[b] == differ for a, b, differ in made)]
        for a, b in itertools.combinations(range(count), 2):
            relations = {values[a] ^ values[b] for values in meeting}
            (ra, pa), (rb, pb) = links.find(a), links.find(b)
            assert (ra == rb) == (len(relations) == 1), (case, a, b)
            if ra == rb:
                assert relations == {pa ^ pb}
        for root, members in order.items():
            assert links.members(root) == members and links.size[root] == len(members)
            assert links.copy().members(root) == members
