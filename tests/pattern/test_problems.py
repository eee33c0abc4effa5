"""Nonograms as Problems: the module's worked example, and the package's layout as its docstring lists it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import doctests

from gridlogic import pattern
from gridlogic.pattern import problems

PACKAGE = Path(pattern.__file__).resolve().parent


def test_docstring_worked_example():
    result = doctests.testmod(problems)
    assert result.attempted > 0 and result.failed == 0


def pattern_modules_imported(path: Path) -> set[str]:
    """The modules and subpackages of gridlogic.pattern that the file imports (``v2`` for ``v2.puzzle``)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module == "gridlogic.pattern":
            names = [f"gridlogic.pattern.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            continue
        found |= {name.split(".")[2] for name in names if name.startswith("gridlogic.pattern.")}
    return found


def test_each_module_imports_only_modules_the_package_docstring_lists_before_it():
    listed = re.findall(r":mod:`\.(\w+)`", pattern.__doc__.split("Modules,")[1].split("The game's entry")[0])
    files = [path for path in sorted(PACKAGE.rglob("*.py")) if path != PACKAGE / "__init__.py"]
    owners = {path: path.relative_to(PACKAGE).with_suffix("").parts[0] for path in files}
    assert sorted(listed) == sorted(set(owners.values()))
    for path, owner in owners.items():
        earlier = set(listed[: listed.index(owner)])
        assert pattern_modules_imported(path) - {owner} <= earlier, f"{path.name} imports a module listed after it"
