"""The articles' full sweeps of neighbour agreement, written out once per board side.

A *sweep* visits the cells in row-major order, and each cell keeps the
orientations that its border and its neighbours' current domains support::

    kept = domain & border_allowed[i] & SUPPORT[d][domains[j]]   (for each neighbour j, direction d)

Cells later in the sweep see the new domains of earlier ones, so the number
of sweeps until one changes nothing (the ``rounds`` the articles report)
depends on this order, which is kept exactly. The fixed point itself does not.

Three callers stop their sweeps by different rules (``rule``):

* ``"solver"``, the solver's ``propagate``: stop at the first cell that
  would be left empty (it keeps its old domain); return ``(valid, rounds)``,
  the stopping sweep counted.
* ``"grader"``, the grader's ``localFix``: an emptied cell stays empty and
  empties its neighbours in turn; after each sweep that changed something,
  count it and stop if some domain is empty; return ``(rounds, valid)``.
* ``"undecided"``, the generator's hard precheck: return False as soon as
  fewer than ``needed`` cells are undecided (propagation only ever fixes
  more cells, so the fixed point would have fewer too), True at the fixed
  point otherwise. A tree board never empties a domain, so a cell that
  changes goes from undecided to fixed or stays undecided.

Each function updates ``domains`` (a list of 16-bit domains) in place.

Why written out: in a loop over cells, CPython spends most of its time on
the loop (``enumerate``, unpacking each neighbour pair, indexing the list),
not on the three or four ANDs. With each domain in a local variable and
each cell's update on one line, a sweep takes half the time
(``benchmarks/engines.py``; the 4×4 grader stage of a tree board, 6.3 µs
by the loop, 3.1 µs written out). The source is built once per board side
and compiled with ``exec``, as the standard library's ``dataclasses``
builds ``__init__``; compiling costs about 35 µs a cell, once.

Worked example: for n = 2 and the grader rule, :func:`sweep_source` gives::

    def sweeps(domains):
        d0, d1, d2, d3, = domains
        rounds = 0
        while True:
            changed = False
            kept = d0 & 6 & S1[d1] & S2[d2]
            if kept != d0:
                d0 = kept
                changed = True
            ...
            if not changed:
                break
            rounds += 1
            if not (d0 and d1 and d2 and d3):
                break
        domains[:] = d0, d1, d2, d3,
        return rounds, all(domains)

where ``S1`` is ``SUPPORT[1]`` (support from the right neighbour) and 6 is
the set of masks 1 and 2 (no pipe up or left): cell 0's border allows
only those of its masks with neither an up nor a left pipe.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gridlogic.signal.solver import Geometry

RULES = ("solver", "grader", "undecided")
_EVERY_MASK = 0xFFFF


def sweep_source(geo: Geometry, rule: str) -> str:
    """The Python source of the sweeps for ``geo``'s board under ``rule`` (see the module docstring).

    ``S0``-``S3`` name the support tables ``SUPPORT[d]`` of the four directions.
    """
    if rule not in RULES:
        raise ValueError(f"unknown sweep rule {rule!r}; the rules are {', '.join(RULES)}")
    cells = range(geo.n * geo.n)
    names = "".join(f"d{i}, " for i in cells).rstrip()
    write_back = f"domains[:] = {names}"
    if rule == "undecided":
        lines = ["def sweeps(domains, undecided, needed):", f"    {names} = domains"]
    else:
        lines = ["def sweeps(domains):", f"    {names} = domains", "    rounds = 0"]
    lines += ["    while True:", "        changed = False"]
    for i in cells:
        border = geo.border_allowed[i]
        terms = [f"d{i}"] + ([f"{border:#x}"] if border != _EVERY_MASK else [])
        terms += [f"S{d}[d{j}]" for d, j in geo.directions[i]]
        lines.append(f"        kept = {' & '.join(terms)}")
        if rule == "solver":
            lines += ["        if not kept:", f"            {write_back}", "            return False, rounds + 1"]
        lines += [f"        if kept != d{i}:", f"            d{i} = kept", "            changed = True"]
        if rule == "undecided":
            lines += ["            if not kept & (kept - 1):", "                undecided -= 1",
                      "                if undecided < needed:", "                    return False"]
    lines += ["        rounds += 1" if rule == "solver" else "", "        if not changed:", "            break"]
    if rule == "grader":
        lines += ["        rounds += 1", f"        if not ({' and '.join(f'd{i}' for i in cells)}):", "            break"]
    lines.append(f"    {write_back}")
    lines.append({"solver": "    return True, rounds", "grader": "    return rounds, all(domains)",
                  "undecided": "    return True"}[rule])
    return "\n".join(line for line in lines if line) + "\n"


@lru_cache(maxsize=48)
def compiled_sweeps(geo: Geometry, rule: str) -> Callable[..., object]:
    """The sweeps for ``geo``'s board under ``rule``, compiled once per board side and rule."""
    from gridlogic.signal.solver import SUPPORT

    namespace: dict[str, object] = {f"S{d}": table for d, table in enumerate(SUPPORT)}
    exec(compile(sweep_source(geo, rule), f"<signal sweeps n={geo.n} {rule}>", "exec"), namespace)  # noqa: S102
    return namespace["sweeps"]  # type: ignore[return-value]
