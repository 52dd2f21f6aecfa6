"""The quick score pad of Hexemonia: flat fields a phone form can show, turned into the score API's
payload (DESIGN.md, "The score API"), so both paths score with the same code."""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..core import MAX_TEXT_LENGTH, FieldSpec, t
from .data import CITIES, KINDS, NATURE_SYMBOLS, NATURES
from .terms import CITY_WORDS, KIND_WORDS, NATURE_WORDS

#: A hex that is not active scores nothing and breaks no tie, so the pad asks only for active ones.
COUNT_FIELDS = tuple(
    FieldSpec(f"{kind}_{nature}", t("Active {kind}, {nature}", kind=KIND_WORDS[kind],
                                    nature=NATURE_WORDS[nature]),
              high=30, required=False, default=0)
    for kind in KINDS for nature in NATURES)

QUICK_OPTIONS = (
    FieldSpec("revolts", t("2 players: played with the advanced rule of revolts"), "bool",
              default=False, required=False,
              help=t("Without revolts the Philosopher is worth 3 points. With 3 or 4 players "
                     "revolts are always played.")),
)

QUICK_FIELDS = (
    FieldSpec("name", t("Name"), "text"),
    FieldSpec("city", t("Acropolis"), "choice", choices=tuple((c, CITY_WORDS[c]) for c in CITIES)),
    FieldSpec("acropolis_gold", t("Gold on the Acropolis"), high=99, required=False, default=0),
    FieldSpec("philosopher", t("Holds the Philosopher"), "bool", default=False, required=False),
    *COUNT_FIELDS,
    FieldSpec("myths", t("Myths (nature, and 'inactive' when its token's hex is not active)"),
              "text", required=False, limit=MAX_TEXT_LENGTH,
              help=t("e.g. 'political, sacred inactive'; at most 3")),
)

_SYMBOLS = {symbol: nature for nature, symbol in NATURE_SYMBOLS.items()}
# The natures and states in the other languages the pad speaks (the Italian edition's words).
_SYMBOLS.update({"politica": "political", "militare": "military", "economica": "economic",
                 "sacra": "sacred", "政治": "political", "军事": "military", "经济": "economic",
                 "神圣": "sacred"})
_STATES = {"": True, "active": True, "inactive": False, "not active": False,
           "attivo": True, "attiva": True, "inattivo": False, "inattiva": False,
           "激活": True, "未激活": False}


def parse_myths(text: Any) -> list[dict[str, Any]]:
    """``"political, sacred inactive"`` → the API's myth objects (active unless marked).

    A word the pad does not know is passed on as typed, so the score API's checker names it
    with its path (``players[0].myths[1].nature``).
    """
    if not isinstance(text, str):
        return []
    out = []
    for part in (p.strip().casefold() for p in re.split(r"[,;\n]", text)):
        if not part:
            continue
        nature, _, state = part.partition(" ")
        state = " ".join(state.split())
        out.append({"nature": _SYMBOLS.get(nature, nature),
                    "active": _STATES.get(state, state)})
    return out


def _hexes(row: Mapping[str, Any]) -> list[dict[str, Any]]:
    out = []
    for f in COUNT_FIELDS:
        count = row.get(f.name) or 0
        kind, nature = f.name.split("_", 1)
        count = count if isinstance(count, int) and 0 <= count <= f.high else 0
        out += [{"kind": kind, "nature": nature, "active": True}] * count
    return out


def _hosts(myths: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The pad asks only for active hexes; a Myth marked inactive says its token's hex is an
    inactive hex of its nature, which scores nothing whatever its kind."""
    return [{"nature": m["nature"], "active": False} for m in myths
            if m["active"] is False and m["nature"] in NATURES]


def quick_payload(options: Mapping[str, Any],
                  players: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The score-API payload for the quick pad's options and player rows."""
    rows = []
    for row in players:
        myths = parse_myths(row.get("myths", ""))
        rows.append({"name": row.get("name", ""), "city": row.get("city"),
                     "acropolis_gold": row.get("acropolis_gold") or 0,
                     "philosopher": bool(row.get("philosopher")),
                     "hexes": _hexes(row) + _hosts(myths), "myths": myths})
    # only a 2-player game may leave revolts out; the box is for that case alone
    return {"revolts": bool(options.get("revolts")) if len(rows) == 2 else True,
            "rulings": dict(options.get("rulings") or {}), "players": rows}
