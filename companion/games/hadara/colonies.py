"""Taking a colony ("Take a Colony"): plunder it for coins or integrate it for track values."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import IllegalAction, replace, t
from .cards import track_values
from .data import LEVELS, STEP_RULES
from .model import Colony, HadaraState, Player
from .steps import Problems, refuse, step_problems
from .terms import coins

RULE = STEP_RULES["colony"]


def holding_problems(p: Player, requirement: int) -> Problems:
    """A colony of ``requirement`` more for ``p`` is impossible: five levels, one colony each."""
    if len(p.colonies) >= LEVELS:
        return [IllegalAction(t("{name} already holds {most} colonies, one of each requirement "
                                "level; there are only {most} levels", name=p.name, most=LEVELS),
                              rule=RULE)]
    if any(c.requirement == requirement for c in p.colonies):
        return [IllegalAction(t("{name} already has a colony of requirement {requirement}; one "
                                "per requirement level", name=p.name, requirement=requirement),
                              rule=RULE)]
    return []


def problems(state: HadaraState, d: Mapping[str, Any]) -> Problems:
    """One colony a step, one per requirement level, military at least the requirement, and
    coins enough to integrate it."""
    found = step_problems(state, "colony")
    if found:
        return found
    seat = d["player"]
    p = state.players[seat]
    if seat in state.acted:
        found.append(IllegalAction(t("{name} already took a colony in this step; one per step",
                                     name=p.name), rule=RULE))
    found += holding_problems(p, d["requirement"])
    if p.track("military") < d["requirement"]:
        found.append(IllegalAction(t("{name}'s military is {military}; this colony needs "
                                     "{requirement}", name=p.name, military=p.track("military"),
                                     requirement=d["requirement"]), rule=RULE))
    if d["choice"] == "integrate" and p.coins < d["coins"]:
        found.append(IllegalAction(t("{name} has {coins}; integrating costs {cost}",
                                     name=p.name, coins=coins(p.coins), cost=d["coins"]),
                                   rule=RULE))
    return found


def take_colony(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    """Plunder (gain the green coins) or integrate (pay the red coins, raise the tracks)."""
    refuse(problems(state, d))
    seat = d["player"]
    p = state.players[seat]
    integrate = d["choice"] == "integrate"
    colony = Colony(d["requirement"], d["points"], integrate, d["coins"],
                    track_values(d) if integrate else (0, 0, 0, 0))
    p = replace(p.with_tracks(colony.tracks), colonies=p.colonies + (colony,),
                coins=p.coins - d["coins"] if integrate else p.coins + d["coins"])
    return replace(state.set_player(seat, p), acted=state.acted | {seat})
