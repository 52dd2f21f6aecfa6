"""A group of people who play together, its players, its games and its plays, stored.

A group is reached by its own unguessable link (like a game's play link). Its players are named
once; a game set up from the group seats them, and every finished game of the group becomes a
play, recorded by the write that finishes it (``play_follows_game``, a hook of the store's
write path); a table can also log a play it did not track (``add_quick_play``). The numbers
about plays are worked out by ``stats`` (pure); files in and out: ``files``.

Over 400 lines because every write that changes a group (its players, games, plays and notes)
must raise the group's version in the same transaction, and they stay together to keep that so.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from ..games import GameRules, get_game
from ..games.core import IllegalAction, Result, RulesError, Text, t
from ..store import (
    AFTER_RECORD,
    box_follows_game,
    create_game,
    entries_of,
    new_token,
    rows_of,
    state_of,
)
from ..store.db import (
    Action,
    Game,
    Group,
    GroupGame,
    GroupPlayer,
    Play,
    end_reading,
    session,
    write_session,
)
from .checks import (
    DURATION_LIMIT,
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


def writing():
    """A write session, after ending the request's read transaction: with SQLite a read begun
    earlier would not see this write (nor let the write-ahead log be checkpointed)."""
    end_reading()
    return write_session()


# ------------------------------------------------------------------------------ the group

def changed(s: Session, group_id: int) -> None:
    """One more to the group's version, in the transaction ``s`` that changes its players, games
    or plays: what its statistics and files were drawn at (``kept``) is gone with it."""
    s.execute(update(Group).where(Group.id == group_id).values(version=Group.version + 1))


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

def record_of(result: Result, seats: Sequence[int], first: int) -> dict[str, Any]:
    """A play's record from a score pad: each seat's group player, name, whether they went
    first, score lines, total, place and what decided it; and the rulings read."""
    placed = {name: (p.place, p.decided_by) for p in result.ranking for name in p.names}
    players = []
    for i, sheet in enumerate(result.sheets):
        place, decided = placed[sheet.name]
        players.append({"player": seats[i], "name": sheet.name, "seat": i + 1,
                        "first": i == first, "total": sheet.total, "place": place,
                        "decided_by": decided,
                        "lines": [{"id": ln.id, "label": label_key(ln.label),
                                   "points": ln.points} for ln in sheet.lines]})
    return {"players": players, "rulings": dict(result.rulings)}


def label_key(label: Any) -> str:
    """A score line's label as a play keeps it: its msgid (the catalogs' key, which reads as
    English), said in the reader's language when shown (``line_label``). Every game's labels are
    words without values, so the English words plays kept before are their msgids already."""
    return label.template if isinstance(label, Text) and not label.params else str(label)


def line_label(label: Any) -> Text:
    """A kept score line's label as words to say in the reader's language (a label the
    catalogs do not know, from another server's file, reads as it was kept)."""
    return Text(label if isinstance(label, str) else str(label))


def play_follows_game(s: Session, game: Game, version: int, state: Any,
                      last: datetime, *, versioned: bool = True) -> None:
    """A group's game and its play agree, in the transaction ``s`` that wrote the game's step
    ``version`` (at ``last``), leading to ``state``: the step that finishes the game makes its
    play; a correction after the end makes it again (its note kept); a step taken back that
    means the game is not finished takes the play away. A game of no group has no play.
    ``versioned``: the group's version counts the change (only migration 0010 does without:
    it runs before groups had versions, and before any server kept anything of them)."""
    gg = s.get(GroupGame, game.id)
    if gg is None:
        return
    rules = get_game(game.slug)
    row = s.scalar(select(Play).where(Play.game_id == game.id))
    if not rules.is_over(state):
        if row is not None:
            s.delete(row)
            if versioned:
                changed(s, gg.group_id)
        return
    minutes = max(0, int((last - game.created_at).total_seconds() // 60))
    record = record_of(rules.score(state), gg.seats, rules.first_seat(state))
    values = {"played_at": last.replace(microsecond=0),
              "duration_min": min(minutes, DURATION_LIMIT),
              "record": {**record, "version": version}}
    if row is None:
        s.add(Play(group_id=gg.group_id, game_id=game.id, slug=game.slug, source="tracked",
                   **values))
    else:
        for key, value in values.items():
            setattr(row, key, value)
    if versioned:
        changed(s, gg.group_id)


def _play_follows_step(s: Session, game: Game, version: int, before: Any, state: Any,
                       last: datetime) -> None:
    """A group's play after one step of its game: a step that neither ends the game nor comes
    after its end leaves the play as it was (there is none), without a read."""
    rules = get_game(game.slug)
    if rules.is_over(before) or rules.is_over(state):
        play_follows_game(s, game, version, state, last)


AFTER_RECORD.append(_play_follows_step)


def catch_up_plays(s: Session) -> int:
    """The one-off catch-up for games finished before plays were recorded as they finished
    (migration 0010): each game of a group whose play is missing or older than its log gets
    it, in ``s`` (the caller commits). Returns how many games were looked at again."""
    made = dict(s.execute(select(Play.game_id, Play.record).where(Play.game_id.is_not(None)))
                .all())
    seen = 0
    for gg in list(s.scalars(select(GroupGame))):
        game = s.get(Game, gg.game_id)
        if (made.get(game.id) or {}).get("version", -1) == game.version:
            continue  # its play is up to date
        rows = rows_of(s, game.id)
        try:
            state = get_game(game.slug).fold(game.setup, entries_of(rows))
        except (RulesError, KeyError):
            continue  # a game the rules cannot read (nor would its page open): left as it is
        play_follows_game(s, game, game.version, state,
                          rows[-1].at if rows else game.updated_at, versioned=False)
        seen += 1
    s.flush()
    return seen


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
