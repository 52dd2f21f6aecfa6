"""The server's box: the values every table of the server taught, offered to every later game
under its group's own (issue 49), so that a box is typed in once per server, not once per group.

Its known values (box_data rows owned by "server") are worked out, as the store does, from every
owner's sightings in force, but for house rules: a house rule is a table's choice and stays its
own (security review M4). Sightings that disagree are the server's conflict (shown, not offered).
Nothing else changes: no column, no table.

Revision ID: 0013_server_box
Revises: 0012_group_versions
Create Date: 2026-12-01
"""
import sqlalchemy as sa
from alembic import op

revision = "0013_server_box"
down_revision = "0012_group_versions"
branch_labels = None
depends_on = None

SERVER = "server"
CHOSEN = ("house rule",)


def _tables():
    sightings = sa.table("box_sightings", sa.column("id"), sa.column("owner"),
                         sa.column("slug"), sa.column("category"), sa.column("key"),
                         sa.column("value", sa.JSON()), sa.column("in_force"))
    box = sa.table("box_data", sa.column("owner"), sa.column("slug"), sa.column("category"),
                   sa.column("key"), sa.column("value", sa.JSON()),
                   sa.column("conflict", sa.JSON(none_as_null=True)), sa.column("updated_at"))
    return sightings, box


def upgrade() -> None:
    bind = op.get_bind()
    sightings, box = _tables()
    bind.execute(box.delete().where(box.c.owner == SERVER))  # worked out again as a whole
    values: dict[tuple, list] = {}
    for row in bind.execute(sa.select(sightings).where(
            sightings.c.in_force.is_(True), sightings.c.category.notin_(CHOSEN))
            .order_by(sightings.c.id)):
        values.setdefault((row.slug, row.category, row.key), []).append(row.value)
    now = sa.func.now() if bind.dialect.name == "postgresql" else sa.func.current_timestamp()
    for (slug, category, key), seen in values.items():
        distinct = [v for n, v in enumerate(seen) if v not in seen[:n]]
        bind.execute(box.insert().values(
            owner=SERVER, slug=slug, category=category, key=key, value=seen[-1],
            conflict=distinct if len(distinct) > 1 else None, updated_at=now))


def downgrade() -> None:
    sightings, box = _tables()
    bind = op.get_bind()
    bind.execute(box.delete().where(box.c.owner == SERVER))
    bind.execute(sightings.delete().where(sightings.c.owner == SERVER))  # loaded box files
