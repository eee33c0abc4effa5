"""The daily puzzles' table: a day's puzzle never changes, every game has both presets every day."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import doctests
import pytest
from event_loops import run_async

from gridlogic import GAMES, GenerationFailed
from gridlogic.store import daily

# The puzzles of some days, pinned: a change to the table (or to a generator) that would change
# a day that has been played fails here. New rows must be dated after the day they are added.
PINNED = {
    date(2026, 12, 1): [
        "loop.1.7x7.medium.daily-2026-12-01", "loop.1.10x10.hard.daily-2026-12-01",
        "pattern.1.8x8.any.daily-2026-12-01", "pattern.1.10x10.any.daily-2026-12-01",
        "signal.3.5x5.medium.daily-2026-12-01", "signal.3.6x6.hard.daily-2026-12-01",
    ],
}


def day_puzzle(day: date, rule: daily.DailyRule) -> str | None:
    for spec in daily.candidates(day, rule):
        try:
            GAMES[spec.game].make(spec)
        except GenerationFailed:
            continue
        return spec.id
    return None


def test_the_module_docstring_example_holds():
    assert doctests.testmod(daily).failed == 0


@pytest.mark.parametrize("day", sorted(PINNED))
def test_a_pinned_day_keeps_its_puzzles(day):
    assert sorted(str(day_puzzle(day, rule)) for rule in daily.rules_on(day)) == sorted(PINNED[day])


def test_every_game_with_dailies_has_a_medium_and_a_hard_one_from_the_first_day_on():
    for name in {rule.game for rule in daily.RULES}:  # a game the table names has both presets
        for preset in daily.PRESETS:
            rule = daily.rule_on(daily.LAUNCH, name, preset)
            assert rule is not None and rule.game == name
    assert daily.rule_on(daily.LAUNCH - timedelta(days=1), next(iter(GAMES)), "hard") is None


def test_a_day_whose_first_seed_fails_takes_the_next_candidate():
    # Signal's 6x6 hard fails for about one seed in twenty: find such a day and check the
    # fallback is the day's ".2" (or later) seed, the same every time.
    rule = daily.rule_on(daily.LAUNCH, "signal", "hard")
    assert rule is not None
    for offset in range(200):
        day = daily.LAUNCH + timedelta(days=offset)
        first = daily.candidates(day, rule)[0]
        try:
            GAMES["signal"].make(first)
        except GenerationFailed:
            found = day_puzzle(day, rule)
            assert found is not None and found.startswith(f"{first.id}.")
            assert day_puzzle(day, rule) == found
            return
    pytest.fail("no failing day in 200: the table's hard Signal no longer fails, so pick another case")


def test_a_later_row_changes_only_the_days_from_its_date(monkeypatch):
    later = max(rule.since for rule in daily.RULES) + timedelta(days=30)  # after every row of the table
    in_force = daily.rule_on(later, "signal", "medium")
    table = daily.DAILY_TABLE + f"{later.isoformat()}  signal  medium  3  6  medium\n"
    monkeypatch.setattr(daily, "RULES", daily._read_table(table))
    before = daily.rule_on(later - timedelta(days=1), "signal", "medium")
    after = daily.rule_on(later, "signal", "medium")
    assert before is not None and before == in_force
    assert after is not None and (after.version, after.side) == (3, 6)


@pytest.mark.parametrize("row, message", [
    ("2026-12-01  signal  easy  3  5  medium", "unknown preset"),
    ("2026-12-01  signal  medium  9  5  medium", "no generator version 9"),
    ("2026-12-01  signal  medium  3  5  medium", "not after the row it follows"),
    ("2026-12-01  chess  medium  1  5  medium", "unknown game"),
])
def test_a_bad_row_is_refused_when_the_table_is_read(row, message):
    with pytest.raises(ValueError, match=message):
        daily._read_table(daily.DAILY_TABLE + row + "\n")


@pytest.mark.parametrize("seed, day", [
    ("daily-2026-12-01", date(2026, 12, 1)), ("daily-2026-12-01.8", date(2026, 12, 1)),
    ("daily-2026-12-01.9", None), ("daily-2026-02-30", None), ("daily-2026-12-01.1", None),
    ("2026-12-01", None), ("daily-2026-12-01x", None),
])
def test_the_day_a_seed_names(seed, day):
    assert daily.daily_date_of(seed) == day


def test_rule_for_knows_a_candidate_and_nothing_else():
    spec = GAMES["signal"].spec(5, "daily-2026-12-03", "medium", version=3)
    rule = daily.rule_on(date(2026, 12, 3), "signal", "medium")
    assert daily.rule_for(spec) == (date(2026, 12, 3), rule)
    assert daily.rule_for(GAMES["signal"].spec(5, "daily-2026-12-03", "hard", version=3)) is None
    assert daily.rule_for(GAMES["signal"].spec(5, "daily-2025-12-03", "medium", version=3)) is None
    assert daily.rule_for(GAMES["signal"].spec(5, "my-seed", "medium", version=3)) is None


def test_the_days_puzzle_is_the_first_candidate_made_and_is_found_once():
    rule = daily.rule_on(daily.LAUNCH, "signal", "hard")
    first, second = daily.candidates(daily.LAUNCH, rule)[:2]
    asked = []

    async def make(spec):
        asked.append(spec)
        if spec == first:
            raise GenerationFailed("no puzzle of this seed")
        return GAMES[spec.game].make(spec)

    days = daily.DailyPuzzles(make)
    assert run_async(lambda: days.spec_on(daily.LAUNCH, rule)) == second
    assert run_async(lambda: days.spec_on(daily.LAUNCH, rule)) == second and asked == [first, second]
    assert run_async(lambda: days.daily_of(second, daily.LAUNCH)) == (daily.LAUNCH, "hard")
    assert run_async(lambda: days.daily_of(first, daily.LAUNCH)) is None
    assert run_async(lambda: days.daily_of(second, daily.LAUNCH - timedelta(days=1))) is None


# --- the rows of 2027-01-01: Signal version 4 and Pattern version 2 ---------------------------------

NEW_ROWS = {  # (game, preset): (version, side, difficulty) from 2027-01-01 on
    ("signal", "medium"): (4, 8, "medium"), ("signal", "hard"): (4, 10, "hard"),
    ("pattern", "medium"): (2, 12, "medium"), ("pattern", "hard"): (2, 15, "hard"),
}
NEW_DAY = date(2027, 1, 1)


@pytest.mark.parametrize("game, preset", sorted(NEW_ROWS))
def test_from_2027_01_01_signal_and_pattern_dailies_are_the_new_generators_at_their_sizes(game, preset):
    before = daily.rule_on(NEW_DAY - timedelta(days=1), game, preset)
    assert before is not None and before.since == daily.LAUNCH  # every earlier day keeps its puzzle
    rule = daily.rule_on(NEW_DAY, game, preset)
    assert rule is not None and (rule.version, rule.side, rule.difficulty) == NEW_ROWS[(game, preset)]
    for day in (NEW_DAY, NEW_DAY + timedelta(days=1)):
        puzzle_id = day_puzzle(day, rule)
        version, side, difficulty = NEW_ROWS[(game, preset)]
        assert puzzle_id == f"{game}.{version}.{side}x{side}.{difficulty}.daily-{day.isoformat()}"
        puzzle = GAMES[game].make(daily.candidates(day, rule)[0])
        assert (puzzle.width, puzzle.height, puzzle.version) == (side, side, version)
        assert puzzle.level == difficulty


def test_making_ahead_makes_today_and_tomorrow_then_asks_again_for_what_it_found():
    asked: list[str] = []

    async def make(spec):
        asked.append(spec.id)
        return GAMES[spec.game].make(spec)

    days = daily.DailyPuzzles(make)
    eve = NEW_DAY - timedelta(days=1)
    first = run_async(lambda: days.make_ahead(eve, ("signal", "pattern")))
    expected = [spec.id for spec in first if spec is not None]
    assert len(expected) == 8 and asked == expected
    assert expected[:2] == [f"signal.3.5x5.medium.daily-{eve}", f"signal.3.6x6.hard.daily-{eve}"]
    assert expected[4:6] == [f"signal.4.8x8.medium.daily-{NEW_DAY}", f"signal.4.10x10.hard.daily-{NEW_DAY}"]
    asked.clear()
    assert run_async(lambda: days.make_ahead(eve, ("signal", "pattern"))) == first
    assert asked == expected  # each asked again: kept among the recently used of the app's cache


@pytest.mark.parametrize("now, seconds", [
    (datetime(2027, 1, 1, 12, 0, tzinfo=UTC), 1800),
    (datetime(2027, 1, 1, 23, 40, tzinfo=UTC), 900),  # the round five minutes before midnight comes first
    (datetime(2027, 1, 1, 23, 55, tzinfo=UTC), 1800),
    (datetime(2027, 1, 1, 23, 59, 59, tzinfo=UTC), 1800),
    (datetime(2027, 1, 2, 0, 40, tzinfo=timezone(timedelta(hours=9))), 1800),  # 15:40 UTC on Jan 1
])
def test_rounds_come_every_half_hour_and_five_minutes_before_each_utc_midnight(now, seconds):
    assert daily.seconds_to_next_round(now) == seconds


# --- the rows of 2027-02-01: Loop version 3 (Loopy's levels) ------------------------------------------

LOOP_ROWS = {("loop", "medium"): (3, 7, "medium"), ("loop", "hard"): (3, 10, "hard")}
LOOP_DAY = date(2027, 2, 1)


@pytest.mark.parametrize("game, preset", sorted(LOOP_ROWS))
def test_from_2027_02_01_loop_dailies_are_version_3_and_every_earlier_day_keeps_version_1(game, preset):
    before = daily.rule_on(LOOP_DAY - timedelta(days=1), game, preset)
    assert before is not None and before.since == daily.LAUNCH and before.version == 1
    rule = daily.rule_on(LOOP_DAY, game, preset)
    version, side, difficulty = LOOP_ROWS[(game, preset)]
    assert rule is not None and (rule.version, rule.side, rule.difficulty) == (version, side, difficulty)
    for day in (LOOP_DAY, LOOP_DAY + timedelta(days=1)):
        assert day_puzzle(day, rule) == f"loop.3.{side}x{side}.{difficulty}.daily-{day.isoformat()}"
        puzzle = GAMES[game].make(daily.candidates(day, rule)[0])
        assert (puzzle.width, puzzle.height, puzzle.version, puzzle.level) == (side, side, 3, difficulty)
