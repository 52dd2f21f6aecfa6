"""Hadara's moves: each takes a state and clean action data and returns the next state, or raises
IllegalAction naming the rule that forbids it."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from ..core import IllegalAction, t
from .steps import check_closing, check_round
from .model import (COLOUR_WORDS, MAX_GOLD, MAX_SILVER, ROUNDS, SELL_PRICE, STEP_NAMES,
                    STEP_RULES, STEPS, TILES_PER_TRACK, TRACK_WORDS, TRACKS, Card, Colony,
                    HadaraState, Player, Statue)


def _need_step(state: HadaraState, *steps: str) -> None:
    if state.over:
        raise IllegalAction(t("the game is over: epoch III has ended"),
                            rule="Hadara rulebook, End of the Game")
    if state.step not in steps:
        wanted = STEP_NAMES[steps[0]]
        for s in steps[1:]:
            wanted = t("{a} or {b}", a=wanted, b=STEP_NAMES[s])
        raise IllegalAction(t("this belongs to the step '{wanted}'; the table is at '{now}' of "
                              "epoch {epoch} phase {phase}", wanted=wanted,
                              now=STEP_NAMES[state.step], epoch=state.epoch, phase=state.phase),
                            rule=STEP_RULES[steps[0]])


def _tracks(data: Mapping[str, Any]) -> tuple[int, int, int, int]:
    return tuple(int(data.get(tr, 0)) for tr in TRACKS)  # type: ignore[return-value]


def card_price(player: Player, colour: str, printed: int) -> int:
    """What a card costs: printed cost minus the cards of its colour already owned, never below 0
    ("Buy 1 Card")."""
    return max(0, printed - player.count(colour))


def _check_turn(state: HadaraState, seat: int) -> None:
    """Phase A: each player buys or sells one card a round."""
    if state.phase == "A" and seat in state.acted:
        name = state.players[seat].name
        raise IllegalAction(t("{name} already bought or sold a card in round {round}; each "
                              "player keeps one card a round", name=name, round=state.round),
                            rule=STEP_RULES["cards"])


def _after_card(state: HadaraState, seat: int) -> HadaraState:
    if state.phase != "A":
        return replace(state, picks=state.picks + 1)  # the next player's turn (picker)
    acted = state.acted | {seat}
    if len(acted) == len(state.players) and state.round < ROUNDS:
        return replace(state, round=state.round + 1, acted=frozenset())
    return replace(state, acted=acted)


def buy(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    _need_step(state, "cards")
    seat = d["player"]
    _check_turn(state, seat)
    check_round(state, seat, d.get("round", 0))
    p = state.players[seat]
    price = card_price(p, d["colour"], d["cost"])
    if p.coins < price:
        raise IllegalAction(t("{name} has {coins} coins; this {colour} card costs {price} "
                              "(printed {cost}, −{owned} for {colour} cards owned)",
                              name=p.name, coins=p.coins, colour=COLOUR_WORDS[d["colour"]],
                              price=price, cost=d["cost"], owned=p.count(d["colour"])),
                            rule="Hadara rulebook, Buy 1 Card")
    card = Card(d["colour"], d["cost"], _tracks(d), d["points"], state.epoch)
    p = replace(p.with_tracks(card.tracks), coins=p.coins - price, cards=p.cards + (card,))
    return _after_card(state.set_player(seat, p), seat)


def sell(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    _need_step(state, "cards")
    seat = d["player"]
    _check_turn(state, seat)
    check_round(state, seat, d.get("round", 0))
    p = state.players[seat]
    p = replace(p, coins=p.coins + SELL_PRICE[state.epoch])
    return _after_card(state.set_player(seat, p), seat)


def income(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    """Every player gains coins equal to their income track ("Income"); the step then ends."""
    _need_step(state, "income")
    players = tuple(replace(p, coins=p.coins + max(p.track("income"), 0)) for p in state.players)
    return _next_step(replace(state, players=players))


def take_colony(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    _need_step(state, "colony")
    seat, rule = d["player"], STEP_RULES["colony"]
    p = state.players[seat]
    if seat in state.acted:
        raise IllegalAction(t("{name} already took a colony in this step; one per step",
                              name=p.name), rule=rule)
    if any(c.requirement == d["requirement"] for c in p.colonies):
        raise IllegalAction(t("{name} already has a colony of requirement {requirement}; one per "
                              "requirement level", name=p.name, requirement=d["requirement"]),
                            rule=rule)
    if p.track("military") < d["requirement"]:
        raise IllegalAction(t("{name}'s military is {military}; this colony needs {requirement}",
                              name=p.name, military=p.track("military"),
                              requirement=d["requirement"]), rule=rule)
    integrate = d["choice"] == "integrate"
    if integrate and p.coins < d["coins"]:
        raise IllegalAction(t("{name} has {coins} coins; integrating costs {cost}", name=p.name,
                              coins=p.coins, cost=d["coins"]), rule=rule)
    colony = Colony(d["requirement"], d["points"], integrate, d["coins"],
                    _tracks(d) if integrate else (0, 0, 0, 0))
    p = replace(p.with_tracks(colony.tracks), colonies=p.colonies + (colony,),
                coins=p.coins - d["coins"] if integrate else p.coins + d["coins"])
    return replace(state.set_player(seat, p), acted=state.acted | {seat})


def carve_statue(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    _need_step(state, "statue")
    seat, rule = d["player"], STEP_RULES["statue"]
    p = state.players[seat]
    if seat in state.acted:
        raise IllegalAction(t("{name} already carved a statue in this step; one per step",
                              name=p.name), rule=rule)
    if any(s.number == d["statue"] for s in p.statues):
        raise IllegalAction(t("{name} already carved statue {statue}; each statue once",
                              name=p.name, statue=d["statue"]), rule=rule)
    if p.track("culture") < d["requirement"]:
        raise IllegalAction(t("{name}'s culture is {culture}; this statue needs {requirement}",
                              name=p.name, culture=p.track("culture"),
                              requirement=d["requirement"]), rule=rule)
    _check_tile(p, d["tile_track"], rule)
    face_up = d["tile_side"] == "up"
    statue = Statue(d["statue"], d["requirement"], d["points"], d["tile_track"], face_up,
                    d["tile_value"])
    if face_up:
        bonus = tuple(d["tile_value"] if tr == d["tile_track"] else 0 for tr in TRACKS)
        p = p.with_tracks(bonus)
    p = replace(p, statues=p.statues + (statue,))
    return replace(state.set_player(seat, p), acted=state.acted | {seat})


def _check_tile(p: Player, track: str, rule: str) -> None:
    if p.tiles_used(track) >= TILES_PER_TRACK:
        raise IllegalAction(t("{name} has placed both {track} bonus tiles already; each board "
                              "has {tiles} of each track", name=p.name, track=TRACK_WORDS[track],
                              tiles=TILES_PER_TRACK), rule=rule)


def remove_card(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    """Feeding: a removed card leaves play, takes its track values with it, and pays nothing
    (HAD-2)."""
    _need_step(state, "feed")
    seat, rule = d["player"], STEP_RULES["feed"]
    p = state.players[seat]
    if p.food_shortfall == 0:
        raise IllegalAction(t("{name} feeds every card: {cards} cards, food {food}",
                              name=p.name, cards=len(p.cards), food=p.track("food")), rule=rule)
    index = d["card"]
    if index >= len(p.cards):
        raise IllegalAction(t("{name} has no card number {number}", name=p.name,
                              number=index + 1), rule=rule)
    card = p.cards[index]
    # A track corrected by hand may hold less than the card gave: its marker stops at 0.
    taken = tuple(min(value, p.track(tr)) for value, tr in zip(card.tracks, TRACKS))
    p = replace(p.with_tracks(taken, -1), cards=p.cards[:index] + p.cards[index + 1:])
    return state.set_player(seat, p)


def buy_medal(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    _need_step(state, "medals")
    seat, rule = d["player"], STEP_RULES["medals"]
    p = state.players[seat]
    if p.coins < d["price"]:
        raise IllegalAction(t("{name} has {coins} coins; the medal costs {price}", name=p.name,
                              coins=p.coins, price=d["price"]), rule=rule)
    if d["medal"] == "gold":
        if p.gold >= MAX_GOLD:
            raise IllegalAction(t("{name} has {most} gold medals, the most a player may buy",
                                  name=p.name, most=MAX_GOLD), rule=rule)
        p = replace(p, gold=p.gold + 1, coins=p.coins - d["price"])
    else:
        if len(p.silver) >= MAX_SILVER:
            raise IllegalAction(t("{name} has {most} silver medals, the most a player may buy",
                                  name=p.name, most=MAX_SILVER), rule=rule)
        _check_tile(p, d["track"], rule)
        p = replace(p, silver=p.silver + (d["track"],), coins=p.coins - d["price"])
    return state.set_player(seat, p)


def correct(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    """A correction by hand: the table is the truth. Adds ``delta`` to coins or a track."""
    seat = d["player"]
    p = state.players[seat]
    what, delta = d["value"], d["delta"]
    if what == "coins":
        new = p.coins + delta
        if new < 0:
            raise IllegalAction(t("{name} would have {coins} coins; coins cannot go below 0",
                                  name=p.name, coins=new), rule="Hadara rulebook, Components")
        return state.set_player(seat, replace(p, coins=new))
    bump = tuple(delta if tr == what else 0 for tr in TRACKS)
    if p.track(what) + delta < 0:
        raise IllegalAction(t("{name}'s {track} would be {value}; a track cannot go below 0",
                              name=p.name, track=TRACK_WORDS[what], value=p.track(what) + delta),
                            rule="Hadara rulebook, Components")
    return state.set_player(seat, p.with_tracks(bump))


def _next_step(state: HadaraState) -> HadaraState:
    steps = STEPS[state.phase]
    i = steps.index(state.step)
    if i + 1 < len(steps):
        return replace(state, step=steps[i + 1], acted=frozenset())
    if state.phase == "A":
        return replace(state, phase="B", step="cards", round=1, acted=frozenset(), picks=0)
    if state.epoch == 3:
        return replace(state, over=True, acted=frozenset())
    return replace(state, epoch=state.epoch + 1, phase="A", step="cards", round=1,
                   acted=frozenset(), picks=0)


def next_step(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    """Close the current step (the one ``closing`` names, when it names one). Phase A's cards
    need all five rounds; feeding must be done."""
    check_closing(state, d.get("closing", ""))
    _need_step(state, "cards", "colony", "statue", "feed", "medals")
    if state.step == "cards" and state.phase == "A":
        waiting = [state.players[i].name for i in range(len(state.players))
                   if i not in state.acted]
        if state.round < ROUNDS or waiting:
            raise IllegalAction(t("phase A has {rounds} rounds; round {round} is still open "
                                  "(waiting for {names})", rounds=ROUNDS, round=state.round,
                                  names=waiting), rule=STEP_RULES["cards"])
    if state.step == "feed":
        hungry = [t("{name} ({count})", name=p.name, count=p.food_shortfall)
                  for p in state.players if p.food_shortfall]
        if hungry:
            raise IllegalAction(t("cards must be removed first: {players}", players=hungry),
                                rule=STEP_RULES["feed"])
    return _next_step(state)


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

