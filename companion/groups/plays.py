"""A group of people who play together, its players, its games and its plays, stored.

A group is reached by its own unguessable link (like a game's play link). Its players are named
once; a game set up from the group seats them, and every finished game of the group becomes a
play, recorded by the write that finishes it (``play_follows_game``, a hook of the store's
write path); a table can also log a play it did not track (``add_quick_play``). The numbers
about plays are worked out by ``stats`` (pure); files in and out: ``files``.

Every write that changes a group (its players, games, plays and notes) raises the group's
version in the same transaction (``writing.changed``); a finished game's play is made by
``finished``.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..games import GameRules, get_game
from ..games.core import IllegalAction, Result, t
from ..store import box_follows_game, create_game, new_token, state_of
from ..store.db import (
    Action,
    Game,
    Group,
    GroupGame,
    GroupPlayer,
    Play,
    session,
)
from .checks import (
    GROUP_NAME_LIMIT,
    MARK_LIMIT,
    NAME_LIMIT,
    PLAYERS_LIMIT,
    RULE,
    as_number,
    clean_day,
    clean_duration,
    clean_note,
    clean_text,
)
from .finished import play_follows_game, record_of
from .writing import changed, writing

# ------------------------------------------------------------------------------ the group

def create_group(name: Any) -> Group:
    name = clean_text(name, t("The group's name"), GROUP_NAME_LIMIT, field="name")
    group = Group(token=new_token(), name=name)
    with writing() as s:
        s.add(group)
        s.commit()
    return group


def find_group(token: str) -> Group | None:
    if not token or len(token) > 64:
        return None
    return session().scalar(select(Group).where(Group.token == token))


def players_of(group: Group, *, merged: bool = False) -> list[GroupPlayer]:
    """The group's players, in the order they joined (merged ones only when asked)."""
    query = select(GroupPlayer).where(GroupPlayer.group_id == group.id)
    if not merged:
        query = query.where(GroupPlayer.merged_into.is_(None))
    return list(session().scalars(query.order_by(GroupPlayer.id)))


def _named(s, group_id: int, name: str, *, besides: int | None = None) -> GroupPlayer | None:
    """The group's (unmerged) player called ``name``, whatever the case of its letters."""
    for p in s.scalars(select(GroupPlayer).where(GroupPlayer.group_id == group_id,
                                                 GroupPlayer.merged_into.is_(None))):
        if p.name.casefold() == name.casefold() and p.id != besides:
            return p
    return None


def _player(s, group_id: int, pid: Any, field: str = "player") -> GroupPlayer:
    p = s.get(GroupPlayer, pid) if type(pid) is int and 0 < pid < 2**62 else None
    if p is None or p.group_id != group_id or p.merged_into is not None:
        raise IllegalAction(t("this group has no such player"), rule=RULE, field=field)
    return p


def add_player(group: Group, name: Any, mark: Any = "") -> GroupPlayer:
    """A new player of the group; two players never share a name (a merge joins two)."""
    name = clean_text(name, t("A player's name"), NAME_LIMIT, field="name")
    mark = clean_text(mark, t("A colour or symbol"), MARK_LIMIT, field="mark", required=False)
    with writing() as s:
        if _named(s, group.id, name) is not None:
            raise IllegalAction(t("the group already has a player called {name}", name=name),
                                rule=RULE, field="name")
        count = len(list(s.scalars(select(GroupPlayer.id).where(
            GroupPlayer.group_id == group.id))))
        if count >= PLAYERS_LIMIT:
            raise IllegalAction(t("a group has at most {limit} players", limit=PLAYERS_LIMIT),
                                rule=RULE, field="name")
        player = GroupPlayer(group_id=group.id, name=name, mark=mark)
        s.add(player)
        changed(s, group.id)
        s.commit()
    return player


def rename_player(group: Group, pid: Any, name: Any, mark: Any = "") -> None:
    name = clean_text(name, t("A player's name"), NAME_LIMIT, field="name")
    mark = clean_text(mark, t("A colour or symbol"), MARK_LIMIT, field="mark", required=False)
    with writing() as s:
        player = _player(s, group.id, pid)
        if _named(s, group.id, name, besides=player.id) is not None:
            raise IllegalAction(t("the group already has a player called {name}", name=name),
                                rule=RULE, field="name")
        player.name, player.mark = name, mark
        changed(s, group.id)
        s.commit()


