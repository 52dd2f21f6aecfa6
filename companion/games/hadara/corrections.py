"""Corrections by hand ("the table is the truth"): coins or a track changed by a number, and a
card, a colony, a statue and its tile, a medal or a purple card's effect added or taken away."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import IllegalAction, replace, t, tn
from . import colonies, medals, statues
from .cards import card_of, effect_problems, track_values
from .data import TRACKS
from .feeding import without_cards
from .model import Colony, HadaraState, Player, Statue
from .steps import Problems, refuse
from .terms import COLOUR_WORDS, TRACK_WORDS, card_values, coins, points

# Coins and track markers cannot go below 0; the rulebook has no section saying so, so a refusal
# cites the correction itself.
RULE = "The table is the truth"


def problems(state: HadaraState, d: Mapping[str, Any]) -> Problems:
    """Coins and tracks never go below 0."""
    p = state.players[d["player"]]
    what, delta = d["value"], d["delta"]
    if what == "coins":
        if p.coins + delta < 0:
            return [IllegalAction(t("{name} would have {coins}; coins cannot go below 0",
                                    name=p.name, coins=coins(p.coins + delta)), rule=RULE)]
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


# -- corrections of what the table holds ("the table is the truth") ------------------------------
# Each adds or takes away one thing the boards show. What it gave the tracks goes with it (the
# markers follow the cards, colonies and tiles on the table); coins are corrected on their own.
# Each refuses what no table can hold, with the checks the moves themselves make.

def _card_index(p: Player, d: Mapping[str, Any]) -> int | None:
    """The first of ``p``'s cards of the colour, values and points the fields name."""
    for i, card in enumerate(p.cards):
        if (card.colour, card.tracks, card.points) == (d["colour"], track_values(d),
                                                       d.get("points", 0)):
            return i
    return None


def card_problems(state: HadaraState, d: Mapping[str, Any]) -> Problems:
    """A card added must be one a board can hold (an effect only on a purple card); a card
    removed must be held, with those values."""
    p = state.players[d["player"]]
    if d["change"] == "add":
        return effect_problems(d)
    if _card_index(p, d) is None:
        return [IllegalAction(t("{name} has no {colour} card with these values ({values}) and "
                                "{points}", name=p.name, colour=COLOUR_WORDS[d["colour"]],
                                values=card_values(d) or t("no track values"),
                                points=points(d.get("points", 0))), rule=RULE)]
    return []


