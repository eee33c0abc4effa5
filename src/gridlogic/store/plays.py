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
   the server cannot see one. The time that ranks is the server's own (``seen_seconds``);
   a play's ``log`` of moves is replayed (:mod:`gridlogic.store.moves`), and its moves are counted
   from it;
3. checks the board itself with the game's own ``check`` (only a solved board is a finished
   play; a revealed one is the solution, marked revealed), and refuses fewer moves than the
   least that solve the puzzle (``Game.min_moves``) for every play not revealed: a hint's moves
   are moves (the page plays an applied hint as a move, and counts its changes);
4. reads back what it handed the player to help with this puzzle (:meth:`PlayDesk.give`, see
   *What the server gave* below): the hints are its own count, and an answer it handed out makes
   the play revealed or keeps it off the leaderboard;
5. computes the score itself (:func:`gridlogic.scoring.score_puzzle`), decides itself whether
   the puzzle is a daily one (its seed names a day that has come, and it is that day's puzzle:
   :class:`~gridlogic.store.daily.DailyPuzzles`) and whether the play may rank (``unranked``:
   why not, see *What a leaderboard trusts*);
6. stores each receipt's play once (:meth:`Store.record <gridlogic.store.records.Store.record>`
   refuses the same nonce with other figures: :class:`~gridlogic.store.records.AlreadyRecorded`),
   and the store rate-limits writes per player (:class:`~gridlogic.store.records.RateLimited`).

Checks are taken as the page counts them: they only cost the player points.

**What the server gave.** The answer (``GET /api/{game}/solution``), the hints
(``POST /api/{game}/hint``), and every other way to the solve (the walk-through
``GET /api/{game}/explain``, a PDF with its solution page, the studio's analysis of a daily's own
text, help with an imported copy of a daily) come from this server, so it notes each one it hands out in the
database before the answer leaves (:meth:`PlayDesk.give`; the ``aids`` table, added by migration
0002): the player (the cookie), the puzzle, the receipt the page showed with the request (or
none), what it was and when. The database is the one place every worker process and every server
behind a balancer shares, and it outlives a restart, so a hand-out noted by one process is read
back by whichever one takes the record; a note in a process's memory, or in the receipt (which
the page holds and may leave out), would not be. When the database does not answer, a request
that shows a receipt gets no answer or hint (503): given unnoted, it would rank. Each kind:

* ``reveal``: the answer for the Reveal button, shown with this receipt; or ``last-hint``, a hint
  whose board is solved (hints followed to the end are the answer). The play is *revealed*,
  whatever the page says: 0 points, no place, in the player's own records as revealed.
* ``answer``: the answer handed out otherwise: for Check (the page checks against it), fetched
  ahead to play offline, shown with another receipt of the same puzzle, or without any receipt; and
  the solve by any other route (the walk-through, a PDF, the studio, an imported copy).
  The player has seen it, or could have: the play keeps its outcome but takes no place.
* ``hint``: counted for the play whose receipt it showed, or, shown without a receipt, for the
  player's play of that puzzle that was open when it was given. The page's own count is not
  read. A play with hints keeps its outcome and its score (each hint costs points) but takes no
  place: a time on the leaderboard is a time of the player's own deductions.

Help given for a puzzle counts against every play of it the same player records later: a
player who fetched the answer and then starts a new play of the puzzle has seen it. A new cookie
is a new player, whom the server cannot tie to the old one: help given to another identity
(another cookie, another address) is the same as help a program gives, since every puzzle is a
pure function of its public ID and this very library solves it offline. The server vouches only
for what it saw; what it cannot see is bounded by time.

**What a leaderboard trusts** (:meth:`Store.leaderboard
<gridlogic.store.records.Store.leaderboard>`): a daily's leaderboard ranks plays by the *server's*
clock, ``seen_seconds``, the time it saw pass from the hand-out to the record, never by the time
the page claims; a ranked play is one of a board it checked, replayed from its log of moves
(:mod:`gridlogic.store.moves`: the moves as made, each inside the window the server saw), for a
play it gave no answer and no hint, no faster than :func:`time_floor`, the least a person needs
for that puzzle, and among the three fastest players of its client address
(:data:`~gridlogic.store.records.PLACES_PER_ADDRESS`). A record without a log is kept and scored,
but unranked. The floor is derived from the puzzle's own walk-through (``Hints.explain``, the
solve a person follows, one deduction a step)::

    floor = 0.5 s × the walk-through's steps + 0.1 s × the least moves that solve it

