"""`make test` runs both halves of the suite, compiled and pure, even when the first fails.

The test runs the Makefile's own `test` recipe with BIN pointing at a stand-in `python` that logs
its arguments and fails, and with the install prerequisites marked as up to date (`make -o`), so
nothing is installed: the log must show the compiled run and then the pure run, and make must
still fail.
"""

import os
import stat
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PREREQUISITES = [".venv/.dev-installed", "/usr/bin/chromium", "node_modules/.package-lock.json", "postgresql",
                 "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf"]


def test_a_failing_compiled_suite_still_runs_the_pure_suite_and_fails(tmp_path: Path) -> None:
    log = tmp_path / "calls.log"
    python = tmp_path / "python"
    python.write_text(f'#!/bin/sh\necho "GRIDLOGIC_PURE=$GRIDLOGIC_PURE $*" >> {log}\nexit 1\n')
    python.chmod(python.stat().st_mode | stat.S_IEXEC)
    skipped = [arg for target in PREREQUISITES for arg in ("-o", target)]
    run = subprocess.run(["make", "--no-print-directory", *skipped, "test", f"BIN={tmp_path}"],
                         cwd=ROOT, capture_output=True, text=True, env={**os.environ, "MAKEFLAGS": ""}, check=False)
    calls = log.read_text().splitlines()
    assert [call.split()[0] for call in calls] == ["GRIDLOGIC_PURE=", "GRIDLOGIC_PURE=1"], calls
    assert "-m pytest" in calls[0] and "-m pytest -q tests/signal" in calls[1]
    assert run.returncode != 0
    assert "compiled suite exit 1, pure suite exit 2" in run.stdout  # make reports a failed recipe as 2
