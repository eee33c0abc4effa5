"""Accepting a play without HTTP: receipts, the time rule, the board and the least moves, the score,
the daily lookup, a play stored once, and a database that is down.

The desk runs over an SQLite file, with a clock the tests move by hand and the registered games'
own generators as its puzzle maker.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from event_loops import run_async
from tests.play_logs import solving_log

from gridlogic import GAMES, InvalidParameters, puzzle_from_id, scoring
from gridlogic.game import PuzzleSpec, parse_id
from gridlogic.store import AlreadyRecorded, Store, StoreUnavailable, daily
from gridlogic.store.plays import (
    ALLOWANCE_SECONDS,
    FloorUnavailable,
    Handout,
    Help,
    OthersPlay,
    PlayDesk,
    PlayFigures,
    PlayRefused,
    RecordDeferred,
    UnknownGame,
    time_floor,
    time_refusal,
)
from gridlogic.store.records import GivenAid
from gridlogic.store.tokens import Signer

ALICE, BOB = "a" * 32, "b" * 32
PLAIN = "signal.3.5x5.medium.records-api"
LAUNCH_NOON = datetime.combine(daily.LAUNCH, datetime.min.time(), UTC) + timedelta(hours=12)


class Clock:
    def __init__(self) -> None:
        self.now = LAUNCH_NOON

    def __call__(self) -> datetime:
        return self.now


class Maker:
    """The registered games' generators, counting what they were asked for."""

    def __init__(self) -> None:
        self.asked: list[PuzzleSpec] = []

    async def __call__(self, spec: PuzzleSpec):
        self.asked.append(spec)
        return GAMES[spec.game].make(spec)


@pytest.fixture()
def desk(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'records.sqlite3'}")
    yield PlayDesk(GAMES, store, Signer(lambda: b"a secret of the play tests"), Maker(), clock=Clock())
    store.close()


def solved_board(puzzle_id: str):
    puzzle = puzzle_from_id(puzzle_id)
    return GAMES[puzzle.game].parse_board(puzzle.width, puzzle.height, puzzle.solution())


def least_moves(puzzle_id: str) -> int:
    puzzle = puzzle_from_id(puzzle_id)
    return GAMES[puzzle.game].min_moves(puzzle)


def play(desk: PlayDesk, seconds: float, puzzle_id: str = PLAIN, player: str = ALICE, **figures):
    """A play handed out, ``seconds`` of the clock, then its record accepted, with the log of the
    fewest moves unless told otherwise: the accepted play."""
    receipt, _ = desk.hand_out(player, puzzle_id)
    desk.clock.now += timedelta(seconds=seconds)
    handout = desk.handout_of(player, receipt)
    counted = {"moves": least_moves(puzzle_id), "checks": 0, "revealed": False,
               "log": solving_log(puzzle_from_id(puzzle_id), seconds), **figures}
    return run_async(lambda: desk.accept(handout, solved_board(puzzle_id), PlayFigures(seconds, **counted),
                                         desk.clock()))


def test_a_receipt_names_its_player_puzzle_and_moment(desk):
    receipt, moment = desk.hand_out(ALICE, PLAIN)
    handout = desk.handout_of(ALICE, receipt)
    assert (handout.player_id, handout.spec, handout.game) == (ALICE, parse_id(PLAIN), GAMES["signal"])
    assert handout.handed_out_at == moment == LAUNCH_NOON and len(handout.play_id) == 32


def test_a_forged_or_foreign_receipt_or_an_unknown_game_is_refused_by_type(desk):
    receipt, _ = desk.hand_out(ALICE, PLAIN)
    forged = Signer(lambda: b"another secret entirely").seal("play", desk.signer.unseal("play", receipt))
    for token in ("not-a-receipt", forged, None):
        with pytest.raises(PlayRefused, match="not a hand-out receipt") as refused:
            desk.handout_of(ALICE, token)
        assert type(refused.value) is PlayRefused
    with pytest.raises(OthersPlay, match="another player"):
        desk.handout_of(BOB, receipt)
    signal_only = PlayDesk({"signal": GAMES["signal"]}, desk.store, desk.signer, desk.make, clock=desk.clock)
    with pytest.raises(UnknownGame, match="unknown game 'loop'; the games are signal"):
        signal_only.hand_out(ALICE, "loop.1.5x5.easy.x")
    with pytest.raises(UnknownGame):
        signal_only.handout_of(ALICE, desk.hand_out(ALICE, "loop.1.5x5.easy.x")[0])
    with pytest.raises(InvalidParameters):
        desk.hand_out(ALICE, "chess.1.5x5.any.x")


