"""The tables of play records, as SQLAlchemy models (one schema for SQLite and PostgreSQL).

``players``
    one row per anonymous player who wrote anything: the random ID their signed cookie carries,
    an optional display name, and the window of the write rate limit (``window_start`` and
    ``window_writes``: writes since the window began, see :mod:`gridlogic.store.records`).
``plays``
    one row per finished or revealed play, written once, at the end of the play. Its ``id`` is the
    play's nonce from the hand-out receipt the server signed when the play began, so the same play
    can never be stored twice. The puzzle is named by its ID and, for the statistics, by its game,
    version, size and difficulty; ``daily_date`` and ``preset`` say which daily puzzle it was (both
    NULL for any other puzzle). ``handed_out_at`` is when the server handed the puzzle out,
    ``finished_at`` when it saw the record (or the moment of its receipt, for a write the page
    retried), ``finished_on`` that moment's UTC date (the streak counts a daily solved on its own
    day). ``outcome`` is "solved" or "revealed"; ``score`` and ``rank`` are the server's own;
    ``unranked`` says why the play takes no place on a leaderboard (NULL: nothing keeps it off).
``aids``
    one row for each time the server handed a player help with a puzzle: its answer (``kind``
    "reveal" for the Reveal button; "answer" for the answer fetched for Check, or ahead, or
    without a receipt) or a hint ("hint"; "last-hint" when its board is solved). ``play_id`` is the
    nonce of the receipt the request showed (NULL: none), ``given_at`` the moment. When the play
    is recorded, :mod:`gridlogic.store.plays` reads its aids back (why: see there).

``plays`` also keeps what the server saw itself: ``seen_seconds``, the time from the hand-out to the
record by the server's clock (the time a leaderboard ranks; NULL for plays recorded before it was
kept), ``address``, a keyed hash of the client address the record came from (places per address on
a leaderboard; never the address itself), and ``floor``, the least seconds a person needs for the
puzzle (NULL where none was computed).
``groups`` and ``group_members``
    friends' leaderboards: a group has a name, a secret ``invite`` code (its share link) and members;
    a player leaves by deleting the membership, and deleting a player's records removes theirs.

Times are stored as UTC ``DateTime(timezone=True)``; SQLite keeps no zone, so
:mod:`gridlogic.store.records` writes and reads them as UTC always.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Date, DateTime, Float, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

PLAYER_ID_LENGTH = 32  # 128 random bits in hex
PLAY_ID_LENGTH = 32
MAX_NAME_LENGTH = 32
MAX_REASON_LENGTH = 200
AID_KINDS = ("reveal", "answer", "hint", "last-hint")
ADDRESS_LENGTH = 32  # a keyed hash of the client address, 128 bits in hex
GROUP_ID_LENGTH = 16
INVITE_LENGTH = 32


class Base(DeclarativeBase):
    pass


class Player(Base):
    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(PLAYER_ID_LENGTH), primary_key=True)
    display_name: Mapped[str | None] = mapped_column(String(MAX_NAME_LENGTH))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    window_start: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    window_writes: Mapped[int] = mapped_column(Integer)


class Play(Base):
    __tablename__ = "plays"

    id: Mapped[str] = mapped_column(String(PLAY_ID_LENGTH), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(PLAYER_ID_LENGTH), ForeignKey("players.id", ondelete="CASCADE"))
    puzzle_id: Mapped[str] = mapped_column(Text)
    game: Mapped[str] = mapped_column(String(40))
    version: Mapped[int] = mapped_column(Integer)
    width: Mapped[int] = mapped_column(Integer)
    height: Mapped[int] = mapped_column(Integer)
    difficulty: Mapped[str] = mapped_column(String(40))
    daily_date: Mapped[date | None] = mapped_column(Date)
    preset: Mapped[str | None] = mapped_column(String(40))
    handed_out_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_on: Mapped[date] = mapped_column(Date)
    outcome: Mapped[str] = mapped_column(String(10))
    seconds: Mapped[float] = mapped_column(Float)
    moves: Mapped[int] = mapped_column(Integer)
    checks: Mapped[int] = mapped_column(Integer)
    hints: Mapped[int] = mapped_column(Integer)
    score: Mapped[int] = mapped_column(Integer)
    rank: Mapped[str] = mapped_column(String(10))
    unranked: Mapped[str | None] = mapped_column(String(MAX_REASON_LENGTH))
    seen_seconds: Mapped[float | None] = mapped_column(Float)
    address: Mapped[str | None] = mapped_column(String(ADDRESS_LENGTH))
    floor: Mapped[float | None] = mapped_column(Float)

    __table_args__ = (
        # A player's records in order (stats, export, the rate limit's recent writes).
        Index("ix_plays_player_finished", "player_id", "finished_at"),
        # A day's leaderboard: every record of one daily puzzle.
        Index("ix_plays_daily", "daily_date", "preset", "game"),
    )


class Aid(Base):
    __tablename__ = "aids"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player_id: Mapped[str] = mapped_column(
        String(PLAYER_ID_LENGTH), ForeignKey("players.id", ondelete="CASCADE"))
    puzzle_id: Mapped[str] = mapped_column(Text)
    play_id: Mapped[str | None] = mapped_column(String(PLAY_ID_LENGTH))
    kind: Mapped[str] = mapped_column(String(10))
    given_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (
        # What a player was given for a puzzle: what a play of it reads back when recorded.
        Index("ix_aids_player_puzzle", "player_id", "puzzle_id"),
    )


class Group(Base):
    __tablename__ = "groups"

    id: Mapped[str] = mapped_column(String(GROUP_ID_LENGTH), primary_key=True)
    name: Mapped[str] = mapped_column(String(MAX_NAME_LENGTH))
    invite: Mapped[str] = mapped_column(String(INVITE_LENGTH), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class GroupMember(Base):
    __tablename__ = "group_members"

    group_id: Mapped[str] = mapped_column(
        String(GROUP_ID_LENGTH), ForeignKey("groups.id", ondelete="CASCADE"), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(PLAYER_ID_LENGTH), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (
        # The groups of a player.
        Index("ix_group_members_player", "player_id"),
    )
