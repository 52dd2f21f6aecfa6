"""Seat holders: which phone holds which seat of a game, so the other phones can see it.

Revision ID: 0005_seat_holders
Revises: 0004_one_index_per_log
Create Date: 2026-12-02
"""
import sqlalchemy as sa
from alembic import op

revision = "0005_seat_holders"
down_revision = "0004_one_index_per_log"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # (a database made straight from the models, then stamped, has it already)
    if "seat_holders" in sa.inspect(op.get_bind()).get_table_names():
        return
    op.create_table(
        "seat_holders",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("phone", sa.String(length=32), nullable=False),
        sa.Column("taken_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat"),
    )


def downgrade() -> None:
    op.drop_table("seat_holders")
