"""Feeding the people ("Feed Your People"): cards beyond the food track are removed."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from ..core import IllegalAction, t
from .data import STEP_RULES, TRACKS
from .model import HadaraState, Player
from .steps import Problems, refuse, step_problems

RULE = STEP_RULES["feed"]


def problems(state: HadaraState, d: Mapping[str, Any]) -> Problems:
    """A card is removed only while the player is short of food, and it must exist."""
    found = step_problems(state, "feed")
    if found:
        return found
    p = state.players[d["player"]]
    if p.food_shortfall == 0:
        found.append(IllegalAction(t("{name} feeds every card: {cards} cards, food {food}",
                                     name=p.name, cards=len(p.cards), food=p.track("food")),
                                   rule=RULE))
    if d["card"] >= len(p.cards):
        found.append(IllegalAction(t("{name} has no card number {number}", name=p.name,
                                     number=d["card"] + 1), rule=RULE))
    return found


def remove_card(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    """A removed card leaves play, takes its track values with it, and pays nothing (HAD-2)."""
    refuse(problems(state, d))
    seat, index = d["player"], d["card"]
    p = state.players[seat]
    card = p.cards[index]
    # A track corrected by hand may hold less than the card gave: its marker stops at 0.
    taken = tuple(min(value, p.track(tr)) for value, tr in zip(card.tracks, TRACKS))
    p = replace(p.with_tracks(taken, -1), cards=p.cards[:index] + p.cards[index + 1:])
    return state.set_player(seat, p)


def suggest_removal(player: Player) -> tuple[int, ...]:
    """The cards (indices) whose removal feeds the rest while losing the fewest points.

    Removing a card with food value f lowers the shortfall by 1 − f, so only cards without food
    help; among those the cheapest in points go first ("Feed Your People").
    """
    short = player.food_shortfall
    if short == 0:
        return ()
    order = sorted(range(len(player.cards)),
                   key=lambda i: (player.cards[i].track("food") > 0, player.cards[i].points,
                                  sum(player.cards[i].tracks)))
    chosen: list[int] = []
    p = player
    for i in order:
        if p.food_shortfall == 0:
            break
        chosen.append(i)
        p = replace(p.with_tracks(player.cards[i].tracks, -1),
                    cards=tuple(c for k, c in enumerate(player.cards) if k not in chosen))
    return tuple(sorted(chosen))
