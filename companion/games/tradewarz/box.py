"""Box data a table enters once (costs printed as icons, season names, the lost season's die).

A server remembers box data as ``(category, key, values)`` records; ``setup_defaults`` turns those
records back into setup-form values, so the next game starts from what this table's box says.
Values equal to the shipped guesses (``UNVERIFIED``) are not remembered: a guess is not box data.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..core import t
from .costs import check_shape, entered, parse_cost, tech_cost_item
from .data import COST_SHAPES, RESOURCES, TECHS, UNVERIFIED
from .model import TradeWarzState, cost_text
from .terms import DIE_WORDS, ITEM_WORDS, season_word

COSTS, SEASONS = "costs", "seasons"
SEASON_NAMES, LOST_DIE = "names in order", "die of the lost season"



def _cost_record(item: str, cost: Mapping[str, int]) -> tuple[str, str, dict]:
    return COSTS, item, {r: cost[r] for r in RESOURCES if cost.get(r)}


def records_of_setup(setup: Mapping[str, Any]) -> list[tuple[str, str, dict]]:
    """The box data a valid setup carries: every cost entered, the season names, the lost
    season's die; guesses left as shipped are skipped."""
    out = []
    for item in COST_SHAPES:
        text = setup.get(f"cost_{item}")
        if not isinstance(text, str) or not text.strip() or \
                text == UNVERIFIED.get(f"cost_{item}"):
            continue
        try:
            cost = parse_cost(text)
        except ValueError:
            continue
        if not check_shape(item, cost):
            out.append(_cost_record(item, cost))
    names = setup.get("season_names")
    if isinstance(names, str) and names.strip() and names != UNVERIFIED["season_names"]:
        out.append((SEASONS, SEASON_NAMES, {"seasons": ", ".join(
            n.strip() for n in names.split(","))}))
    die = setup.get("fifth_season_die")
    if die in ("blue", "red"):
        out.append((SEASONS, LOST_DIE, {"die": die}))
    return out


def records_of_action(game: TradeWarzState, kind: str, data: Mapping[str, Any]
                      ) -> list[tuple[str, str, dict]]:
    """A payment entered for one item whose cost the game's box data lacked (Build, Buy Tech,
    Marching exceptions): remembered as that item's cost, per item (and per tech level)."""
    if kind == "correct_cost":
        return _corrected_cost(data)
    paid = entered(data)
    if not paid:
        return []
    if kind == "build" and data.get("what") in COST_SHAPES:
        item, times = data["what"], 1
    elif kind == "buy_tech" and data.get("tech") in TECHS:
        item, times = tech_cost_item(data["tech"]), TECHS[data["tech"]].level
    elif kind == "march":
        built = {k: data.get(f"{k}s", 0) or 0 for k in ("road", "bridge", "tunnel")}
        built = {k: n for k, n in built.items() if n}
        if len(built) != 1:
            return []
        (item, times), = built.items()
    else:
        return []
    if game.cost_of(item) is not None or any(n % times for n in paid.values()):
        return []
    cost = {r: n // times for r, n in paid.items()}
    return [] if check_shape(item, cost) else [_cost_record(item, cost)]


def _corrected_cost(data: Mapping[str, Any]) -> list[tuple[str, str, dict]]:
    """A cost corrected by hand is what the table's components print (a shipped guess is not)."""
    item, text = data.get("item"), data.get("cost")
    if item not in COST_SHAPES or not isinstance(text, str):
        return []
    try:
        cost = parse_cost(text)
    except ValueError:
        return []
    guess = UNVERIFIED.get(f"cost_{item}")
    if check_shape(item, cost) or (guess and cost == parse_cost(guess)):
        return []
    return [_cost_record(item, cost)]


def setup_defaults(records: Iterable[tuple[str, str, Mapping[str, Any]]]) -> dict[str, str]:
    """Setup-form values from remembered box records (the inverse of ``records_of_setup``)."""
    out: dict[str, str] = {}
    for category, key, values in records:
        if not isinstance(values, Mapping):
            continue
        if category == COSTS and key in COST_SHAPES:
            cost = {r: values[r] for r in RESOURCES if isinstance(values.get(r), int)}
            if cost:
                out[f"cost_{key}"] = cost_text(cost)
        elif (category, key) == (SEASONS, SEASON_NAMES) and isinstance(values.get("seasons"),
                                                                       str):
            out["season_names"] = values["seasons"]
        elif (category, key) == (SEASONS, LOST_DIE) and values.get("die") in ("blue", "red"):
            out["fifth_season_die"] = values["die"]
    return out


def entry_words(category: str, key: str, value: Mapping[str, Any]) -> tuple[Any, Any, Any] | None:
    """A remembered value as the box page says it (what, which, what it prints), or None for
    one TradeWarz does not know (the page then shows it as stored)."""
    if not isinstance(value, Mapping):
        return None
    if category == COSTS and key in ITEM_WORDS:
        cost = {r: value[r] for r in RESOURCES if isinstance(value.get(r), int)}
        return t("Cost"), ITEM_WORDS[key], cost_text(cost)
    if (category, key) == (SEASONS, SEASON_NAMES) and isinstance(value.get("seasons"), str):
        return t("Seasons"), t("Seasons in order"), \
            [season_word(n) for n in value["seasons"].split(",")]
    if (category, key) == (SEASONS, LOST_DIE) and value.get("die") in DIE_WORDS:
        return t("Seasons"), t("Die of the season whose name was lost"), DIE_WORDS[value["die"]]
    return None


__all__ = ["records_of_setup", "records_of_action", "setup_defaults", "entry_words"]
