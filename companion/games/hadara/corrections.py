"""A correction by hand ("the table is the truth"): coins or a track changed by a number."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import IllegalAction, replace, t
from .data import TRACKS
from .model import HadaraState
from .steps import Problems, refuse
from .terms import TRACK_WORDS

# Coins and track markers cannot go below 0; the rulebook has no section saying so, so a refusal
# cites the correction itself.
RULE = "The table is the truth"


def problems(state: HadaraState, d: Mapping[str, Any]) -> Problems:
    """Coins and tracks never go below 0."""
    p = state.players[d["player"]]
    what, delta = d["value"], d["delta"]
    if what == "coins":
        if p.coins + delta < 0:
            return [IllegalAction(t("{name} would have {coins} coins; coins cannot go below 0",
                                    name=p.name, coins=p.coins + delta), rule=RULE)]
        return []
    if p.track(what) + delta < 0:
        return [IllegalAction(t("{name}'s {track} would be {value}; a track cannot go below 0",
                                name=p.name, track=TRACK_WORDS[what],
                                value=p.track(what) + delta), rule=RULE)]
    return []


def correct(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    """Add ``delta`` to a player's coins or to one of their tracks."""
    refuse(problems(state, d))
    seat = d["player"]
    p = state.players[seat]
    if d["value"] == "coins":
        return state.set_player(seat, replace(p, coins=p.coins + d["delta"]))
    return state.set_player(seat, p.with_tracks(tuple(d["delta"] if tr == d["value"] else 0
                                                      for tr in TRACKS)))
