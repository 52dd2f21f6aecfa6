"""Phase B: playing hexes and Myths from hand into the city (rulebook, B) Giocare esagoni)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import IllegalAction, replace, t
from .box import tile_key, twin_polis
from .cubes import take_cubes
from .data import ACROPOLIS, MAX_MYTHS, RESOURCES
from .model import Cubes, Hex, HexemoniaState, Myth, Player
from .shorthand import parse_sources, place
from .terms import NATURE_WORDS, word
from .turn import R, before_action


def play_hex(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """Phase B: place a Chora, Fortification or Polis and pay its exact cost onto it."""
    rule = f"{R}, B) Giocare esagoni"
    before_action(state, t("Playing a hex"))
    player = state.players[state.active]
    name = data["name"].strip()
    if player.hand < 1:
        raise IllegalAction(t("{name} has no hex in hand", name=player.name), rule=rule)
    if data["kind"] == "polis" and twin_polis(player.hexes, name) is not None:
        raise IllegalAction(t("{name} already has the Polis {hex}; a city holds one of each",
                              name=player.name, hex=name), rule=f"{R}, Esagoni Polis",
                            field="name")
    cost = Cubes(*(data[f"cost_{r}"] for r in RESOURCES))
    sources = parse_sources(data.get("pay_from") or "", "pay_from") or ((ACROPOLIS, cost),)
    player, paid = take_cubes(player, sources, field="pay_from", rule=rule,
                              fresh_turn=state.turn)
    if paid != cost:
        raise IllegalAction(t("{hex} costs exactly {cost}; the cubes named are {paid}", hex=name,
                              cost=cost.words(), paid=paid.words()),
                            rule=rule, field="pay_from")
    placed = Hex(player.new_hex_id(name), name, data["kind"], data["nature"], cost,
                 data.get("produces", "none"), data.get("output", 0), data.get("shield", 0),
                 data.get("gear", "none"), cost, state.turn)
    player = replace(player, hexes=player.hexes + (placed,), hand=player.hand - 1)
    return replace(state.with_player(state.active, player), played=True)


def play_myth(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """Phase B: a Myth goes in front of its owner, its token on a hex of the same nature."""
    rule = f"{R}, B) Giocare un esagono Mito"
    before_action(state, t("Playing a Myth"))
    player = state.players[state.active]
    name, host = data["name"].strip(), player.find(data["host"])
    if player.hand < 1:
        raise IllegalAction(t("{name} has no hex in hand", name=player.name), rule=rule)
    if any(tile_key(m.name) == tile_key(name) for p in state.players for m in p.myths):
        raise IllegalAction(t("the Myth {name} is already in play", name=name), rule=rule,
                            field="name")
    _check_myth_cap(state, player, rule)
    if host is None:
        # the Acropolis under any spelling the table uses (Acropoli, 卫城): never a host
        where = t("the Acropolis never takes a Myth token (its own god already protects "
                  "it)") if place(data["host"]) == ACROPOLIS else \
            t("{name} has no hex called {hex}", name=player.name, hex=repr(data["host"]))
        raise IllegalAction(where, rule=rule, field="host")
    if host.nature != data["nature"]:
        raise IllegalAction(t("the token of a {nature} Myth needs a {nature} hex; {hex} is "
                              "{its}", nature=word(NATURE_WORDS, data["nature"]), hex=host.id,
                              its=word(NATURE_WORDS, host.nature)), rule=rule, field="host")
    myth = Myth(name, data["nature"], host.id, data.get("produces", "none"),
                data.get("output", 0), data.get("gear", "none"))
    player = replace(player, myths=player.myths + (myth,), hand=player.hand - 1,
                     myths_played=player.myths_played + 1)
    return replace(state.with_player(state.active, player), played=True)


def _check_myth_cap(state: HexemoniaState, player: Player, rule: str) -> None:
    whole_game = state.rulings.get("H4") == "whole-game"
    count = player.myths_played if whole_game else len(player.myths)
    if count >= MAX_MYTHS:
        message = (t("{name} already has {count} Myths over the game; the limit is {limit}",
                     name=player.name, count=count, limit=MAX_MYTHS) if whole_game else
                   t("{name} already has {count} Myths at once; the limit is {limit}",
                     name=player.name, count=count, limit=MAX_MYTHS))
        raise IllegalAction(message, rule=f"{rule}; ruling H4")
