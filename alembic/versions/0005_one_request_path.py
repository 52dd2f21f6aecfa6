"""One request path: the pickled checkpoints go (a game's state is folded from its log, kept in
memory per process), and each log entry keeps the one-time key of the form that sent it, unique per
game, so a form sent twice is stored once.

Revision ID: 0005_one_request_path
Revises: 0004_one_index_per_log
Create Date: 2026-11-23
"""
import sqlalchemy as sa
from alembic import op

revision = "0005_one_request_path"
down_revision = "0004_one_index_per_log"
branch_labels = None
depends_on = None


def upgrade() -> None:
    tables = set(sa.inspect(op.get_bind()).get_table_names())
    if "checkpoints" in tables:
        op.drop_table("checkpoints")
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("once", sa.String(40), nullable=True))
        batch.create_unique_constraint("uq_action_game_once", ["game_id", "once"])


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_constraint("uq_action_game_once", type_="unique")
        batch.drop_column("once")
    op.create_table(
        "checkpoints",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("code", sa.String(64), nullable=False),
        sa.Column("snapshot", sa.LargeBinary, nullable=False))
