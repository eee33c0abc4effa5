"""Accepting a play: its hand-out receipt, the checks of the finished play, its score and its record.

A :class:`PlayDesk` knows no HTTP: it answers values and refuses with the typed errors below,
which the web app (:mod:`gridlogic.web.records`) turns into its answers.

**Trust nothing from the page.** When a play begins the desk hands out a *receipt*
(:meth:`PlayDesk.hand_out`): it signs (player, puzzle ID, the moment, a random nonce) with the
server's secret (:mod:`gridlogic.store.tokens`). The finished play carries that receipt back,
and the desk

1. refuses a receipt it did not sign (:class:`PlayRefused`), or signed for another player
   (:class:`OthersPlay`), or of a game it does not have (:class:`UnknownGame`)
   (:meth:`PlayDesk.handout_of`);
2. refuses a time shorter than it saw: the claimed ``seconds`` must be at least the time from the
   hand-out to the record, less :data:`ALLOWANCE_SECONDS` for the network, and at most that time
   plus the allowance (a play cannot outlast its hand-out; :func:`time_refusal`). The page
   therefore reports the wall-clock time since the receipt came, which counts a hidden tab too:
   the server cannot see one;
3. checks the board itself with the game's own ``check`` (only a solved board is a finished
   play; a revealed one is the solution, marked revealed), and refuses fewer moves than the
   least that solve the puzzle (``Game.min_moves``) for a play without reveal or hints;
4. computes the score itself (:func:`gridlogic.scoring.score_puzzle`) and decides itself whether
   the puzzle is a daily one (its seed names a day that has come, and it is that day's puzzle:
   :class:`~gridlogic.store.daily.DailyPuzzles`);
5. stores each receipt's play once (:meth:`Store.record <gridlogic.store.records.Store.record>`
   refuses the same nonce with other figures: :class:`~gridlogic.store.records.AlreadyRecorded`),
   and the store rate-limits writes per player (:class:`~gridlogic.store.records.RateLimited`).

Checks and hints are taken as the page counts them: they only cost the player points.

**A database that is down** does not lose the play: :class:`RecordDeferred` carries a signed
receipt of the moment the server saw the record, and the page sends the play again later with it
(:meth:`PlayDesk.receipt_moment`): the time rule then measures up to that moment, not to the
retry. A play sent again after its answer was lost is answered as stored, even when it comes too
late for the time rule.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any, Protocol, TypeVar

from gridlogic import scoring
from gridlogic.game import Game, PuzzleSpec, parse_id
from gridlogic.params import short_repr
from gridlogic.store.daily import DailyPuzzles, PuzzleMaker
from gridlogic.store.records import PlayRecord, Store, StoreError, StoreUnavailable
from gridlogic.store.tokens import Signer

ALLOWANCE_SECONDS = 5.0

T = TypeVar("T")


class PlayRefused(StoreError):
    """The play is not recorded: what it claims is not so, or not possible; the message says what."""


class OthersPlay(PlayRefused):
    """The receipt was handed out to another player."""


class UnknownGame(PlayRefused):
    """The puzzle is of a game this desk does not have."""


class RecordDeferred(StoreUnavailable):
    """The database does not answer; ``receipt`` is the signed moment the server saw the play, to
    send again with it later (:meth:`PlayDesk.receipt_moment`)."""

    def __init__(self, message: str, receipt: str) -> None:
        super().__init__(message)
        self.receipt = receipt


class InThread(Protocol):
    """How a blocking database call runs off the event loop (``asyncio.to_thread`` or the server's pool)."""

    def __call__(self, work: Callable[[], T], /) -> Awaitable[T]: ...


@dataclass(frozen=True)
class Handout:
    """A play as its receipt says it was handed out: its ID (the nonce), player, puzzle and moment."""

    play_id: str
    player_id: str
    spec: PuzzleSpec
    game: Game
    handed_out_at: datetime


@dataclass(frozen=True)
class PlayFigures:
    """What the page counted of a play (how it counts them: :mod:`gridlogic.scoring`)."""

    seconds: float
    moves: int
    checks: int
    revealed: bool
    hints: int = 0


@dataclass(frozen=True)
class AcceptedPlay:
    """The stored record of a play, whether it is new, and its score (None: an earlier record of
    this play, sent again too late for the time rule, is answered as stored)."""

    record: PlayRecord
    new: bool
    score: scoring.ScoreResult | None


def _moment_of(milliseconds: int) -> datetime:
    return datetime.fromtimestamp(milliseconds / 1000, UTC)


def _milliseconds_of(moment: datetime) -> int:
    return round(moment.timestamp() * 1000)


def time_refusal(claimed: float, seen: float) -> str | None:
    """Why a play of ``claimed`` seconds is refused when the server saw ``seen`` seconds from its
    hand-out to its record (None: within :data:`ALLOWANCE_SECONDS` either way)."""
    if claimed < seen - ALLOWANCE_SECONDS:
        return (f"a time of {claimed:.1f} s is shorter than the {seen:.1f} s the server saw from handing "
                f"this puzzle out to this record (less {ALLOWANCE_SECONDS:g} s allowed for the network)")
    if claimed > seen + ALLOWANCE_SECONDS:
        return f"a time of {claimed:.1f} s is longer than the {seen:.1f} s since the server handed this puzzle out"
    return None


class PlayDesk:
    """Hands out the receipts of plays and accepts finished plays into ``store`` (see the module
    docstring). ``make`` gives the puzzle of a spec, ``clock`` the time (UTC), ``in_thread`` runs
    the store's blocking calls."""

    def __init__(self, games: Mapping[str, Game], store: Store, signer: Signer, make: PuzzleMaker, *,
                 clock: Callable[[], datetime], in_thread: InThread = asyncio.to_thread) -> None:
        self.games = games
        self.store = store
        self.signer = signer
        self.make = make
        self.clock = clock
        self.in_thread = in_thread
        self.daily = DailyPuzzles(make)

    def today(self) -> date:
        return self.clock().astimezone(UTC).date()

    def game_of(self, spec: PuzzleSpec) -> Game:
        """The game of ``spec``; :class:`UnknownGame` when this desk does not have it."""
        game = self.games.get(spec.game)
        if game is None:
            raise UnknownGame(f"unknown game {short_repr(spec.game)}; the games are {', '.join(self.games)}")
        return game

    def hand_out(self, player_id: str, puzzle_id: object) -> tuple[str, datetime]:
        """The receipt of a play of ``puzzle_id`` by the player, beginning now, and that moment."""
        spec = parse_id(puzzle_id)
        self.game_of(spec)
        now = self.clock()
        receipt = {"n": secrets.token_hex(16), "p": player_id, "z": spec.id, "t": _milliseconds_of(now)}
        return self.signer.seal("play", receipt), now

    def handout_of(self, player_id: str, receipt: object) -> Handout:
        """The hand-out that ``receipt`` proves, handed out to the player (see the module docstring, 1)."""
        content = self.signer.unseal("play", receipt)
        if not isinstance(content, dict):
            raise PlayRefused("play is not a hand-out receipt of this server; ask /api/records/start for one")
        if content["p"] != player_id:
            raise OthersPlay("this play was handed out to another player")
        spec = parse_id(content["z"])
        return Handout(content["n"], player_id, spec, self.game_of(spec), _moment_of(content["t"]))

    def receipt_moment(self, handout: Handout, receipt: object) -> datetime:
        """The moment the server saw the play's record, which a :class:`RecordDeferred`'s receipt names."""
        content = self.signer.unseal("receipt", receipt)
        if not isinstance(content, dict) or content["n"] != handout.play_id:
            raise PlayRefused("receipt is not this server's receipt of this play")
        return _moment_of(content["t"])

    async def accept(self, handout: Handout, board: Any, figures: PlayFigures,
                     finished_at: datetime) -> AcceptedPlay:
        """Check the play (``board`` as its game's ``parse_board`` reads it, seen by the server at
        ``finished_at``), score it and store it. Refused with :class:`PlayRefused`, or the store's
        ``AlreadyRecorded`` or ``RateLimited``; :class:`RecordDeferred` when the database is down."""
        seen = (finished_at - handout.handed_out_at).total_seconds()
        refusal = time_refusal(figures.seconds, seen)
        if refusal is not None:
            return await self._stored_before(handout, figures, refusal)
        puzzle = await self.make(handout.spec)
        if not handout.game.check(puzzle, board).get("solved"):
            raise PlayRefused("the board is not solved: only a finished or revealed play is recorded")
        least = handout.game.min_moves(puzzle)
        if not figures.revealed and figures.hints == 0 and figures.moves < least:
            raise PlayRefused(f"{figures.moves} moves cannot solve this puzzle: it takes at least {least}")
        score = scoring.score_puzzle(puzzle, seconds=figures.seconds, moves=figures.moves, checks=figures.checks,
                                     revealed=figures.revealed, hints=figures.hints)
        found = await self.daily.daily_of(handout.spec, self.today())
        play = PlayRecord(
            id=handout.play_id, player_id=handout.player_id, puzzle_id=handout.spec.id, game=handout.spec.game,
            version=handout.spec.version, width=handout.spec.width, height=handout.spec.height,
            difficulty=handout.spec.difficulty, daily_date=found[0] if found else None,
            preset=found[1] if found else None, handed_out_at=handout.handed_out_at, finished_at=finished_at,
            outcome="revealed" if figures.revealed else "solved", seconds=float(figures.seconds),
            moves=figures.moves, checks=figures.checks, hints=figures.hints, score=score.score, rank=score.rank,
        )
        try:
            stored, new = await self.in_thread(lambda: self.store.record(play))
        except StoreUnavailable as down:
            receipt = self.signer.seal("receipt", {"n": handout.play_id, "t": _milliseconds_of(finished_at)})
            raise RecordDeferred(str(down), receipt) from down
        return AcceptedPlay(stored, new, score)

    async def _stored_before(self, handout: Handout, figures: PlayFigures, refusal: str) -> AcceptedPlay:
        """A play refused by the time rule, unless it is one stored before and sent again after its
        answer was lost (a server killed, a network cut): late by the time it was away."""
        earlier = await self.in_thread(lambda: self.store.find(handout.play_id))
        if earlier is None or earlier.player_id != handout.player_id or earlier.seconds != figures.seconds:
            raise PlayRefused(refusal)
        return AcceptedPlay(earlier, False, None)


__all__ = [
    "ALLOWANCE_SECONDS", "AcceptedPlay", "Handout", "OthersPlay", "PlayDesk", "PlayFigures", "PlayRefused",
    "RecordDeferred", "UnknownGame", "time_refusal",
]
