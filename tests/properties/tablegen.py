"""Shared helpers for the proof suites: a valid setup for any registered game, built from its
field specs, and the end-of-game facts of a live state for the ranking property."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from companion.games import GameRules
from companion.games.core import FieldSpec


def field_value(f: FieldSpec, seat: int) -> Any:
    """A value a setup accepts: distinct per seat where the rules ask for distinct values
    (Hadara's initiative, Hexemonia's city), the default where the field is optional."""
    if f.kind == "int":
        if not f.required and f.default is not None:
            return f.default
        return min(f.low + seat, f.high)
    if f.kind == "choice":
        if f.required:
            return f.choices[seat % len(f.choices)][0]
        return f.default if f.default is not None else f.choices[0][0]
    if f.kind == "text":
        return f"P{seat}" if f.name == "name" else ("x" if f.required else "")
    if f.kind == "player":
        return 0
    if f.kind == "bool":
        return bool(f.default)
    raise TypeError(f.kind)


def valid_setup(rules: GameRules, players: int | None = None,
                names: tuple[str, ...] | None = None) -> dict[str, Any]:
    """A setup ``rules.new_game`` accepts. Seat-distinct choices first; when the rules want other
    combinations (Hexemonia's cities depend on the player count), seeded shuffles of them."""
    from companion.games.core import RulesError
    n = players or rules.min_players
    rnd = random.Random(n)
    for attempt in range(200):
        setup: dict[str, Any] = {f.name: field_value(f, 0) for f in rules.setup_fields}
        setup["players"] = [{f.name: field_value(f, i) for f in rules.player_fields}
                            for i in range(n)]
        if attempt:
            for f in rules.player_fields:
                if f.kind == "choice" and f.required:
                    picks = [c for c, _ in f.choices]
                    rnd.shuffle(picks)
                    for i in range(n):
                        setup["players"][i][f.name] = picks[i % len(picks)]
        for i, name in enumerate(names or ()):
            setup["players"][i]["name"] = name
        try:
            rules.new_game(setup)
        except RulesError:
            continue
        return setup
    raise AssertionError(f"no valid {rules.slug} setup for {n} players")


def _hadara_facts(state: Any) -> list:
    from companion.games.hadara.scoring import facts_of
    return [facts_of(p) for p in state.players]


def _tradewarz_facts(state: Any) -> list:
    from companion.games.tradewarz.scoring import facts_from_state
    return facts_from_state(state)


def _hexemonia_facts(state: Any) -> list:
    from companion.games.hexemonia import facts_of
    return facts_of(state)


#: slug -> the facts ``score_facts`` takes, read from a live state (a new game adds one line)
FACTS_OF: dict[str, Callable[[Any], list]] = {
    "hadara": _hadara_facts, "tradewarz": _tradewarz_facts, "hexemonia": _hexemonia_facts}
