"""The Store on SQLite and PostgreSQL: a play stored once, the rate limit, stats, streak, leaderboard."""

from __future__ import annotations

import secrets
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

import doctests
import pytest

from gridlogic.store import AlreadyRecorded, PlayRecord, RateLimited, Store, records
from gridlogic.store.records import WINDOW_SECONDS, WRITE_LIMIT

NOW = datetime(2026, 12, 3, 12, 0, tzinfo=UTC)
ALICE, BOB = "a" * 32, "b" * 32


def play(player: str = ALICE, *, at: datetime = NOW, seconds: float = 30.0, outcome: str = "solved",
         daily_date: date | None = None, preset: str | None = None, game: str = "signal", side: int = 5,
         difficulty: str = "medium", **more: object) -> PlayRecord:
    return PlayRecord(
        id=secrets.token_hex(16), player_id=player, puzzle_id=f"{game}.1.{side}x{side}.{difficulty}.s",
        game=game, version=1, width=side, height=side, difficulty=difficulty, daily_date=daily_date,
        preset=preset, handed_out_at=at - timedelta(seconds=seconds), finished_at=at, outcome=outcome,
        seconds=seconds, moves=40, checks=0, hints=0, score=90, rank="S", **more)  # type: ignore[arg-type]


@pytest.fixture()
def store(database_url):
    opened = Store(database_url)
    yield opened
    opened.close()


def test_the_module_docstring_examples_hold():
    assert doctests.testmod(records).failed == 0


def test_a_play_is_stored_once_and_the_same_play_again_is_answered_as_stored(store):
    first = play()
    assert store.record(first) == (first, True)
    assert store.record(first) == (first, False)
    with pytest.raises(AlreadyRecorded):
        store.record(replace(first, seconds=12.0))
    assert store.plays(ALICE) == [first]


def test_times_come_back_as_utc(store):
    stored = play(at=datetime(2026, 12, 3, 23, 30, tzinfo=UTC))
    store.record(stored)
    back = store.plays(ALICE)[0]
    assert back.finished_at == stored.finished_at and back.finished_at.tzinfo == UTC
    assert back.finished_on == date(2026, 12, 3)


def test_the_rate_limit_refuses_the_write_past_the_limit_until_the_window_ends(store):
    for n in range(WRITE_LIMIT):
        store.record(play(at=NOW + timedelta(seconds=n)))
    with pytest.raises(RateLimited) as refused:
        store.record(play(at=NOW + timedelta(seconds=40)))
    assert refused.value.retry_after == WINDOW_SECONDS - 40
    with pytest.raises(RateLimited):
        store.set_name(ALICE, "Alice", NOW + timedelta(seconds=41))
    store.record(play(BOB, at=NOW + timedelta(seconds=41)))  # another player has a window of their own
    store.record(play(at=NOW + timedelta(seconds=WINDOW_SECONDS)))
    assert len(store.plays(ALICE)) == WRITE_LIMIT + 1


def test_a_play_sent_again_does_not_count_against_the_limit(store):
    again = play()
    store.record(again)
    for n in range(1, WRITE_LIMIT):
        store.record(play(at=NOW + timedelta(seconds=n)))
    assert store.record(again) == (again, False)


def test_stats_count_solved_and_revealed_with_best_and_median_per_game_size_and_difficulty(store):
    for seconds in (50.0, 20.0, 30.0, 100.0):
        store.record(play(seconds=seconds))
    store.record(play(outcome="revealed", seconds=5.0))
    store.record(play(game="loop", side=7, seconds=70.0))
    for seconds in (10.0, 40.0, 20.0):
        store.record(play(game="pattern", side=8, difficulty="any", seconds=seconds))
    store.record(play(game="pattern", side=10, difficulty="any", outcome="revealed"))
    store.record(play(BOB, seconds=1.0))
    stats = store.stats(ALICE, NOW.date())
    assert stats["plays"] == 10 and stats["name"] is None
    assert stats["groups"] == [
        {"game": "loop", "width": 7, "height": 7, "difficulty": "medium", "solved": 1, "revealed": 0,
         "best": 70.0, "median": 70.0},
        {"game": "pattern", "width": 8, "height": 8, "difficulty": "any", "solved": 3, "revealed": 0,
         "best": 10.0, "median": 20.0},
        {"game": "pattern", "width": 10, "height": 10, "difficulty": "any", "solved": 0, "revealed": 1,
         "best": None, "median": None},
        {"game": "signal", "width": 5, "height": 5, "difficulty": "medium", "solved": 4, "revealed": 1,
         "best": 20.0, "median": 40.0},
    ]


