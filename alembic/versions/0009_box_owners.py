"""Box data and house rules belong to an owner: a group ("group:<id>"), or a game without a
group ("game:<id>"), never to the whole server (security review M4).

What happens to the rows kept before:
- a sighting whose source game is known becomes its game's group's (or, for a game without a
  group, that game's own): the table that entered it keeps it, and nobody else sees it;
- a sighting without a source (kept before sightings had one, migration 0007) cannot be traced
  to any table: it stays as "legacy", read-only. It is offered under an owner's own values (a
  group's value for the same component wins) so no table loses what it taught the app, but no
  table can add to it or change it any more, so it is no longer a channel from one table to
  another. (Copying it into every group would have made each group's copy look like the
  group's own entry, with nothing to tell the group it came from another table.)
The known values (box_data) are then worked out again per owner from the sightings in force.

Revision ID: 0009_box_owners
Revises: 0008_groups
Create Date: 2026-11-25
"""
import sqlalchemy as sa
from alembic import op

revision = "0009_box_owners"
down_revision = "0008_groups"
branch_labels = None
depends_on = None

LEGACY = "legacy"
CHOSEN = ("house rule",)  # chosen, not read off a component: the newest stands, no conflict


def _owner_column() -> sa.Column:
    return sa.Column("owner", sa.String(length=24), nullable=False, server_default=LEGACY)


def upgrade() -> None:
    bind = op.get_bind()
    inspector = sa.inspect(bind)
    if "owner" in {c["name"] for c in inspector.get_columns("box_sightings")}:
        return  # made straight from the models, then stamped
    with op.batch_alter_table("box_sightings") as batch:
        batch.add_column(_owner_column())
    with op.batch_alter_table("box_data") as batch:
        batch.add_column(_owner_column())
        batch.drop_constraint("uq_box_entry", type_="unique")
        batch.create_unique_constraint("uq_box_entry", ["owner", "slug", "category", "key"])
    sightings = sa.table("box_sightings", sa.column("id"), sa.column("owner"),
                         sa.column("slug"), sa.column("category"), sa.column("key"),
                         sa.column("value", sa.JSON()), sa.column("game_id"),
                         sa.column("in_force"))
    links = sa.table("group_games", sa.column("game_id"), sa.column("group_id"))
    group_of = dict(bind.execute(sa.select(links.c.game_id, links.c.group_id)).all())
    for game_id in {g for (g,) in bind.execute(sa.select(sightings.c.game_id).distinct())
                    if g is not None}:
        owner = f"group:{group_of[game_id]}" if game_id in group_of else f"game:{game_id}"
        bind.execute(sightings.update().where(sightings.c.game_id == game_id)
                     .values(owner=owner))
    _settle_all(bind, sightings)


def _settle_all(bind, sightings) -> None:
    """The known values again, per owner, from the sightings in force (as the store does)."""
    box = sa.table("box_data", sa.column("owner"), sa.column("slug"), sa.column("category"),
                   sa.column("key"), sa.column("value", sa.JSON()),
                   sa.column("conflict", sa.JSON(none_as_null=True)), sa.column("updated_at"))
    bind.execute(box.delete())
    values: dict[tuple, list] = {}
    for row in bind.execute(sa.select(sightings).where(sightings.c.in_force.is_(True))
                            .order_by(sightings.c.id)):
        values.setdefault((row.owner, row.slug, row.category, row.key), []).append(row.value)
    now = sa.func.now() if bind.dialect.name == "postgresql" else sa.func.current_timestamp()
    for (owner, slug, category, key), seen in values.items():
        distinct = [v for n, v in enumerate(seen) if v not in seen[:n]]
        conflict = distinct if len(distinct) > 1 and category not in CHOSEN else None
        bind.execute(box.insert().values(owner=owner, slug=slug, category=category, key=key,
                                         value=seen[-1], conflict=conflict, updated_at=now))


def downgrade() -> None:
    with op.batch_alter_table("box_data") as batch:
        batch.drop_constraint("uq_box_entry", type_="unique")
    op.execute("DELETE FROM box_data WHERE owner <> 'legacy'")
    with op.batch_alter_table("box_data") as batch:
        batch.drop_column("owner")
        batch.create_unique_constraint("uq_box_entry", ["slug", "category", "key"])
    with op.batch_alter_table("box_sightings") as batch:
        batch.drop_column("owner")
