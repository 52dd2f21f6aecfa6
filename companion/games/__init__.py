"""The rules of every game: a pure library (standard library only), one package per game.

``GAMES`` maps a slug to the game's :class:`~companion.games.core.GameRules`; ``get_game`` looks one
up and names the valid slugs when it fails. Everything else a layer needs to know about a game it
learns from here: the rules object, and the game's own modules found beside it by convention
(:func:`game_module`: its ``reference``, ``affects``, ``questions``).
"""
from __future__ import annotations

import importlib
import sys
from functools import cache
from types import ModuleType

from .core import GameRules, Question, RulesError

GAMES: dict[str, GameRules] = {}

#: the games this server ships, imported (so registered) below: the one list of them. The order
#: is the games list's, and their catalogs' (a later one's word wins where two share one)
INSTALLED = ("hadara", "tradewarz", "hexemonia")


def register(rules: GameRules) -> GameRules:
    """Add a game to the registry (each game's package does on import)."""
    GAMES[rules.slug] = rules
    return rules


def get_game(slug: str) -> GameRules:
    """The rules of the game called ``slug``; raises KeyError naming the valid slugs."""
    try:
        return GAMES[slug]
    except KeyError:
        raise KeyError(f"unknown game {slug!r}; valid games: {', '.join(sorted(GAMES))}") from None


def package_of(rules: GameRules) -> str:
    """The name of the package a game's rules live in (``companion.games.hadara``): the package
    its rules class is defined in, whether in the package's ``__init__`` or in a module of it."""
    module = sys.modules[type(rules).__module__]
    return module.__package__ or module.__name__


def game_module(slug: str, name: str) -> ModuleType | None:
    """The registered game's own module ``name`` (``reference``, ``affects``, ``questions``),
    found beside its rules; None when the game is not registered or has no such module."""
    rules = GAMES.get(slug)
    return None if rules is None else _module(f"{package_of(rules)}.{name}")


def questions_for(slug: str) -> tuple[Question, ...]:
    """The questions of a registered game (its package's ``questions`` module), or () when it has
    none (yet)."""
    module = game_module(slug, "questions")
    return tuple(getattr(module, "QUESTIONS", ())) if module is not None else ()


@cache
def _module(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:  # the module exists but something it imports does not
            raise
        return None


for _name in INSTALLED:  # each game's package registers itself on import
    importlib.import_module(f"{__name__}.{_name}")

__all__ = ["GAMES", "INSTALLED", "GameRules", "RulesError", "game_module", "get_game",
           "package_of", "questions_for", "register"]
