"""TradeWarz (2–6 houses): the year and its seasons, dials and Xadlas, battles, final ranking.

Public helpers beside the registered rules: ``preview_spring`` (the end-of-Spring breakdown),
``resolve`` and ``win_chance`` (battle calculator and odds), ``tech_bonus``, ``score_state``.
"""
from __future__ import annotations

from .battle import BattlePlan, plan_battle
from .data import TECHS, UNVERIFIED
from .model import House, TradeWarzState, silver_xadlas, xadlas
from .odds import Army, BattleResult, Odds, parse_cards, resolve, tech_bonus, win_chance
from .rules import TradeWarzRules
from .rulings import RULINGS
from .scoring import Facts, score_state
from .spring import SpringPreview, apply_spring, preview_spring

RULES = TradeWarzRules()

__all__ = ["RULES", "TradeWarzRules", "TradeWarzState", "House", "Army", "BattleResult", "Odds",
           "Facts", "SpringPreview", "preview_spring", "apply_spring", "resolve", "win_chance",
           "tech_bonus", "parse_cards", "score_state", "silver_xadlas", "xadlas", "TECHS",
           "UNVERIFIED", "RULINGS", "BattlePlan", "plan_battle"]
