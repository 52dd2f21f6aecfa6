"""The quick score pad and the score API: the end-of-game facts of each house (flat fields) and
the reading of a payload of them into ``scoring.Facts``."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Checker, FieldSpec, resolve_rulings, t
from .holdings import table_problems
from .rulings import RULINGS
from .scoring import R_XADLAS, Facts

#: the score API also takes an optional ``trading_posts`` (the posts a house holds); the pad
#: leaves it out, and its silver Xadlas beyond the castles' are then the posts held
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
#: every key the score API reads (docs/guide.md, "Score API", lists them): any other is refused
#: by name, so a typo ("silver_xadla") never scores as nothing
REQUEST_KEYS = ("players", "rulings")
PLAYER_KEYS = ("name", *FACT_FIELDS, "trading_posts")


def parse_facts(payload: Any) -> tuple[list[Facts], dict[str, str]]:
    """Read ``{"players": [...], "rulings": {...}}``; InvalidInput lists every problem."""
    check = Checker()
    if not isinstance(payload, Mapping):
        check.add("", t("the body must be a JSON object with players"))
        check.raise_if_any(rule=R_XADLAS)
    check.unknown_keys(payload, REQUEST_KEYS, "")
    players = payload.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 6:
        check.add("players", t("players must be a list of 2 to 6 houses"))
        players = players if isinstance(players, list) else []
    facts, names = [], set()
    for i, p in enumerate(players[:6]):
        path = f"players[{i}]"
        if not isinstance(p, Mapping):
            check.add(path, t("each player must be an object"))
            facts.append(Facts("", 0, 0))  # keeps the seats' numbers; adds nothing to a count
            continue
        check.unknown_keys(p, PLAYER_KEYS, path)
        name = check.text(p, "name", path)
        if name and name.lower() in names:
            check.add(f"{path}.name", t("the name {name} is used twice", name=repr(name)))
        names.add(name.lower())
        values = {f: check.integer(p, f, path, default=0) for f in FACT_FIELDS}
        facts.append(Facts(name, **values, trading_posts=_posts(check, p, path)))
    rulings = resolve_rulings(RULINGS, payload.get("rulings"), check)
    told = {x.field for x in check.problems}  # a value already refused is not judged again
    for field, problem, _ in table_problems(facts, rulings):
        if field not in told:
            check.add(field, problem)
    check.raise_if_any(rule=R_XADLAS)
    return facts, rulings




def _posts(check: Checker, p: Mapping[str, Any], path: str) -> int | None:
    """The optional ``trading_posts``: None when not told, or when refused (it then judges
    nothing else)."""
    if p.get("trading_posts") is None:
        return None
    before = len(check.problems)
    posts = check.integer(p, "trading_posts", path)
    return posts if len(check.problems) == before else None
