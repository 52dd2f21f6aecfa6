"""The whole group as one file (players, plays, its games' logs, its box data and house rules)
that another server imports with the same result, read as strictly as a game file: every problem
names its place, and nothing is stored. (A play's BG Stats link and the plays as CSV and JSON:
``out``.)

Box data is carried as the group's sightings, in the order they were seen, each with its source
game of the file and step. A sighting is taken in only when the rules read that same value from
that step of that game's log (or, for a house rule, when that step switched that ruling to that
reading), so a file cannot teach a group a value its games never showed; whether it is in force
is worked out again from the log. A game left out of the file (still hiding a player's
information) takes its box data with it, except the house rules in force it taught, which are
carried without a source and checked against the game's rulings.

Its box data is read in ``file_box``; the readers every part shares are in ``checks``."""
from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import delete, update

from .. import store
from ..games import GAMES, gamefile, get_game
from ..games.core import IllegalAction, RulesError, t
from ..store import new_token
from ..store.db import (
    BoxSighting,
    Game,
    Group,
    GroupGame,
    GroupPlayer,
    Play,
    box_owner_name,
    utcnow,
)
from .checks import (
    GROUP_NAME_LIMIT,
    MARK_LIMIT,
    NAME_LIMIT,
    PLAYERS_LIMIT,
    RULE,
    clean_day,
    clean_duration,
    clean_note,
    clean_text,
    fail,
    items,
    obj,
    whole,
)
from .file_box import export_box, read_box
from .plays import games_of, players_of, plays_of
from .writing import writing

FORMAT = "companion-group/1"
PLAYS_LIMIT = 5000
GAMES_LIMIT = 1000
SCORE_LIMIT = 100_000


# ------------------------------------------------------------------------- the whole group

def export_group(group: Group) -> dict[str, Any]:
    """The group as one file: players, plays and its games' logs (as game exports). A game
    that still hides a player's information is left out (its export could not rebuild it)."""
    games, left_out = [], 0
    seats = {gg.game_id: gg.seats for gg in store.session().query(GroupGame).filter_by(
        group_id=group.id)}
    for game in reversed(games_of(group)):  # oldest first, as they were made
        export = store.export_game(game)
        if export.get("hidden"):
            left_out += 1
            continue
        games.append({"id": game.id, "seats": seats[game.id], "file": export})
    plays = [{"game": p.game_id if any(g["id"] == p.game_id for g in games) else None,
              "slug": p.slug, "date": p.played_at.isoformat(), "duration_min": p.duration_min,
              "note": p.note, "source": p.source, "record": p.record} for p in plays_of(group)]
    return {"format": FORMAT, "name": group.name,
            "players": [{"id": p.id, "name": p.name, "mark": p.mark, "retired": p.retired,
                         "merged_into": p.merged_into} for p in players_of(group, merged=True)],
            "games": games, "plays": plays[::-1], "left_out_games": left_out,
            "box": export_box(group, {g["id"] for g in games})}


def _read_players(raw: Any) -> list[dict]:
    players, ids, names = [], set(), set()
    for i, p in enumerate(items(raw, PLAYERS_LIMIT, "players")):
        at = f"players[{i}]"
        p = obj(p, ("id", "name", "mark", "retired", "merged_into"), at)
        pid = whole(p["id"], 1, 2**62, at + ".id")
        name = clean_text(p["name"], t("A player's name"), NAME_LIMIT, field=at + ".name")
        mark = clean_text(p["mark"], t("A colour or symbol"), MARK_LIMIT, field=at + ".mark",
                          required=False)
        if type(p["retired"]) is not bool:
            fail(t("{field} must be true or false", field=at + ".retired"), at + ".retired")
        if pid in ids:
            fail(t("{field}: two players have the id {id}", field=at, id=pid), at + ".id")
        if p["merged_into"] is None and name.casefold() in names:
            fail(t("the group already has a player called {name}", name=name), at + ".name")
        ids.add(pid)
        if p["merged_into"] is None:
            names.add(name.casefold())
        players.append({"id": pid, "name": name, "mark": mark, "retired": p["retired"],
                        "merged_into": p["merged_into"]})
    for i, p in enumerate(players):
        into = p["merged_into"]
        if into is not None and (into not in ids or into == p["id"] or next(
                q for q in players if q["id"] == into)["merged_into"] is not None):
            fail(t("{field} must name a player of the file who is not merged",
                    field=f"players[{i}].merged_into"), f"players[{i}].merged_into")
    return players


