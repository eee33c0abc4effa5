"""Which engine modules run as native code, and how to run them as pure Python instead.

The engines' hot modules (:data:`COMPILED`: deduction, search, grading and generation of the
three games, the random stream, the line solver, the general solvers' inner loops) are compiled
to C extension modules by mypyc when the package is built with a C compiler at hand (``setup.py``
reads this list). mypyc compiles the annotated Python that is here already: the same source is
the pure module and the compiled one, so both give the same puzzles (``tools/dump_puzzles.py``
proves it on thousands of them). An extension module sits beside its ``.py`` file and Python
imports it first.

With ``GRIDLOGIC_PURE=1`` in the environment when :mod:`gridlogic` is first imported, every
gridlogic module is imported from its ``.py`` source even where an extension is installed
(:class:`SourceOnlyFinder`), so one installation runs either way: the tests run the engines
both ways. Built without a compiler (or with ``GRIDLOGIC_PURE=1`` at build time), there are no
extensions and everything is pure.

:func:`summary` says which, for ``gridlogic --version``::

    >>> summary(["gridlogic.rng"], ["gridlogic.rng"], pure_asked=False)
    'compiled: 1 of 1 engine modules native (mypyc)'
    >>> summary([], COMPILED, pure_asked=True)
    'pure Python: GRIDLOGIC_PURE=1'
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path

PURE_VARIABLE = "GRIDLOGIC_PURE"

COMPILED = (
    "gridlogic.rng",
    "gridlogic.verdict",
    "gridlogic.frozen",
    "gridlogic.signal.board",
    "gridlogic.signal.tables",
    "gridlogic.signal.sweeps",
    "gridlogic.signal.search",
    "gridlogic.signal.solver",
    "gridlogic.signal.difficulty",
    "gridlogic.signal.v3.generator",
    "gridlogic.signal.v4.deduction",
    "gridlogic.signal.v4.grading",
    "gridlogic.signal.v4.generator",
    "gridlogic.pattern.automaton",
    "gridlogic.pattern.lines",
    "gridlogic.pattern.linesolver",
    "gridlogic.pattern.propagation",
    "gridlogic.pattern.solver",
    "gridlogic.pattern.grading",
    "gridlogic.pattern.symmetry",
    "gridlogic.pattern.v1.generator",
    "gridlogic.pattern.v2.generator",
    "gridlogic.loop.board",
    "gridlogic.loop.engine",
    "gridlogic.loop.colouring",
    "gridlogic.loop.solver",
    "gridlogic.loop.difficulty",
    "gridlogic.loop.v1.generator",
    "gridlogic.loop.v2.levels",
    "gridlogic.loop.v2.region",
    "gridlogic.loop.v2.removal",
    "gridlogic.loop.v2.generator",
    "gridlogic.loop.links",
    "gridlogic.loop.v3.ladder",
    "gridlogic.loop.v3.levels",
    "gridlogic.loop.v3.generator",
    "gridlogic.loop.v3.hints",
    "gridlogic.loop.clue_removal",
    "gridlogic.loop.v4.ladder",
    "gridlogic.loop.v4.region",
    "gridlogic.loop.v4.hints",
)


class SourceOnlyFinder:
    """Finds gridlogic's modules as their ``.py`` source, passing over an extension module beside it."""

    @classmethod
    def find_spec(cls, name: str, path: Sequence[str] | None = None, target: object = None) -> ModuleSpec | None:
        if not name.startswith("gridlogic.") or path is None:
            return None
        loaders = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, loaders).find_spec(name)
            if spec is not None:
                return spec
        return None


def pure_asked() -> bool:
    """True when the environment asks for the pure modules (``GRIDLOGIC_PURE=1``)."""
    return os.environ.get(PURE_VARIABLE, "") == "1"


def use_pure_modules() -> None:
    """Import every gridlogic module not yet imported from its source (see the module docstring)."""
    if SourceOnlyFinder not in sys.meta_path:
        sys.meta_path.insert(0, SourceOnlyFinder)


def native_modules() -> list[str]:
    """The modules of :data:`COMPILED` that are (or will be) imported as extension modules."""
    return [name for name in COMPILED if runs_native(name)]


def runs_native(name: str) -> bool:
    """True when the module ``name`` is (or will be) imported as an extension module."""
    module = sys.modules.get(name)
    origin = getattr(module, "__file__", None) if module else _origin(name)
    return bool(origin and origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)))


def _origin(name: str) -> str | None:
    spec = importlib.util.find_spec(name)
    return spec.origin if spec else None


PACKAGE_DIR = Path(__file__).resolve().parent


def stale_modules(package_dir: Path = PACKAGE_DIR) -> list[str]:
    """The modules of :data:`COMPILED` whose extension beside the source is older than the source: an
    edit since the last build, which the extension (imported first) would hide until a rebuild."""
    stale = []
    for name in COMPILED:
        source = package_dir.joinpath(*name.split(".")[1:]).with_suffix(".py")
        built = [source.with_suffix(suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES]
        if any(b.exists() and b.stat().st_mtime < source.stat().st_mtime for b in built):
            stale.append(name)
    return stale


def summary(native: Sequence[str], compiled: Sequence[str] = COMPILED, *, pure_asked: bool) -> str:
    """One line: how the engines run (see the module docstring's examples)."""
    if pure_asked:
        return f"pure Python: {PURE_VARIABLE}=1"
    if not native:
        return "pure Python: no compiled modules installed (built without a C compiler, or with GRIDLOGIC_PURE=1)"
    text = f"compiled: {len(native)} of {len(compiled)} engine modules native (mypyc)"
    missing = [name for name in compiled if name not in native]
    return text + (f"; pure: {', '.join(missing)}" if missing else "")
