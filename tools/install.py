"""Installs gridlogic into the virtual environment, saying what it does while mypyc compiles.

``make`` runs it as ``.venv/bin/python tools/install.py web`` (or ``dev``): it names the engine
modules the build compiles (``COMPILED`` in ``src/gridlogic/native.py``, read as text), runs
``pip install -e .[EXTRA]`` quietly, prints how long it has been going every 30 seconds, and its
own time at the end. For example::

    gridlogic: installing with the web extra; compiling 40 engine modules to native code with mypyc
      (gridlogic.signal.board, ...): about a minute the first time, nothing again until a source changes
    gridlogic: still installing, 0:30 so far
    gridlogic: installed in 3:12
"""

from __future__ import annotations

import ast
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REPORT_SECONDS = 30


def compiled_modules() -> list[str]:
    tree = ast.parse((ROOT / "src" / "gridlogic" / "native.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "COMPILED" for t in node.targets):
            return list(ast.literal_eval(node.value))
    return []


def clock(seconds: float) -> str:
    return f"{int(seconds) // 60}:{int(seconds) % 60:02d}"


def main(extra: str) -> int:
    modules = compiled_modules()
    shown = ", ".join(modules[:3]) + (", ..." if len(modules) > 3 else "")
    print(f"gridlogic: installing with the {extra} extra; compiling {len(modules)} engine modules to native code "
          f"with mypyc\n  ({shown}): about a minute the first time, nothing again until a source changes", flush=True)
    started = time.monotonic()
    pip = subprocess.Popen([sys.executable, "-m", "pip", "install", "--quiet", "-e", f".[{extra}]"], cwd=ROOT)
    while True:
        try:
            code = pip.wait(timeout=REPORT_SECONDS)
            break
        except subprocess.TimeoutExpired:
            print(f"gridlogic: still installing, {clock(time.monotonic() - started)} so far", flush=True)
    verdict = "installed" if code == 0 else f"install failed (pip exit {code})"
    print(f"gridlogic: {verdict} in {clock(time.monotonic() - started)}", flush=True)
    return code


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in ("web", "dev"):
        sys.exit("usage: tools/install.py web|dev")
    sys.exit(main(sys.argv[1]))
