"""Buying and selling cards: phase A's draws (one card a round) and phase B's face-up cards."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import IllegalAction, replace, t
from .data import COLOURS, ROUNDS, SELL_PRICE, STEP_RULES, TRACKS
from .model import Card, HadaraState, Player
from .steps import (
    PHASE_B_RULE,
    Problems,
    cards_left,
    face_up_total,
    refuse,
    round_problems,
    step_problems,
)
from .terms import COLOUR_WORDS, coins
from .wheel import colour_problems, record_colour

BUY_RULE = "Hadara rulebook, Buy 1 Card"


def track_values(d: Mapping[str, Any]) -> tuple[int, int, int, int]:
    """The four track values an action's fields name (0 for those left out)."""
    return tuple(d.get(tr, 0) for tr in TRACKS)  # type: ignore[return-value]


def effect_problems(d: Mapping[str, Any]) -> Problems:
    """A card's effect as the fields name it: only a purple card carries one ("Purple cards can
    have either values or effects"), and what it changes needs the effect's words."""
    effect, changes = d.get("effect", ""), d.get("effect_changes", "")
    if (effect or changes) and d.get("colour") != "purple":
        return [IllegalAction(t("only purple cards carry effects; this card is {colour}",
                                colour=COLOUR_WORDS.get(d.get("colour", ""), d.get("colour"))),
                              rule=BUY_RULE, field="effect")]
    if changes and not effect:
        return [IllegalAction(t("write the effect in a few words, then say what it changes"),
                              rule=BUY_RULE, field="effect")]
    return []


def card_of(d: Mapping[str, Any], epoch: int) -> Card:
    """The card an action's fields describe (a purchase, or a card added by a correction)."""
    return Card(d["colour"], d.get("cost", 0), track_values(d), d.get("points", 0), epoch,
                d.get("effect", ""), d.get("effect_changes", ""))


def card_price(player: Player, colour: str, printed: int, saved: int = 0) -> int:
    """The printed cost minus the cards of its colour already owned, and minus what the
    player's purple effects save on it (as the table reads them), never below 0 ("Buy 1 Card")."""
    return max(0, printed - player.count(colour) - saved)


def saving_problems(player: Player, d: Mapping[str, Any]) -> Problems:
    """Coins taken off by an effect need a purple card of the buyer's whose effect changes
    prices."""
    if d.get("saved", 0) and not player.effects_on("prices"):
        return [IllegalAction(t("{name} holds no purple card whose effect changes prices: "
                                "nothing is taken off this card", name=player.name),
                              rule=BUY_RULE, field="saved")]
    return []


def _turn_problems(state: HadaraState, seat: int) -> Problems:
    """Phase A: each player buys or sells one card a round."""
    if state.phase == "A" and seat in state.acted:
        name = state.players[seat].name
        return [IllegalAction(t("{name} already bought or sold a card in round {round}; each "
                                "player keeps one card a round", name=name, round=state.round),
                              rule=STEP_RULES["cards"])]
    return []


def _board_problems(state: HadaraState, colour: str) -> Problems:
    """Phase B: no card is left once every discarded card has been taken, and none of a colour
    once that colour's pile is empty: in phase A each player discarded exactly one card face up
    on each deck's pile (one draw from each deck an epoch), so each pile holds one per player."""
    if state.phase != "B":
        return []
    if cards_left(state) <= 0:
        return [IllegalAction(t("the board is empty: all {cards} face-up cards were taken ({each} "
                                "per player); close the step", cards=face_up_total(state),
                                each=ROUNDS), rule=PHASE_B_RULE)]
    pile = len(state.players)
    if colour and state.taken.count(colour) >= pile:
        return [IllegalAction(t("the {colour} pile is empty: it held {n} face-up cards, one "
                                "discarded by each player in phase A, and all were taken",
                                colour=COLOUR_WORDS[colour], n=pile),
                              rule=PHASE_B_RULE, field="colour")]
    return []


