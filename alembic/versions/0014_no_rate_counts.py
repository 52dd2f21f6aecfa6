"""The rate limits count in Flask-Limiter's own storage (each process's memory by default, a
shared service such as Redis when set; issue 47): the table they counted in goes.

Revision ID: 0014_no_rate_counts
Revises: 0013_server_box
Create Date: 2026-12-02
"""
import sqlalchemy as sa
from alembic import op

revision = "0014_no_rate_counts"
down_revision = "0013_server_box"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # (a database made straight from the models after this change never had it)
    if "rate_counts" not in sa.inspect(op.get_bind()).get_table_names():
        return
    op.drop_index("ix_rate_counts_window_end", table_name="rate_counts")
    op.drop_table("rate_counts")


def downgrade() -> None:
    # the table as 0011_rate_counts made it, empty: counts in flight are not worth keeping
    op.create_table(
        "rate_counts",
        sa.Column("key", sa.String(length=200), primary_key=True),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("window_end", sa.Float(), nullable=False),
    )
    op.create_index("ix_rate_counts_window_end", "rate_counts", ["window_end"])
