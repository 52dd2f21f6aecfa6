"""Cubes on a city's hexes: taking them to pay or fight, moving them between hexes (the
bookkeeping shared by playing hexes, the actions and war)."""
from __future__ import annotations

from ..core import IllegalAction, t
from .data import ACROPOLIS, RESOURCES
from .model import Cubes, Player
from .terms import hex_word


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
            raise IllegalAction(t("{hex} holds {held}; {name} cannot take {cubes}",
                                  hex=hex_word(where), held=held.words(), name=player.name,
                                  cubes=cubes.words()),
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