def _read_seat(raw: Any, at: str, players: set[int], n: int) -> dict:
    s = obj(raw, ("player", "name", "seat", "first", "total", "place", "decided_by",
                      "lines"), at)
    if s["player"] not in players:
        fail(t("{field} must name a player of the file", field=at + ".player"), at + ".player")
    lines = []
    for j, ln in enumerate(items(s["lines"], 50, at + ".lines")):
        where = f"{at}.lines[{j}]"
        ln = obj(ln, ("id", "label", "points"), where)
        lines.append({"id": clean_text(ln["id"], "id", 40, field=where + ".id"),
                      "label": clean_text(ln["label"], "label", 80, field=where + ".label"),
                      "points": whole(ln["points"], -SCORE_LIMIT, SCORE_LIMIT,
                                     where + ".points")})
    total = whole(s["total"], -SCORE_LIMIT, SCORE_LIMIT, at + ".total")
    if lines and total != sum(ln["points"] for ln in lines):
        fail(t("{field}: the total is not the sum of the lines", field=at), at + ".total")
    if type(s["first"]) is not bool:
        fail(t("{field} must be true or false", field=at + ".first"), at + ".first")
    return {"player": s["player"], "name": clean_text(s["name"], "name", NAME_LIMIT * 2,
                                                      field=at + ".name"),
            "seat": whole(s["seat"], 1, n, at + ".seat"), "first": s["first"], "total": total,
            "place": whole(s["place"], 1, n, at + ".place"),
            "decided_by": clean_text(s["decided_by"], "decided_by", 40,
                                     field=at + ".decided_by"), "lines": lines}


def _read_play(raw: Any, at: str, players: set[int], games: set[int]) -> dict:
    p = obj(raw, ("game", "slug", "date", "duration_min", "note", "source", "record"), at)
    if p["game"] is not None and (type(p["game"]) is not int or p["game"] not in games):
        fail(t("{field} must name a game of the file", field=at + ".game"), at + ".game")
    if p["slug"] not in GAMES:
        fail(t("{field}: unknown game", field=at + ".slug"), at + ".slug")
    if p["source"] not in ("tracked", "quick"):
        fail(t("{field} must be tracked or quick", field=at + ".source"), at + ".source")
    record = obj(p["record"], ("players", "rulings"), at + ".record",
                     optional=("version",))
    version = {} if "version" not in record else {
        "version": whole(record["version"], 0, 2**31, at + ".record.version")}
    rules = get_game(p["slug"])
    seats_raw = items(record["players"], rules.max_players, at + ".record.players")
    if len(seats_raw) < rules.min_players:
        fail(t("{field}: too few players", field=at + ".record.players"),
              at + ".record.players")
    seats = [_read_seat(s, f"{at}.record.players[{j}]", players, len(seats_raw))
             for j, s in enumerate(seats_raw)]
    if len({s["player"] for s in seats}) != len(seats):
        fail(t("{field}: a player holds two seats", field=at), at + ".record.players")
    rulings = record["rulings"]
    if not isinstance(rulings, dict) or any(
            rid not in rules.rulings or not isinstance(v, str) or len(v) > 40
            or v not in rules.rulings[rid].readings for rid, v in rulings.items()):
        fail(t("{field}: unknown ruling or reading", field=at + ".record.rulings"),
              at + ".record.rulings")
    return {"game": p["game"], "slug": p["slug"], "played_at": clean_day(p["date"],
                                                                           field=at + ".date"),
            "duration_min": clean_duration(p["duration_min"], field=at + ".duration_min"),
            "note": clean_note(p["note"], field=at + ".note"), "source": p["source"],
            "record": {"players": seats, "rulings": dict(rulings), **version}}