def test_the_streak_counts_dailies_solved_on_their_own_day(store):
    for day in (1, 2, 3):
        when = datetime(2026, 12, day, 20, 0, tzinfo=UTC)
        store.record(play(at=when, daily_date=when.date(), preset="medium"))
    # Solved a day late (from the archive), revealed on its day: neither counts.
    store.record(play(at=datetime(2026, 12, 6, 9, 0, tzinfo=UTC), daily_date=date(2026, 12, 5), preset="hard"))
    store.record(play(at=datetime(2026, 12, 6, 9, 0, tzinfo=UTC), daily_date=date(2026, 12, 6), preset="hard",
                      outcome="revealed"))
    assert store.stats(ALICE, date(2026, 12, 3))["streak"] == {"current": 3, "best": 3}
    assert store.stats(ALICE, date(2026, 12, 4))["streak"] == {"current": 3, "best": 3}
    assert store.stats(ALICE, date(2026, 12, 6))["streak"] == {"current": 0, "best": 3}


def test_the_leaderboard_takes_each_players_first_record_made_on_its_day(store):
    day = NOW.date()
    daily = {"daily_date": day, "preset": "hard"}
    store.record(play(ALICE, at=NOW, seconds=60.0, **daily))
    store.record(play(ALICE, at=NOW + timedelta(minutes=5), seconds=10.0, **daily))  # a second try: not counted
    store.record(play(BOB, at=NOW, seconds=45.0, **daily))
    carol, dave = "c" * 32, "d" * 32
    store.record(play(carol, at=NOW, seconds=5.0, outcome="revealed", **daily))
    store.record(play(carol, at=NOW + timedelta(minutes=1), seconds=30.0, **daily))  # after a reveal: not counted
    store.record(play(dave, at=NOW + timedelta(days=1), seconds=20.0, **daily))  # the next day: not counted
    store.set_name(BOB, "Bob", NOW)
    assert store.leaderboard(day, "signal", "hard", 10) == [("Bob", 45.0), (None, 60.0)]
    assert store.leaderboard(day, "signal", "hard", 1) == [("Bob", 45.0)]
    assert store.leaderboard(day, "signal", "medium", 10) == []


def test_the_leaderboard_ranks_by_the_servers_clock_and_holds_three_players_of_one_address(store):
    day = NOW.date()
    daily = {"daily_date": day, "preset": "hard"}
    crowd = [f"{n:032x}" for n in range(1, 7)]
    for n, player in enumerate(crowd):  # six players of one address, each claiming 10 s less than seen
        store.record(play(player, seconds=50.0 + n, seen_seconds=60.0 + n, address="f" * 32, **daily))
    store.record(play(BOB, seconds=70.0, seen_seconds=70.0, address="e" * 32, **daily))
    store.record(play(ALICE, seconds=65.0, **daily))  # recorded before the server kept its own time
    board = store.leaderboard(day, "signal", "hard", 20)
    assert [seconds for _, seconds in board] == [60.0, 61.0, 62.0, 65.0, 70.0]


def test_a_group_is_made_joined_by_its_invite_left_and_shows_its_members_plays(store):
    day = NOW.date()
    daily = {"daily_date": day, "preset": "medium"}
    carol = "c" * 32
    group = store.create_group(ALICE, "Lunch", NOW)
    assert (group.name, group.members) == ("Lunch", 1) and len(group.invite) == 32
    assert store.join_group(BOB, group.invite, NOW).members == 2
    assert store.join_group(BOB, group.invite, NOW).members == 2  # joining again changes nothing
    store.set_name(BOB, "Bob", NOW)
    store.record(play(ALICE, seconds=90.0, seen_seconds=90.0, unranked="the server gave 1 hint", **daily))
    store.record(play(BOB, seconds=80.0, seen_seconds=80.0, **daily))
    store.record(play(carol, seconds=10.0, seen_seconds=10.0, **daily))  # not a member
    board = store.group_board(BOB, group.id, day, "signal", "medium")
    assert [(e["name"], e["seconds"], e["state"], e["you"]) for e in board] == [
        ("Bob", 80.0, "ranked", True), (None, 90.0, "unranked", False)]
    assert board[1]["unranked"] == "the server gave 1 hint"
    with pytest.raises(records.UnknownGroup):
        store.group_board(carol, group.id, day, "signal", "medium")
    with pytest.raises(records.UnknownGroup):
        store.join_group(carol, "0" * 32, NOW)
    store.leave_group(BOB, group.id, NOW)
    assert store.groups(BOB) == [] and store.groups(ALICE)[0].members == 1
    with pytest.raises(records.UnknownGroup):
        store.leave_group(BOB, group.id, NOW)
    store.delete_records(ALICE, NOW)  # the last member gone: so is the group
    assert store.groups(ALICE) == []
    with pytest.raises(records.UnknownGroup):
        store.join_group(BOB, group.invite, NOW)


