"""The articles' full sweeps of neighbour agreement, written out once per board side.

A *sweep* visits the cells in row-major order, and each cell keeps the
orientations that its border and its neighbours' current domains support::

    kept = domain & border_allowed[i] & SUPPORT[d][domains[j]]   (for each neighbour j, direction d)

Cells later in the sweep see the new domains of earlier ones, so the number
of sweeps until one changes nothing (the ``rounds`` the articles report)
depends on this order, which is kept exactly. The fixed point itself does not.

Three callers stop their sweeps by different rules (``rule``):

* ``"solver"``, the solver's ``propagate``, ``sweeps(domains) -> (valid,
  rounds)``: stop at the first cell that would be left empty (it keeps its
  old domain), the stopping sweep counted.
* ``"grader"``, the grader's ``localFix``, ``sweeps(domains) -> (rounds,
  valid)``: an emptied cell stays empty and empties its neighbours in turn;
  after each sweep that changed something, count it and stop if some
  domain is empty.
* ``"undecided"``, the generator's hard precheck, ``sweeps(board, needed)
  -> domains or None``: start from the board's border domains (stage 1) and
  give up (None) as soon as fewer than ``needed`` cells are undecided
  (propagation only ever fixes more cells, so the fixed point would have
  fewer too); else return the fixed point. On a tree board no domain
  empties, so a cell that changes is either newly fixed or still undecided.

The first two update ``domains`` (a list of 16-bit domains) in place.

Why written out: in a loop over cells, CPython spends most of its time on
the loop (``enumerate``, unpacking each neighbour pair, indexing the list),
not on the three or four ANDs. With each domain in a local variable and
each cell's update on one line, a sweep takes half the time (the grader's
stage 2 of 4×4 tree boards: 6.3 µs by the loop, 3.1 µs written out). The
source is built once per board side and rule and compiled with ``exec``,
as the standard library's ``dataclasses`` builds ``__init__``. Beyond
:data:`WRITE_OUT_LIMIT` cells (32×32) compiling would cost seconds and
hundreds of megabytes, so those boards get the same sweeps as a plain loop
(:func:`looped_sweeps`); tests pin both forms to the articles' code.

Whether it is worth its weight, end to end (``.venv/bin/python
benchmarks/signal_sweeps.py --seeds 100 --rounds 7``: the two forms taking
turns on a shared 2-core machine, the loop forced everywhere, median CPU
time): ``signal.generate`` over n = 4, 5, 6 × any/easy/medium/hard, 100
seeds each, takes 12.5% less time compiled (26.7 ms against 30.5 ms for one
request of each of the 12 workloads; 16.6% in a second run; every workload
between 6% and 29%), and ``signal.solve`` of shuffled trees 26-28% less at
8×8 to 16×16 (3% at 24×24, where the search dominates). Building the three
rules' sweeps costs 2.6 ms once at 4×4, 5.8 ms at 6×6 and 45 ms at 16×16
(the loop: 0.01 ms), so a process that answers a single small request
pays more than it saves; a generator run or a server answering many pays
it once.

Worked example: for n = 2 and the grader rule, :func:`sweep_source` gives::

    def sweeps(domains):
        d0, d1, d2, d3, = domains
        rounds = 0
        while True:
            changed = False
            kept = d0 & 0x55 & S1[d1] & S2[d2]
            if kept != d0:
                d0 = kept
                changed = True
            kept = d1 & 0x1111 & S2[d3] & S3[d0]
            ...
            if not changed:
                break
            rounds += 1
            if not (d0 and d1 and d2 and d3):
                break
        domains[:] = d0, d1, d2, d3,
        return rounds, all(domains)

``S1`` is ``SUPPORT[1]``, the support from the right neighbour, and 0x55
is the set of masks 0, 2, 4 and 6, those with no pipe up or left: all that
the top-left corner's border allows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, Final, final

from gridlogic.native import runs_native
from gridlogic.signal.tables import IS_OPEN, SUPPORT, Geometry

RULES = ("solver", "grader", "undecided")
_EVERY_MASK = 0xFFFF


def sweep_source(geo: Geometry, rule: str) -> str:
    """The Python source of the sweeps for ``geo``'s board under ``rule`` (see the module docstring).

    ``S0``-``S3`` name the support tables ``SUPPORT[d]`` of the four
    directions, ``B{i}`` cell i's ``border_domains`` and ``OPEN`` the table
    ``IS_OPEN``.
    """
    if rule not in RULES:
        raise ValueError(f"unknown sweep rule {rule!r}; the rules are {', '.join(RULES)}")
    cells = range(geo.cells)
    names = "".join(f"d{i}, " for i in cells).rstrip()
    if rule == "undecided":
        lines = ["def sweeps(board, needed):", "    " + "".join(f"b{i}, " for i in cells).rstrip() + " = board"]
        lines += [f"    d{i} = B{i}[b{i}]" for i in cells]
        lines += [f"    undecided = sum(({''.join(f'OPEN[d{i}], ' for i in cells).rstrip()}))",
                  "    if undecided < needed:", "        return None"]
    else:
        lines = ["def sweeps(domains):", f"    {names} = domains", "    rounds = 0"]
    if rule == "solver":
        lines += ["    valid = True", "    while True:", "        changed = False", "        rounds += 1"]
    else:
        lines += ["    while True:", "        changed = False"]
    for i in cells:
        border = geo.border_allowed[i]
        terms = [f"d{i}"] + ([f"{border:#x}"] if border != _EVERY_MASK else [])
        terms += [f"S{d}[d{j}]" for d, j in geo.directions[i]]
        lines.append(f"        kept = {' & '.join(terms)}")
        if rule == "solver":
            lines += ["        if not kept:", "            valid = False", "            break"]
        lines += [f"        if kept != d{i}:", f"            d{i} = kept", "            changed = True"]
        if rule == "undecided":
            lines += ["            if not kept & (kept - 1):", "                undecided -= 1",
                      "                if undecided < needed:", "                    return None"]
    lines += ["        if not changed:", "            break"]
    if rule == "grader":
        none_empty = " and ".join(f"d{i}" for i in cells)
        lines += ["        rounds += 1", f"        if not ({none_empty}):", "            break"]
    if rule == "undecided":
        lines.append(f"    return [{names}]")
    else:
        lines.append(f"    domains[:] = {names}")
        lines.append("    return valid, rounds" if rule == "solver" else "    return rounds, all(domains)")
    return "\n".join(lines) + "\n"


WRITE_OUT_LIMIT = 1024  # cells; larger boards use the loop (compiling grows to seconds and ~1 GB at 200×200)


@lru_cache(maxsize=48)
def compiled_sweeps(geo: Geometry, rule: str) -> Callable[..., Any]:
    """The sweeps for ``geo``'s board under ``rule``, compiled once per board shape and rule.

    Boards of more than :data:`WRITE_OUT_LIMIT` cells get :func:`looped_sweeps`
    instead: same results, and no compiling time or memory that grows with the board.
    So does every board when this module is compiled to native code: there the loop
    runs at native speed, while the written-out source would be interpreted.
    """
    if geo.cells > WRITE_OUT_LIMIT or runs_native(__name__):
        return looped_sweeps(geo, rule)
    namespace: dict[str, object] = {f"S{d}": table for d, table in enumerate(SUPPORT)}
    namespace |= {f"B{i}": domains for i, domains in enumerate(geo.border_domains)}
    namespace["OPEN"] = IS_OPEN
    file_name = f"<signal sweeps {geo.width}x{geo.height}{'w' if geo.wrapping else ''} {rule}>"
    exec(compile(sweep_source(geo, rule), file_name, "exec"), namespace)  # noqa: S102
    return namespace["sweeps"]  # type: ignore[return-value]


def looped_sweeps(geo: Geometry, rule: str) -> LoopedSweeps:
    """The sweeps under ``rule`` as a plain loop over the cells: for boards too big to write out."""
    if rule not in RULES:
        raise ValueError(f"unknown sweep rule {rule!r}; the rules are {', '.join(RULES)}")
    return LoopedSweeps(geo, RULES.index(rule))


_SOLVER: Final = 0
_GRADER: Final = 1
_UNDECIDED: Final = 2
_CHANGED: Final = 1  # flags of LoopedSweeps.sweep's answer; the undecided count is above them
_STOPPED: Final = 2


@final
class LoopedSweeps:
    """The sweeps of one board shape and rule as a loop: ``looped_sweeps(geo, rule)(...)`` as the
    written-out ``sweeps``. Each cell's neighbour in each direction is in a flat list (-1 for none)."""

    def __init__(self, geo: Geometry, rule: int) -> None:
        self.rule = rule
        self.cells = geo.cells
        self.border: list[int] = list(geo.border_allowed)
        self.border_domains: list[tuple[int, ...]] = list(geo.border_domains)
        self.up: list[int] = [-1] * geo.cells
        self.right: list[int] = [-1] * geo.cells
        self.down: list[int] = [-1] * geo.cells
        self.left: list[int] = [-1] * geo.cells
        by_direction = (self.up, self.right, self.down, self.left)
        for i in range(geo.cells):
            for d, j in geo.directions[i]:
                by_direction[d][i] = j

    def __repr__(self) -> str:
        return f"<looped_sweeps {RULES[self.rule]} of {self.cells} cells>"

    def sweep(self, domains: list[int], stale: list[bool], undecided: int, needed: int) -> int:
        """One sweep in place: the ``_CHANGED`` and ``_STOPPED`` flags, and above them ``undecided``
        as the sweep leaves it (the "undecided" rule counts it down).

        A cell is worked out only when ``stale``: when it or a neighbour changed
        since it was last worked out (all are at first). Any other would keep
        its domain, so the sweep's domains and figures are those of a full one.
        """
        rule = self.rule
        border, up, right, down, left = self.border, self.up, self.right, self.down, self.left
        s0: list[int] = SUPPORT[0]
        s1: list[int] = SUPPORT[1]
        s2: list[int] = SUPPORT[2]
        s3: list[int] = SUPPORT[3]
        changed = 0
        for i in range(self.cells):
            if not stale[i]:
                continue
            stale[i] = False
            domain = domains[i]
            kept = domain & border[i]
            j = up[i]
            if j >= 0:
                kept &= s0[domains[j]]
            j = right[i]
            if j >= 0:
                kept &= s1[domains[j]]
            j = down[i]
            if j >= 0:
                kept &= s2[domains[j]]
            j = left[i]
            if j >= 0:
                kept &= s3[domains[j]]
            if rule == _SOLVER and not kept:
                return changed | _STOPPED
            if kept != domain:
                domains[i] = kept
                changed = _CHANGED
                j = up[i]
                if j >= 0:
                    stale[j] = True
                j = right[i]
                if j >= 0:
                    stale[j] = True
                j = down[i]
                if j >= 0:
                    stale[j] = True
                j = left[i]
                if j >= 0:
                    stale[j] = True
                if rule == _UNDECIDED and not kept & (kept - 1):
                    undecided -= 1
                    if undecided < needed:
                        return undecided << 2 | changed | _STOPPED
        return undecided << 2 | changed

    def __call__(self, domains: Sequence[int], needed: int = 0) -> object:
        if self.rule == _UNDECIDED:
            return self.undecided(domains, needed)
        if not isinstance(domains, list):
            raise TypeError("the solver's and grader's sweeps change a list of domains in place")
        return self.solver(domains) if self.rule == _SOLVER else self.grader(domains)

    def solver(self, domains: list[int]) -> tuple[bool, int]:
        rounds = 0
        stale = [True] * self.cells
        while True:
            rounds += 1
            flags = self.sweep(domains, stale, 0, 0)
            if flags & _STOPPED:
                return False, rounds
            if not flags & _CHANGED:
                return True, rounds

    def grader(self, domains: list[int]) -> tuple[int, bool]:
        rounds = 0
        stale = [True] * self.cells
        while self.sweep(domains, stale, 0, 0) & _CHANGED:
            rounds += 1
            if not all(domains):
                break
        return rounds, all(domains)

    def undecided(self, board: Sequence[int], needed: int) -> list[int] | None:
        border_domains = self.border_domains
        domains = [border_domains[i][board[i]] for i in range(self.cells)]
        count = 0
        for domain in domains:
            if domain & (domain - 1):
                count += 1
        if count < needed:
            return None
        stale = [True] * self.cells
        while True:
            flags = self.sweep(domains, stale, count, needed)
            if flags & _STOPPED:
                return None
            if not flags & _CHANGED:
                return domains
            count = flags >> 2