def _card_problems(state: HadaraState, d: Mapping[str, Any]) -> Problems:
    """What forbids any card now: the step, the player's round, the round named, the wheel's
    colour, and in phase B a card left on the board."""
    found = step_problems(state, "cards")
    if found:
        return found
    seat = d["player"]
    return (_turn_problems(state, seat) + round_problems(state, seat, d.get("round", 0))
            + colour_problems(state, seat, d.get("colour", ""))
            + _board_problems(state, d.get("colour", "")))


def buy_problems(state: HadaraState, d: Mapping[str, Any]) -> Problems:
    """Buying this card now: a card turn, and coins enough for its price."""
    found = _card_problems(state, d)
    if state.over or state.step != "cards":
        return found
    found += effect_problems(d)
    p = state.players[d["player"]]
    found += saving_problems(p, d)
    price = card_price(p, d["colour"], d["cost"], d.get("saved", 0))
    if p.coins < price:
        found.append(IllegalAction(
            t("{name} has {coins}; this {colour} card costs {price} (printed {cost}, "
              "−{owned} for {colour} cards owned{saved})", name=p.name, coins=coins(p.coins),
              colour=COLOUR_WORDS[d["colour"]], price=price, cost=d["cost"],
              owned=p.count(d["colour"]), saved=_saved_words(d)), rule=BUY_RULE))
    return found


def _saved_words(d: Mapping[str, Any]) -> Any:
    return t(", −{saved} for effects", saved=d["saved"]) if d.get("saved") else ""


def piles_left(state: HadaraState) -> dict[str, int]:
    """Phase B: the face-up cards left on each colour's pile (one discarded per player in phase
    A), in the order of the colours."""
    pile = len(state.players)
    return {c: pile - state.taken.count(c) for c in COLOURS}


def open_pile(state: HadaraState) -> str:
    """Phase B: the first colour whose pile still holds a face-up card ("" when none does)."""
    return next((c for c, n in piles_left(state).items() if n > 0), "")


def sell_problems(state: HadaraState, d: Mapping[str, Any]) -> Problems:
    """Selling a card now: a card turn; in phase B the face-up card sold names its colour, so
    that its pile is counted as for a buy. (A stored sale of an older log has no colour at all,
    not even an empty one, and is taken as recorded.)"""
    found = _card_problems(state, d)
    if (not found and state.phase == "B" and not state.over and "colour" in d
            and not d["colour"]):
        found.append(IllegalAction(
            t("name the colour of the face-up card sold: each pile holds one card per player, "
              "so a sale empties it as a buy does"), rule=PHASE_B_RULE, field="colour"))
    return found


def _after_card(state: HadaraState, seat: int, colour: str) -> HadaraState:
    if state.phase != "A":
        return replace(state, taken=state.taken + (colour,))  # the next player's turn (picker)
    state = record_colour(state, seat, colour)
    acted = state.acted | {seat}
    if len(acted) == len(state.players) and state.round < ROUNDS:
        return replace(state, round=state.round + 1, acted=frozenset())
    return replace(state, acted=acted)


def buy(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    """Pay the card's price; its track values raise the player's tracks."""
    refuse(buy_problems(state, d))
    seat = d["player"]
    p = state.players[seat]
    price = card_price(p, d["colour"], d["cost"], d.get("saved", 0))
    card = card_of(d, state.epoch)
    p = replace(p.with_tracks(card.tracks), coins=p.coins - price, cards=p.cards + (card,))
    return _after_card(state.set_player(seat, p), seat, d["colour"])


def sell(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    """The card leaves the game face down; the player gains the epoch's selling price."""
    refuse(sell_problems(state, d))
    seat = d["player"]
    p = state.players[seat]
    p = replace(p, coins=p.coins + SELL_PRICE[state.epoch])
    return _after_card(state.set_player(seat, p), seat, d.get("colour", ""))