def test_the_time_rule_allows_the_network_either_way():
    assert time_refusal(100.0, 100.0) is None
    assert time_refusal(100.0 - ALLOWANCE_SECONDS, 100.0) is None
    assert time_refusal(100.0 + ALLOWANCE_SECONDS, 100.0) is None
    assert "shorter than the 100.0 s the server saw" in time_refusal(100.0 - ALLOWANCE_SECONDS - 0.1, 100.0)
    assert "longer than the 100.0 s" in time_refusal(100.0 + ALLOWANCE_SECONDS + 0.1, 100.0)


def test_a_solved_play_is_scored_by_the_server_and_stored_once(desk):
    accepted = play(desk, 200.0, moves=90, checks=2, log=None)  # no log: the page's count of moves
    expected = scoring.score_puzzle(puzzle_from_id(PLAIN), seconds=200.0, moves=90, checks=2, revealed=False)
    assert accepted.new and accepted.score == expected
    record = accepted.record
    assert (record.player_id, record.puzzle_id, record.outcome, record.seconds) == (ALICE, PLAIN, "solved", 200.0)
    assert (record.score, record.rank, record.daily_date) == (expected.score, expected.rank, None)
    assert record.finished_at - record.handed_out_at == timedelta(seconds=200)
    assert desk.store.plays(ALICE) == [record]


def test_the_same_play_again_is_answered_as_stored_and_other_figures_are_refused(desk):
    receipt, _ = desk.hand_out(ALICE, PLAIN)
    desk.clock.now += timedelta(seconds=50)
    handout = desk.handout_of(ALICE, receipt)
    figures = PlayFigures(50.0, least_moves(PLAIN), 0, False)
    first = run_async(lambda: desk.accept(handout, solved_board(PLAIN), figures, desk.clock()))
    again = run_async(lambda: desk.accept(handout, solved_board(PLAIN), figures, desk.clock()))
    assert (first.new, again.new, again.record) == (True, False, first.record)
    with pytest.raises(AlreadyRecorded):
        run_async(lambda: desk.accept(handout, solved_board(PLAIN), PlayFigures(48.0, least_moves(PLAIN), 0, False),
                                      desk.clock()))
    # An hour later the same play is too late for the time rule, but answered as stored, unscored.
    late = run_async(lambda: desk.accept(handout, solved_board(PLAIN), figures, desk.clock() + timedelta(hours=1)))
    assert (late.record, late.new, late.score) == (first.record, False, None)
    with pytest.raises(PlayRefused, match="shorter than"):
        run_async(lambda: desk.accept(handout, solved_board(PLAIN), PlayFigures(49.0, 0, 0, True),
                                      desk.clock() + timedelta(hours=1)))


def test_an_unsolved_board_and_too_few_moves_are_refused(desk):
    receipt, _ = desk.hand_out(ALICE, PLAIN)
    handout = desk.handout_of(ALICE, receipt)
    puzzle = puzzle_from_id(PLAIN)
    shuffled = GAMES["signal"].parse_board(5, 5, puzzle.givens()["tiles"])
    least = least_moves(PLAIN)
    with pytest.raises(PlayRefused, match="not solved"):
        run_async(lambda: desk.accept(handout, shuffled, PlayFigures(0.0, least, 0, False), desk.clock()))
    with pytest.raises(PlayRefused, match=f"at least {least}"):
        run_async(lambda: desk.accept(handout, solved_board(PLAIN), PlayFigures(0.0, least - 1, 0, False),
                                      desk.clock()))
    with pytest.raises(PlayRefused, match=f"at least {least}"):
        play(desk, 10.0, moves=least - 1, hints=1, log=None)  # the page's hints excuse no moves
    revealed = play(desk, 10.0, moves=0, revealed=True).record
    assert (revealed.outcome, revealed.score, revealed.rank) == ("revealed", 0, "revealed")


def test_only_the_days_own_puzzle_of_a_day_that_has_come_is_a_daily(desk):
    today = f"signal.3.5x5.medium.daily-{daily.LAUNCH.isoformat()}"
    record = play(desk, 80.0, today).record
    assert (record.daily_date, record.preset) == (daily.LAUNCH, "medium")
    tomorrow = daily.LAUNCH + timedelta(days=1)
    for puzzle_id in (f"signal.3.5x5.medium.daily-{tomorrow.isoformat()}",
                      f"signal.3.5x5.medium.daily-{daily.LAUNCH.isoformat()}.2"):
        assert play(desk, 20.0, puzzle_id).record.daily_date is None


