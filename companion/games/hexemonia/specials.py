"""The special action: the effect of each gear hex and gear Myth (rulebook, Azione speciale and
the reference pages; rulings H17, H18)."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..core import IllegalAction, replace, t
from .actions import choose_action
from .cubes import move_cubes, one, take_cubes
from .data import ACROPOLIS, GEARS
from .model import Cubes, HexemoniaState
from .shorthand import parse_moves, parse_names, parse_picks, parse_sources
from .terms import hex_word

R = "Hexemonia rulebook, Azione speciale"
Effect = Callable[[HexemoniaState, str, Mapping[str, Any]], HexemoniaState]


def special(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """Use the gear of one active hex or active Myth; each gear once per turn."""
    state = choose_action(state, "special")
    player = state.players[state.active]
    found = player.find(data["hex"])
    myth = None if found else player.myth(data["hex"])
    if found is None and myth is None:
        raise IllegalAction(t("{name} has no hex or Myth called {hex}", name=player.name,
                              hex=repr(data["hex"])), rule=R, field="hex")
    name, gear = (found.id, found.gear) if found else (myth.name, myth.gear)
    host = found.id if found else myth.host
    if gear not in GEARS:
        raise IllegalAction(t("{hex} has no special action", hex=name), rule=R, field="hex")
    if not (found.is_active if found else player.is_myth_active(myth)):
        raise IllegalAction(t("{hex} is not active", hex=name) if found else
                            t("{hex} is not active (its token is on {host}, which is not "
                              "active)", hex=name, host=myth.host), rule=R, field="hex")
    if name in state.used:
        raise IllegalAction(t("{hex} was already used this turn", hex=name), rule=R,
                            field="hex")
    state = EFFECTS[gear](state, host, data)
    return replace(state, used=state.used + (name,))


def _gain(state: HexemoniaState, where: str, cubes: Cubes) -> HexemoniaState:
    player = state.players[state.active]
    return state.with_player(state.active, player.with_cubes(where, player.cubes_at(where)
                                                             + cubes))


def _sorgente(state, where, data):
    if data.get("resource", "none") == "none":
        raise IllegalAction(t("the Spring needs the resource chosen"), rule=R, field="resource")
    return _gain(state, ACROPOLIS, one(data["resource"]))


def _by_nature(nature: str) -> Effect:
    """Temple, Harbour: 1 gold for each neighbour of ``nature``; each neighbour counts once."""
    def effect(state, where, data):
        player = state.players[state.active]
        count, seen = 0, set()
        for name in parse_names(data.get("adjacent") or ""):
            found = None if name == ACROPOLIS else player.find(name)
            if name != ACROPOLIS and (found is None or found.id == where):
                raise IllegalAction(t("{hex}: not another hex of {name}'s city", hex=name,
                                      name=player.name), rule=R, field="adjacent")
            key = found.id if found else ACROPOLIS
            if key in seen:
                raise IllegalAction(t("{hex} is named twice; each neighbour counts once",
                                      hex=hex_word(key)), rule=R, field="adjacent")
            seen.add(key)
            count += _counts(state, player, found, nature)
        if len(seen) > 6:
            raise IllegalAction(t("a hex has at most 6 neighbours, not {n}", n=len(seen)),
                                rule=R, field="adjacent")
        return _gain(state, where, Cubes(gold=count))
    return effect


def _counts(state, player, found, nature) -> bool:
    """Whether one neighbour has ``nature``; a face-down Acropolis is refused rather than passed
    over in silence (the rulebook's example 1 reveals it to count it). The refusal says the same
    whatever the city, so it gives nothing away."""
    if found is not None:
        return found.nature == nature
    if not player.revealed:
        raise IllegalAction(t("a face-down Acropolis adds nothing: reveal it first to count it "
                              "(example 1), or leave it out of the neighbours"),
                            rule=f"{R}; Preparazione", field="adjacent")
    return state.city_info(player.city).nature == nature


def _necropoli(state, where, data):
    player = state.players[state.active]
    sources = parse_sources(data.get("pay_from") or "", "pay_from")
    player, sent = take_cubes(player, sources, field="pay_from", rule=R)
    if sent.hoplites or sent.gold or not sent.citizens:
        raise IllegalAction(t("the Necropolis takes citizens only"), rule=R, field="pay_from")
    if sent.citizens % 2 and state.rulings.get("H18", "even-only") == "even-only":
        raise IllegalAction(t("{n} citizens: send an even number (1 gold per 2)",
                              n=sent.citizens),
                            rule=f"{R}; ruling H18", field="pay_from")
    state = state.with_player(state.active, player)
    return _gain(state, where, Cubes(gold=sent.citizens // 2))


def _agora(state, where, data):
    moves = parse_moves(data.get("moves") or "", "moves")
    moved = sum(c.total for _, _, c in moves)
    if moved > 2:
        raise IllegalAction(t("the Agora moves up to 2 cubes, not {n}", n=moved), rule=R,
                            field="moves")
    player = move_cubes(state.players[state.active], moves, field="moves", rule=R)
    return state.with_player(state.active, player)


def _pull(resource: str, chosen: bool) -> Effect:
    """An opponent (``chosen``) or every opponent moves 1 cube of theirs onto the gear hex."""
    def effect(state, where, data):
        seats = [data.get("opponent", -1)] if chosen else \
            [i for i in range(len(state.players)) if i != state.active]
        if chosen and seats[0] in (-1, state.active):
            raise IllegalAction(t("choose an opponent"), rule=R, field="opponent")
        picks = parse_picks(data.get("sources") or "", "sources")
        for seat in seats:
            state = _pay_one(state, seat, resource, picks, where)
        return state
    return effect


def _pay_one(state, seat, resource, picks, where):
    """Ruling H17: the opponent picks the paying hex; nothing happens if they have none."""
    player, cube = state.players[seat], one(resource)
    pick = picks.get(player.name.casefold())
    if pick is None:
        holders = [ACROPOLIS] + [h.id for h in player.hexes]
        pick = next((h for h in holders if player.cubes_at(h).covers(cube)), None)
        if pick is None:
            return state
    player, _ = take_cubes(player, ((pick, cube),), field="sources", rule=f"{R}; ruling H17")
    return _gain(state.with_player(seat, player), where, cube)


def _ade(state, where, data):
    seat, amount = data.get("opponent", -1), data.get("amount", 0)
    if seat in (-1, state.active):
        raise IllegalAction(t("choose an opponent"), rule=R, field="opponent")
    victim = state.players[seat]
    target = victim.find(data.get("target") or "")
    if target is None:
        raise IllegalAction(t("{name} has no hex called {hex} (the Acropolis has no printed "
                              "cost, so no excess)", name=victim.name,
                              hex=repr(data.get("target"))), rule=R, field="target")
    excess = target.cubes.excess(target.cost).citizens
    if not 1 <= amount <= min(3, excess):
        raise IllegalAction(t("{hex} has {excess} in excess; Hades removes 1 to {most}, not "
                              "{amount}", hex=target.id, excess=Cubes(citizens=excess).words(),
                              most=min(3, excess), amount=amount), rule=R, field="amount")
    return state.with_player(seat, victim.with_cubes(target.id, target.cubes
                                                     - Cubes(citizens=amount)))


def _moire(state, where, data):
    if state.fate == 0:
        return state
    player = state.players[state.active]
    state = state.with_player(state.active, replace(player, hand=player.hand + 1))
    if state.fate < 0:  # an uncounted pile: its last hex is told by the take that empties it
        return state
    return replace(state, fate=state.fate - 1, final_round=state.fate == 1 or state.final_round)


def _pandora(state, where, data):
    seat = data.get("opponent", -1)
    if seat in (-1, state.active):
        raise IllegalAction(t("choose an opponent"), rule=R, field="opponent")
    victim = state.players[seat]
    return state.with_player(seat, replace(victim, hand=max(0, victim.hand - 1)))


EFFECTS: dict[str, Effect] = {
    "sorgente": _sorgente, "porto": _by_nature("economic"), "tempio": _by_nature("sacred"),
    "necropoli": _necropoli, "agora": _agora, "taverna": _pull("citizens", True),
    "labirinto": _pull("hoplites", True), "faro": _pull("gold", False), "ade": _ade,
    "oracolo": lambda state, where, data: state, "moire": _moire, "pandora": _pandora,
}
