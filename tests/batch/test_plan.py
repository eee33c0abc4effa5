"""The seed plan, chunk sizing, argument checks and the progress display of gridlogic.batch."""

from __future__ import annotations

import datetime
import io
import math
import re

import pytest

from gridlogic import GAMES, InvalidParameters
from gridlogic import batch as batching
from gridlogic.game import game_named


def test_worked_example_of_the_module_docstring():
    assert batching.next_chunk_size(1000, 2, 0.004) == 63
    assert batching.next_chunk_size(40, 2, 0.004) == 10
    assert batching.next_chunk_size(1000, 2, None) == 1
    assert "next_chunk_size(1000, 2, 0.004)`` is 63" in batching.__doc__
    assert "ceil(40 / 4) = 10" in batching.__doc__


@pytest.mark.parametrize("pending", [1, 2, 7, 100, 5000, 10**6])
@pytest.mark.parametrize("workers", [1, 2, 16])
@pytest.mark.parametrize("seconds", [None, 1e-7, 0.0002, 0.03, 5.0])
def test_chunk_size_stays_within_its_bounds(pending, workers, seconds):
    size = batching.next_chunk_size(pending, workers, seconds)
    assert 1 <= size <= min(pending, batching.MAX_CHUNK)
    if seconds is not None and size > 1:
        # Never more than the target time's worth (rounded up to whole puzzles) ...
        assert (size - 1) * seconds < batching.CHUNK_SECONDS
        # ... and never more than a fair share of what is left.
        assert size <= math.ceil(pending / (2 * workers))


def test_no_chunk_when_nothing_is_pending():
    assert batching.next_chunk_size(0, 2, 0.01) == 0


def test_seeds_are_prefix_dash_index():
    spec = batching.BatchSpec("signal", 5, "any", 3, "book")
    assert [spec.seed(i) for i in range(spec.count)] == ["book-0", "book-1", "book-2"]
    assert "book-0" in repr(spec) and "book-2" in repr(spec)


def test_default_prefix_is_the_date_and_a_word():
    prefix = batching.default_seed_prefix(datetime.date(2026, 11, 30))
    date, word = prefix.split("-")
    assert date == "20261130"
    assert word in batching._PREFIX_WORDS
    assert re.fullmatch(r"\d{8}-[a-z]+", batching.default_seed_prefix())


@pytest.mark.parametrize("name", GAMES)
def test_every_offered_size_and_difficulty_is_accepted(name):
    game = game_named(name)
    for size in game.version().sides:
        for difficulty in game.version().difficulties:
            assert batching.check_request(name, size, difficulty, 1, "p") is game


@pytest.mark.parametrize(
    "args, quoted",
    [
        (("chess", 5, "any", 3, None), "'chess'"),
        (("signal", 9, "any", 3, None), "9"),
        (("signal", 5, "extreme", 3, None), "'extreme'"),
        (("pattern", 5, "easy", 3, None), "'easy'"),
        (("signal", 5, "any", 0, None), "0"),
        (("signal", 5, "any", -4, None), "-4"),
        (("signal", 5, "any", 3, ""), "''"),
        (("signal", 5, "any", 1000, "x" * 77), "'" + "x" * 77 + "-999'"),
    ],
)
def test_bad_requests_are_refused_quoting_the_value(args, quoted):
    with pytest.raises(InvalidParameters) as caught:
        batching.check_request(*args)
    assert quoted in str(caught.value)
    assert "\n" not in str(caught.value)


def test_longest_allowed_prefix_is_accepted():
    batching.check_request("signal", 5, "any", 1000, "x" * 76)  # "xxx...-999" is exactly 80 units


@pytest.mark.parametrize(
    "text, address",
    [
        ("dask://127.0.0.1:8786", "tcp://127.0.0.1:8786"),
        ("dask://scheduler.example:8786", "tcp://scheduler.example:8786"),
        ("dask://[::1]:8786", "tcp://[::1]:8786"),
    ],
)
def test_dask_addresses(text, address):
    choice = batching.parse_executor(text)
    assert (choice.kind, choice.address) == ("dask", address)


@pytest.mark.parametrize("text", ["", "dask", "dask://", "dask://host", "dask://host:0", "dask://host:70000",
                                  "tcp://host:8786", "dask://host:87a6", "Local"])
def test_bad_executors_are_refused(text):
    with pytest.raises(InvalidParameters, match=re.escape(repr(text))):
        batching.parse_executor(text)


@pytest.mark.parametrize("jobs", [0, -1, True])
def test_bad_jobs_are_refused(jobs):
    with pytest.raises(InvalidParameters):
        batching.check_jobs(jobs)


@pytest.mark.parametrize("name", ["out.txt", "out", "out.json", "out.jsonl.gz"])
def test_output_must_be_jsonl_or_sqlite(name):
    with pytest.raises(InvalidParameters, match=re.escape(repr(name))):
        batching.store_kind(name)


def test_output_kinds():
    assert batching.store_kind("a/b.JSONL") == "jsonl"
    assert [batching.store_kind(f"x{s}") for s in (".sqlite", ".sqlite3", ".db")] == ["sqlite"] * 3


def test_difficulty_level_of_a_puzzle_dict():
    assert batching.difficulty_level({"difficulty": {"level": "hard", "maxDepth": 2}}) == "hard"
    assert batching.difficulty_level({"difficulty": "easy"}) == "easy"
    assert batching.difficulty_level({"rowClues": [[1]]}) is None


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_plain_progress_prints_a_line_per_interval():
    clock, out = FakeClock(), io.StringIO()
    progress = batching.Progress(1000, 200, out, tty=False, interval=10, clock=clock)
    clock.now += 4
    progress.update(40, 1)
    assert out.getvalue() == ""  # less than an interval since the start
    clock.now += 6
    progress.update(100, 2)
    # 100 done in 10 s: 10 per second, 700 left: 70 s.
    assert out.getvalue() == "300/1000 (30%), 10.0 puzzles/s, about 1:10 left, 2 failures\n"
    clock.now += 1
    progress.update(110, 2)
    assert out.getvalue().count("\n") == 1
    progress.close()
    assert out.getvalue().count("\n") == 1


def test_terminal_progress_redraws_one_line():
    clock, out = FakeClock(), io.StringIO()
    progress = batching.Progress(100, 0, out, tty=True, clock=clock)
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
    assert "100/100" in frames[-1] and "#" * 24 in frames[-1]


@pytest.mark.parametrize("seconds, text", [(0, "0:00"), (59.6, "1:00"), (61, "1:01"), (3725, "1:02:05")])
def test_durations(seconds, text):
    assert batching.format_duration(seconds) == text


def test_importing_the_batch_module_loads_no_dask():
    import subprocess
    import sys

    code = (
        "import sys, gridlogic.batch, gridlogic.cli.batch; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
