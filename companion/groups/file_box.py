"""A group file's box data: the group's sightings, each with its source game of the file and
step (``export_box``), read back only where that game's log carries that same value at that step
or, for a house rule, switched that ruling to that reading there (``read_box``); a house rule of
a game left out of the file comes without a source and is checked against the game's rulings."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import select

from .. import store
from ..games import GAMES, gamefile, get_game
from ..games.core import META_KINDS, RULING, Entry, in_force, t
from ..store import HOUSE_RULE
from ..store.db import BoxSighting, Group, box_owner_name
from .checks import fail, items, obj, whole

BOX_LIMIT = 20_000  # sightings a group file may carry


def export_box(group: Group, games: set[int]) -> list[dict[str, Any]]:
    """The group's sightings, oldest first: with their source when its game is in the file;
    of a game left out, only the house rules in force (without a source)."""
    rows = store.session().scalars(select(BoxSighting).where(
        BoxSighting.owner == box_owner_name(group.id, None)).order_by(BoxSighting.id))
    out = []
    for b in rows:
        sourced = b.game_id in games
        if sourced or (b.category == HOUSE_RULE and b.in_force):
            out.append({"slug": b.slug, "category": b.category, "key": b.key, "value": b.value,
                        "game": b.game_id if sourced else None, "seq": b.seq if sourced else 0})
    return out


class _Seen(gamefile.Replay):
    """A game file's log read again as the store records it, keeping the box data each step
    carries (``rules.box_records`` on the state before it, as a tap's is recorded)."""

    def __init__(self, rules: Any, first: Any, setup: Mapping[str, Any]) -> None:
        super().__init__(rules, first, setup)
        self.box: dict[int, list] = {0: rules.box_records_of_setup(setup)}

    def _step(self, seq: int, kind: str, data: dict, by: str, at: Any) -> Any:
        before = self.state
        done = super()._step(seq, kind, data, by, at)
        if kind not in META_KINDS:
            self.box[seq] = self.rules.box_records(before, kind, done.data)
        return done


def _seen(game: Mapping[str, Any]) -> tuple[_Seen, set[int]]:
    """A file's game (already read and stored as a game) read again: its box data by step and
    the steps in force."""
    rules = get_game(game["file"]["game"])
    setup, first = gamefile.read_setup(rules, game["file"]["setup"])
    seen = _Seen(rules, first, setup)
    seen.read(game["file"]["actions"])
    return seen, {e.seq for e in in_force([Entry(c.seq, c.kind, c.data, c.by)
                                            for c in seen.entries])}


def read_box(raw: Any, games: Sequence[Mapping[str, Any]]) -> list[dict]:
    """The file's box data: each sighting one its source game's log carries at its step (or a
    house rule of a game left out, checked against the game's rulings); the values kept are
    the rules' own, and whether each is in force is worked out from the log."""
    by_id = {g["id"]: g for g in games}
    seen: dict[int, tuple[_Seen, set[int]]] = {}
    out = []
    for i, b in enumerate(items(raw, BOX_LIMIT, "box")):
        at = f"box[{i}]"
        b = obj(b, ("slug", "category", "key", "value", "game", "seq"), at)
        if b["slug"] not in GAMES:
            fail(t("{field}: unknown game", field=at + ".slug"), at + ".slug")
        if not isinstance(b["category"], str) or not isinstance(b["key"], str):
            fail(t("{field}: the category and key are texts", field=at), at)
        if b["game"] is None:
            out.append(_unsourced_rule(b, at))
            continue
        if type(b["game"]) is not int or b["game"] not in by_id \
                or by_id[b["game"]]["file"]["game"] != b["slug"]:
            fail(t("{field} must name a game of the file, of the same game",
                    field=at + ".game"), at + ".game")
        if b["game"] not in seen:
            seen[b["game"]] = _seen(by_id[b["game"]])
        log, steps = seen[b["game"]]
        seq = whole(b["seq"], 0, len(log.entries), at + ".seq")
        value = _carried(log, seq, b)
        if value is None:
            fail(t("{field}: the game's log carries no such box data at step {seq} (box data "
                    "comes only from what a table entered)", field=at, seq=seq), at)
        out.append({"slug": b["slug"], "category": b["category"], "key": b["key"],
                    "value": value, "game": b["game"], "seq": seq,
                    "in_force": seq == 0 or seq in steps})
    return out


def _carried(log: _Seen, seq: int, b: Mapping[str, Any]) -> Any:
    """The value step ``seq`` of ``log`` carries for ``b``'s component (the rules' own copy),
    or None: a value the rules read from that step, or a house rule that step switched."""
    for category, key, value in log.box.get(seq, ()):
        if (category, key) == (b["category"], b["key"]) and value == b["value"]:
            return value
    step = log.entries[seq - 1] if seq else None
    if b["category"] == HOUSE_RULE and step is not None and step.kind == RULING and \
            b["value"] == {"reading": step.data.get("reading")} and \
            b["key"] == step.data.get("ruling"):
        return {"reading": step.data["reading"]}
    return None


def _unsourced_rule(b: Mapping[str, Any], at: str) -> dict:
    """A house rule kept without its game (left out of the file): a ruling and one of its
    readings the game knows."""
    rulings = get_game(b["slug"]).rulings
    value = b["value"]
    if b["category"] != HOUSE_RULE or b["seq"] != 0:
        fail(t("{field}: only a house rule comes without its game", field=at), at + ".game")
    if b["key"] not in rulings or not isinstance(value, dict) or list(value) != ["reading"] \
            or not isinstance(value["reading"], str) \
            or value["reading"] not in rulings[b["key"]].readings:
        fail(t("{field}: unknown ruling or reading", field=at), at + ".value")
    return {"slug": b["slug"], "category": HOUSE_RULE, "key": b["key"],
            "value": {"reading": value["reading"]}, "game": None, "seq": 0, "in_force": True}
