"""Hadara (2–5 players): the rules library for the epoch guide, the bookkeeping of every step and
final scoring. Public names: :data:`RULES` (the registered rules object) and the state class."""
from __future__ import annotations

from .model import HadaraState
from .rules import HadaraRules

RULES = HadaraRules()

__all__ = ["RULES", "HadaraRules", "HadaraState"]
