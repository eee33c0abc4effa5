"""gridlogic's modules import each other without a circle, read from the source with ``ast``.

Every import counts: at module level, inside a function (how a circle is
usually hidden) and under ``TYPE_CHECKING``. An edge goes from a module to
each gridlogic module it names (``from gridlogic.signal import tables``
names ``gridlogic.signal.tables``; ``from gridlogic.signal import solve``
names ``gridlogic.signal``); the parent packages that Python runs first are
not edges.
"""

from __future__ import annotations

import ast
from pathlib import Path

import gridlogic
from gridlogic.game.registry import GAME_MODULES

PACKAGE = Path(gridlogic.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Each gridlogic module's imports of other gridlogic modules."""
    paths = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        named = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                named.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # relative: climb from the importing module's package
                    parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(parent + ([base] if base else []))
                # ``from package import module`` names the module; the package is a parent,
                # run first, and only an edge when a name taken from it is not a module.
                for alias in node.names:
                    module = f"{base}.{alias.name}"
                    named.add(module if module in paths else base)
        graph[name] = {other for other in named if other in paths and other != name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """Some circle of imports as [a, b, ..., a], or None when the graph is a DAG (depth-first search)."""
    done: set[str] = set()
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        path.append(node)
        for other in sorted(graph[node]):
            if other in path:
                return path[path.index(other):] + [other]
            if other not in done and (cycle := visit(other)):
                return cycle
        path.pop()
        done.add(node)
        return None

    for node in sorted(graph):
        if node not in done and (cycle := visit(node)):
            return cycle
    return None


def test_find_cycle_finds_a_circle_and_accepts_a_dag():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_the_graph_sees_module_level_and_function_level_imports():
    graph = import_graph()
    assert graph["gridlogic.signal.tables"] == {"gridlogic.signal.board"}
    assert "gridlogic.signal.tables" in graph["gridlogic.signal.sweeps"]
    solver_imports = graph["gridlogic.signal.solver"]
    assert {"gridlogic.signal.search", "gridlogic.signal.sweeps", "gridlogic.signal.tables"} <= solver_imports
    assert {"gridlogic.signal.rules", "gridlogic.signal.v3"} <= graph["gridlogic.signal"]  # the package's __init__
    assert "gridlogic.web.app" in graph["gridlogic.cli.serve"]  # imported inside a function only


def test_no_module_imports_itself_through_others():
    assert find_cycle(import_graph()) is None


# The layers, lowest first: a module imports only from its own layer or those below it.
LAYERS = (
    ("shared", ("errors", "rng", "params", "frozen", "verdict", "hints", "native", "durations", "satsolver")),
    ("table", ("game",)),
    ("games", tuple(module.split(".")[1] for module in GAME_MODULES)),
    ("machinery", ("scoring", "workers", "studio", "paper", "pdf")),  # what several adapters share
    ("adapters", ("store", "batch", "web", "cli")),
)
APART = (("web", "batch"), ("batch", "web"), ("store", "web"), ("store", "batch"), ("store", "cli"),
         ("web", "cli"), ("batch", "cli"))  # adapters that never import each other


def layer_of(module: str) -> int:
    part = module.split(".")[1] if "." in module else ""
    for rank, (_, parts) in enumerate(LAYERS):
        if part in parts:
            return rank
    raise AssertionError(f"{module} is in no layer of LAYERS: add it where it belongs")


def test_no_module_imports_a_layer_above_its_own():
    graph = import_graph()
    upward = [(a, b) for a, imported in graph.items() if a != "gridlogic" for b in imported
              if b != "gridlogic" and layer_of(b) > layer_of(a)]
    assert upward == []


def test_adapters_apart_never_import_each_other():
    graph = import_graph()
    crossing = [(a, b) for a, imported in graph.items() for b in imported for low, high in APART
                if a.startswith(f"gridlogic.{low}") and b.startswith(f"gridlogic.{high}")]
    assert crossing == []