def retire_player(group: Group, pid: Any, retired: bool = True) -> None:
    """A retired player is no longer offered at setup; their plays stay counted."""
    with writing() as s:
        _player(s, group.id, pid).retired = retired
        changed(s, group.id)
        s.commit()


def merge_players(group: Group, pid: Any, into: Any) -> None:
    """Two players who are one person: every play and game of ``pid`` becomes ``into``'s.
    Refused when both sat at the same play (one person holds one seat)."""
    with writing() as s:
        gone, kept = _player(s, group.id, pid), _player(s, group.id, into, "into")
        if gone.id == kept.id:
            raise IllegalAction(t("a player cannot be merged into themselves"), rule=RULE,
                                field="into")
        plays = list(s.scalars(select(Play).where(Play.group_id == group.id)))
        for play in plays:
            ids = [p["player"] for p in play.record["players"]]
            if gone.id in ids and kept.id in ids:
                raise IllegalAction(t("{a} and {b} played in the same play on {day}, so they "
                                      "are two people", a=gone.name, b=kept.name,
                                      day=play.played_at.date().isoformat()),
                                    rule=RULE, field="into")
        for play in plays:
            play.record = {**play.record, "players": [
                {**p, "player": kept.id} if p["player"] == gone.id else p
                for p in play.record["players"]]}
        for gg in s.scalars(select(GroupGame).where(GroupGame.group_id == group.id)):
            gg.seats = [kept.id if p == gone.id else p for p in gg.seats]
        gone.merged_into, gone.retired = kept.id, True
        changed(s, group.id)
        s.commit()


# ------------------------------------------------------------------------------- its games

def seat_players(s, group_id: int, names: Sequence[str]) -> list[int]:
    """The group players sitting in seats named ``names``, by name; a name the group does not
    know yet becomes a new player of the group (in ``s``, not yet committed)."""
    ids = []
    for name in names:
        player = _named(s, group_id, name)
        if player is None:
            player = GroupPlayer(group_id=group_id, name=name[:NAME_LIMIT], mark="")
            s.add(player)
            s.flush()
        ids.append(player.id)
    return ids


def _held(s: Session, group_id: int) -> None:
    """Hold the group's row to the end of ``s``'s transaction, so that tables joining it at once
    seat its players (and name new ones) one after the other (PostgreSQL; SQLite's writers
    take turns anyway). A game of the group writing meanwhile is not held up: its references
    to the group need only a key share."""
    s.execute(select(Group.id).where(Group.id == group_id).with_for_update(key_share=True))


def _seat(s: Session, group_id: int, game: Game, state: Any) -> None:
    _held(s, group_id)
    names = get_game(game.slug).player_names(state)
    s.add(GroupGame(game_id=game.id, group_id=group_id, seats=seat_players(s, group_id, names)))
    changed(s, group_id)
    s.flush()


def set_up_game(rules: GameRules, setup: Mapping[str, Any], box: list[tuple[str, str, dict]],
                *, group: Group | None = None, new_group: str = "") -> tuple[Game, Group | None]:
    """A new game set up from ``group``, or starting a new group called ``new_group`` (its name
    checked first), or of no group: the game, the group made for it, its seats held by the
    group's players and the box data its setup told (the group's) are stored in one
    transaction, tried again as a whole when another table wins a race (the first value of a
    component two tables of the group enter at once). Returns the game and its group."""
    if group is None and new_group:
        new_group = clean_text(new_group, t("The group's name"), GROUP_NAME_LIMIT,
                               field="new_group")
    if group is None and not new_group:
        return create_game(rules, setup, box), None
    made: list[Group] = []

    def joining(s: Session, game: Game, state: Any) -> None:
        target = group
        if target is None:  # made again on each try
            target = Group(token=new_token(), name=new_group)
            s.add(target)
            s.flush()
        made[:] = [target]
        _seat(s, target.id, game, state)

    game = create_game(rules, setup, box, joining=joining)
    return game, made[0]


