"""The progress of a batch run on standard error: a bar on a terminal, plain lines otherwise.

On a terminal the bar is redrawn in place at most ten times a second::

    [############............] 50/100  50%  25.0/s  ETA 0:02  failures 3

Anywhere else (a log file, a pipe) a line is printed every ``interval``
seconds instead::

    300/1000 (30%), 10.0 puzzles/s, about 1:10 left, 2 failures

The rate counts only what this run did (seeds skipped on resume are done,
not fast), and the time left is rounded to the nearest second
(:func:`gridlogic.durations.format_duration`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import IO

from gridlogic.durations import format_duration


class Progress:
    """A bar redrawn in place on a terminal, or a plain line every ``interval`` seconds otherwise."""

    def __init__(
        self,
        total: int,
        already: int,
        stream: IO[str],
        *,
        tty: bool | None = None,
        interval: float = 10.0,
        unit: str = "puzzles",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.total, self.already, self.stream = total, already, stream
        self.tty = stream.isatty() if tty is None else tty
        self.interval, self.unit, self.clock = interval, unit, clock
        self.start = self.last_shown = clock()
        self.processed = self.failures = 0
        self.width = 0

    def update(self, processed: int, failures: int) -> None:
        """``processed`` seeds (``failures`` of them failed) are done so far in this run."""
        self.processed, self.failures = processed, failures
        now = self.clock()
        if now - self.last_shown >= (0.1 if self.tty else self.interval):
            self.last_shown = now
            self._show(now)

    def _figures(self, now: float) -> tuple[int, float, str]:
        done = self.already + self.processed
        elapsed = now - self.start
        rate = self.processed / elapsed if elapsed > 0 else 0.0
        left = format_duration((self.total - done) / rate, nearest=True) if rate > 0 else "?"
        return done, rate, left

    def _show(self, now: float) -> None:
        done, rate, left = self._figures(now)
        share = done / self.total if self.total else 1.0
        if self.tty:
            filled = int(share * 24)
            bar = "#" * filled + "." * (24 - filled)
            line = f"[{bar}] {done}/{self.total} {share:4.0%}  {rate:.1f}/s  ETA {left}  failures {self.failures}"
            # Pad over the end of a longer previous frame.
            self.stream.write("\r" + line.ljust(self.width))
            self.width = len(line)
        else:
            self.stream.write(
                f"{done}/{self.total} ({share:.0%}), {rate:.1f} {self.unit}/s, "
                f"about {left} left, {self.failures} failures\n"
            )
        self.stream.flush()

    def close(self) -> None:
        if self.tty:
            self._show(self.clock())
            self.stream.write("\n")
            self.stream.flush()
