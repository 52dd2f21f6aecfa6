"""Phases A, B and C of a turn (except specials and war): taking, playing, production, strategy.

Each handler takes the state and the cleaned action data and returns the new state, or raises
IllegalAction naming the rule and the numbers.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from ..core import IllegalAction, t
from .data import ACROPOLIS, MAX_MYTHS, RESOURCES
from .model import Cubes, Hex, HexemoniaState, Myth, Player
from .shorthand import parse_moves, parse_sources, parse_swaps
from .terms import ACTION_WORDS, NATURE_WORDS, word

R = "Hexemonia rulebook"


def one(resource: str, n: int = 1) -> Cubes:
    """``n`` cubes of one resource."""
    return Cubes(**{resource: n}) if resource in RESOURCES else Cubes()


def take_cubes(player: Player, sources, *, field: str, rule: str,
               fresh_turn: int = 0) -> tuple[Player, Cubes]:
    """Remove cubes from hexes of ``player``'s city; refuse a missing hex or cube.

    With ``fresh_turn``, hexes placed in that turn cannot pay (rulebook, B) Giocare esagoni).
    """
    total = Cubes()
    for where, cubes in sources:
        held = player.cubes_at(where)
        if held is None:
            raise IllegalAction(t("{name} has no hex called {hex}", name=player.name,
                                  hex=repr(where)), rule=rule, field=field)
        found = player.find(where)
        if fresh_turn and found is not None and found.placed_turn == fresh_turn:
            raise IllegalAction(t("{hex} was placed this turn; its cubes cannot pay for "
                                  "another hex", hex=found.id), rule=rule, field=field)
        if not held.covers(cubes):
            raise IllegalAction(t("{hex} holds {held}; {name} cannot take {cubes}", hex=where,
                                  held=held.words(), name=player.name, cubes=cubes.words()),
                                rule=rule, field=field)
        player = player.with_cubes(where, held - cubes)
        total = total + cubes
    return player, total


def move_cubes(player: Player, moves, *, field: str, rule: str,
               acropolis: bool = True) -> Player:
    """Move cubes between hexes of one city, in order (Strategy, Agora)."""
    for start, end, cubes in moves:
        for where in (start, end):
            if not acropolis and where.casefold() == ACROPOLIS.casefold():
                raise IllegalAction(t("under ruling H21 'no' the Acropolis takes no part in the "
                                      "Strategy action"), rule=rule + "; ruling H21", field=field)
            if player.cubes_at(where) is None:
                values = dict(name=player.name, hex=repr(where))
                raise IllegalAction(t("{name} has no hex called {hex} (cubes never go onto "
                                      "Myths)", **values) if player.myth(where) else
                                    t("{name} has no hex called {hex}", **values),
                                    rule=rule, field=field)
        player, _ = take_cubes(player, ((start, cubes),), field=field, rule=rule)
        player = player.with_cubes(end, player.cubes_at(end) + cubes)
    return player


def _before_action(state: HexemoniaState, what: str) -> None:
    if state.over:
        raise IllegalAction(t("the game is over"), rule=f"{R}, Fine del gioco")
    if state.action or state.checked:
        done = word(ACTION_WORDS, state.action) if state.action else t("political check")
        raise IllegalAction(t("{what} belongs to phase B, before the turn's action ({done} "
                              "already done)", what=what, done=done),
                            rule=f"{R}, Turno di gioco")


def take(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """Phase A: 1 face-up hex and then a second hex or 1 cube onto the Acropolis.

    Each hex taken is replaced from the Fate pile; emptying it starts the final round (H7).
    """
    rule = f"{R}, A) Prendere 2 esagoni"
    if state.final_round:
        raise IllegalAction(t("the Fate pile is empty: phase A is skipped until the game ends"),
                            rule=f"{R}, Fine del gioco; ruling H8")
    if state.took or state.played:
        raise IllegalAction(t("phase A is done once, at the start of the turn"), rule=rule)
    _before_action(state, t("Taking hexes"))
    hexes, resource = data["hexes"], data.get("resource", "none")
    if (hexes == 2) == (resource != "none"):
        raise IllegalAction(t("take either 2 hexes, or 1 hex and 1 resource"), rule=rule,
                            field="resource")
    player = state.players[state.active]
    player = replace(player, hand=player.hand + hexes,
                     acropolis=player.acropolis + one(resource))
    fate = max(0, state.fate - hexes)
    return replace(state.with_player(state.active, player), fate=fate, took=True,
                   final_round=fate == 0)


def play_hex(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """Phase B: place a Chora, Fortification or Polis and pay its exact cost onto it."""
    rule = f"{R}, B) Giocare esagoni"
    _before_action(state, t("Playing a hex"))
    player = state.players[state.active]
    name = data["name"].strip()
    if player.hand < 1:
        raise IllegalAction(t("{name} has no hex in hand", name=player.name), rule=rule)
    if data["kind"] == "polis" and any(h.kind == "polis" and h.name.casefold() == name.casefold()
                                       for h in player.hexes):
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
    _before_action(state, t("Playing a Myth"))
    player = state.players[state.active]
    name, host = data["name"].strip(), player.find(data["host"])
    if player.hand < 1:
        raise IllegalAction(t("{name} has no hex in hand", name=player.name), rule=rule)
    if any(p.myth(name) for p in state.players):
        raise IllegalAction(t("the Myth {name} is already in play", name=name), rule=rule,
                            field="name")
    _check_myth_cap(state, player, rule)
    if host is None:
        where = t("the Acropolis never takes a Myth token") if data["host"].strip().casefold() \
            == ACROPOLIS.casefold() else t("{name} has no hex called {hex}", name=player.name,
                                           hex=repr(data["host"]))
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


def choose_action(state: HexemoniaState, kind: str) -> HexemoniaState:
    """Phase C: one action per turn (specials and attacks may repeat within it)."""
    if state.over:
        raise IllegalAction(t("the game is over"), rule=f"{R}, Fine del gioco")
    if state.checked:
        raise IllegalAction(t("the political check is done; the turn's action is over"),
                            rule=f"{R}, Turno di gioco")
    repeatable = kind in ("special", "war")
    if state.action and not (repeatable and state.action == kind):
        raise IllegalAction(t("one action per turn: this turn's action was {action}",
                              action=word(ACTION_WORDS, state.action)),
                            rule=f"{R}, C) Compiere un'azione")
    return replace(state, action=kind)


def production(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """Every active hex adds its printed output; a producing Myth adds it to its host."""
    state = choose_action(state, "production")
    player = state.players[state.active]
    gains = [(h.id, one(h.produces, h.output)) for h in player.hexes if h.is_active]
    gains += [(m.host, one(m.produces, m.output)) for m in player.myths
              if player.is_myth_active(m)]
    for where, cubes in gains:
        player = player.with_cubes(where, player.cubes_at(where) + cubes)
    return state.with_player(state.active, player)


def strategy(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """Move cubes between the city's hexes, then swap 2 citizens and 1 hoplite once per hex."""
    rule = f"{R}, Azione strategica"
    state = choose_action(state, "strategy")
    player = move_cubes(state.players[state.active], parse_moves(data.get("moves") or "",
                                                                 "moves"),
                        field="moves", rule=rule, acropolis=state.rulings.get("H21") != "no")
    seen: set[str] = set()
    for where, way in parse_swaps(data.get("swaps") or "", "swaps"):
        if where.casefold() in seen:
            raise IllegalAction(t("{hex}: one swap per hex", hex=where), rule=rule,
                                field="swaps")
        seen.add(where.casefold())
        give, get = (Cubes(citizens=2), Cubes(hoplites=1)) if way == "h" else \
            (Cubes(hoplites=1), Cubes(citizens=2))
        player, _ = take_cubes(player, ((where, give),), field="swaps", rule=rule)
        player = player.with_cubes(where, player.cubes_at(where) + get)
    return state.with_player(state.active, player)