def join_game(group: Group, game: Game) -> None:
    """Make an existing ``game`` one of the group's games, its seats held by the group's
    players (a new game joins as it is stored: ``set_up_game``)."""
    state = state_of(game)
    with writing() as s:
        if s.get(GroupGame, game.id) is None:
            _seat(s, group.id, game, state)
            box_follows_game(s, game.id)  # what its setup taught becomes the group's
            last = s.scalar(select(Action.at).where(Action.game_id == game.id)
                            .order_by(Action.seq.desc()).limit(1))
            play_follows_game(s, game, game.version, state, last or game.updated_at)
        s.commit()


def group_of_game(game: Game) -> Group | None:
    gg = session().get(GroupGame, game.id)
    return None if gg is None else session().get(Group, gg.group_id)


def games_of(group: Group, *, start: int = 0, count: int | None = None) -> list[Game]:
    """The group's games, newest first (``count`` of them from ``start``, when asked)."""
    return list(session().scalars(select(Game).join(GroupGame, GroupGame.game_id == Game.id)
                                  .where(GroupGame.group_id == group.id)
                                  .order_by(Game.created_at.desc(), Game.id.desc())
                                  .offset(start).limit(count)))


def games_count(group: Group) -> int:
    return session().scalar(select(func.count()).select_from(GroupGame)
                            .where(GroupGame.group_id == group.id))


def game_versions(group: Group) -> tuple[tuple[int, int], ...]:
    """Each game of the group and its version: with the group's own version, what its whole
    file is drawn at (a tap on one of its games changes the file, not the group)."""
    return tuple(session().execute(
        select(Game.id, Game.version).join(GroupGame, GroupGame.game_id == Game.id)
        .where(GroupGame.group_id == group.id).order_by(Game.id)).all())


# ------------------------------------------------------------------------------- its plays

def add_quick_play(group: Group, slug: str, result: Result, *, first: Any, day: Any,
                   duration: Any, note: Any) -> Play:
    """A play the table did not track, from the quick score pad's result."""
    n = len(result.sheets)
    first = as_number(first)
    if type(first) is not int or not 1 <= first <= n:
        raise IllegalAction(t("the first player is a player number from 1 to {n}", n=n),
                            rule=RULE, field="first")
    when, minutes, note = clean_day(day), clean_duration(duration), clean_note(note)
    with writing() as s:
        seats = seat_players(s, group.id, [sheet.name for sheet in result.sheets])
        play = Play(group_id=group.id, slug=slug, played_at=when, duration_min=minutes,
                    record=record_of(result, seats, first - 1), note=note, source="quick")
        s.add(play)
        changed(s, group.id)
        s.commit()
    return play


def plays_of(group: Group, *, start: int = 0, count: int | None = None) -> list[Play]:
    """The group's plays, newest first (``count`` of them from ``start``, when asked)."""
    return list(session().scalars(select(Play).where(Play.group_id == group.id)
                                  .order_by(Play.played_at.desc(), Play.id.desc())
                                  .offset(start).limit(count)))


def plays_count(group: Group) -> int:
    return session().scalar(select(func.count()).select_from(Play)
                            .where(Play.group_id == group.id))


def play_of(group: Group, play_id: int) -> Play | None:
    play = session().get(Play, play_id) if 0 < play_id < 2**62 else None
    return play if play is not None and play.group_id == group.id else None


def set_note(group: Group, play_id: int, note: Any) -> None:
    note = clean_note(note)
    with writing() as s:
        play = s.get(Play, play_id) if 0 < play_id < 2**62 else None
        if play is None or play.group_id != group.id:
            raise IllegalAction(t("this group has no such play"), rule=RULE, field="play")
        play.note = note
        changed(s, group.id)
        s.commit()


def names_of(group: Group) -> Mapping[int, GroupPlayer]:
    """Every player of the group by id (merged ones too, for old references)."""
    return {p.id: p for p in players_of(group, merged=True)}
