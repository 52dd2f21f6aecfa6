"""Hexemonia: the rules library (pure; standard library only).

Registers :data:`RULES` and re-exports what the web layer and the tests use: the state's parts,
the box data, the attack calculator and preview, the revolt preview, the hexes a play form can be
filled with, the quick pad's Myth notation and the live game's end-of-game facts.
"""
from __future__ import annotations

from .box import find_known, known_hexes, play_values
from .data import (
    ACROPOLIS,
    CITIES_BY_COUNT,
    CITY_DEFAULTS,
    GEARS,
    HEX_CATALOGUE,
    RESOURCES,
    box_record,
    catalogue_entry,
)
from .model import Cubes, Hex, HexemoniaState, Myth, Player
from .politics import preview_check, revolt_discard
from .quick import parse_myths
from .rules import RULES
from .scoring import facts_of, myth_trios
from .war import attack, preview_attack

__all__ = ["RULES", "ACROPOLIS", "CITIES_BY_COUNT", "RESOURCES", "HexemoniaState", "Player",
           "Hex", "Myth", "Cubes", "CITY_DEFAULTS", "GEARS",
           "HEX_CATALOGUE", "box_record", "catalogue_entry", "attack", "preview_attack",
           "preview_check", "revolt_discard", "known_hexes", "find_known", "play_values",
           "parse_myths", "myth_trios", "facts_of"]
