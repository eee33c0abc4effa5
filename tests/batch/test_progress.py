"""The progress display of gridlogic.batch.progress, on a fake clock."""

from __future__ import annotations

import io

import pytest

from gridlogic.batch import progress as progress_display
from gridlogic.durations import format_duration


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_plain_progress_prints_a_line_per_interval():
    clock, out = FakeClock(), io.StringIO()
    progress = progress_display.Progress(1000, 200, out, tty=False, interval=10, clock=clock)
    clock.now += 4
    progress.update(40, 1)
    assert out.getvalue() == ""  # less than an interval since the start
    clock.now += 6
    progress.update(100, 2)
    # 100 done in 10 s: 10 per second, 700 left: 70 s.
    line = "300/1000 (30%), 10.0 puzzles/s, about 1:10 left, 2 failures"
    assert out.getvalue() == line + "\n"
    assert f"    {line}\n" in progress_display.__doc__  # the module docstring's example
    clock.now += 1
    progress.update(110, 2)
    assert out.getvalue().count("\n") == 1
    progress.close()
    assert out.getvalue().count("\n") == 1


def test_terminal_progress_redraws_one_line():
    clock, out = FakeClock(), io.StringIO()
    progress = progress_display.Progress(100, 0, out, tty=True, clock=clock)
    clock.now += 2
    progress.update(50, 3)
    clock.now += 2
    progress.update(100, 3)
    progress.close()
    text = out.getvalue()
    assert text.endswith("\n") and text.count("\n") == 1
    frames = text.rstrip("\n").split("\r")[1:]
    assert "50/100" in frames[0] and "25.0/s" in frames[0] and "ETA 0:02" in frames[0]
    assert "failures 3" in frames[0] and "[" + "#" * 12 + "." * 12 + "]" in frames[0]
    assert f"    {frames[0]}\n" in progress_display.__doc__  # the module docstring's example
    assert "100/100" in frames[-1] and "#" * 24 in frames[-1]


@pytest.mark.parametrize("seconds, text", [(0, "0:00"), (59.6, "1:00"), (61, "1:01"), (3725, "1:02:05")])
def test_durations(seconds, text):
    assert format_duration(seconds, nearest=True) == text
