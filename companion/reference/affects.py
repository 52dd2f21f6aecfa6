"""What a reference section touches in a live game: each player's related values.

Opened from a game (``/rules/<slug>?game=<token>``), a section such as Hadara's "Take a colony"
lists each player's military and the colony levels they already hold. A section names what it
touches (its ``affects`` key); the game's own ``affects.py`` (found beside its rules, see
``companion.games.game_module``) turns the key and the game's state into rows of (player name,
((label, value), ...)); the table stays modest.
"""
from __future__ import annotations

from typing import Any

from ..games import game_module
from ..games.core import Rows


def affected(slug: str, key: str, state: Any, score_lines: Rows | None = None) -> Rows:
    """Each player's values a section touches; the score pad's totals for scoring sections.
    A game without an ``affects.py``, an unknown key, or a state the game's module cannot read,
    gives no rows rather than an error."""
    if not key:
        return []
    if key == "score":
        return score_lines or []
    module = game_module(slug, "affects")
    if module is None:
        return []
    try:
        return module.affected(state, key)
    except (AttributeError, KeyError, TypeError):
        return []
