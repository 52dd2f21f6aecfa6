"""The log's own index on game_id goes: the unique (game_id, seq) index already serves every
lookup by game (its leading column), and a second index cost a page write on every tap.

Revision ID: 0004_one_index_per_log
Revises: 0003_checkpoints
Create Date: 2026-11-21
"""
import sqlalchemy as sa
from alembic import op

revision = "0004_one_index_per_log"
down_revision = "0003_checkpoints"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # (tables made straight from newer models never had it)
    indexes = {ix["name"] for ix in sa.inspect(op.get_bind()).get_indexes("actions")}
    if "ix_actions_game_id" in indexes:
        op.drop_index("ix_actions_game_id", table_name="actions")


def downgrade() -> None:
    op.create_index("ix_actions_game_id", "actions", ["game_id"])
