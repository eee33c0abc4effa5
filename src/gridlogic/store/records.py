"""The play records: written once per play, read back as a player's own records, stats and streak.

A :class:`Store` holds one database (see :mod:`gridlogic.store.location`). It knows nothing of
HTTP or of any game: :mod:`gridlogic.store.plays` checks a play (the board, the time, the score)
and hands the finished :class:`PlayRecord` to :meth:`Store.record`, which writes it in one
transaction.

**Every write is one transaction** that first makes or touches the player's row with an upsert,
which locks it on PostgreSQL (SQLite's ``BEGIN IMMEDIATE`` holds the whole database), so a
player's writes queue one behind the other whatever the number of servers, and the three rules
below hold:

* *A play is stored once.* Its ID is the nonce of the hand-out receipt; the same play sent again
  (the page retrying a write whose answer it never saw) finds itself stored and is answered as
  stored, and the same ID with other figures is refused (:class:`AlreadyRecorded`).
* *Rate limit*: at most :data:`WRITE_LIMIT` writes (records, name changes, deletions) per player
  in a window of :data:`WINDOW_SECONDS`; the window starts at the first write after the previous
  one ended, and a write beyond the limit is refused with the seconds until the window ends
  (:class:`RateLimited`).
* *Nothing half-done*: a server killed between the statements leaves no trace of the write (the
  database rolls the open transaction back); once :meth:`Store.record` returns, the play is
  committed (PostgreSQL's and SQLite's ``synchronous=FULL`` commit reach the disk first).

**The streak** counts days in a row, up to today, on which the player solved (not revealed) at
least one daily puzzle *on its own day* (playing an old day in the archive fills no gap). A
streak that ended yesterday still stands today, since today's puzzle may be still to come::

    >>> from datetime import date
    >>> days = {date(2026, 12, 1), date(2026, 12, 2), date(2026, 12, 3), date(2026, 12, 6)}
    >>> streaks(days, today=date(2026, 12, 7))   # (current, best): the 6th counts until the 7th ends
    (1, 3)
    >>> streaks(days, today=date(2026, 12, 8))
    (0, 3)
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import asdict, dataclass, fields
from datetime import UTC, date, datetime, timedelta
from typing import Any, TypeVar, cast

from sqlalchemy import Connection, Engine, Table, case, delete, func, select, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import URL
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from gridlogic.errors import GridlogicError
from gridlogic.store.location import create_store_engine, database_url, is_sqlite
from gridlogic.store.migrate import upgrade
from gridlogic.store.models import (
    AID_KINDS,
    GROUP_ID_LENGTH,
    INVITE_LENGTH,
    Aid,
    Group,
    GroupMember,
    Play,
    Player,
)

WRITE_LIMIT = 30
PLACES_PER_ADDRESS = 3  # ranked places one client address may hold on one daily's leaderboard
MAX_GROUPS = 20  # groups a player may be in
MAX_MEMBERS = 200  # members a group may have
WINDOW_SECONDS = 60
OUTCOMES = ("solved", "revealed")

PLAYERS = cast(Table, Player.__table__)
PLAYS = cast(Table, Play.__table__)
AIDS = cast(Table, Aid.__table__)
GROUPS = cast(Table, Group.__table__)
MEMBERS = cast(Table, GroupMember.__table__)

T = TypeVar("T")


class StoreError(GridlogicError):
    """A refusal of the records' store; the message says why."""


class StoreUnavailable(StoreError):
    """The database does not answer (down, unreachable, or busy beyond the timeout)."""


