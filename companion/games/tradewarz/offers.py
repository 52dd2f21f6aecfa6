"""What a table told the app once in a game, offered back as one tap the next time it is needed:
a cost paid by hand for an item the box data lacks, the battle cards seen in play, and a battle
started from the March that led to it (its two houses and the soldiers on their boards).

A value taken back leaves the offers with the step that told it (the state is the fold of the
steps in force); a cost corrected by hand (``correct_cost``) is the box data from then on, and the
payments typed for that item before it are offered no more.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import replace
from .box import COSTS, records_of_action
from .costs import as_cost, tech_cost_item, tech_problems
from .data import RESOURCES, TECHS, Tech
from .model import Card, House, TradeWarzState
from .support import away_room

#: the two battle cards printed in the rulebook's battle example (Marching: Battle): real cards
#: of every box, offered before the table has played any of its own
PRINTED_CARDS: tuple[Card, ...] = ((4, 1, 1), (2, 3, 1))
#: how many different payments of one item are offered (the newest first)
KEPT = 3


def learn_paid(before: TradeWarzState, after: TradeWarzState, kind: str,
               data: Mapping[str, Any]) -> TradeWarzState:
    """``after`` with the payment an action typed for an item the box data lacked (the same
    one the box data remembers for the table's next game: ``box.records_of_action``) first
    among that item's offers; a corrected cost drops the item's offers."""
    if kind == "correct_cost":
        return replace(after, paid=tuple(p for p in after.paid if p[0] != data.get("item")))
    paid = after.paid
    for category, item, values in records_of_action(before, kind, data):
        if category != COSTS:
            continue
        amounts = tuple(values.get(r, 0) for r in RESOURCES)
        paid = ((item, amounts), *(p for p in paid if p != (item, amounts)))
    if paid is after.paid:
        return after
    return replace(after, paid=_kept(paid))


def _kept(paid: tuple[tuple[str, tuple[int, ...]], ...]) -> tuple:
    """At most ``KEPT`` payments per item, newest first."""
    seen: dict[str, int] = {}
    out = []
    for item, amounts in paid:
        seen[item] = seen.get(item, 0) + 1
        if seen[item] <= KEPT:
            out.append((item, amounts))
    return tuple(out)


def offered_costs(game: TradeWarzState, item: str) -> list[dict[str, int]]:
    """The payments typed for ``item`` earlier in this game, newest first, while its cost is not
    in the box data (a known cost is paid by itself)."""
    if game.cost_of(item) is not None:
        return []
    return [as_cost(amounts) for i, amounts in game.paid if i == item]


def pay_fields(cost: Mapping[str, int], times: int = 1) -> dict[str, int]:
    """A cost as the ``pay_<resource>`` fields of an action form (``times``: a level-n tech)."""
    return {f"pay_{r}": n * times for r, n in cost.items() if n}


def offered_techs(game: TradeWarzState, seat: int) -> list[tuple[Tech, dict[str, int]]]:
    """The techs house ``seat`` may buy now whose tree's cost the box data lacks but this game
    has paid by hand before, each with what it would pay (that payment per level)."""
    out = []
    for tech in TECHS.values():
        offers = offered_costs(game, tech_cost_item(tech.id))
        if offers and not tech_problems(game.houses, seat, tech.id):
            out.append((tech, {r: n * tech.level for r, n in offers[0].items()}))
    return out


def remember_cards(game: TradeWarzState, cards: tuple[Card, ...]) -> TradeWarzState:
    """``game`` with the battle cards just played first among the cards seen."""
    seen = (*cards, *(c for c in game.cards_seen if c not in cards))
    return replace(game, cards_seen=tuple(dict.fromkeys(seen)))


def card_choices(game: TradeWarzState, deck: tuple[Card, ...] = ()) -> list[Card]:
    """The battle cards a side may be offered as one tap: ``deck`` (the cards its own phone
    recorded), the cards seen in this game's battles, then the rulebook's printed ones; by
    strength, each once."""
    cards = dict.fromkeys((*deck, *game.cards_seen, *PRINTED_CARDS))
    return sorted(cards, reverse=True)


def battle_defaults(game: TradeWarzState, seat: int | None) -> dict[str, Any]:
    """A battle as the board starts it (Marching: Battle, STEP 1): the house that has just
    marched (or retreated) attacks the house its March was told to march on, with as many
    soldiers as one army of its board may hold away from its capital (with Superior logistics
    a second army only the soldiers the first left), against as many of the defender's. With no move
    to follow: the phone's house (or the one whose turn it is) attacks, nobody chosen."""
    if game.mover is None:
        me = seat if seat is not None and seat < len(game.houses) else game.turn
        return {"attacker": me, "site": "field"}
    attacker = game.houses[game.mover]
    soldiers = _army(attacker)
    if game.fought:
        soldiers = min(soldiers, min(attacker.soldiers, away_room(attacker)) - sum(game.fought))
    out: dict[str, Any] = {"attacker": game.mover, "origin": game.move,
                           "site": "capital" if game.move == "retreat" else "field",
                           "attacker_soldiers": max(soldiers, 0)}
    target = game.target
    if game.move == "retreat" and attacker.capital_held_by is not None:
        target = attacker.capital_held_by
    if target is not None and target != game.mover:
        defender = game.houses[target]
        out.update(defender=target, defender_soldiers=_army(defender))
    return out


def _army(house: House) -> int:
    """The most soldiers one army of a house's board may hold away from its capital: a squad,
    no more than the house has on the map and supports away from the capital (Support)."""
    return min(house.soldiers, house.squad_size, away_room(house))


#: the silos on one building (Build: a settlement has 1, a village 2; a castle stands on its
#: village and keeps the village's)
SILOS_ON = {"settlement": 1, "village": 2, "castle": 2}


def building_silos(house: House, site: str) -> tuple[int, int, int] | None:
    """The silos on the building of ``house`` a battle at ``site`` takes or destroys, when the
    builds recorded leave one answer: the house's only building holds all its silos; with every
    silo on one resource, any building holds its own number of that resource. None when the
    boards leave a choice (silos on several resources among several buildings, an Economy
    tech's extra silos, no such building): the table says which."""
    n = SILOS_ON.get(site)
    standing = {"settlement": house.settlements, "village": house.villages - house.castles,
                "castle": house.castles}
    if n is None or standing[site] < 1:
        return None
    if sum(house.silos) != house.settlements + 2 * house.villages:
        return None  # (extras, or an entry logged before silos were asked)
    if house.settlements + house.villages == 1:
        return house.silos
    on = [i for i, x in enumerate(house.silos) if x]
    if len(on) == 1:
        return tuple(n if i == on[0] else 0 for i in range(3))  # type: ignore[return-value]
    return None


def battle_sites(game: TradeWarzState, defender: int | None) -> list[tuple[str, int]]:
    """Where the army that just moved may fight ``defender`` (None: not told yet), as the board
    records it (Marching: Battle): (site, trading post or 0) for the field, each kind of
    building the defender holds, its capital and each trading post it holds; after a Retreat,
    only the house's own capital."""
    if game.mover is not None and game.move == "retreat":
        return [("capital", 0)]
    if defender is None:
        return [(s, 0) for s in ("field", "settlement", "village", "castle", "capital")]
    house = game.houses[defender]
    held = {"settlement": house.settlements, "village": house.villages - house.castles,
            "castle": house.castles}
    return [("field", 0), *((s, 0) for s, n in held.items() if n > 0), ("capital", 0),
            *(("trading_post", p) for p in house.posts)]
