"""Hadara's setup: the players' setup cards read into the first state ("Setup")."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Checker, replace, resolve_rulings, t
from .data import TRACKS
from .model import HadaraState, Player, never_first
from .rulings import RULINGS

SETUP_RULE = "Hadara rulebook, Setup"


def _same(value: object) -> object:
    """A name as two seats are told apart: letters of any case are one name."""
    return value.casefold() if isinstance(value, str) else value


def _duplicate(key: str, value: Any) -> str:
    """Two seats share a name or an initiative ("Setup")."""
    if key == "name":
        return t("two players have the name {value}; each must differ", value=value)
    return t("two players have the initiative {value}; each must differ (every setup card has "
             "its own initiative)", value=value)


def _read_player(check: Checker, raw: Any, path: str) -> Player:
    if not isinstance(raw, Mapping):
        check.add(path, t("each player must be an object"))
        raw = {}
    return Player(
        name=check.text(raw, "name", path), symbol=check.text(raw, "symbol", path, limit=20,
                                                              required=False),
        initiative=check.integer(raw, "initiative", path, low=1, high=99),
        side=check.choice(raw, "side", path, ("A", "B"), default="A"),
        coins=check.integer(raw, "coins", path, high=99),
        tracks=tuple(check.integer(raw, tr, path, high=30) for tr in TRACKS))


def read_setup(setup: Mapping[str, Any]) -> HadaraState:
    """Seat the players from their setup cards; whoever is never first gets 1 coin. Raises
    InvalidInput listing every problem."""
    check = Checker()
    raw = setup.get("players") if isinstance(setup, Mapping) else None
    if not isinstance(raw, list) or not 2 <= len(raw) <= 5:
        check.add("players", t("Hadara is for 2 to 5 players"))
        check.raise_if_any(rule=SETUP_RULE)
    players = [_read_player(check, p, f"players[{i}]") for i, p in enumerate(raw)]
    for key in ("name", "initiative"):
        # "Ana" and "ana" are one name: names are compared as a reader sees them
        values = [_same(getattr(p, key)) for p in players]
        for dup in sorted({v for v in values if values.count(v) > 1}, key=str):
            first = next(getattr(p, key) for p in players if _same(getattr(p, key)) == dup)
            check.add("players", _duplicate(key, first))
    rulings = resolve_rulings(RULINGS, setup.get("rulings"), check)
    check.raise_if_any(rule=SETUP_RULE)
    seated = tuple(players)
    bonus = never_first(seated)
    seated = tuple(replace(p, coins=p.coins + 1) if i in bonus else p
                   for i, p in enumerate(seated))
    return HadaraState(seated, rulings=rulings)