class RateLimited(StoreError):
    """Too many writes in the window; ``retry_after`` seconds until the window ends."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"at most {WRITE_LIMIT} record writes a minute; try again in {retry_after} s")
        self.retry_after = retry_after


class AlreadyRecorded(StoreError):
    """This play is stored already, with other figures."""


@dataclass(frozen=True)
class GivenAid:
    """Help the server handed a player with a puzzle (see :mod:`gridlogic.store.models`, ``aids``)."""

    kind: str
    play_id: str | None
    given_at: datetime


@dataclass(frozen=True)
class PlayRecord:
    """One finished or revealed play, as stored (see :mod:`gridlogic.store.models`)."""

    id: str
    player_id: str
    puzzle_id: str
    game: str
    version: int
    width: int
    height: int
    difficulty: str
    daily_date: date | None
    preset: str | None
    handed_out_at: datetime
    finished_at: datetime
    outcome: str
    seconds: float
    moves: int
    checks: int
    hints: int
    score: int
    rank: str
    unranked: str | None = None
    seen_seconds: float | None = None
    address: str | None = None
    floor: float | None = None

    @property
    def finished_on(self) -> date:
        return self.finished_at.astimezone(UTC).date()

    def same_play(self, other: PlayRecord) -> bool:
        """Whether ``other`` is this play sent again (the same player, puzzle and figures)."""
        keys = ("player_id", "puzzle_id", "outcome", "seconds", "moves", "checks", "hints")
        return all(getattr(self, key) == getattr(other, key) for key in keys)

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON: dates and times in ISO 8601 (UTC)."""
        data = asdict(self)
        del data["player_id"], data["address"]
        for key, value in data.items():
            if isinstance(value, date | datetime):
                data[key] = value.isoformat()
        return data


EXPORT_FIELDS = tuple(f.name for f in fields(PlayRecord) if f.name not in ("player_id", "address"))


