"""Actions of the table outside the turn's phases: revealing an Acropolis and corrections by
hand (the table is the truth; the history marks a correction as one)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import IllegalAction, replace, t
from .data import ACROPOLIS, CITIES_BY_COUNT, RESOURCES, TERRAIN_HEXES, fate_pile
from .model import Cubes, Hex, HexemoniaState, Myth, Player
from .placing import check_host, check_new_hex, check_new_myth
from .shorthand import place
from .terms import KIND_WORDS, NATURE_WORDS, word
from .turn import R, next_turn


def reveal(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """A player shows their Acropolis; it stays face up (rulebook, Preparazione)."""
    player = state.players[data["player"]]
    if not player.city:
        raise IllegalAction(t("{name} has not entered their Acropolis yet; they do it on their "
                              "own phone", name=player.name), rule=f"{R}, Preparazione")
    if player.revealed:
        raise IllegalAction(t("{name}'s Acropolis is already face up", name=player.name),
                            rule=f"{R}, Preparazione")
    return state.with_player(data["player"], replace(player, revealed=True))


def enter_city(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """A player enters the Acropolis they drew (rulebook, Preparazione), from their own phone:
    a tile of this player count, once, and not one another player holds (the box has one of
    each: a second one is a misread tile)."""
    seat, city = data["player"], data["city"]
    player, rule = state.players[seat], f"{R}, Preparazione"
    if player.city:
        raise IllegalAction(t("{name} has already entered their Acropolis", name=player.name),
                            rule=rule)
    allowed = CITIES_BY_COUNT[len(state.players)]
    if city not in allowed or any(p.city == city for p in state.players):
        raise IllegalAction(t("that Acropolis is not among the tiles dealt with {n} players; "
                              "check the tile you drew", n=len(state.players)),
                            rule=rule, field="city")
    return state.with_player(seat, replace(player, city=city))


def correct(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """A correction by hand: the table is the truth; the history marks it as one."""
    seat, what, name = data["player"], data["what"], (data.get("hex") or "").strip()
    player, value = state.players[seat], data.get("value", 0)
    cubes = Cubes(*(data.get(r, 0) for r in RESOURCES))
    if what in ("cubes", "cost", "remove_hex") and player.cubes_at(name) is None:
        raise IllegalAction(t("{name} has no hex called {hex}", name=player.name,
                              hex=repr(name)), rule="Corrections",
                            field="hex")
    if what == "cubes":
        return state.with_player(seat, player.with_cubes(name, cubes))
    if what in ("cost", "remove_hex"):
        return _correct_hex(state, seat, name, what, cubes)
    if what == "remove_myth":
        if player.myth(name) is None:
            raise IllegalAction(t("{name} has no Myth {myth}", name=player.name,
                                  myth=repr(name)), rule="Corrections",
                                field="hex")
        return state.with_player(seat, replace(player, myths=tuple(
            m for m in player.myths if m is not player.myth(name))))
    return _correct_number(state, seat, what, value)


def _correct_hex(state, seat, name, what, cubes):
    player = state.players[seat]
    if name.casefold() == ACROPOLIS.casefold():
        raise IllegalAction(t("the Acropolis has no cost and never leaves its city"),
                            rule="Corrections", field="hex")
    target = player.find(name)
    hexes = tuple(h for h in player.hexes if h is not target) if what == "remove_hex" else \
        tuple(replace(h, cost=cubes) if h is target else h for h in player.hexes)
    myths = tuple(m for m in player.myths if not (what == "remove_hex" and m.host == target.id))
    return state.with_player(seat, replace(player, hexes=hexes, myths=myths))


def _correct_number(state, seat, what, value):
    if what == "hand":
        return state.with_player(seat, replace(state.players[seat], hand=value))
    if what == "fate":
        most = fate_pile(len(state.players), 0)
        if value > most:
            raise IllegalAction(t("the Fate pile holds at most {most} hexes with {n} players (51 "
                                  "terrain hexes, 4 face up, 2 in each hand)", most=most,
                                  n=len(state.players)), rule=f"{R}, Preparazione",
                                field="value")
        return replace(state, fate=value, final_round=value == 0)
    if what == "philosopher":
        return replace(state, philosopher=seat)
    if what == "last_player":
        return replace(state, last_player=seat)
    return next_turn(state, seat)  # "active": the table says whose turn it is


# ------------------------------------------------ corrections of hexes and Myths (issue 20)
# The table is the truth: each puts one part of the state as the table sees it, refusing only
# what no table can show (a second Polis of one name, a seventh Myth, a token on a hex of
# another nature), through the same checks the moves use.

TRUTH = "The table is the truth"


def _room_in_box(state: HexemoniaState) -> None:
    """One more terrain hex (or Myth) in the cities: the box holds 51, the Myths among them
    (Materiale), the limit the score API and the quick pad check too."""
    placed = sum(len(p.hexes) + len(p.myths) for p in state.players) + 1
    if placed > TERRAIN_HEXES:
        raise IllegalAction(t("the box holds {limit} terrain hexes, the Myths among them; "
                              "these cities and Myths hold {n} (Materiale)",
                              limit=TERRAIN_HEXES, n=placed), rule=f"{TRUTH}; {R}, Materiale")


def add_hex(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """A hex that is in the city but not in the app, with its printed data and its cubes."""
    _room_in_box(state)
    seat, name = data["player"], data["name"].strip()
    player = state.players[seat]
    check_new_hex(player, name, data["kind"])
    cost = Cubes(*(data.get(f"cost_{r}", 0) for r in RESOURCES))
    cubes = Cubes(*(data.get(r, 0) for r in RESOURCES))
    added = Hex(player.new_hex_id(name), name, data["kind"], data["nature"], cost,
                data.get("produces", "none"), data.get("output", 0), data.get("shield", 0),
                data.get("gear", "none"), cubes, 0)
    return state.with_player(seat, replace(player, hexes=player.hexes + (added,)))


def change_hex(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """A hex's nature symbol or type (title colour) as printed on the tile."""
    seat, player = data["player"], state.players[data["player"]]
    target = _hex_of(player, data.get("hex", ""))
    nature = data.get("nature") or target.nature
    kind = data.get("kind") or target.kind
    if (nature, kind) == (target.nature, target.kind):
        raise IllegalAction(t("{hex} is already {nature} and {kind}: nothing to correct",
                              hex=target.id, nature=word(NATURE_WORDS, nature),
                              kind=word(KIND_WORDS, kind)), rule=TRUTH, field="nature")
    check_new_hex(player, target.name, kind, other_than=target)
    for myth in player.myths:
        if myth.host == target.id and myth.nature != nature:
            raise IllegalAction(t("the token of the Myth {myth} sits on {hex}, and a {its} "
                                  "Myth's token needs a {its} hex; correct the Myth first",
                                  myth=myth.name, hex=target.id,
                                  its=word(NATURE_WORDS, myth.nature)),
                                rule=f"{R}, B) Giocare un esagono Mito", field="nature")
    changed = replace(target, nature=nature, kind=kind)
    return state.with_player(seat, replace(player, hexes=tuple(
        changed if h is target else h for h in player.hexes)))