def test_a_player_is_in_at_most_the_groups_allowed(store):
    for n in range(records.MAX_GROUPS):
        store.create_group(ALICE, f"g{n}", NOW + timedelta(minutes=n))  # minutes apart: within the rate limit
    with pytest.raises(records.GroupRefused, match=f"at most {records.MAX_GROUPS} groups"):
        store.create_group(ALICE, "one more", NOW + timedelta(hours=1))


def test_deleting_removes_the_players_records_and_name_and_nobody_elses(store):
    store.record(play(ALICE))
    store.record(play(ALICE))
    store.record(play(BOB))
    store.set_name(ALICE, "Alice", NOW)
    assert store.delete_records(ALICE, NOW) == 2
    assert store.plays(ALICE) == [] and store.stats(ALICE, NOW.date())["name"] is None
    assert len(store.plays(BOB)) == 1


def test_daily_records_are_the_players_records_of_those_days(store):
    mine = play(daily_date=date(2026, 12, 2), preset="medium")
    store.record(mine)
    store.record(play(daily_date=date(2026, 12, 4), preset="medium"))
    store.record(play(BOB, daily_date=date(2026, 12, 2), preset="medium"))
    store.record(play())
    assert store.daily_records(ALICE, date(2026, 12, 1), date(2026, 12, 3)) == [mine]


def test_an_unranked_play_takes_no_place_and_stays_in_the_players_records(store):
    day = date(2026, 12, 3)
    store.record(play(ALICE, seconds=1.0, daily_date=day, preset="medium"))
    forged = replace(play(BOB, seconds=0.0, daily_date=day, preset="medium"),
                     unranked="a time of 0.0 s is below 2.9 s, the least a person needs for this puzzle")
    store.record(forged)
    assert store.leaderboard(day, "signal", "medium", 20) == [(None, 1.0)]
    assert store.plays(BOB) == [forged] and store.plays(BOB)[0].to_dict()["unranked"].startswith("a time of 0.0 s")


def test_the_aids_given_are_read_back_by_player_puzzle_and_time_and_deleted_with_the_records(store):
    puzzle = "signal.1.5x5.medium.s"
    store.note_aid(ALICE, puzzle, "n" * 32, "reveal", NOW)
    store.note_aid(ALICE, puzzle, None, "hint", NOW + timedelta(seconds=5))
    store.note_aid(ALICE, "signal.1.5x5.medium.other", None, "answer", NOW)
    store.note_aid(BOB, puzzle, None, "answer", NOW)
    given = store.aids(ALICE, puzzle, NOW + timedelta(seconds=5))
    assert [(a.kind, a.play_id, a.given_at) for a in given] == [
        ("reveal", "n" * 32, NOW), ("hint", None, NOW + timedelta(seconds=5))]
    assert [a.kind for a in store.aids(ALICE, puzzle, NOW)] == ["reveal"]  # none given after the record
    with pytest.raises(ValueError, match="not one of"):
        store.note_aid(ALICE, puzzle, None, "peek", NOW)
    for n in range(WRITE_LIMIT + 5):  # help is limited where it is asked for, not as a write here
        store.note_aid(BOB, puzzle, None, "hint", NOW + timedelta(seconds=n / 100))
    store.record(play(BOB))
    store.delete_records(ALICE, NOW + timedelta(seconds=10))
    assert store.aids(ALICE, puzzle, NOW + timedelta(days=1)) == []
    assert len(store.aids(BOB, puzzle, NOW + timedelta(days=1))) == WRITE_LIMIT + 6
