"""Box data as sightings: each value a table entered from a component is kept with the game and
log entry it came from, so an undone entry's value stops counting and disagreeing values are
flagged (box_data.conflict) instead of overwritten. Values kept before are carried over as
sightings without a source (always in force).

Revision ID: 0007_box_sightings
Revises: 0006_seat_holders
Create Date: 2026-11-25
"""
import sqlalchemy as sa
from alembic import op

revision = "0007_box_sightings"
down_revision = "0006_seat_holders"
branch_labels = None
depends_on = None


def upgrade() -> None:
    bind = op.get_bind()
    inspector = sa.inspect(bind)
    # (a database made straight from the models, then stamped, has them already)
    if "conflict" not in {c["name"] for c in inspector.get_columns("box_data")}:
        with op.batch_alter_table("box_data") as batch:
            batch.add_column(sa.Column("conflict", sa.JSON(), nullable=True))
    if "box_sightings" in inspector.get_table_names():
        return
    sightings = op.create_table(
        "box_sightings",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("slug", sa.String(length=20), nullable=False),
        sa.Column("category", sa.String(length=40), nullable=False),
        sa.Column("key", sa.String(length=80), nullable=False),
        sa.Column("value", sa.JSON(), nullable=False),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  nullable=True),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("in_force", sa.Boolean(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_box_sightings_component", "box_sightings", ["slug", "category", "key"])
    op.create_index("ix_box_sightings_game_id", "box_sightings", ["game_id"])
    box = sa.table("box_data", sa.column("slug"), sa.column("category"), sa.column("key"),
                   sa.column("value"), sa.column("updated_at"))
    op.execute(sightings.insert().from_select(
        ["slug", "category", "key", "value", "game_id", "seq", "in_force", "at"],
        sa.select(box.c.slug, box.c.category, box.c.key, box.c.value,
                  sa.null(), sa.literal(0), sa.true(), box.c.updated_at)))


def downgrade() -> None:
    op.drop_index("ix_box_sightings_game_id", table_name="box_sightings")
    op.drop_index("ix_box_sightings_component", table_name="box_sightings")
    op.drop_table("box_sightings")
    with op.batch_alter_table("box_data") as batch:
        batch.drop_column("conflict")
