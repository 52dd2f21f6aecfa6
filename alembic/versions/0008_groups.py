"""Game nights: groups, their players, their games (with who sat where) and their plays.

Revision ID: 0008_groups
Revises: 0007_box_sightings
Create Date: 2026-11-25
"""
import sqlalchemy as sa
from alembic import op

revision = "0008_groups"
down_revision = "0007_box_sightings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # (a database made straight from the models, then stamped, has them already)
    if "groups" in sa.inspect(op.get_bind()).get_table_names():
        return
    op.create_table(
        "groups",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("token", sa.String(length=40), nullable=False, unique=True),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "group_players",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("group_id", sa.Integer(), sa.ForeignKey("groups.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("mark", sa.String(length=16), nullable=False),
        sa.Column("retired", sa.Boolean(), nullable=False),
        sa.Column("merged_into", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "group_games",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("group_id", sa.Integer(), sa.ForeignKey("groups.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("seats", sa.JSON(), nullable=False),
    )
    op.create_table(
        "plays",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("group_id", sa.Integer(), sa.ForeignKey("groups.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="SET NULL"),
                  nullable=True, unique=True),
        sa.Column("slug", sa.String(length=20), nullable=False),
        sa.Column("played_at", sa.DateTime(), nullable=False),
        sa.Column("duration_min", sa.Integer(), nullable=True),
        sa.Column("record", sa.JSON(), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("source", sa.String(length=10), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )


def downgrade() -> None:
    for table in ("plays", "group_games", "group_players", "groups"):
        op.drop_table(table)