def test_a_database_that_is_down_defers_the_record_with_a_receipt_of_the_moment(desk, monkeypatch):
    receipt, _ = desk.hand_out(ALICE, PLAIN)
    desk.clock.now += timedelta(seconds=45)
    handout = desk.handout_of(ALICE, receipt)
    figures = PlayFigures(45.0, least_moves(PLAIN), 0, False)

    def down(play):
        raise StoreUnavailable("the records database does not answer (test)")

    monkeypatch.setattr(desk.store, "record", down)
    with pytest.raises(RecordDeferred, match="does not answer") as deferred:
        run_async(lambda: desk.accept(handout, solved_board(PLAIN), figures, desk.clock()))
    monkeypatch.undo()
    seen = desk.receipt_moment(handout, deferred.value.receipt)
    assert seen == LAUNCH_NOON + timedelta(seconds=45)
    desk.clock.now += timedelta(hours=1)
    accepted = run_async(lambda: desk.accept(handout, solved_board(PLAIN), figures, seen))
    assert accepted.new and accepted.record.finished_at == seen
    other = desk.handout_of(ALICE, desk.hand_out(ALICE, PLAIN)[0])
    with pytest.raises(PlayRefused, match="not this server's receipt of this play"):
        desk.receipt_moment(other, deferred.value.receipt)


def test_the_floor_of_the_docstring_holds():
    game = GAMES["signal"]
    puzzle = game.make(parse_id("signal.4.8x8.medium.daily-2027-01-01"))
    walk = game.hints.explain(game.problem(puzzle), puzzle.version)
    assert (len(walk.steps), game.min_moves(puzzle)) == (64, 51)
    assert time_floor(game, puzzle) == pytest.approx(0.5 * 64 + 0.1 * 51) == 37.1


def test_a_time_below_the_floor_is_recorded_unranked_and_one_above_it_may_rank(desk):
    today = f"signal.3.5x5.medium.daily-{daily.LAUNCH.isoformat()}"
    floor = time_floor(GAMES["signal"], puzzle_from_id(today))
    assert floor > 10  # the walk-through's 25 steps at half a second each, and 23 quarter turns
    for seconds in (0.0, 1.0, floor - 0.1):
        record = play(desk, seconds, today).record
        assert record.outcome == "solved" and record.unranked is not None and "below" in record.unranked
        assert record.floor == floor
    assert play(desk, floor + 0.1, today, player=BOB).record.unranked is None


def test_a_record_sent_at_once_is_never_ranked_whatever_time_it_claims(desk):
    today = f"signal.3.5x5.medium.daily-{daily.LAUNCH.isoformat()}"
    receipt, _ = desk.hand_out(ALICE, today)
    handout = desk.handout_of(ALICE, receipt)
    claimed = ALLOWANCE_SECONDS  # the most the network allowance lets a record claim beyond what was seen
    figures = PlayFigures(claimed, least_moves(today), 0, False, log=solving_log(puzzle_from_id(today), claimed))
    record = run_async(lambda: desk.accept(handout, solved_board(today), figures, desk.clock())).record
    assert record.seen_seconds == 0.0 and record.seconds == claimed and "below" in record.unranked


def test_the_ranked_time_is_the_servers_and_the_moves_are_the_logs(desk):
    today = f"signal.3.5x5.medium.daily-{daily.LAUNCH.isoformat()}"
    record = play(desk, 100.0, today, moves=500).record
    assert record.seen_seconds == 100.0 and record.unranked is None
    assert record.moves == len(solving_log(puzzle_from_id(today), 100.0))  # not the 500 claimed


def test_a_daily_whose_floor_cannot_be_computed_now_is_deferred_with_a_receipt(desk):
    today = f"signal.3.5x5.medium.daily-{daily.LAUNCH.isoformat()}"

    async def busy(spec):
        raise FloorUnavailable("the server is busy (test)")

    desk.measure_floor = busy
    with pytest.raises(RecordDeferred, match="busy") as deferred:
        play(desk, 100.0, today)
    assert deferred.value.receipt and desk.store.plays(ALICE) == []


def test_a_record_without_a_log_is_kept_and_scored_but_unranked(desk):
    today = f"signal.3.5x5.medium.daily-{daily.LAUNCH.isoformat()}"
    accepted = play(desk, 100.0, today, log=None)
    assert accepted.new and accepted.score is not None
    assert accepted.record.unranked == "the record carries no log of its moves"


