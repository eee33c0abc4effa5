"""Builds gridlogic's engine modules to native code with mypyc, or leaves them pure.

The modules are those ``src/gridlogic/native.py`` lists in ``COMPILED`` (read here as text, so
that the build imports nothing of the package). They are compiled in one group per game (and one
for the shared modules), the groups in parallel. Without a C compiler, or with ``GRIDLOGIC_PURE=1``
in the environment, the package is built pure: the same modules run interpreted, with the same
results.
"""

from __future__ import annotations

import ast
import os
import shlex
import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import setup

SOURCE = Path(__file__).resolve().parent / "src"


def compiled_modules() -> list[str]:
    tree = ast.parse((SOURCE / "gridlogic" / "native.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "COMPILED" for t in node.targets):
            return list(ast.literal_eval(node.value))
    raise SystemExit("setup.py: src/gridlogic/native.py has no COMPILED list")


def why_pure() -> str | None:
    """Why the build stays pure, or None when it compiles."""
    if os.environ.get("GRIDLOGIC_PURE", "") == "1":
        return "GRIDLOGIC_PURE=1"
    compiler = shlex.split(sysconfig.get_config_var("CC") or "cc")[0]
    if shutil.which(os.environ.get("CC", compiler).split()[0]) is None:
        return f"no C compiler ({compiler}) on the PATH"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python headers (Python.h)"
    return None


def groups(modules: list[str]) -> list[tuple[list[str], str]]:
    """The modules' source paths, one group per game and one for the rest."""
    by_group: dict[str, list[str]] = {}
    for name in modules:
        parts = name.split(".")
        group = parts[1] if len(parts) > 2 else "common"
        by_group.setdefault(f"gridlogic_{group}", []).append(f"src/{'/'.join(parts)}.py")
    return [(paths, name) for name, paths in by_group.items()]


def extensions() -> list:
    reason = why_pure()
    if reason is not None:
        print(f"gridlogic: building pure Python ({reason})", file=sys.stderr)
        return []
    from mypyc.build import mypycify

    chosen = groups(compiled_modules())
    # opt_level 1 runs the engines as fast as 3 (five generator rows, 15 seeds each: medians within the noise)
    # and builds from clean in 49 s instead of 79 s; 0 builds in 21 s but runs 2-6 times slower.
    return mypycify([path for paths, _ in chosen for path in paths], opt_level="1", separate=chosen)


setup(ext_modules=extensions(), options={"build_ext": {"parallel": os.cpu_count() or 1}})
