"""What Hexemonia's scoring reads of a table at the end: each player's city, hexes and Myths, as
the score API, the quick score pad and a live game all give them (``scoring.facts_of``)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HexFact:
    """A hex of the city at the end: its kind, nature and whether it is active."""

    kind: str
    nature: str
    active: bool


@dataclass(frozen=True)
class MythFact:
    """A Myth in front of a player at the end: its nature and whether its host hex is active."""

    nature: str
    active: bool


@dataclass(frozen=True)
class PlayerFacts:
    """What scoring needs of one player; ``revolts`` is the game's option (same for all)."""

    name: str
    city: str
    acropolis_gold: int
    hexes: tuple[HexFact, ...]
    myths: tuple[MythFact, ...]
    philosopher: bool
    revolts: bool = True
