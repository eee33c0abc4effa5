"""The engines run the same compiled or pure: gridlogic.native, GRIDLOGIC_PURE and ``--version``.

The comparison here is a sample (every version, preset and difficulty, two seeds each); the dump
of thousands (``tools/dump_puzzles.py``) is the full proof. On a build without compiled modules
both sides are pure, and the test still checks that the switch leaves the puzzles alone.
"""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import doctests

import gridlogic
from gridlogic import GAMES, native

SAMPLE = """
import json, sys
from gridlogic import GAMES, GenerationFailed
out = {}
for game in GAMES.values():
    for number, version in sorted(game.versions.items()):
        for difficulty in version.difficulties:
            for seed in ("native-1", "日本"):
                spec = game.spec(version.presets[0], seed, difficulty, version=number)
                try:
                    out[spec.id] = game.make(spec).to_dict()
                except GenerationFailed as failure:
                    out[spec.id] = str(failure)
json.dump(out, sys.stdout, sort_keys=True)
"""


def run_python(code: str, pure: bool) -> str:
    env = {**os.environ, native.PURE_VARIABLE: "1" if pure else ""}
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout


def test_module_docstring_examples():
    assert doctests.testmod(native).failed == 0


def test_the_pure_switch_imports_every_module_from_its_source():
    code = ("import gridlogic, gridlogic.native as n, gridlogic.loop.engine as e, gridlogic.rng as r; "
            "print(n.native_modules(), e.__file__.endswith('.py'), r.__file__.endswith('.py'))")
    assert run_python(code, pure=True).split() == ["[]", "True", "True"]


def test_pure_and_this_build_make_the_same_puzzles():
    pure = json.loads(run_python(SAMPLE, pure=True))
    this_build = json.loads(run_python(SAMPLE, pure=False))
    assert len(pure) >= 2 * sum(len(v.difficulties) for g in GAMES.values() for v in g.versions.values())
    assert this_build == pure


def test_a_module_edited_since_the_build_is_stale(tmp_path):
    source = tmp_path / "rng.py"
    source.write_text("x = 1\n")
    built = tmp_path / ("rng" + native.importlib.machinery.EXTENSION_SUFFIXES[0])
    built.write_bytes(b"")
    os.utime(built, (time.time() - 60, time.time() - 60))
    assert native.stale_modules(tmp_path) == ["gridlogic.rng"]
    os.utime(built, None)
    assert native.stale_modules(tmp_path) == []


def test_version_says_how_the_engines_run():
    shown = subprocess.run([sys.executable, "-m", "gridlogic.cli", "--version"], capture_output=True, text=True,
                           env={**os.environ, native.PURE_VARIABLE: "1"}, check=True).stdout
    assert shown.splitlines() == [f"gridlogic {gridlogic.__version__}", "engines: pure Python: GRIDLOGIC_PURE=1"]


def test_puzzles_grades_and_verdicts_cross_process_boundaries():
    # A worker process hands its puzzle to the parent by pickle (compiled frozen records included).
    for game in GAMES.values():
        for number, version in sorted(game.versions.items()):
            puzzle = game.generate(version.presets[0], "pickled", version=number)
            assert pickle.loads(pickle.dumps(puzzle)) == puzzle
            verdict = game.solve(game.problem(puzzle))
            assert pickle.loads(pickle.dumps(verdict)) == verdict


def test_a_wheel_holds_every_file_the_package_needs(tmp_path):
    # Built pure (GRIDLOGIC_PURE=1: no compiler run), the quick way to see what the wheel carries:
    # every source module and every data file beside them (the page, the cost table, py.typed).
    root = Path(gridlogic.__file__).resolve().parent
    env = {**os.environ, native.PURE_VARIABLE: "1"}
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tmp_path),
                    str(root.parent.parent)], env=env, check=True, capture_output=True)
    (wheel,) = tmp_path.glob("gridlogic-*.whl")
    packed = set(zipfile.ZipFile(wheel).namelist())
    wanted = {f"gridlogic/{p.relative_to(root)}" for p in root.rglob("*")
              if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".so", ".pyc")}
    assert wanted - packed == set()
