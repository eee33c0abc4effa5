"""What the server saw of a play (its own time, a hash of the address, the floor), and friends' groups.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("plays") as plays:
        plays.add_column(sa.Column("seen_seconds", sa.Float(), nullable=True))
        plays.add_column(sa.Column("address", sa.String(32), nullable=True))
        plays.add_column(sa.Column("floor", sa.Float(), nullable=True))
    op.create_table(
        "groups",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("invite", sa.String(32), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "group_members",
        sa.Column("group_id", sa.String(16), sa.ForeignKey("groups.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_group_members_player", "group_members", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_group_members_player", table_name="group_members")
    op.drop_table("group_members")
    op.drop_table("groups")
    with op.batch_alter_table("plays") as plays:
        plays.drop_column("floor")
        plays.drop_column("address")
        plays.drop_column("seen_seconds")
