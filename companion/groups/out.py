"""A group's plays out of the app: a play as a "Send to BG Stats" link (BG Stats' push format,
a plain link: this server asks nobody), and the group's plays as JSON and CSV."""
from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from datetime import UTC
from typing import Any
from urllib.parse import quote

from ..games import get_game
from ..store.db import Group, GroupPlayer, Play
from .plays import names_of, plays_of

BG_STATS = "https://app.bgstatsapp.com/createPlay.html?data="
#: each game's BoardGameGeek id, which BG Stats matches a play's game by, where the rules
#: digests name one (rules/hexemonia.md, sources: BGG); Hadara's and TradeWarz's name none
BGG_IDS = {"hexemonia": 161995}


# ------------------------------------------------------------------------------ BG Stats

def bg_stats_data(play: Play, group: Group, players: Mapping[int, GroupPlayer]) -> dict:
    """A play in BG Stats' push format (createPlay.html?data=...)."""
    rules = get_game(play.slug)
    return {
        "sourceName": "Table companion",
        "game": {"name": rules.title, "highestWins": True, "noPoints": False,
                 "sourceGameId": play.slug,
                 **({"bggId": BGG_IDS[play.slug]} if play.slug in BGG_IDS else {})},
        "playDate": _table_time(play),
        "durationMin": play.duration_min or 0,
        "location": group.name,
        "players": [{"name": _name(p, players), "score": str(p["total"]), "rank": p["place"],
                     "winner": p["place"] == 1, "startPlayer": bool(p["first"]),
                     "sourcePlayerId": str(p["player"])} for p in play.record["players"]],
        "comments": play.note,
    }


def _table_time(play: Play) -> str:
    """When a play was played, as BG Stats' push format takes it: the wall clock of the table
    (YYYY-MM-DD hh:mm:ss, a field with no zone), so a tracked play's moment (kept in UTC) is
    said in the zone of the server the table runs; a quick play keeps the day the table named."""
    when = play.played_at
    if play.source != "quick":
        when = when.replace(tzinfo=UTC).astimezone()
    return when.strftime("%Y-%m-%d %H:%M:%S")


def bg_stats_link(play: Play, group: Group, players: Mapping[int, GroupPlayer]) -> str:
    """A plain link: the phone opens it; this server makes no outside request."""
    data = json.dumps(bg_stats_data(play, group, players), ensure_ascii=False,
                      separators=(",", ":"))
    return BG_STATS + quote(data, safe="")


def _name(seat: Mapping[str, Any], players: Mapping[int, GroupPlayer]) -> str:
    player = players.get(seat["player"])
    return player.name if player is not None else seat["name"]


# -------------------------------------------------------------------------- plays as data

def plays_data(group: Group) -> list[dict[str, Any]]:
    players = names_of(group)
    return [{"id": p.id, "date": p.played_at.isoformat(), "duration_min": p.duration_min,
             "game": p.slug, "source": p.source, "note": p.note,
             "rulings": p.record.get("rulings", {}),
             "players": [{**seat, "name": _name(seat, players)}
                         for seat in p.record["players"]]}
            for p in plays_of(group)]


CSV_COLUMNS = ("play", "date", "game", "duration_min", "player", "seat", "first", "score",
               "place", "decided_by", "lines", "rulings", "note")


def plays_csv(group: Group) -> str:
    """One row per player of each play; score lines and rulings as ``id=value`` lists."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for play in plays_data(group):
        rulings = "; ".join(f"{k}={v}" for k, v in play["rulings"].items())
        for seat in play["players"]:
            writer.writerow([play["id"], play["date"], play["game"], play["duration_min"] or "",
                             _safe(seat["name"]), seat["seat"], "yes" if seat["first"] else "",
                             seat["total"], seat["place"], seat["decided_by"],
                             "; ".join(f"{ln['id']}={ln['points']}" for ln in seat["lines"]),
                             rulings, _safe(play["note"])])
    return out.getvalue()


def _safe(text: str) -> str:
    """A cell a spreadsheet will not run as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text
