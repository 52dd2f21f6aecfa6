"""The state of a Hexemonia game: cubes, hexes, Myths, players, and the turn in progress.

Everything is frozen; a move builds a new state with ``dataclasses.replace``.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..core import replace
from .data import ACROPOLIS, CITY_ALTERNATIVE, CITY_DEFAULTS, NO_CITY, CityInfo
from .terms import cube_words


@dataclass(frozen=True)
class Cubes:
    """Cubes of each resource: white citizens, red hoplites, yellow gold."""

    citizens: int = 0
    hoplites: int = 0
    gold: int = 0

    def __add__(self, other: Cubes) -> Cubes:
        return Cubes(self.citizens + other.citizens, self.hoplites + other.hoplites,
                     self.gold + other.gold)

    def __sub__(self, other: Cubes) -> Cubes:
        return Cubes(self.citizens - other.citizens, self.hoplites - other.hoplites,
                     self.gold - other.gold)

    def covers(self, cost: Cubes) -> bool:
        """Whether these cubes pay ``cost`` in every resource (rulebook, active hexes)."""
        return all(a >= b for a, b in zip(self.as_tuple(), cost.as_tuple()))

    def excess(self, cost: Cubes) -> Cubes:
        """Cubes above ``cost``, resource by resource; a short resource has no excess (H11)."""
        return Cubes(*(max(0, a - b) for a, b in zip(self.as_tuple(), cost.as_tuple())))

    @property
    def units(self) -> int:
        """Fighting strength in citizens: 1 hoplite = 2 citizens; gold never fights."""
        return self.citizens + 2 * self.hoplites

    @property
    def total(self) -> int:
        return self.citizens + self.hoplites + self.gold

    def as_tuple(self) -> tuple[int, int, int]:
        return (self.citizens, self.hoplites, self.gold)

    def words(self) -> list:
        """These cubes in words for a sentence (a list of Texts; English reads as ``str``)."""
        return cube_words(*self.as_tuple())

    def __str__(self) -> str:
        words = (("citizen", "citizens"), ("hoplite", "hoplites"), ("gold", "gold"))
        parts = [f"{n} {one if n == 1 else many}"
                 for n, (one, many) in zip(self.as_tuple(), words) if n]
        return ", ".join(parts) or "nothing"


@dataclass(frozen=True)
class Hex:
    """A terrain hex placed in a city, with its printed data and the cubes on it.

    ``id`` is unique within the city (the name, then "Pascolo 2" for a second copy).
    ``placed_turn`` is the turn it entered the city: cubes on it cannot pay for hexes played in
    that same turn (rulebook, B) Giocare esagoni).
    """

    id: str
    name: str
    kind: str
    nature: str
    cost: Cubes
    produces: str = "none"
    output: int = 0
    shield: int = 0
    gear: str = "none"
    cubes: Cubes = Cubes()
    placed_turn: int = 0

    @property
    def is_active(self) -> bool:
        """Active when the cubes on it pay its printed cost (a 0/0/0 cost is always active)."""
        return self.cubes.covers(self.cost)

    @property
    def makes(self) -> Cubes:
        """What its production icon adds (nothing when it has none)."""
        if self.produces not in ("citizens", "hoplites", "gold"):
            return Cubes()
        return Cubes(**{self.produces: self.output})


@dataclass(frozen=True)
class Myth:
    """A Myth hex in front of its owner; its token sits on the hex ``host`` of their city."""

    name: str
    nature: str
    host: str
    produces: str = "none"
    output: int = 0
    gear: str = "none"


@dataclass(frozen=True)
class Player:
    """One player: their Acropolis (city, whether revealed, its cubes), hexes, Myths and hand."""

    name: str
    city: str
    revealed: bool = False
    acropolis: Cubes = Cubes(citizens=2, gold=1)
    hexes: tuple[Hex, ...] = ()
    myths: tuple[Myth, ...] = ()
    hand: int = 2
    myths_played: int = 0

    def find(self, hex_id: str) -> Hex | None:
        """The hex called ``hex_id`` (case-insensitive), or None."""
        wanted = hex_id.strip().casefold()
        return next((h for h in self.hexes if h.id.casefold() == wanted), None)

    def myth(self, name: str) -> Myth | None:
        wanted = name.strip().casefold()
        return next((m for m in self.myths if m.name.casefold() == wanted), None)

    def is_myth_active(self, myth: Myth) -> bool:
        """A Myth is active exactly when the hex holding its token is active."""
        host = self.find(myth.host)
        return host is not None and host.is_active

    def new_hex_id(self, name: str) -> str:
        """The id a new hex called ``name`` gets: its name, numbered from the second copy on."""
        taken = {h.id.casefold() for h in self.hexes} | {ACROPOLIS.casefold()}
        if name.casefold() not in taken:
            return name
        n = 2
        while f"{name} {n}".casefold() in taken:
            n += 1
        return f"{name} {n}"

    def cubes_at(self, hex_id: str) -> Cubes | None:
        """Cubes on a hex of this city, the Acropolis included; None if there is no such hex."""
        if hex_id.strip().casefold() == ACROPOLIS.casefold():
            return self.acropolis
        found = self.find(hex_id)
        return found.cubes if found else None

    def with_cubes(self, hex_id: str, cubes: Cubes) -> Player:
        """A copy with the cubes on one hex (or the Acropolis) replaced."""
        if hex_id.strip().casefold() == ACROPOLIS.casefold():
            return replace(self, acropolis=cubes)
        target = self.find(hex_id)
        return replace(self, hexes=tuple(replace(h, cubes=cubes) if h is target else h
                                         for h in self.hexes))


@dataclass(frozen=True)
class HexemoniaState:
    """A game of Hexemonia between turns or during one.

    Seats are in clockwise order. ``philosopher`` is a seat or -1; ``action`` is the phase C
    action chosen this turn ("" before); ``used`` lists the gear hexes used this turn;
    ``attacked`` the seats attacked this turn; ``final_round`` starts when the Fate pile empties.
    """

    players: tuple[Player, ...]
    rulings: dict
    fate: int
    last_player: int
    revolts: bool = True
    cities: tuple[tuple[str, CityInfo], ...] = ()
    active: int = 0
    turn: int = 1
    took: bool = False
    played: bool = False
    action: str = ""
    used: tuple[str, ...] = ()
    attacked: tuple[int, ...] = ()
    checked: bool = False
    philosopher: int = -1
    final_round: bool = False
    over: bool = False

    def city_info(self, city: str) -> CityInfo:
        """The tile data of ``city``: the table's override, else the H1 reading's default; an
        Acropolis its player has not entered yet shows nothing (no nature, no bonus)."""
        if not city:
            return NO_CITY
        for name, info in self.cities:
            if name == city:
                return info
        return city_table(self.rulings)[city]

    def with_player(self, seat: int, player: Player) -> HexemoniaState:
        return replace(self, players=self.players[:seat] + (player,) + self.players[seat + 1:])


def city_table(rulings: Mapping[str, str]) -> Mapping[str, CityInfo]:
    """The city tiles under ruling H1."""
    return CITY_ALTERNATIVE if rulings.get("H1") == "alternative" else CITY_DEFAULTS
