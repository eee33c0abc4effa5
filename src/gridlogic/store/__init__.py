"""Play records and daily puzzles, in a real database: SQLite by default, PostgreSQL for many servers.

``location``  the database URL (``GRIDLOGIC_DATABASE_URL``), the engine, the cookie secret
``models``    the tables (SQLAlchemy); ``migrations/`` their Alembic history, run on start
``migrate``   upgrade and downgrade, under a lock several servers share
``daily``     the daily puzzles' table: which puzzle each game's medium and hard daily is on a day
``records``   the :class:`Store`: a play written once, a player's records, stats and streak, the
              daily leaderboard, the help (answers, hints) handed to each player
``tokens``    the tokens only this server can make: the player cookie's ID, a play's receipts
``plays``     accepting a play: its hand-out receipt, the checks of the finished play, the help the
              server gave it, its score, whether it is a daily one and may rank, its record

The store needs the ``db`` extra (SQLAlchemy, Alembic, psycopg), which the ``web`` extra brings.
It knows no game by name and nothing of HTTP: :mod:`gridlogic.web.records` is its web face.
"""

from gridlogic.store.records import (
    AlreadyRecorded,
    PlayRecord,
    RateLimited,
    Store,
    StoreError,
    StoreUnavailable,
)

__all__ = ["AlreadyRecorded", "PlayRecord", "RateLimited", "Store", "StoreError", "StoreUnavailable"]
