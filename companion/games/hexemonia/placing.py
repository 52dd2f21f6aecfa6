"""Phase B: playing hexes and Myths from hand into the city (rulebook, B) Giocare esagoni)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import IllegalAction, replace, t
from .box import tile_key, twin_polis
from .cubes import take_cubes
from .data import ACROPOLIS, MAX_MYTHS, MYTHS_IN_BOX, RESOURCES
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
    check_new_hex(player, name, data["kind"])
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


def check_new_hex(player: Player, name: str, kind: str, other_than: Hex | None = None) -> None:
    """A hex may join ``player``'s city as ``kind``: one Polis of each name (rulebook, Esagoni
    Polis), and no second Acropolis. ``other_than``: the hex itself when it changes kind."""
    if place(name) == ACROPOLIS:
        raise IllegalAction(t("a city has one Acropolis, placed at setup"),
                            rule=f"{R}, Preparazione", field="name")
    twin = twin_polis((h for h in player.hexes if h is not other_than), name)
    if kind == "polis" and twin is not None:
        raise IllegalAction(t("{name} already has the Polis {hex}; a city holds one of each",
                              name=player.name, hex=name), rule=f"{R}, Esagoni Polis",
                            field="name")


def play_myth(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """Phase B: a Myth goes in front of its owner, its token on a hex of the same nature."""
    rule = f"{R}, B) Giocare un esagono Mito"
    before_action(state, t("Playing a Myth"))
    player = state.players[state.active]
    name = data["name"].strip()
    if player.hand < 1:
        raise IllegalAction(t("{name} has no hex in hand", name=player.name), rule=rule)
    host = check_new_myth(state, player, name, data["nature"], data["host"])
    myth = Myth(name, data["nature"], host.id, data.get("produces", "none"),
                data.get("output", 0), data.get("gear", "none"))
    player = replace(player, myths=player.myths + (myth,), hand=player.hand - 1,
                     myths_played=player.myths_played + 1)
    return replace(state.with_player(state.active, player), played=True)


def check_new_myth(state: HexemoniaState, player: Player, name: str, nature: str,
                   host_name: str) -> Hex:
    """A Myth called ``name`` may come in front of ``player`` with its token on ``host_name``:
    each Myth once (the box holds 6), at most 3 per player (ruling H4), its token on a hex of
    the Myth's nature. Returns the host; raises IllegalAction naming the limit. Playing a Myth
    and adding one by correction both check here."""
    rule = f"{R}, B) Giocare un esagono Mito"
    if any(tile_key(m.name) == tile_key(name) for p in state.players for m in p.myths):
        raise IllegalAction(t("the Myth {name} is already in play", name=name), rule=rule,
                            field="name")
    in_play = sum(len(p.myths) for p in state.players)
    if in_play >= MYTHS_IN_BOX:
        raise IllegalAction(t("the box holds {limit} Myths and all {limit} are in play",
                              limit=MYTHS_IN_BOX), rule=f"{R}, Materiale", field="name")
    _check_myth_cap(state, player, rule)
    return check_host(player, nature, host_name)


def check_host(player: Player, nature: str, host_name: str) -> Hex:
    """The hex of ``player``'s city that takes a ``nature`` Myth's token (never the
    Acropolis, and only a hex of that nature); raises IllegalAction naming the problem."""
    rule = f"{R}, B) Giocare un esagono Mito"
    host = player.find(host_name)
    if host is None:
        # the Acropolis under any spelling the table uses (Acropoli, 卫城): never a host
        where = t("the Acropolis never takes a Myth token (its own god already protects "
                  "it)") if place(host_name) == ACROPOLIS else \
            t("{name} has no hex called {hex}", name=player.name, hex=repr(host_name))
        raise IllegalAction(where, rule=rule, field="host")
    if host.nature != nature:
        raise IllegalAction(t("the token of a {nature} Myth needs a {nature} hex; {hex} is "
                              "{its}", nature=word(NATURE_WORDS, nature), hex=host.id,
                              its=word(NATURE_WORDS, host.nature)), rule=rule, field="host")
    return host


def _check_myth_cap(state: HexemoniaState, player: Player, rule: str) -> None:
    whole_game = state.rulings.get("H4") == "whole-game"
    count = player.myths_played if whole_game else len(player.myths)
    if count >= MAX_MYTHS:
        message = (t("{name} already has {count} Myths over the game; the limit is {limit}",
                     name=player.name, count=count, limit=MAX_MYTHS) if whole_game else
                   t("{name} already has {count} Myths at once; the limit is {limit}",
                     name=player.name, count=count, limit=MAX_MYTHS))
        raise IllegalAction(message, rule=f"{rule}; ruling H4")
