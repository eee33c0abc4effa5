"""Players and their plays (the first schema).

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("display_name", sa.String(32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("window_start", sa.DateTime(timezone=True), nullable=False),
        sa.Column("window_writes", sa.Integer(), nullable=False),
    )
    op.create_table(
        "plays",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("puzzle_id", sa.Text(), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("width", sa.Integer(), nullable=False),
        sa.Column("height", sa.Integer(), nullable=False),
        sa.Column("difficulty", sa.String(40), nullable=False),
        sa.Column("daily_date", sa.Date(), nullable=True),
        sa.Column("preset", sa.String(40), nullable=True),
        sa.Column("handed_out_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_on", sa.Date(), nullable=False),
        sa.Column("outcome", sa.String(10), nullable=False),
        sa.Column("seconds", sa.Float(), nullable=False),
        sa.Column("moves", sa.Integer(), nullable=False),
        sa.Column("checks", sa.Integer(), nullable=False),
        sa.Column("hints", sa.Integer(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("rank", sa.String(10), nullable=False),
    )
    op.create_index("ix_plays_player_finished", "plays", ["player_id", "finished_at"])
    op.create_index("ix_plays_daily", "plays", ["daily_date", "preset", "game"])


def downgrade() -> None:
    op.drop_index("ix_plays_daily", table_name="plays")
    op.drop_index("ix_plays_player_finished", table_name="plays")
    op.drop_table("plays")
    op.drop_table("players")
