"""Hadara in words: what the table does now (the epoch guide) and what each action did."""
from __future__ import annotations

from typing import Any, Mapping

from .model import (ROMAN, ROUNDS, SELL_PRICE, STEP_NAMES, TRACKS, HadaraState, first_seat,
                    never_first, turn_order)
from .play import card_price, suggest_removal

_ORDINAL = {1: "lowest", 2: "second-lowest", 3: "third-lowest"}


def _values(data: Mapping[str, Any]) -> str:
    parts = [f"{t} +{data[t]}" for t in TRACKS if data.get(t)]
    return ", ".join(parts)


def describe_action(state: HadaraState, kind: str, d: Mapping[str, Any]) -> str:
    """One history line, written from the state before the action."""
    who = state.players[d["player"]].name if "player" in d and d["player"] < len(
        state.players) else ""
    if kind == "buy":
        owned = state.players[d["player"]].count(d["colour"])
        price = card_price(state.players[d["player"]], d["colour"], d["cost"])
        extra = f", {_values(d)}" if _values(d) else ""
        return (f"{who} bought a {d['colour']} card for {price} coins: printed {d['cost']}, "
                f"−{min(owned, d['cost'])} for {owned} {d['colour']} card"
                f"{'s' if owned != 1 else ''} owned{extra}; {d.get('points', 0)} points")
    if kind == "sell":
        return f"{who} sold a card for {SELL_PRICE[state.epoch]} coins (epoch {ROMAN[state.epoch]})"
    if kind == "income":
        paid = ", ".join(f"{p.name} +{max(p.track('income'), 0)}" for p in state.players)
        return f"Income paid: {paid}"
    if kind == "colony":
        verb = (f"integrated it for {d['coins']} coins ({_values(d) or 'no track change'})"
                if d["choice"] == "integrate" else f"plundered it for {d['coins']} coins")
        return (f"{who} took a colony (military {d['requirement']}, {d['points']} points) and "
                f"{verb}")
    if kind == "statue":
        side = (f"tile face up: {d['tile_track']} +{d['tile_value']}" if d["tile_side"] == "up"
                else f"tile face down: {d['tile_value']} points at the end")
        return (f"{who} carved statue {d['statue']} (culture {d['requirement']}, "
                f"{d['points']} points); {side}")
    if kind == "remove":
        cards = state.players[d["player"]].cards
        card = cards[d["card"]] if d["card"] < len(cards) else None
        what = f"a {card.colour} card ({card.points} points)" if card else "a card"
        return f"{who} removed {what} to feed the people: no coins, its track values taken away"
    if kind == "medal":
        named = f" on {d['track']}" if d["medal"] == "silver" else ""
        return f"{who} bought a {d['medal']} medal{named} for {d['price']} coins"
    if kind == "next":
        return f"{STEP_NAMES[state.step]} closed (epoch {ROMAN[state.epoch]}, phase {state.phase})"
    if kind == "correct":
        return f"Correction: {who}'s {d['value']} {d['delta']:+d}"
    if kind == "ruling":
        return f"Ruling {d['ruling']} switched to {d['reading']!r}"
    return kind


def guide_lines(state: HadaraState) -> tuple[str, ...]:
    """The epoch guide: where the table is, who is first, and what the step means for each."""
    if state.over:
        return ("Epoch III is over: the score pad below is final.",)
    first = first_seat(state.players, state.epoch)
    order = ", ".join(state.players[i].name for i in turn_order(state))
    why = ("lowest initiative (two players: epochs I and III)" if len(state.players) == 2
           and state.epoch != 2 else "the other player (two players: epoch II)"
           if len(state.players) == 2 else f"{_ORDINAL[state.epoch]} initiative")
    lines = [f"Epoch {ROMAN[state.epoch]}, phase {state.phase}: {STEP_NAMES[state.step]}"
             + (f", round {state.round} of {ROUNDS}" if state.step == "cards"
                and state.phase == "A" else ""),
             f"First player: {state.players[first].name} ({why}). Order: {order}."]
    if state.epoch == 1 and state.phase == "A" and state.round == 1:
        extra = [state.players[i].name for i in never_first(state.players)]
        if extra:
            lines.append(f"{', '.join(extra)} got 1 coin at the start of epoch I (compensation for "
                         "leading no epoch, or only epoch II with two players).")
    lines.extend(_STEP_LINES[state.step](state))
    return tuple(lines)


def _cards(state: HadaraState) -> list[str]:
    if state.phase == "B":
        return ["In turn, each player takes the top card of any discard pile and buys or sells it "
                f"(selling pays {SELL_PRICE[state.epoch]}), until the board is empty."]
    waiting = [p.name for i, p in enumerate(state.players) if i not in state.acted]
    return [f"Each player draws 2, discards 1 face up, and buys or sells the other (selling pays "
            f"{SELL_PRICE[state.epoch]}). Still to act this round: {', '.join(waiting) or 'none'}."]


def _income(state: HadaraState) -> list[str]:
    return ["One tap pays everyone their income: "
            + ", ".join(f"{p.name} +{max(p.track('income'), 0)}" for p in state.players)]


def _takes(state: HadaraState, track: str, what: str, held) -> list[str]:
    """Colony and statue steps: each player's track against what they may take this step."""
    out = []
    for i, p in enumerate(state.players):
        owned = sorted(held(p))
        done = " (done this step)" if i in state.acted else ""
        out.append(f"{p.name}: {track} {p.track(track)}; may {what} needing at most "
                   f"{p.track(track)}" + (f", not {owned}" if owned else "") + done)
    return out


def _colony(state: HadaraState) -> list[str]:
    return _takes(state, "military", "take one colony",
                  lambda p: (c.requirement for c in p.colonies))


def _statue(state: HadaraState) -> list[str]:
    return _takes(state, "culture", "carve one statue", lambda p: (s.number for s in p.statues))


def _feed(state: HadaraState) -> list[str]:
    out = []
    for p in state.players:
        short = p.food_shortfall
        if short:
            pick = ", ".join(f"{p.cards[i].colour} ({p.cards[i].points} pts)"
                             for i in suggest_removal(p))
            out.append(f"{p.name}: {len(p.cards)} cards, food {p.track('food')} → must remove "
                       f"{short}; fewest points lost: {pick}")
        else:
            out.append(f"{p.name}: {len(p.cards)} cards, food {p.track('food')} → fed")
    return out


def _medals(state: HadaraState) -> list[str]:
    return [f"{p.name}: {len(p.silver)}/2 silver, {p.gold}/2 gold, {p.coins} coins"
            for p in state.players]


_STEP_LINES = {"cards": _cards, "income": _income, "colony": _colony, "statue": _statue,
               "feed": _feed, "medals": _medals}
