"""Checkpoints: a long game's state at one version, so a restart does not replay its whole log.

Revision ID: 0003_checkpoints
Revises: 0002_action_words
Create Date: 2026-11-21
"""
from alembic import op
import sqlalchemy as sa

revision = "0003_checkpoints"
down_revision = "0002_action_words"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "checkpoints",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(64), nullable=False),
        sa.Column("snapshot", sa.LargeBinary(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("checkpoints")
