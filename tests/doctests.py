"""Run a module's docstring examples against the module as imported, compiled or pure.

A module compiled by mypyc keeps no module docstring, and ``doctest`` does not look into its
compiled functions, so ``doctest.testmod`` would find no example there and pass without running
one. :func:`testmod` reads the docstrings from the module's ``.py`` source instead (it sits beside
the extension) and runs each example in the namespace of the module as imported: the examples then
test the compiled code. On a pure module it runs the same examples ``doctest.testmod`` would.
"""

from __future__ import annotations

import ast
import doctest
from pathlib import Path
from types import ModuleType


def source_of(module: ModuleType) -> Path:
    origin = Path(module.__file__ or "")
    return origin.with_name(origin.name.split(".", 1)[0] + ".py")


def module_docstring(module: ModuleType) -> str:
    """The module's docstring as its source has it (a compiled module keeps none)."""
    return ast.get_docstring(ast.parse(source_of(module).read_text(encoding="utf-8")), clean=False) or ""


def docstrings(tree: ast.Module, prefix: str) -> list[tuple[str, str, int]]:
    """(name, docstring, line) of the module, and of every class, function and method in it."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            text = ast.get_docstring(node, clean=False)
            if text:
                name = prefix if isinstance(node, ast.Module) else f"{prefix}.{node.name}"
                found.append((name, text, getattr(node, "lineno", 1)))
    return found


def testmod(module: ModuleType, optionflags: int = 0, verbose: bool = False) -> doctest.TestResults:
    """Like ``doctest.testmod(module)``, with the examples read from the source (see the module docstring)."""
    path = source_of(module)
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=optionflags, verbose=verbose)
    for name, text, line in docstrings(ast.parse(path.read_text(encoding="utf-8")), module.__name__):
        test = parser.get_doctest(text, dict(vars(module)), name, str(path), line)
        if test.examples:
            runner.run(test)
    return runner.summarize(verbose=False)
