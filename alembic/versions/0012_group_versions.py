"""A group's version: one more at every change of its players, games or plays, so that its
statistics and files, drawn once, are kept until the group changes (issue 45).

Revision ID: 0012_group_versions
Revises: 0011_rate_counts
Create Date: 2026-12-01
"""
import sqlalchemy as sa
from alembic import op

revision = "0012_group_versions"
down_revision = "0011_rate_counts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # (a database made straight from the models, then stamped, has it already)
    if any(c["name"] == "version" for c in sa.inspect(op.get_bind()).get_columns("groups")):
        return
    # (ALTER TABLE in place on SQLite too: a batch copy of the table would drop the old one,
    # and with it, through ON DELETE CASCADE, every player, game and play of every group)
    op.add_column("groups", sa.Column("version", sa.Integer(), nullable=False,
                                      server_default="0"))


def downgrade() -> None:
    op.drop_column("groups", "version")  # (SQLite drops a column in place since 3.35)
