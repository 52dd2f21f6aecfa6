"""The quick score pad and the score API: the end-of-game facts of each house (flat fields) and
the reading of a payload of them into ``scoring.Facts``."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Checker, FieldSpec, resolve_rulings, t
from .data import LIMITS, SOLDIER_CAP
from .rulings import RULINGS
from .scoring import R_XADLAS, Facts
from .terms import castles, villages

MAX_SOLDIERS, MAX_POSTS = SOLDIER_CAP + 6, 4  # Superior fertility's 16; trading posts 1 to 4
FACT_FIELDS = ("golden_xadlas", "silver_xadlas", "soldiers", "tech_strength", "settlements",
               "villages", "castles", "farthest_build")

QUICK_FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("name", t("House"), "text"),
    FieldSpec("golden_xadlas", t("Golden Xadlas"), high=99),
    FieldSpec("silver_xadlas", t("Silver Xadlas"), high=99),
    FieldSpec("soldiers", t("Soldiers"), high=99, required=False, default=0),
    FieldSpec("tech_strength", t("Strength printed on its techs"), high=99, required=False,
              default=0),
    FieldSpec("settlements", t("Settlements"), high=99, required=False, default=0),
    FieldSpec("villages", t("Villages (under castles too)"), high=99, required=False, default=0),
    FieldSpec("castles", t("Castles"), high=99, required=False, default=0),
    FieldSpec("farthest_build", t("Farthest building (marches from the capital)"), high=99,
              required=False, default=0),
)
assert tuple(f.name for f in QUICK_FIELDS[1:]) == FACT_FIELDS  # the score API's flat fields


def parse_facts(payload: Any) -> tuple[list[Facts], dict[str, str]]:
    """Read ``{"players": [...], "rulings": {...}}``; InvalidInput lists every problem."""
    check = Checker()
    if not isinstance(payload, Mapping):
        check.add("", t("the body must be a JSON object with players"))
        check.raise_if_any(rule=R_XADLAS)
    players = payload.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 6:
        check.add("players", t("players must be a list of 2 to 6 houses"))
        players = players if isinstance(players, list) else []
    facts, names = [], set()
    for i, p in enumerate(players[:6]):
        path = f"players[{i}]"
        if not isinstance(p, Mapping):
            check.add(path, t("each player must be an object"))
            continue
        name = check.text(p, "name", path)
        if name and name.lower() in names:
            check.add(f"{path}.name", t("the name {name} is used twice", name=repr(name)))
        names.add(name.lower())
        values = {f: check.integer(p, f, path, default=0) for f in FACT_FIELDS}
        facts.append(Facts(name, **values))
    rulings = resolve_rulings(RULINGS, payload.get("rulings"), check)
    for i, f in enumerate(facts):
        if all(isinstance(getattr(f, x), int) for x in FACT_FIELDS):
            for field, problem in board_problems(f, rulings):
                check.add(f"players[{i}].{field}", problem)
    check.raise_if_any(rule=R_XADLAS)
    return facts, rulings


def board_problems(f: Facts, rulings: Mapping[str, str]) -> list[tuple[str, Any]]:
    """End facts no board can show (Build; Recruit; Getting Xadlas, Silver): 6 settlements,
    5 villages (T16) and 6 squares at most; a castle stands on a village of its own; 16 soldiers
    at most; each castle held carries its silver Xadla (two under T7), 4 trading posts at most."""
    out: list[tuple[str, Any]] = []
    under = f.castles if rulings.get("T16") == "castle-only" else 0
    if f.settlements > LIMITS["settlements"]:
        out.append(("settlements", t("at most 6 settlements, not {n}", n=f.settlements)))
    if f.villages - under > LIMITS["villages"]:
        out.append(("villages", t("at most 5 villages (ruling T16), not {n}", n=f.villages)))
    if f.settlements + f.villages > LIMITS["squares"]:
        out.append(("villages", t("settlements and villages stand on at most 6 squares, not "
                                  "{n}", n=f.settlements + f.villages)))
    if f.castles > f.villages:
        out.append(("castles", t("a castle stands on a village of its own: {castles} on "
                                 "{villages}", castles=castles(f.castles),
                                 villages=villages(f.villages))))
    if f.soldiers > MAX_SOLDIERS:
        out.append(("soldiers", t("at most 16 soldiers (with Superior fertility), not {n}",
                                  n=f.soldiers)))
    per = 2 if rulings.get("T7") == "two-silver" else 1
    if not per * f.castles <= f.silver_xadlas <= per * f.castles + MAX_POSTS:
        out.append(("silver_xadlas", t("{castles} and at most 4 trading posts give {low} to "
                                       "{high} silver Xadlas, not {n} (ruling T7)",
                                       castles=castles(f.castles), low=per * f.castles,
                                       high=per * f.castles + MAX_POSTS, n=f.silver_xadlas)))
    return out
