"""Initial schema: games, their append-only action log, remembered box data.

Revision ID: 0001_initial
Revises:
Create Date: 2026-11-21
"""
from alembic import op
import sqlalchemy as sa

revision = "0001_initial"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("slug", sa.String(20), nullable=False),
        sa.Column("play_token", sa.String(40), nullable=False, unique=True),
        sa.Column("watch_token", sa.String(40), nullable=False, unique=True),
        sa.Column("join_code", sa.String(12), nullable=False, unique=True),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("setup", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_games_slug", "games", ["slug"])
    op.create_table(
        "actions",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("by", sa.String(80), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("rule", sa.String(200), nullable=False),
        sa.Column("is_correction", sa.Boolean(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("game_id", "seq", name="uq_action_game_seq"),
    )
    op.create_index("ix_actions_game_id", "actions", ["game_id"])
    op.create_table(
        "box_data",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("slug", sa.String(20), nullable=False),
        sa.Column("category", sa.String(40), nullable=False),
        sa.Column("key", sa.String(80), nullable=False),
        sa.Column("value", sa.JSON(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("slug", "category", "key", name="uq_box_entry"),
    )


def downgrade() -> None:
    op.drop_table("box_data")
    op.drop_index("ix_actions_game_id", table_name="actions")
    op.drop_table("actions")
    op.drop_index("ix_games_slug", table_name="games")
    op.drop_table("games")
