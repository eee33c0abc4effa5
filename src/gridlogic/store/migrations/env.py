"""Alembic's entry point for the records' migrations: run on the connection the caller hands over.

:func:`gridlogic.store.migrate.upgrade` and ``downgrade`` put an open connection, already inside
the transaction that holds the migration lock, in ``config.attributes["connection"]``; nothing
here reads an ``alembic.ini`` or opens a database of its own.
"""

from alembic import context

from gridlogic.store.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True,
                  transaction_per_migration=False)
with context.begin_transaction():
    context.run_migrations()
