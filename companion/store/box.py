"""Box data: the values a table entered from its components, and the house rules it chose, kept
for its owner's later games.

Each value is kept as a sighting, with the game and log entry it came from (seq 0: the setup).
A component's known value (a BoxData row) comes only from the sightings whose entry is still in
force, so an undone entry's value is forgotten, and sightings that disagree are listed as a
conflict, never silently overwritten.

Box data and house rules belong to an owner: the game's group ("group:<id>"), or the game
itself when it has no group ("game:<id>"). A table writes only its owner's; it reads its
owner's, then (under them) the values kept before box data had owners ("legacy": nobody can add
to it any more, see migration 0009), then the server's box ("server").

The server's box is what every table of this server taught, so that a box is typed in once per
server and not once per group (a first night played without a group teaches the group made
after it): its known values are worked out from every owner's sightings in force, and from
box files loaded into it. A house rule is a table's choice, not a printed value: it is never
the server's, so no table changes another's rulings (security review M4). Values two tables
saw differently are the server's conflict: shown, never offered."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from .db import (
    LEGACY_BOX,
    BoxData,
    BoxSighting,
    Game,
    GroupGame,
    box_owner_name,
    session,
    utcnow,
)

HOUSE_RULE = "house rule"
#: the owner of the values every table of the server taught (and box files loaded into it)
SERVER_BOX = "server"
#: box data a table chooses: the newest choice stands
_CHOSEN = (HOUSE_RULE,)


_GROUP_OF_GAME = select(GroupGame.group_id).where(GroupGame.game_id == bindparam("game"))


def box_owner(s: Session, game_id: int | None) -> str:
    """The owner of a game's box data: its group's, or its own when it has no group."""
    if game_id is None:
        return LEGACY_BOX  # never written: a transaction that adds no entry keeps no box data
    group_id = s.scalar(_GROUP_OF_GAME, {"game": game_id})
    return box_owner_name(group_id, game_id)


def _store_box(s: Session, slug: str, records: list[tuple[str, str, dict]],
               source: tuple[int, int]) -> None:
    """Keep values a table entered from its components, for its owner's later games (its
    group's, or its own), in the caller's transaction (so an action and what it implies are
    stored together or not at all), each as a sighting of the entry ``source`` (game, seq; 0:
    the game's setup)."""
    game_id, seq = source
    if not records:
        return
    owner = box_owner(s, game_id)
    now = utcnow()
    s.add_all(BoxSighting(owner=owner, slug=slug, category=category, key=key, value=value,
                          game_id=game_id, seq=seq, in_force=True, at=now)
              for category, key, value in records)
    _resettle(s, ((owner, slug, category, key) for category, key, _ in records))


def _settle(s: Session, owner: str, slug: str, category: str, key: str) -> None:
    """A component's known value for one owner from its sightings in force (the server's:
    every owner's): the one they agree on, or the newest with every value listed as a
    conflict; with none in force, forgotten."""
    query = select(BoxSighting.value).where(
        BoxSighting.slug == slug, BoxSighting.category == category, BoxSighting.key == key,
        BoxSighting.in_force.is_(True))
    if owner != SERVER_BOX:
        query = query.where(BoxSighting.owner == owner)
    values = list(s.scalars(query.order_by(BoxSighting.id)))
    row = s.scalar(select(BoxData).where(BoxData.owner == owner, BoxData.slug == slug,
                                         BoxData.category == category, BoxData.key == key))
    if not values:
        if row is not None:
            s.delete(row)
        return
    distinct = [v for n, v in enumerate(values) if v not in values[:n]]
    conflict = distinct if len(distinct) > 1 and category not in _CHOSEN else None
    if row is None:
        s.add(BoxData(owner=owner, slug=slug, category=category, key=key, value=values[-1],
                      conflict=conflict))
        s.flush()  # a race with another table's first entry of this key: the try starts over
    elif row.value != values[-1] or row.conflict != conflict:
        row.value, row.conflict, row.updated_at = values[-1], conflict, utcnow()


def _resettle(s: Session, touched: Iterable[tuple[str, str, str, str]]) -> None:
    """Work out the known value of each (owner, slug, category, key) of ``touched`` again, from
    its sightings in force as ``s`` now holds them, and the server's (but for a house rule)."""
    s.flush()
    touched = list(touched)
    server = [(SERVER_BOX, *c[1:]) for c in touched if c[2] not in _CHOSEN]
    for owner, slug, category, key in dict.fromkeys(touched + server):
        _settle(s, owner, slug, category, key)


def box_settled(s: Session, owner: str, components: list[tuple[str, str, str]]) -> None:
    """Work out ``owner``'s known values again for each (slug, category, key) of
    ``components`` from its sightings in force (after sightings were added from a file)."""
    _resettle(s, ((owner, *c) for c in components))


def box_in_force(s: Session, game_id: int, in_force: set[int]) -> None:
    """Mark one game's sightings in force (their entry's seq is in ``in_force``, or 0: the
    setup) or not (undone), and settle the known values they touch; in the caller's
    transaction (an undo or redo and what it changes in the box data are stored together)."""
    touched = []
    for row in s.scalars(select(BoxSighting).where(BoxSighting.game_id == game_id)):
        now = row.seq == 0 or row.seq in in_force
        if row.in_force != now:
            row.in_force = now
            touched.append((row.owner, row.slug, row.category, row.key))
    if touched:
        _resettle(s, touched)


def box_follows_game(s: Session, game_id: int) -> None:
    """After a game joins a group: the box data its table entered so far becomes the group's
    (moved from the game's own), in the caller's transaction."""
    owner = box_owner(s, game_id)
    touched = []
    for row in s.scalars(select(BoxSighting).where(BoxSighting.game_id == game_id,
                                                   BoxSighting.owner != owner)):
        touched += [(row.owner, row.slug, row.category, row.key),
                    (owner, row.slug, row.category, row.key)]
        row.owner = owner
    if touched:
        _resettle(s, touched)


#: whose value of a component stands, first to last
_BEFORE = (LEGACY_BOX, SERVER_BOX)


def box_entries(slug: str, owner: str, *, with_conflicts: bool = False) -> list[BoxData]:
    """The known values of a game's components for ``owner`` (to offer in forms): its own
    first, then the legacy ones and then the server's, each only for a component no owner
    before it has a value of (or a conflict: a table that saw two values checks its
    component, whatever another table saw); with ``with_conflicts``, also those whose
    sightings disagree (``conflict`` lists their values: shown, not offered)."""
    order = (owner, *(o for o in _BEFORE if o != owner))
    rows = list(session().scalars(select(BoxData).where(
        BoxData.slug == slug, BoxData.owner.in_(order)).order_by(BoxData.category,
                                                                 BoxData.key)))
    rows.sort(key=lambda b: order.index(b.owner))  # stable: by category and key within each
    out, seen = [], set()
    for b in rows:
        if (b.category, b.key) not in seen:
            seen.add((b.category, b.key))
            if with_conflicts or b.conflict is None:
                out.append(b)
    return out


def game_box(game: Game, *, with_conflicts: bool = False) -> list[BoxData]:
    """The box data a game's table sees: its group's, or its own without a group."""
    return box_entries(game.slug, box_owner(session(), game.id), with_conflicts=with_conflicts)


def game_box_values(game: Game) -> list[tuple[str, str, Any]]:
    """The known values a game's forms offer, as (category, key, value)."""
    return [(b.category, b.key, b.value) for b in game_box(game)]
