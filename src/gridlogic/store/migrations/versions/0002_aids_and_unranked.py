"""What the server handed out to help a play (``aids``), and why a play takes no leaderboard place.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "aids",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("puzzle_id", sa.Text(), nullable=False),
        sa.Column("play_id", sa.String(32), nullable=True),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("given_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_aids_player_puzzle", "aids", ["player_id", "puzzle_id"])
    with op.batch_alter_table("plays") as plays:
        plays.add_column(sa.Column("unranked", sa.String(200), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("plays") as plays:
        plays.drop_column("unranked")
    op.drop_index("ix_aids_player_puzzle", table_name="aids")
    op.drop_table("aids")
