"""The rate limits against guessing and flooding (join codes, new games and groups, imports)
count in the database, so every process of the server shares one count per client.

Revision ID: 0011_rate_counts
Revises: 0010_plays_at_finish
Create Date: 2026-11-27
"""
import sqlalchemy as sa
from alembic import op

revision = "0011_rate_counts"
down_revision = "0010_plays_at_finish"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # (a database made straight from the models, then stamped, has it already)
    if "rate_counts" in sa.inspect(op.get_bind()).get_table_names():
        return
    op.create_table(
        "rate_counts",
        sa.Column("key", sa.String(length=200), primary_key=True),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("window_end", sa.Float(), nullable=False),
    )
    op.create_index("ix_rate_counts_window_end", "rate_counts", ["window_end"])


def downgrade() -> None:
    op.drop_index("ix_rate_counts_window_end", table_name="rate_counts")
    op.drop_table("rate_counts")