def correct_card(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    """Add a card (its track values raise the tracks) or remove one (they go with it, as when
    feeding); coins do not change."""
    refuse(card_problems(state, d))
    p = state.players[d["player"]]
    if d["change"] == "add":
        card = card_of(d, state.epoch)
        return state.set_player(d["player"], replace(p.with_tracks(card.tracks),
                                                     cards=p.cards + (card,)))
    return state.set_player(d["player"], without_cards(p, (_card_index(p, d),)))


def _colony_at(p: Player, requirement: int) -> int | None:
    return next((i for i, c in enumerate(p.colonies) if c.requirement == requirement), None)


def colony_problems(state: HadaraState, d: Mapping[str, Any]) -> Problems:
    """A colony added must fit (five levels, one each); one removed must be held."""
    p = state.players[d["player"]]
    if d["change"] == "add":
        return colonies.holding_problems(p, d["requirement"])
    if _colony_at(p, d["requirement"]) is None:
        return [IllegalAction(t("{name} holds no colony of requirement {requirement}",
                                name=p.name, requirement=d["requirement"]), rule=RULE)]
    return []


def correct_colony(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    """Add a colony (an integrated one raises the tracks by its reverse side) or remove the one
    of that requirement level."""
    refuse(colony_problems(state, d))
    p = state.players[d["player"]]
    if d["change"] == "add":
        integrated = d["side"] == "integrated"
        colony = Colony(d["requirement"], d["points"], integrated, 0,
                        track_values(d) if integrated else (0, 0, 0, 0))
        return state.set_player(d["player"], replace(p.with_tracks(colony.tracks),
                                                     colonies=p.colonies + (colony,)))
    i = _colony_at(p, d["requirement"])
    gone = p.colonies[i]
    p = replace(p.lowered(gone.tracks), colonies=p.colonies[:i] + p.colonies[i + 1:])
    return state.set_player(d["player"], p)


def _statue_at(p: Player, number: int) -> int | None:
    return next((i for i, s in enumerate(p.statues) if s.number == number), None)


def statue_problems(state: HadaraState, d: Mapping[str, Any]) -> Problems:
    """A statue carved must be new, with a bonus tile of a colour left; one uncarved or whose
    tile is turned must be carved."""
    p = state.players[d["player"]]
    if d["change"] == "carve":
        return statues.carving_problems(p, d["statue"], d.get("tile_track", ""))
    if _statue_at(p, d["statue"]) is None:
        return [IllegalAction(t("{name} has not carved statue {statue}", name=p.name,
                                statue=d["statue"]), rule=RULE)]
    return []


def _tile_values(statue: Statue) -> tuple[int, ...]:
    """What a statue's tile gives the tracks: its value on its track, face up only."""
    return tuple(statue.tile_value if statue.face_up and tr == statue.tile_track else 0
                 for tr in TRACKS)


def correct_statue(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    """Carve a statue with its tile, uncarve one (its tile comes off), or turn its tile over (a
    face-up tile raises its track, a face-down one scores at the end)."""
    refuse(statue_problems(state, d))
    p = state.players[d["player"]]
    if d["change"] == "carve":
        statue = Statue(d["statue"], d["requirement"], d["points"], d["tile_track"],
                        d["tile_side"] == "up", d["tile_value"])
        return state.set_player(d["player"], replace(p.with_tracks(_tile_values(statue)),
                                                     statues=p.statues + (statue,)))
    i = _statue_at(p, d["statue"])
    old = p.statues[i]
    p = replace(p.lowered(_tile_values(old)), statues=p.statues[:i] + p.statues[i + 1:])
    if d["change"] == "flip":
        turned = replace(old, face_up=not old.face_up)
        p = replace(p.with_tracks(_tile_values(turned)),
                    statues=p.statues[:i] + (turned,) + p.statues[i:])
    return state.set_player(d["player"], p)


def medal_problems(state: HadaraState, d: Mapping[str, Any]) -> Problems:
    """A medal added must fit (two of each; a silver one on a bonus tile naming its track); one
    removed must be held."""
    p = state.players[d["player"]]
    if d["change"] == "add":
        return medals.holding_problems(p, d["medal"], d.get("track", ""))
    if d["medal"] == "gold" and not p.gold:
        return [IllegalAction(t("{name} has no gold medal", name=p.name), rule=RULE)]
    if d["medal"] == "silver" and d.get("track", "") not in p.silver:
        return [IllegalAction(t("{name} has no silver medal on {track}", name=p.name,
                                track=TRACK_WORDS.get(d.get("track", ""), t("no track"))),
                              rule=RULE, field="track")]
    return []


def correct_medal(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    """Add or remove a gold medal, or a silver one on its track; coins do not change."""
    refuse(medal_problems(state, d))
    p = state.players[d["player"]]
    step = 1 if d["change"] == "add" else -1
    if d["medal"] == "gold":
        return state.set_player(d["player"], replace(p, gold=p.gold + step))
    if step > 0:
        return state.set_player(d["player"], replace(p, silver=p.silver + (d["track"],)))
    i = p.silver.index(d["track"])
    return state.set_player(d["player"], replace(p, silver=p.silver[:i] + p.silver[i + 1:]))


def _purple_index(p: Player, number: int) -> int | None:
    """Where ``p``'s purple card ``number`` (1: the first bought) is among all their cards."""
    places = [i for i, c in enumerate(p.cards) if c.colour == "purple"]
    return places[number - 1] if 1 <= number <= len(places) else None


def effect_correction_problems(state: HadaraState, d: Mapping[str, Any]) -> Problems:
    """The purple card must be held; the effect obeys what a purchase's does."""
    p = state.players[d["player"]]
    if _purple_index(p, d["card"]) is None:
        return [IllegalAction(tn("{name} holds {n} purple card; there is no purple card {card}",
                                 "{name} holds {n} purple cards; there is no purple card {card}",
                                 len(p.purples), name=p.name, card=d["card"]), rule=RULE,
                              field="card")]
    return effect_problems({**d, "colour": "purple"})


def correct_effect(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    """Write (or clear, with no words) the effect of one of a player's purple cards."""
    refuse(effect_correction_problems(state, d))
    p = state.players[d["player"]]
    i = _purple_index(p, d["card"])
    card = replace(p.cards[i], effect=d.get("effect", ""),
                   effect_changes=d.get("effect_changes", ""))
    return state.set_player(d["player"], replace(p, cards=p.cards[:i] + (card,) + p.cards[i + 1:]))


def effect_points_problems(state: HadaraState, d: Mapping[str, Any]) -> Problems:
    """Points are given by a purple card the player holds whose effect changes final scoring."""
    found = effect_correction_problems(state, {"player": d["player"], "card": d["card"]})
    if found:
        return found
    p = state.players[d["player"]]
    card = p.cards[_purple_index(p, d["card"])]
    if card.effect_changes != "scoring":
        return [IllegalAction(t("{name}'s purple card {card} has no effect on final scoring "
                                "recorded; correct its effect first", name=p.name,
                                card=d["card"]), rule=RULE, field="card")]
    return []


def effect_points(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    """What a purple card's effect on final scoring is worth (the score pad adds it)."""
    refuse(effect_points_problems(state, d))
    p = state.players[d["player"]]
    i = _purple_index(p, d["card"])
    card = replace(p.cards[i], effect_points=d["points"])
    return state.set_player(d["player"], replace(p, cards=p.cards[:i] + (card,) + p.cards[i + 1:]))


#: each correction of what the table holds: its move and the problems it checks
MOVES = {
    "correct_card": (correct_card, card_problems),
    "correct_colony": (correct_colony, colony_problems),
    "correct_statue": (correct_statue, statue_problems),
    "correct_medal": (correct_medal, medal_problems),
    "correct_effect": (correct_effect, effect_correction_problems),
    "effect_points": (effect_points, effect_points_problems),
}