@pytest.mark.parametrize(("log", "says"), [
    ("moves", "must be a list"),
    ([[1.0, 0]], "must be [t, index, value]"),
    ([[2.0, 0, 1], [1.0, 1, 1]], "no earlier than the move before"),
    ([[float("nan"), 0, 1]], "seconds since the receipt"),
    ([[1.0, 25, 1]], "off the board"),
    ([[1.0, 0, True]], "whole number"),
    ([[1.0, 0, 99]], "does not take"),
    ([[1.0, 0, 1]], "do not give the board"),
])
def test_a_log_that_is_not_a_play_ending_on_the_board_is_refused(desk, log, says):
    with pytest.raises(PlayRefused, match=says.replace("[", r"\[").replace("]", r"\]")):
        play(desk, 100.0, log=log)


def test_a_log_whose_moves_come_after_the_record_or_are_too_few_is_refused(desk):
    puzzle = puzzle_from_id(PLAIN)
    log = solving_log(puzzle, 100.0)
    with pytest.raises(PlayRefused, match="later than"):
        play(desk, 100.0, log=[*log[:-1], [100.0 + ALLOWANCE_SECONDS + 0.1, *log[-1][1:]]])
    assert play(desk, 100.0, log=[*log[:-1], [100.0 + ALLOWANCE_SECONDS, *log[-1][1:]]]).new
    with pytest.raises(PlayRefused, match="do not give the board"):
        play(desk, 100.0, log=log[:-1])  # one move short of the board claimed


def test_a_log_with_undone_and_redone_moves_counts_every_one(desk):
    puzzle = puzzle_from_id(PLAIN)
    log = solving_log(puzzle, 50.0)
    t, index, value = log[0]
    start = GAMES["signal"].hints.start(puzzle)[index]
    detour = [[t, index, value], [t, index, start], [t, index, value]]  # a move, its undo, its redo
    assert play(desk, 60.0, log=detour + log[1:]).record.moves == len(log) + 2


def test_help_belongs_to_its_play_or_to_the_players_later_plays():
    handed_out = LAUNCH_NOON
    handout = Handout("n" * 32, ALICE, parse_id(PLAIN), GAMES["signal"], handed_out)
    before, during = handed_out - timedelta(minutes=5), handed_out + timedelta(minutes=1)

    def aid(kind: str, play_id: str | None, at: datetime) -> GivenAid:
        return GivenAid(kind, play_id, at)

    assert Help.of([], handout) == Help(0, False, False)
    assert Help.of([aid("hint", "n" * 32, during), aid("hint", None, during), aid("hint", "o" * 32, during),
                    aid("hint", None, before)], handout) == Help(2, False, False)
    assert Help.of([aid("reveal", "n" * 32, during)], handout) == Help(0, True, True)
    assert Help.of([aid("last-hint", None, during)], handout) == Help(1, True, True)
    assert Help.of([aid("reveal", "o" * 32, during)], handout) == Help(0, False, True)  # another play's
    assert Help.of([aid("answer", None, before)], handout) == Help(0, False, True)  # seen before this play
    assert Help.of([aid("answer", "n" * 32, during)], handout) == Help(0, False, True)  # for Check


def test_help_with_another_players_or_another_puzzles_receipt_is_refused(desk):
    receipt, _ = desk.hand_out(ALICE, PLAIN)
    with pytest.raises(OthersPlay):
        run_async(lambda: desk.give(BOB, parse_id(PLAIN), receipt, "reveal"))
    with pytest.raises(OthersPlay):
        run_async(lambda: desk.give(None, parse_id(PLAIN), receipt, "reveal"))
    with pytest.raises(PlayRefused, match="not of"):
        run_async(lambda: desk.give(ALICE, parse_id("signal.3.5x5.medium.another"), receipt, "reveal"))
    with pytest.raises(PlayRefused, match="not a hand-out receipt"):
        run_async(lambda: desk.give(ALICE, parse_id(PLAIN), "forged.receipt", "reveal"))
    run_async(lambda: desk.give(None, parse_id(PLAIN), None, "answer"))  # nobody to note it for
    run_async(lambda: desk.give(ALICE, parse_id(PLAIN), receipt, "reveal"))
    assert [a.kind for a in desk.store.aids(ALICE, PLAIN, desk.clock())] == ["reveal"]
