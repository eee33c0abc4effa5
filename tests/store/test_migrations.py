"""The migrations, up and down, on SQLite and PostgreSQL; the models and the migrations agree."""

from __future__ import annotations

import threading

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, text

from gridlogic.store import Store, migrate
from gridlogic.store.models import Base

TABLES = set(Base.metadata.tables)


def tables(store: Store) -> set[str]:
    return set(inspect(store.engine).get_table_names()) - {"alembic_version"}


def test_upgrade_makes_the_tables_and_downgrade_removes_them(database_url):
    store = Store(database_url)
    assert migrate.current(store.engine) is None and tables(store) == set()
    store.open()
    assert migrate.current(store.engine) == migrate.head() and tables(store) == TABLES
    with store.engine.begin() as connection:
        connection.execute(text("INSERT INTO players (id, created_at, window_start, window_writes) "
                                "VALUES ('p', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 0)"))
    migrate.downgrade(store.engine, "base")
    assert migrate.current(store.engine) is None and tables(store) == set()
    migrate.upgrade(store.engine)
    assert migrate.current(store.engine) == migrate.head() and tables(store) == TABLES
    store.close()


def test_plays_recorded_before_the_aids_keep_their_place_through_the_upgrade_and_back(database_url):
    store = Store(database_url)
    migrate.upgrade(store.engine, "0001")
    with store.engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO players (id, created_at, window_start, window_writes) "
            "VALUES ('p', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 0)"))
        connection.execute(text(
            "INSERT INTO plays (id, player_id, puzzle_id, game, version, width, height, difficulty, handed_out_at, "
            "finished_at, finished_on, outcome, seconds, moves, checks, hints, score, rank) VALUES ('n', 'p', "
            "'signal.3.5x5.any.s', 'signal', 3, 5, 5, 'any', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, CURRENT_DATE, "
            "'solved', 60, 30, 0, 0, 90, 'A')"))
    migrate.upgrade(store.engine)
    assert tables(store) == TABLES
    found = store.find("n")
    assert found is not None and found.unranked is None and found.seconds == 60
    migrate.downgrade(store.engine, "0001")
    assert tables(store) == {"players", "plays"}
    with store.engine.connect() as connection:
        assert connection.execute(text("SELECT seconds FROM plays WHERE id = 'n'")).scalar_one() == 60
    store.close()


def test_the_migrations_make_exactly_the_models_schema(database_url):
    store = Store(database_url)
    store.open()
    with store.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    store.close()
    assert differences == []


def test_servers_starting_together_migrate_once(database_url):
    stores = [Store(database_url) for _ in range(4)]
    failures: list[BaseException] = []

    def start(store: Store) -> None:
        try:
            store.open()
        except BaseException as error:  # noqa: BLE001 - the test reports any
            failures.append(error)

    threads = [threading.Thread(target=start, args=(store,)) for store in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert migrate.current(stores[0].engine) == migrate.head() and tables(stores[0]) == TABLES
    for store in stores:
        store.close()
