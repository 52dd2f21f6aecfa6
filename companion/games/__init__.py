"""The rules of every game: a pure library (standard library only), one package per game.

``GAMES`` maps a slug to the game's :class:`~companion.games.core.GameRules`; ``get_game`` looks one
up and names the valid slugs when it fails. Everything else a layer needs to know about a game it
learns from here: the rules object, and the game's own modules found beside it by convention
(:func:`game_module`: its ``reference``, ``affects``, ``questions``; :func:`game_folder`: its
board and style sheet, where it keeps them beside its rules). A game joins the registry one
way: :func:`install`, for each name of ``INSTALLED``.
"""
from __future__ import annotations

import importlib
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

from .core import GameRules, Question, RulesError

GAMES: dict[str, GameRules] = {}

#: the games this server ships, imported (so registered) below: the one list of them. The order
#: is the games list's, and their catalogs' (a later one's word wins where two share one)
INSTALLED = ("hadara", "tradewarz", "hexemonia")


def install(package: str) -> GameRules:
    """Register the game of ``package``: a game's package offers its rules as ``RULES`` (a name
    of INSTALLED is a package of this one; a game kept elsewhere is named in full). The one way
    a game joins the registry; its own files are then found beside its rules by convention."""
    name = package if "." in package else f"{__name__}.{package}"
    rules = importlib.import_module(name).RULES
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


def game_folder(slug: str) -> Path | None:
    """The folder of a registered game's package, where its own files beyond the rules are
    found by convention (``templates/board.html``, ``static/<slug>.css``); None when the game
    is not registered."""
    rules = GAMES.get(slug)
    if rules is None:
        return None
    return Path(sys.modules[package_of(rules)].__file__ or ".").parent


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


for _name in INSTALLED:
    install(_name)

__all__ = ["GAMES", "INSTALLED", "GameRules", "RulesError", "game_folder", "game_module",
           "get_game", "install", "package_of", "questions_for"]
