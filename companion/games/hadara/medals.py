"""Buying medals ("Buy Silver or Gold Medals"): at most two of each per game, paid in coins."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import IllegalAction, replace, t
from .data import MAX_GOLD, MAX_SILVER, STEP_RULES
from .model import HadaraState, Player
from .statues import tile_problems
from .steps import Problems, refuse, step_problems
from .terms import coins

RULE = STEP_RULES["medals"]


def problems(state: HadaraState, d: Mapping[str, Any]) -> Problems:
    """Coins enough, fewer than two of this medal, and for a silver medal a bonus tile of its
    track's colour left."""
    found = step_problems(state, "medals")
    if found:
        return found
    p = state.players[d["player"]]
    if p.coins < d["price"]:
        found.append(IllegalAction(t("{name} has {coins}; the medal costs {price}",
                                     name=p.name, coins=coins(p.coins), price=d["price"]),
                                   rule=RULE))
    return found + holding_problems(p, d["medal"], d.get("track", ""))


def holding_problems(p: Player, medal: str, track: str) -> Problems:
    """One more ``medal`` for ``p`` is impossible: two of each at most, and a silver medal is
    a bonus tile naming its track (one of the player's, of a colour still left)."""
    if medal == "gold":
        if p.gold >= MAX_GOLD:
            return [IllegalAction(t("{name} has {most} gold medals, the most a player may buy",
                                    name=p.name, most=MAX_GOLD), rule=RULE)]
        return []
    if not track:
        return [IllegalAction(t("a silver medal names the track it scores: choose its bonus "
                                "tile's colour"), rule=RULE, field="track")]
    found = []
    if len(p.silver) >= MAX_SILVER:
        found.append(IllegalAction(t("{name} has {most} silver medals, the most a player may "
                                     "buy", name=p.name, most=MAX_SILVER), rule=RULE))
    return found + tile_problems(p, track, RULE)


def buy_medal(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    """A gold medal counts sets of five colours; a silver one places a bonus tile on a track."""
    refuse(problems(state, d))
    seat = d["player"]
    p = state.players[seat]
    if d["medal"] == "gold":
        p = replace(p, gold=p.gold + 1, coins=p.coins - d["price"])
    else:
        p = replace(p, silver=p.silver + (d["track"],), coins=p.coins - d["price"])
    return state.set_player(seat, p)
