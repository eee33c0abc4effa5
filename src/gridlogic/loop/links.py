"""Links between edges, as Loop's expert ladders keep them: which edges are alike and which opposite.

Two edges are *linked* when they are known to be both lines or both crosses (alike), or one a line
and the other a cross (opposite), before either is decided. :class:`Links` is a union-find with
parity over the edges: each edge has a parent, and its parity says whether it is opposite to its
parent; an edge's parity to its root is the sum (xor) of the parities on the way up. Each root also
holds its members in a ring (``next``, the root's ``last`` member and its ``size``), so that deciding
one edge can decide all those linked to it, in the order their links were made, and a copy of the
whole is three lists more.

Worked example (a test checks it): edges 0 and 1 alike, then 1 and 2 opposite; the root is 0, edge
2 is opposite to it, and the members are 0, then 1, then 2:

>>> links = Links(4)
>>> links.union(*links.find(0), *links.find(1), 0)
0
>>> links.union(*links.find(0), *links.find(2), 1)
0
>>> links.find(2), links.members(0), links.size[0]
((0, 1), [0, 1, 2], 3)
"""

from __future__ import annotations


class Links:
    """A union-find with parity over ``count`` edges, each root's members in a ring (see the module
    docstring); ``Links(count, like)`` is a copy of ``like``."""

    def __init__(self, count: int, like: Links | None = None) -> None:
        if like is None:
            self.parent, self.parity = list(range(count)), [0] * count
            self.next, self.last, self.size = list(range(count)), list(range(count)), [1] * count
        else:
            self.parent, self.parity = like.parent[:], like.parity[:]
            self.next, self.last, self.size = like.next[:], like.last[:], like.size[:]

    def copy(self) -> Links:
        return Links(0, self)

    def find(self, e: int) -> tuple[int, int]:
        """``e``'s root, and 1 when ``e`` is opposite to it (0 when alike)."""
        parity = 0
        while self.parent[e] != e:
            parity ^= self.parity[e]
            e = self.parent[e]
        return e, parity

    def union(self, ra: int, pa: int, rb: int, pb: int, differ: int) -> int:
        """Link two different roots ``ra`` and ``rb`` (``pa`` and ``pb``: the parities of the two edges
        being linked to them) so that those edges are alike (``differ`` 0) or opposite (1); the root
        kept, the one with more members (``ra`` on a tie), whose ring goes on with the other's."""
        if self.size[ra] < self.size[rb]:
            ra, rb, pa, pb = rb, ra, pb, pa
        self.parent[rb] = ra
        self.parity[rb] = pa ^ pb ^ differ
        self.next[self.last[ra]], self.next[self.last[rb]] = rb, ra
        self.last[ra] = self.last[rb]
        self.size[ra] += self.size[rb]
        return ra

    def members(self, root: int) -> list[int]:
        """The edges linked under ``root``: the root, then the others in the order their links were made."""
        found = [root]
        m = self.next[root]
        while m != root:
            found.append(m)
            m = self.next[m]
        return found