def add_myth(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """A Myth in front of a player but not in the app, its token on a hex of its nature."""
    _room_in_box(state)
    seat, name = data["player"], data["name"].strip()
    player = state.players[seat]
    host = check_new_myth(state, player, name, data["nature"], data["host"])
    myth = Myth(name, data["nature"], host.id, data.get("produces", "none"),
                data.get("output", 0), data.get("gear", "none"))
    return state.with_player(seat, replace(player, myths=player.myths + (myth,),
                                           myths_played=player.myths_played + 1))


def change_myth(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """A Myth's nature symbol, or the hex its token sits on."""
    seat, player = data["player"], state.players[data["player"]]
    myth = player.myth(data.get("myth", ""))
    if myth is None:
        raise IllegalAction(t("{name} has no Myth {myth}", name=player.name,
                              myth=repr(data.get("myth", ""))), rule=TRUTH, field="myth")
    nature = data.get("nature") or myth.nature
    host = check_host(player, nature, (data.get("host") or "").strip() or myth.host)
    if (nature, host.id) == (myth.nature, myth.host):
        raise IllegalAction(t("the Myth {myth} is already {nature} with its token on {hex}: "
                              "nothing to correct", myth=myth.name,
                              nature=word(NATURE_WORDS, nature), hex=host.id),
                            rule=TRUTH, field="host")
    changed = replace(myth, nature=nature, host=host.id)
    return state.with_player(seat, replace(player, myths=tuple(
        changed if m is myth else m for m in player.myths)))


def _hex_of(player: Player, name: str) -> Hex:
    found = player.find(name)
    if found is None:
        message = t("the Acropolis is not a hex the table can change") \
            if place(name) == ACROPOLIS else \
            t("{name} has no hex called {hex}", name=player.name, hex=repr(name))
        raise IllegalAction(message, rule=TRUTH, field="hex")
    return found
