"""Feeding the people ("Feed Your People"): cards beyond the food track are removed."""
from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from math import comb
from typing import Any

from ..core import IllegalAction, replace, t
from .data import STEP_RULES
from .model import Card, HadaraState, Player
from .scoring import facts_of, score_lines
from .steps import Problems, refuse, step_problems
from .terms import cards

RULE = STEP_RULES["feed"]
_MOST_COMPARED = 3000  # removals compared one by one; beyond, the cheapest card goes first


def problems(state: HadaraState, d: Mapping[str, Any]) -> Problems:
    """A card is removed only while the player is short of food, and it must exist."""
    found = step_problems(state, "feed")
    if found:
        return found
    p = state.players[d["player"]]
    if p.food_shortfall == 0:
        found.append(IllegalAction(t("{name} feeds every card: {cards}, food {food}",
                                     name=p.name, cards=cards(len(p.cards)),
                                     food=p.track("food")),
                                   rule=RULE))
    if d["card"] >= len(p.cards):
        found.append(IllegalAction(t("{name} has no card number {number}", name=p.name,
                                     number=d["card"] + 1), rule=RULE))
    return found


def remove_card(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    """A removed card leaves play, takes its track values with it, and pays nothing (HAD-2)."""
    refuse(problems(state, d))
    return state.set_player(d["player"], without_cards(state.players[d["player"]], (d["card"],)))


def _final_points(player: Player) -> int:
    """What the player would score at the end with the cards they hold now."""
    return sum(line.points for line in score_lines(facts_of(player)))


def without_cards(player: Player, chosen: tuple[int, ...]) -> Player:
    """The player after removing the cards ``chosen`` (their track values go with them; a track
    corrected by hand may hold less than a card gave: its marker stops at 0)."""
    p = player
    for i in chosen:
        p = p.lowered(player.cards[i].tracks)
    return replace(p, cards=tuple(c for k, c in enumerate(player.cards) if k not in chosen))


def points_lost(player: Player, chosen: tuple[int, ...]) -> int:
    """Final points lost by removing ``chosen``: the cards' points, the gold-medal sets they
    break, the silver-medal tracks they lower."""
    return _final_points(player) - _final_points(without_cards(player, chosen))


def _choices(player: Player, short: int) -> list[tuple[int, ...]]:
    """The removals worth comparing: ``short`` cards without food (each lowers the shortfall by
    one), one per kind of identical card, when there are not too many to count."""
    kinds: dict[Card, list[int]] = {}
    for i, card in enumerate(player.cards):
        if card.track("food") == 0:
            kinds.setdefault(card, []).append(i)
    pool = [i for same in kinds.values() for i in same]
    if len(pool) < short or comb(len(pool), short) > _MOST_COMPARED:
        return []
    seen, out = set(), []
    for chosen in combinations(pool, short):
        key = tuple(sorted((player.cards[i] for i in chosen), key=repr))
        if key not in seen:
            seen.add(key)
            out.append(chosen)
    return out


def _effects(player: Player, chosen: tuple[int, ...]) -> int:
    """Purple effects lost with the cards ``chosen`` (an effect goes with its card)."""
    return sum(1 for i in chosen if player.cards[i].effect)


def scores_at_the_end(card: Card) -> bool:
    """A purple card whose effect changes final scoring: its points are counted only at the
    end, so the points lost by removing it now are unknown and it is never the advice."""
    return card.effect_changes == "scoring"


def _scoring_effects(player: Player, chosen: tuple[int, ...]) -> int:
    return sum(1 for i in chosen if scores_at_the_end(player.cards[i]))


def suggest_removal(player: Player) -> tuple[int, ...]:
    """The cards (indices) :func:`best_removal` suggests."""
    return best_removal(player)[0]


def best_removal(player: Player) -> tuple[tuple[int, ...], int]:
    """The cards (indices) whose removal feeds the rest while losing the fewest final points, as
    things stand: card points, gold-medal sets of five colours and silver-medal tracks (a card
    whose effect changes final scoring only when nothing else feeds the rest; ties: the fewest
    purple effects lost, then the fewest track values, then the first cards), and
    the final points they lose (each removal's worked out once).

    Removing a card with food value f lowers the shortfall by 1 − f, so only cards without food
    help ("Feed Your People"). When too many removals could be compared, or food cards must go
    too, the cheapest card is taken one at a time.
    """
    short = player.food_shortfall
    if short == 0:
        return (), 0
    options = _choices(player, short)
    if options:
        _, lost, _, _, best = min((_scoring_effects(player, c), points_lost(player, c),
                                   _effects(player, c),
                                   sum(sum(player.cards[i].tracks) for i in c), c)
                                  for c in options)
        return tuple(sorted(best)), lost
    chosen = _one_at_a_time(player)
    return chosen, points_lost(player, chosen)


def _one_at_a_time(player: Player) -> tuple[int, ...]:
    chosen: tuple[int, ...] = ()
    while without_cards(player, chosen).food_shortfall and len(chosen) < len(player.cards):
        left = [i for i in range(len(player.cards)) if i not in chosen]
        chosen += (min(left, key=lambda i: (player.cards[i].track("food") > 0,
                                            scores_at_the_end(player.cards[i]),
                                            points_lost(player, chosen + (i,)),
                                            bool(player.cards[i].effect), i)),)
    return tuple(sorted(chosen))


def removal_order(player: Player) -> list[tuple[int, bool]]:
    """The player's cards as the feeding buttons offer them: the cards :func:`best_removal`
    suggests first, marked (True), then the others, those losing the fewest final points
    first; a card with food last (removing it lowers the food track, so one more must go)."""
    best = best_removal(player)[0]
    rest = sorted((i for i in range(len(player.cards)) if i not in best),
                  key=lambda i: (player.cards[i].track("food") > 0,
                                 scores_at_the_end(player.cards[i]), points_lost(player, (i,)),
                                 bool(player.cards[i].effect), i))
    return [(i, True) for i in best] + [(i, False) for i in rest]