Half a second a step (:data:`SECONDS_PER_STEP`) is a choice reaction time: the least a person
takes to see one deduction among several places and decide it (a simple reaction to a light is
about 0.25 s; choosing among alternatives takes longer, and a deduction means finding where to
look first), kept up for every step of a puzzle; a tenth of a second a move
(:data:`SECONDS_PER_MOVE`) is ten aimed clicks a second, a fast burst with nothing to think
about. Both are far below the par (the 8×8 medium Signal daily of 2027-01-01 has 64 steps and 51
least moves: a floor of 37.1 s, a par of 5:20). So no person is ranked out, and a program that
computes the answer offline must wait the floor out, its moves spread over it, to rank: a program
at human pace is not told apart from a fast person, and this module does not claim otherwise. The
floor is computed for the daily puzzles only (the only ones ranked), once per puzzle and process.

**A database that is down** does not lose the play: :class:`RecordDeferred` carries a signed
receipt of the moment the server saw the record, and the page sends the play again later with it
(:meth:`PlayDesk.receipt_moment`): the time rule then measures up to that moment, not to the
retry. A play sent again after its answer was lost is answered as stored, even when it comes too
late for the time rule.
"""

from __future__ import annotations

import asyncio
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any, Protocol, TypeVar

from gridlogic import scoring
from gridlogic.game import IMPORTED, Game, Puzzle, PuzzleSpec, parse_id
from gridlogic.params import short_repr
from gridlogic.store import moves
from gridlogic.store.daily import DailyPuzzles, PuzzleMaker
from gridlogic.store.models import MAX_REASON_LENGTH
from gridlogic.store.records import GivenAid, PlayRecord, Store, StoreError, StoreUnavailable
from gridlogic.store.tokens import Signer

ALLOWANCE_SECONDS = 5.0
SECONDS_PER_STEP = 0.5  # a deduction seen and decided: the floor of a ranked time (module docstring)
SECONDS_PER_MOVE = 0.1  # ten aimed moves a second
FLOORS_KEPT = 256  # the floors a desk keeps (six dailies a day)
REVEALING = ("reveal", "last-hint")  # help that is the answer, shown to the play
ANSWERS = ("reveal", "answer", "last-hint")  # help that hands out the answer
HINTS = ("hint", "last-hint")

T = TypeVar("T")


class PlayRefused(StoreError):
    """The play is not recorded: what it claims is not so, or not possible; the message says what."""


class OthersPlay(PlayRefused):
    """The receipt was handed out to another player."""


class UnknownGame(PlayRefused):
    """The puzzle is of a game this desk does not have."""


def _replayed_moves(game: Game, puzzle: Puzzle, board: Any, figures: PlayFigures, seen: float) -> int | None:
    """The moves of a play counted from its log, replayed from the start to ``board`` (None: the
    record has no log, or its game has no start board to replay from); refused as a
    :class:`PlayRefused` when the log is not a play that ends on ``board`` within the time seen."""
    if figures.log is None or game.hints is None:
        return None
    start = game.hints.start(puzzle)
    try:
        log = moves.parse_log(figures.log, len(moves.flat(start)))
        counted = moves.replay(start, log, board, seen + ALLOWANCE_SECONDS,
                               lambda raw: game.parse_board(puzzle.width, puzzle.height, raw))
    except moves.MovesRefused as refused:
        raise PlayRefused(str(refused)) from None
    return counted


class FloorUnavailable(StoreUnavailable):
    """The floor of a daily cannot be computed now (the server is busy): a record waits, as for a
    database that is down."""


FloorMaker = Callable[[PuzzleSpec], Awaitable[float]]
"""How a desk computes a puzzle's floor (default: made, then :func:`time_floor` in a thread; the web
app runs it in its workers)."""


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
    """What the page counted of a play (how it counts them: :mod:`gridlogic.scoring`); its
    ``hints`` are not read: the server counts the hints it gave (see the module docstring)."""

    seconds: float
    moves: int
    checks: int
    revealed: bool
    hints: int = 0
    log: object = None  # the moves as made (see gridlogic.store.moves); None: the record has none


@dataclass(frozen=True)
class AcceptedPlay:
    """The stored record of a play, whether it is new, and its score (None: an earlier record of
    this play, sent again too late for the time rule, is answered as stored)."""

    record: PlayRecord
    new: bool
    score: scoring.ScoreResult | None


@dataclass(frozen=True)
class Help:
    """What the server gave a play (see *What the server gave* in the module docstring): its hints,
    whether the answer was shown to it (``revealed``), and whether the player was handed the answer
    of its puzzle before the play was recorded (``answer``)."""

    hints: int
    revealed: bool
    answer: bool

    @classmethod
    def of(cls, aids: list[GivenAid], handout: Handout) -> Help:
        """The help of the play ``handout`` hands out, among the player's ``aids`` of its puzzle
        (those given up to the record)."""
        def during(aid: GivenAid) -> bool:
            return aid.play_id == handout.play_id or (aid.play_id is None and aid.given_at >= handout.handed_out_at)

        own = [aid for aid in aids if during(aid)]
        return cls(hints=sum(aid.kind in HINTS for aid in own),
                   revealed=any(aid.kind in REVEALING for aid in own),
                   answer=any(aid.kind in ANSWERS for aid in aids))


def time_floor(game: Game, puzzle: Puzzle) -> float:
    """The least seconds a person needs for ``puzzle``: :data:`SECONDS_PER_STEP` for each step of its
    walk-through and :data:`SECONDS_PER_MOVE` for each of the least moves that solve it (see the module
    docstring). A game without hints counts a step a cell."""
    if game.hints is None:
        steps = puzzle.width * puzzle.height
    else:
        version = game.latest if puzzle.version == IMPORTED else puzzle.version
        steps = len(game.hints.explain(game.problem(puzzle), version).steps)
    return round(SECONDS_PER_STEP * steps + SECONDS_PER_MOVE * game.min_moves(puzzle), 1)


def unranked_reason(help_given: Help, seen: float, floor: float | None, logged: bool) -> str | None:
    """Why a play takes no place on a leaderboard (within :data:`MAX_REASON_LENGTH`); None when nothing
    keeps it off. ``seen`` is the server's time of the play, ``floor`` the puzzle's (None: not ranked
    anywhere, so not computed), ``logged`` whether its moves were replayed."""
    reasons = []
    if help_given.revealed:
        reasons.append("the server handed out the answer to this play")
    elif help_given.answer:
        reasons.append("the server handed this player the answer (or the solve) of this puzzle")
    if help_given.hints:
        reasons.append(f"the server gave {help_given.hints} hint{'s' if help_given.hints != 1 else ''}")
    if not logged:
        reasons.append("the record carries no log of its moves")
    if floor is not None and seen < floor:
        reasons.append(f"the server saw {seen:.1f} s, below the {floor:.1f} s floor of this puzzle")
    text = "; ".join(reasons)
    return (text if len(text) <= MAX_REASON_LENGTH else text[:MAX_REASON_LENGTH - 1] + "…") or None


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
    the store's blocking calls, ``measure_floor`` computes a daily's floor."""

    def __init__(self, games: Mapping[str, Game], store: Store, signer: Signer, make: PuzzleMaker, *,
                 clock: Callable[[], datetime], in_thread: InThread = asyncio.to_thread,
                 measure_floor: FloorMaker | None = None) -> None:
        self.games = games
        self.store = store
        self.signer = signer
        self.make = make
        self.clock = clock
        self.in_thread = in_thread
        self.daily = DailyPuzzles(make)
        self._floors: OrderedDict[str, float] = OrderedDict()
        self.measure_floor = measure_floor or self._floor_in_thread

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

    async def give(self, player_id: str | None, spec: PuzzleSpec, receipt: object, kind: str) -> None:
        """Note that the player (None: a request without the cookie, whom nothing ties to a play) is
        handed ``kind`` of help with the puzzle of ``spec`` now, for the play of ``receipt`` (None: the
        request showed none). Refused like a record when the receipt is not this player's receipt of
        this puzzle; :class:`StoreUnavailable` when the database does not answer (then the web app
        gives no help to a play that showed its receipt)."""
        play_id = None
        if receipt is not None:
            if player_id is None:
                raise OthersPlay("this play was handed out to another player")
            handout = self.handout_of(player_id, receipt)
            if handout.spec.id != spec.id:
                raise PlayRefused(f"the receipt is of {short_repr(handout.spec.id)}, not of {short_repr(spec.id)}")
            play_id = handout.play_id
        if player_id is None:
            return
        who, now = player_id, self.clock()
        await self.in_thread(lambda: self.store.note_aid(who, spec.id, play_id, kind, now))

    def receipt_moment(self, handout: Handout, receipt: object) -> datetime:
        """The moment the server saw the play's record, which a :class:`RecordDeferred`'s receipt names."""
        content = self.signer.unseal("receipt", receipt)
        if not isinstance(content, dict) or content["n"] != handout.play_id:
            raise PlayRefused("receipt is not this server's receipt of this play")
        return _moment_of(content["t"])

    async def floor_of(self, spec: PuzzleSpec) -> float:
        """The :func:`time_floor` of the puzzle of ``spec``, computed once per process by ``measure_floor``
        (:class:`FloorUnavailable` when it cannot be now)."""
        floor = self._floors.get(spec.id)
        if floor is None:
            floor = await self.measure_floor(spec)
            self._floors[spec.id] = floor
            while len(self._floors) > FLOORS_KEPT:
                self._floors.popitem(last=False)
        return floor

    async def _floor_in_thread(self, spec: PuzzleSpec) -> float:
        puzzle, game = await self.make(spec), self.game_of(spec)
        return await self.in_thread(lambda: time_floor(game, puzzle))

    async def accept(self, handout: Handout, board: Any, figures: PlayFigures,
                     finished_at: datetime, address: str | None = None) -> AcceptedPlay:
        """Check the play (``board`` as its game's ``parse_board`` reads it, seen by the server at
        ``finished_at``, sent from a client ``address``: a keyed hash of it), score it and store it.
        Refused with :class:`PlayRefused`, or the store's ``AlreadyRecorded`` or ``RateLimited``;
        :class:`RecordDeferred` when the database is down."""
        seen = (finished_at - handout.handed_out_at).total_seconds()
        refusal = time_refusal(figures.seconds, seen)
        if refusal is not None:
            return await self._stored_before(handout, figures, refusal)
        puzzle = await self.make(handout.spec)
        game = handout.game
        if not game.check(puzzle, board).get("solved"):
            raise PlayRefused("the board is not solved: only a finished or revealed play is recorded")
        try:
            aids = await self.in_thread(lambda: self.store.aids(handout.player_id, handout.spec.id, finished_at))
        except StoreUnavailable as down:
            raise self._deferred(handout, finished_at, down) from down
        given = Help.of(aids, handout)
        revealed = figures.revealed or given.revealed
        counted = _replayed_moves(game, puzzle, board, figures, seen) if not revealed else None
        if counted is None:
            counted = figures.moves
            least = game.min_moves(puzzle)
            if not revealed and counted < least:
                raise PlayRefused(f"{counted} moves cannot solve this puzzle: it takes at least {least}")
        score = scoring.score_puzzle(puzzle, seconds=figures.seconds, moves=counted, checks=figures.checks,
                                     revealed=revealed, hints=given.hints)
        found = await self.daily.daily_of(handout.spec, self.today())
        try:
            floor = await self.floor_of(handout.spec) if found else None
        except FloorUnavailable as busy:
            raise self._deferred(handout, finished_at, busy) from busy
        unranked = unranked_reason(given, seen, floor, figures.log is not None)
        play = PlayRecord(
            id=handout.play_id, player_id=handout.player_id, puzzle_id=handout.spec.id, game=handout.spec.game,
            version=handout.spec.version, width=handout.spec.width, height=handout.spec.height,
            difficulty=handout.spec.difficulty, daily_date=found[0] if found else None,
            preset=found[1] if found else None, handed_out_at=handout.handed_out_at, finished_at=finished_at,
            outcome="revealed" if revealed else "solved", seconds=float(figures.seconds),
            moves=counted, checks=figures.checks, hints=given.hints, score=score.score, rank=score.rank,
            unranked=unranked, seen_seconds=round(seen, 3), address=address, floor=floor,
        )
        try:
            stored, new = await self.in_thread(lambda: self.store.record(play))
        except StoreUnavailable as down:
            raise self._deferred(handout, finished_at, down) from down
        return AcceptedPlay(stored, new, score)

    def _deferred(self, handout: Handout, finished_at: datetime, down: StoreUnavailable) -> RecordDeferred:
        """The refusal of a play the database could not take: with the signed moment the server saw it."""
        receipt = self.signer.seal("receipt", {"n": handout.play_id, "t": _milliseconds_of(finished_at)})
        return RecordDeferred(str(down), receipt)

    async def _stored_before(self, handout: Handout, figures: PlayFigures, refusal: str) -> AcceptedPlay:
        """A play refused by the time rule, unless it is one stored before and sent again after its
        answer was lost (a server killed, a network cut): late by the time it was away."""
        earlier = await self.in_thread(lambda: self.store.find(handout.play_id))
        if earlier is None or earlier.player_id != handout.player_id or earlier.seconds != figures.seconds:
            raise PlayRefused(refusal)
        return AcceptedPlay(earlier, False, None)


__all__ = [
    "ALLOWANCE_SECONDS", "SECONDS_PER_MOVE", "SECONDS_PER_STEP", "AcceptedPlay", "FloorMaker", "FloorUnavailable",
    "Handout", "Help", "OthersPlay", "PlayDesk", "PlayFigures", "PlayRefused", "RecordDeferred", "UnknownGame",
    "time_floor", "time_refusal", "unranked_reason",
]
