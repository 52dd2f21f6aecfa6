"""Hexemonia: the rules library (pure; standard library only).

Public names: :data:`RULES` (the registered rules object), the box data (:data:`CITY_DEFAULTS`,
:data:`HEX_CATALOGUE`, :data:`GEARS`, :func:`box_record`), the attack calculator
(:func:`attack`, :func:`plan_attack`, :func:`preview_attack`), the hexes a play form can be
filled with (:func:`known_hexes`, :func:`play_values`), the quick pad's Myth notation
(:func:`parse_myths`), the revolt preview (:func:`revolt_discard`, :func:`revolts_for`,
:func:`preview_check`) and the scoring helpers.
"""
from __future__ import annotations

from .. import register
from .data import (CITY_ALTERNATIVE, CITY_DEFAULTS, GEARS, HEX_CATALOGUE, CityInfo, box_record,
                   catalogue_entry)
from .box import find_known, known_hexes, play_values
from .model import Cubes, Hex, HexemoniaState, Myth, Player
from .preview import AttackPreview, preview_attack
from .politics import PoliticalCheck, Revolt, preview_check, revolt_discard, revolts_for
from .rules import RULES, HexemoniaRules, facts_of
from .quick import parse_myths
from .scoring import HexFact, MythFact, PlayerFacts, myth_trios
from .war import Attack, attack, plan_attack, smallest_forces

register(RULES)

__all__ = ["RULES", "HexemoniaRules", "HexemoniaState", "Player", "Hex", "Myth", "Cubes",
           "CityInfo", "CITY_DEFAULTS", "CITY_ALTERNATIVE", "GEARS", "HEX_CATALOGUE",
           "box_record", "catalogue_entry", "Attack", "attack", "plan_attack",
           "smallest_forces", "Revolt", "PoliticalCheck", "revolt_discard", "revolts_for",
           "preview_check", "HexFact", "MythFact", "PlayerFacts", "myth_trios", "facts_of",
           "AttackPreview", "preview_attack", "known_hexes", "find_known", "play_values",
           "parse_myths"]
