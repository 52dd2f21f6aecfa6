"""Seat holders: which phone holds which seat of a game, so the other phones can see it.

Revision ID: 0006_seat_holders
Revises: 0005_one_request_path
Create Date: 2026-11-23
"""
import sqlalchemy as sa
from alembic import op

revision = "0006_seat_holders"
down_revision = "0005_one_request_path"
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
