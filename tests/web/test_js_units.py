"""The page's JavaScript unit tests (tests/web/js/*.test.mjs), run by Node's own test runner.

They cover what needs no browser: the play model (static/play.js), the API client, best
times, the element helper and each game's rules in its view module. A failing JS test fails
this test, with Node's report in the message.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

JS_TESTS = Path(__file__).resolve().parent / "js"


def test_the_javascript_unit_tests_pass():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed, so the JavaScript unit tests cannot run")
    run = subprocess.run([node, "--test", "--test-reporter=tap", str(JS_TESTS)],
                         capture_output=True, text=True, timeout=300, check=False)
    report = run.stdout + run.stderr
    assert run.returncode == 0, report
    passed = re.search(r"^# pass (\d+)$", report, re.MULTILINE)
    assert passed and int(passed.group(1)) > 0, f"node ran no tests:\n{report}"
