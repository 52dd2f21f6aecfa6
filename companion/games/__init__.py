"""The rules of every game: a pure library (standard library only), one module per game.

``GAMES`` maps a slug to the game's :class:`~companion.games.core.GameRules`; ``get_game`` looks one
up and names the valid slugs when it fails.
"""
from __future__ import annotations

from .core import GameRules, RulesError

GAMES: dict[str, GameRules] = {}


def register(rules: GameRules) -> GameRules:
    GAMES[rules.slug] = rules
    return rules


def get_game(slug: str) -> GameRules:
    """The rules of the game called ``slug``; raises KeyError naming the valid slugs."""
    try:
        return GAMES[slug]
    except KeyError:
        raise KeyError(f"unknown game {slug!r}; valid games: {', '.join(sorted(GAMES))}") from None


# Each game module registers itself on import. Add a new game here.
from . import hadara  # noqa: E402,F401
from . import hexemonia  # noqa: E402,F401
from . import tradewarz  # noqa: E402,F401

__all__ = ["GAMES", "GameRules", "RulesError", "get_game", "register"]
