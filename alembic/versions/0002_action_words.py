"""Actions keep their words as template and values, so the history can be shown in any language.

Revision ID: 0002_action_words
Revises: 0001_initial
Create Date: 2026-11-21
"""
from alembic import op
import sqlalchemy as sa

revision = "0002_action_words"
down_revision = "0001_initial"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("words", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("words")
