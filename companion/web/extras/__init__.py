"""A game's own pages beside the generic ones: ``extras/<slug>.py`` holds a blueprint ``bp`` (and
the template helpers its board uses), registered for each registered game that has one."""
from __future__ import annotations

import importlib

from flask import Blueprint

from ...games import GAMES


def blueprints() -> list[Blueprint]:
    """The extra pages' blueprint of every registered game that has an ``extras/<slug>.py``."""
    found = []
    for slug in GAMES:
        name = f"{__name__}.{slug}"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as err:
            if err.name != name:  # the module exists but something it imports does not
                raise
            continue
        found.append(module.bp)
    return found
