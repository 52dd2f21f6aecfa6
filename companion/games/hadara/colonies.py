"""Taking a colony ("Take a Colony"): plunder it for coins or integrate it for track values."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import IllegalAction, replace, t
from .cards import track_values
from .data import LEVELS, STEP_RULES
from .model import Colony, HadaraState, Player, turn_order
from .steps import Problems, refuse, step_problems
from .terms import coins

RULE = STEP_RULES["colony"]
TURN_KINDS = ("colony", "no_colony")
#: the key a colony tapped now carries (set by the rules' check_action): taken in turn. A stored
#: colony without it was recorded before the step went in turn, and replays as recorded.
IN_TURN = "in_turn"


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


def colony_turn(state: HadaraState) -> int | None:
    """Whose turn it is to take a colony or pass (None outside the step, or once all have):
    from this epoch's first player, clockwise, one each."""
    if state.over or state.step != "colony":
        return None
    return next((i for i in turn_order(state) if i not in state.acted), None)


def turn_problems(state: HadaraState, d: Mapping[str, Any]) -> Problems:
    """Take a Colony: the players take theirs (or pass) one at a time, first player first, then
    clockwise; once a player has, the step has nothing more for them."""
    seat = d["player"]
    p = state.players[seat]
    if seat in state.acted:
        return [IllegalAction(t("{name} already took a colony or passed in this step; one per "
                                "step", name=p.name), rule=RULE)]
    turn = colony_turn(state)
    if d.get(IN_TURN) and turn is not None and turn != seat:
        return [IllegalAction(t("it is {turn}'s turn to take a colony or pass, not {name}'s: "
                                "from the first player, each in turn clockwise",
                                turn=state.players[turn].name, name=p.name), rule=RULE)]
    return []


def pass_problems(state: HadaraState, d: Mapping[str, Any]) -> Problems:
    """Passing (taking no colony this step) is a turn of the colony step too."""
    return step_problems(state, "colony") or turn_problems(state, d)


def pass_colony(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    """The player takes no colony this step ("each player can take 1 colony"): the turn goes on
    to the next player."""
    refuse(pass_problems(state, d))
    return replace(state, acted=state.acted | {d["player"]})


def problems(state: HadaraState, d: Mapping[str, Any]) -> Problems:
    """One colony a step, in turn from the first player, one per requirement level, military at
    least the requirement, and coins enough to integrate it."""
    found = step_problems(state, "colony")
    if found:
        return found
    seat = d["player"]
    p = state.players[seat]
    found += turn_problems(state, d)
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