def import_group(payload: Any) -> Group:
    """A group file as a new group here (new links). Players and plays are read first, then each
    game's log through ``store.import_game`` (as strictly as any game file); a refusal anywhere
    names its place, and nothing stays stored."""
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        fail(t("this is not a group file (expected format {format})", format=FORMAT), "format")
    data = obj(payload, ("format", "name", "players", "games", "plays"), "file",
                   optional=("left_out_games", "box"))
    name = clean_text(data["name"], t("The group's name"), GROUP_NAME_LIMIT, field="name")
    players = _read_players(data["players"])
    pids = {p["id"] for p in players}
    games, started = [], {}
    for i, g in enumerate(items(data["games"], GAMES_LIMIT, "games")):
        g = obj(g, ("id", "seats", "file"), f"games[{i}]")
        whole(g["id"], 1, 2**62, f"games[{i}].id")
        started[g["id"]] = _started(g["file"].get("created_at") if isinstance(g["file"], dict)
                                    else None, f"games[{i}].file.created_at")
        seats = items(g["seats"], 16, f"games[{i}].seats")
        if any(s not in pids for s in seats):
            fail(t("{field} must name players of the file", field=f"games[{i}].seats"),
                  f"games[{i}].seats")
        games.append(g)
    if len({g["id"] for g in games}) != len(games):
        fail(t("{field}: two games have the same id", field="games"), "games")
    gamefile.refuse_costly_together(g["file"].get("actions") for g in games
                                    if isinstance(g["file"], dict))
    plays = [_read_play(p, f"plays[{i}]", pids, {g["id"] for g in games})
             for i, p in enumerate(items(data["plays"], PLAYS_LIMIT, "plays"))]
    if len({p["game"] for p in plays if p["game"] is not None}) != \
            len([p for p in plays if p["game"] is not None]):
        fail(t("{field}: a game has two plays", field="plays"), "plays")
    made: dict[int, Game] = {}
    where = "games"
    try:
        for i, g in enumerate(games):
            where = f"games[{i}]"
            made[g["id"]] = store.import_game(g["file"])
            if len(g["seats"]) != len(get_game(made[g["id"]].slug).player_names(
                    store.state_of(made[g["id"]]))):
                fail(t("{field}: one player per seat", field=f"games[{i}].seats"),
                      f"games[{i}].seats")
    except RulesError as err:
        _forget(made.values())
        raise IllegalAction(t("{where}: {reason}", where=where, reason=err.message),
                            rule=RULE, field=where) from None
    try:
        box = read_box(data.get("box", []), games)
    except RulesError:
        _forget(made.values())
        raise
    return _store_group(name, players, games, plays, made, box, started)


def _started(value: Any, field: str) -> datetime:
    """When a game of the file was set up (its file's ``created_at``): kept, so a copy lists
    its games in the same order and a play made again later counts the same duration."""
    try:
        if not isinstance(value, str) or len(value) > 40:
            raise ValueError
        when = datetime.fromisoformat(value).replace(tzinfo=None)
    except ValueError:
        when = None
    if when is None or when > utcnow():
        fail(t("{field}: a date and time (ISO 8601), not in the future", field=field), field)
    return when


def _forget(games) -> None:
    """Take back the games a refused group file had already stored."""
    ids = [g.id for g in games]
    if ids:
        with writing() as s:
            s.execute(delete(Game).where(Game.id.in_(ids)))
            s.commit()


def _store_group(name: str, players: list[dict], games: list[dict], plays: list[dict],
                 made: Mapping[int, Game], box: list[dict],
                 started: Mapping[int, datetime]) -> Group:
    group = Group(token=new_token(), name=name)
    with writing() as s:
        s.add(group)
        s.flush()
        new_id = {}
        for p in players:
            row = GroupPlayer(group_id=group.id, name=p["name"], mark=p["mark"],
                              retired=p["retired"])
            s.add(row)
            s.flush()
            new_id[p["id"]] = row.id
        for p in players:
            if p["merged_into"] is not None:
                s.get(GroupPlayer, new_id[p["id"]]).merged_into = new_id[p["merged_into"]]
        for g in games:
            s.add(GroupGame(game_id=made[g["id"]].id, group_id=group.id,
                            seats=[new_id[x] for x in g["seats"]]))
            s.execute(update(Game).where(Game.id == made[g["id"]].id)
                      .values(created_at=started[g["id"]]))
        for p in plays:
            record = {**p["record"], "players": [{**seat, "player": new_id[seat["player"]]}
                                                 for seat in p["record"]["players"]]}
            s.add(Play(group_id=group.id, slug=p["slug"], played_at=p["played_at"],
                       game_id=None if p["game"] is None else made[p["game"]].id,
                       duration_min=p["duration_min"], note=p["note"], source=p["source"],
                       record=record))
        owner = box_owner_name(group.id, None)
        s.add_all(BoxSighting(owner=owner, slug=b["slug"], category=b["category"], key=b["key"],
                              value=b["value"], seq=b["seq"], in_force=b["in_force"],
                              game_id=None if b["game"] is None else made[b["game"]].id)
                  for b in box)
        store.box_settled(s, owner, [(b["slug"], b["category"], b["key"]) for b in box])
        s.commit()
    return group