def as_utc(moment: datetime) -> datetime:
    """A stored time as an aware UTC datetime (SQLite hands back naive ones, written as UTC)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _record_of(row: Any) -> PlayRecord:
    values = {name: getattr(row, name) for name in (f.name for f in fields(PlayRecord))}
    values["handed_out_at"] = as_utc(values["handed_out_at"])
    values["finished_at"] = as_utc(values["finished_at"])
    return PlayRecord(**values)


def streaks(days: set[date], today: date) -> tuple[int, int]:
    """(current, best) runs of consecutive ``days`` (see the module docstring)."""
    best = run = 0
    previous: date | None = None
    for day in sorted(days):
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    current = 0
    day = today if today in days else today - timedelta(days=1)
    while day in days:
        current += 1
        day -= timedelta(days=1)
    return current, best


class Store:
    """The records of one database; opened (and migrated) on first use, again after a failure."""

    def __init__(self, url: str | URL | None = None) -> None:
        self.url = database_url(str(url) if isinstance(url, URL) else url)
        self._engine: Engine | None = None
        self._migrated = False
        self._lock = threading.Lock()
        self._writer: AbstractContextManager[Any] = threading.Lock() if is_sqlite(self.url) else nullcontext()

    @property
    def engine(self) -> Engine:
        with self._lock:
            if self._engine is None:
                self._engine = create_store_engine(self.url)
            return self._engine

    def open(self) -> None:
        """Make sure the schema is the newest (run once per process); StoreUnavailable if the database is down."""
        if self._migrated:
            return
        engine = self.engine
        with self._lock:
            if not self._migrated:
                _answering(lambda: upgrade(engine))
                self._migrated = True

    def close(self) -> None:
        with self._lock:
            if self._engine is not None:
                self._engine.dispose()
                self._engine = None

    @contextmanager
    def _reading(self) -> Iterator[Connection]:
        self.open()
        with _unavailable_as_error(), self.engine.connect() as connection, connection.begin():
            yield connection

    def _write(self, player_id: str, now: datetime, work: Callable[[Connection], tuple[T, bool]]) -> T:
        """``work`` in one write transaction holding the player's row, under the rate limit.

        ``work(connection)`` answers its result and whether the write counts against the limit
        (a play sent again, already stored, does not); past the limit the transaction is rolled
        back, ``work`` with it. Within one process SQLite's writers also queue on a lock, so they
        wait their turn instead of polling the file lock.
        """
        self.open()
        with self._writer, _unavailable_as_error(), self.engine.connect() as connection:
            connection.execution_options(write=True)
            with connection.begin():
                player = _locked_player(connection, player_id, now)
                result, counted = work(connection)
                if counted:
                    _spend_write(connection, player, now)
                return result

    # --- writes ----------------------------------------------------------------------------

    def record(self, play: PlayRecord) -> tuple[PlayRecord, bool]:
        """Store ``play``; answers the stored record and whether it is new (False: it was stored before)."""
        if play.outcome not in OUTCOMES:
            raise ValueError(f"outcome {play.outcome!r} is not one of {OUTCOMES}")

        def write(connection: Connection) -> tuple[tuple[PlayRecord, bool], bool]:
            values = {**asdict(play), "finished_on": play.finished_on}
            added = connection.execute(_insert(connection)(PLAYS).values(**values)
                                       .on_conflict_do_nothing(index_elements=["id"]).returning(PLAYS.c.id)).first()
            if added is not None:
                return (play, True), True
            earlier = _record_of(connection.execute(select(PLAYS).where(PLAYS.c.id == play.id)).one())
            if not earlier.same_play(play):
                raise AlreadyRecorded("this play is recorded already, with other figures")
            return (earlier, False), False

        return self._write(play.player_id, play.finished_at, write)

    def note_aid(self, player_id: str, puzzle_id: str, play_id: str | None, kind: str, now: datetime) -> None:
        """Note that the player was given ``kind`` of help with the puzzle now, for the receipt whose
        nonce is ``play_id`` (None: no receipt shown). Not a write the rate limit counts: the help was
        asked for by a request with limits of its own."""
        if kind not in AID_KINDS:
            raise ValueError(f"aid kind {kind!r} is not one of {AID_KINDS}")
        self._write(player_id, now, lambda connection: (connection.execute(AIDS.insert().values(
            player_id=player_id, puzzle_id=puzzle_id, play_id=play_id, kind=kind, given_at=now)), False))

    def set_name(self, player_id: str, name: str | None, now: datetime) -> None:
        """Set (None: remove) the display name the daily leaderboard shows."""
        self._write(player_id, now, lambda connection: (connection.execute(
            update(PLAYERS).where(PLAYERS.c.id == player_id).values(display_name=name)), True))

    def delete_records(self, player_id: str, now: datetime) -> int:
        """Delete every play of the player, the display name and the player's places in groups;
        answers how many plays went."""

        def work(connection: Connection) -> tuple[int, bool]:
            gone = connection.execute(delete(PLAYS).where(PLAYS.c.player_id == player_id)).rowcount
            connection.execute(delete(AIDS).where(AIDS.c.player_id == player_id))
            for group_id in _group_ids(connection, player_id):
                connection.execute(delete(MEMBERS).where(MEMBERS.c.group_id == group_id,
                                                         MEMBERS.c.player_id == player_id))
                if _member_count(connection, group_id) == 0:
                    connection.execute(delete(GROUPS).where(GROUPS.c.id == group_id))
            connection.execute(update(PLAYERS).where(PLAYERS.c.id == player_id).values(display_name=None))
            return int(gone), True

        return self._write(player_id, now, work)

    # --- reads -----------------------------------------------------------------------------

    def find(self, play_id: str) -> PlayRecord | None:
        """The stored play of this ID, if any."""
        with self._reading() as connection:
            row = connection.execute(select(PLAYS).where(PLAYS.c.id == play_id)).first()
            return None if row is None else _record_of(row)

    def aids(self, player_id: str, puzzle_id: str, until: datetime) -> list[GivenAid]:
        """What the player was given for the puzzle up to ``until``, oldest first."""
        with self._reading() as connection:
            rows = connection.execute(
                select(AIDS.c.kind, AIDS.c.play_id, AIDS.c.given_at)
                .where(AIDS.c.player_id == player_id, AIDS.c.puzzle_id == puzzle_id, AIDS.c.given_at <= until)
                .order_by(AIDS.c.given_at, AIDS.c.id))
            return [GivenAid(kind, play_id, as_utc(given_at)) for kind, play_id, given_at in rows]

    def plays(self, player_id: str) -> list[PlayRecord]:
        """Every play of the player, oldest first."""
        with self._reading() as connection:
            rows = connection.execute(select(PLAYS).where(PLAYS.c.player_id == player_id)
                                      .order_by(PLAYS.c.finished_at, PLAYS.c.id))
            return [_record_of(row) for row in rows]

    def stats(self, player_id: str, today: date) -> dict[str, Any]:
        """The display name; solved and revealed counts, best and median times per game × size ×
        difficulty; the daily streak. The database does the counting (see :func:`_group_figures`),
        so a player with many plays costs a few rows, not all of them."""
        with self._reading() as connection:
            name = connection.execute(
                select(PLAYERS.c.display_name).where(PLAYERS.c.id == player_id)).scalar_one_or_none()
            groups = _group_figures(connection, player_id)
            days = set(connection.execute(
                select(PLAYS.c.daily_date).distinct().where(
                    PLAYS.c.player_id == player_id, PLAYS.c.outcome == "solved",
                    PLAYS.c.daily_date == PLAYS.c.finished_on)).scalars())
        current, best = streaks(days, today)
        return {"name": name, "plays": sum(g["solved"] + g["revealed"] for g in groups),
                "streak": {"current": current, "best": best}, "groups": groups}

    def daily_records(self, player_id: str, first: date, last: date) -> list[PlayRecord]:
        """The player's records of the daily puzzles of ``first`` to ``last``, oldest first."""
        with self._reading() as connection:
            rows = connection.execute(
                select(PLAYS).where(PLAYS.c.player_id == player_id, PLAYS.c.daily_date >= first,
                                    PLAYS.c.daily_date <= last).order_by(PLAYS.c.finished_at, PLAYS.c.id))
            return [_record_of(row) for row in rows]

    def leaderboard(self, day: date, game: str, preset: str, limit: int) -> list[tuple[str | None, float]]:
        """(display name, seconds) of the day's daily, fastest first by the server's clock: each
        player's first record of it, made on its own day, solved and not kept off (a reveal, a play
        ``unranked``, or a later try, does not count), and at most :data:`PLACES_PER_ADDRESS` players
        of one client address (their fastest)."""
        ranked = _first_plays(day, game, preset).where(
            PLAYS.c.outcome == "solved", PLAYS.c.finished_on == day, PLAYS.c.unranked.is_(None)).subquery()
        place = func.row_number().over(partition_by=func.coalesce(ranked.c.address, ranked.c.player_id),
                                       order_by=(ranked.c.ranked_seconds, ranked.c.finished_at)).label("place")
        within = select(ranked, place).subquery()
        query = (select(PLAYERS.c.display_name, within.c.ranked_seconds)
                 .join(PLAYERS, PLAYERS.c.id == within.c.player_id)
                 .where(within.c.place <= PLACES_PER_ADDRESS)
                 .order_by(within.c.ranked_seconds, within.c.finished_at).limit(limit))
        with self._reading() as connection:
            return [(name, seconds) for name, seconds in connection.execute(query)]

    # --- friends' groups -----------------------------------------------------------------------

    def create_group(self, player_id: str, name: str, now: datetime) -> GroupInfo:
        """A new group named ``name`` with the player its first member."""
        group = GroupInfo(secrets.token_hex(GROUP_ID_LENGTH // 2), name, secrets.token_hex(INVITE_LENGTH // 2), 1)

        def work(connection: Connection) -> tuple[GroupInfo, bool]:
            _check_group_room(connection, player_id)
            connection.execute(GROUPS.insert().values(id=group.id, name=name, invite=group.invite, created_at=now))
            connection.execute(MEMBERS.insert().values(group_id=group.id, player_id=player_id, joined_at=now))
            return group, True

        return self._write(player_id, now, work)

    def join_group(self, player_id: str, invite: str, now: datetime) -> GroupInfo:
        """The player joins the group of ``invite`` (a member already: nothing changes)."""

        def work(connection: Connection) -> tuple[GroupInfo, bool]:
            row = connection.execute(select(GROUPS.c.id).where(GROUPS.c.invite == invite)).first()
            if row is None:
                raise UnknownGroup("no group has this invite; ask its member for the link again")
            group_id = row.id
            if group_id not in _group_ids(connection, player_id):
                _check_group_room(connection, player_id)
                if _member_count(connection, group_id) >= MAX_MEMBERS:
                    raise GroupRefused(f"this group is full: a group has at most {MAX_MEMBERS} members")
                connection.execute(MEMBERS.insert().values(group_id=group_id, player_id=player_id, joined_at=now))
            return _group_info(connection, group_id), True

        return self._write(player_id, now, work)

    def leave_group(self, player_id: str, group_id: str, now: datetime) -> None:
        """The player leaves the group; a group its last member leaves is gone."""

        def work(connection: Connection) -> tuple[None, bool]:
            gone = connection.execute(delete(MEMBERS).where(MEMBERS.c.group_id == group_id,
                                                            MEMBERS.c.player_id == player_id)).rowcount
            if not gone:
                raise UnknownGroup("you are not a member of this group")
            if _member_count(connection, group_id) == 0:
                connection.execute(delete(GROUPS).where(GROUPS.c.id == group_id))
            return None, True

        self._write(player_id, now, work)

    def groups(self, player_id: str) -> list[GroupInfo]:
        """The player's groups, in the order joined."""
        with self._reading() as connection:
            return [_group_info(connection, group_id) for group_id in _group_ids(connection, player_id)]

    def group_board(self, player_id: str, group_id: str, day: date, game: str,
                    preset: str) -> list[dict[str, Any]]:
        """The members' first plays of the day's daily, for a member of the group: ranked plays
        fastest first by the server's clock, then the unranked ones (with why), then the revealed."""
        members = select(MEMBERS.c.player_id).where(MEMBERS.c.group_id == group_id)
        first = _first_plays(day, game, preset).where(PLAYS.c.player_id.in_(members)).subquery()
        query = (select(PLAYERS.c.display_name, first.c.ranked_seconds, first.c.outcome, first.c.unranked,
                        first.c.finished_on, first.c.player_id)
                 .join(PLAYERS, PLAYERS.c.id == first.c.player_id))
        with self._reading() as connection:
            if group_id not in _group_ids(connection, player_id):
                raise UnknownGroup("you are not a member of this group")
            rows = connection.execute(query).all()
        entries = []
        for name, seconds, outcome, unranked, finished_on, member in rows:
            if outcome == "solved" and unranked is None and finished_on != day:
                unranked = "played after its day"
            state = "revealed" if outcome == "revealed" else "unranked" if unranked else "ranked"
            entries.append({"name": name, "seconds": seconds, "state": state, "unranked": unranked,
                            "you": member == player_id})
        order = {"ranked": 0, "unranked": 1, "revealed": 2}
        return sorted(entries, key=lambda entry: (order[entry["state"]], entry["seconds"]))


@dataclass(frozen=True)
class GroupInfo:
    """A friends' group as its members see it: its ID, name, invite code and how many members it has."""

    id: str
    name: str
    invite: str
    members: int

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class GroupRefused(StoreError):
    """A group cannot be made or joined; the message says why."""


class UnknownGroup(GroupRefused):
    """No such group, or the player is not one of its members."""


def _first_plays(day: date, game: str, preset: str) -> Any:
    """Each player's first record of the day's daily (every column, and ``ranked_seconds``: the
    server's own time, or the claimed one for plays recorded before the server kept its own)."""
    first = (select(PLAYS.c.player_id, func.min(PLAYS.c.finished_at).label("first_at"))
             .where(PLAYS.c.daily_date == day, PLAYS.c.game == game, PLAYS.c.preset == preset)
             .group_by(PLAYS.c.player_id).subquery())
    return (select(*PLAYS.c, func.coalesce(PLAYS.c.seen_seconds, PLAYS.c.seconds).label("ranked_seconds"))
            .join(first, (first.c.player_id == PLAYS.c.player_id) & (first.c.first_at == PLAYS.c.finished_at))
            .where(PLAYS.c.daily_date == day, PLAYS.c.game == game, PLAYS.c.preset == preset))


def _group_ids(connection: Connection, player_id: str) -> list[str]:
    return list(connection.execute(select(MEMBERS.c.group_id).where(MEMBERS.c.player_id == player_id)
                                   .order_by(MEMBERS.c.joined_at, MEMBERS.c.group_id)).scalars())


def _member_count(connection: Connection, group_id: str) -> int:
    return int(connection.execute(select(func.count()).where(MEMBERS.c.group_id == group_id)).scalar_one())


def _group_info(connection: Connection, group_id: str) -> GroupInfo:
    row = connection.execute(select(GROUPS.c.name, GROUPS.c.invite).where(GROUPS.c.id == group_id)).one()
    return GroupInfo(group_id, row.name, row.invite, _member_count(connection, group_id))


def _check_group_room(connection: Connection, player_id: str) -> None:
    if len(_group_ids(connection, player_id)) >= MAX_GROUPS:
        raise GroupRefused(f"a player is in at most {MAX_GROUPS} groups; leave one first")


def _group_figures(connection: Connection, player_id: str) -> list[dict[str, Any]]:
    """Per (game, width, height, difficulty) of the player's plays: solved, revealed, best, median.

    The median is the mean of the middle one or two solved times: numbered in order within
    their group, times ``(n + 1) // 2`` and ``(n + 2) // 2`` of ``n`` (for 4 times, the 2nd and
    3rd; for 5, the 3rd twice), found by window functions both databases have.
    """
    group = (PLAYS.c.game, PLAYS.c.width, PLAYS.c.height, PLAYS.c.difficulty)
    mine = PLAYS.c.player_id == player_id
    solved = PLAYS.c.outcome == "solved"
    counts = connection.execute(
        select(*group, func.sum(case((solved, 1), else_=0)), func.sum(case((solved, 0), else_=1)),
               func.min(case((solved, PLAYS.c.seconds))))
        .where(mine).group_by(*group).order_by(*group)).all()
    ordered = (select(*group, PLAYS.c.seconds,
                      func.row_number().over(partition_by=group, order_by=PLAYS.c.seconds).label("n"),
                      func.count().over(partition_by=group).label("of"))
               .where(mine, solved).subquery())
    middle = (ordered.c.n == (ordered.c["of"] + 1) // 2) | (ordered.c.n == (ordered.c["of"] + 2) // 2)
    keys = [ordered.c[column.name] for column in group]
    medians = {tuple(row[:4]): row[4] for row in connection.execute(
        select(*keys, func.avg(ordered.c.seconds)).where(middle).group_by(*keys))}
    return [{"game": game, "width": width, "height": height, "difficulty": difficulty, "solved": int(won),
             "revealed": int(shown), "best": best, "median": medians.get((game, width, height, difficulty))}
            for game, width, height, difficulty, won, shown, best in counts]


def _insert(connection: Connection) -> Any:
    """The dialect's INSERT, which knows ON CONFLICT (both databases have it, and RETURNING)."""
    return postgresql_insert if connection.dialect.name == "postgresql" else sqlite_insert


def _locked_player(connection: Connection, player_id: str, now: datetime) -> Any:
    """The player's row, made if new, locked to this transaction (one statement: an upsert that
    touches the row takes its lock on PostgreSQL; SQLite's transaction holds the whole file)."""
    values = {"id": player_id, "display_name": None, "created_at": now, "window_start": now, "window_writes": 0}
    upsert = _insert(connection)(PLAYERS).values(**values)
    upsert = upsert.on_conflict_do_update(index_elements=["id"], set_={"id": upsert.excluded.id})
    return connection.execute(upsert.returning(*PLAYERS.c)).one()


def _spend_write(connection: Connection, player: Any, now: datetime) -> None:
    started = as_utc(player.window_start)
    ends = started + timedelta(seconds=WINDOW_SECONDS)
    if now >= ends or now < started:
        started, writes = now, 0
    else:
        writes = player.window_writes
        if writes >= WRITE_LIMIT:
            raise RateLimited(max(1, int((ends - now).total_seconds() + 0.999)))
    connection.execute(update(PLAYERS).where(PLAYERS.c.id == player.id)
                       .values(window_start=started, window_writes=writes + 1))


_DOWN = (OperationalError, InterfaceError, PoolTimeout)


def _is_down(error: BaseException) -> bool:
    return isinstance(error, _DOWN) or (isinstance(error, DBAPIError) and error.connection_invalidated)


@contextmanager
def _unavailable_as_error() -> Iterator[None]:
    try:
        yield
    except DBAPIError as error:
        if _is_down(error):
            raise StoreUnavailable(f"the records database does not answer ({_first_line(error)})") from error
        raise
    except PoolTimeout as error:
        raise StoreUnavailable("the records database does not answer (no free connection)") from error


def _answering(work: Callable[[], T]) -> T:
    with _unavailable_as_error():
        return work()


def _first_line(error: DBAPIError) -> str:
    return str(error.orig).strip().splitlines()[0] if error.orig is not None else type(error).__name__
