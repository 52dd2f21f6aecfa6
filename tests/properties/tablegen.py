"""Shared helpers for the proof suites: a valid setup for any registered game, built from its
field specs, and the end-of-game facts of a live state for the ranking property."""
from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, settings

from companion.games import GAMES, GameRules
from companion.games.core import RULING, Entry, FieldSpec, RulesError


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


# ------------------------------------------------------------- walking a game through its steps

#: texts a walk types into text fields: names, Hexemonia's hexes, TradeWarz's cards and costs
WALK_TEXTS = ("", "x", "Acropolis", "Acropolis: 1c", "4/1/1, 3/1/0, 2/0/1, 1/1/1, 2/1/0, 3/0/1",
              "1/1/1, 2/0/1, 0/1/1, 1/0/1, 1/1/0, 2/1/0", "3 lumber + 3 wheat")


def walk_value(rnd: random.Random, f: FieldSpec, names: tuple[str, ...]) -> Any:
    """A value a table might tap into field ``f``: small numbers most of the time."""
    if f.kind in ("int", "player"):
        low, high = (0, len(names) - 1) if f.kind == "player" else (f.low, f.high)
        if rnd.random() < 0.9:
            high = min(high, low + 6)
        return rnd.randint(low, high)
    if f.kind == "choice":
        return rnd.choice(f.choices)[0]
    if f.kind == "bool":
        return rnd.random() < 0.5
    return rnd.choice((*WALK_TEXTS, *names))


def walk_candidate(rules: GameRules, kind: str, names: tuple[str, ...],
                   rnd: random.Random) -> dict[str, Any]:
    from companion.games.core import RULING
    if kind == RULING:  # a reading of that very ruling
        rid = rnd.choice(sorted(rules.rulings))
        return {"ruling": rid, "reading": rnd.choice(sorted(rules.rulings[rid].readings))}
    return {f.name: walk_value(rnd, f, names) for f in rules.spec(kind).fields}


def walk(rules: GameRules, setup: dict[str, Any], seed: int, *, steps: int = 400,
         tries: int = 40) -> tuple[list[Any], dict[str, tuple[int, dict[str, Any]]]]:
    """A game played by seeded random legal actions, each kind tried first while it has never
    been taken, then the game's own steps before corrections (so the walk reaches the game's
    later steps): the log (entries) and, for each kind taken, the number of entries before its
    first use and its values then (clean, legal)."""
    from companion.games.core import CORRECT, RULING, Entry, RulesError
    fixes = {k for k, spec in rules.actions.items() if spec.correction} | {CORRECT, RULING}
    rnd = random.Random(seed)
    state, log, firsts = rules.new_game(setup), [], {}
    names = rules.player_names(state)
    for _ in range(steps):
        available = list(rules.available(state))
        for kinds in ([k for k in available if k not in firsts],
                      [k for k in available if k not in fixes], available):
            taken = None
            for _ in range(tries if kinds else 0):
                kind = rnd.choice(kinds)
                try:
                    clean = rules.check_action(state, kind, walk_candidate(rules, kind, names, rnd))
                    taken = (kind, clean, rules.apply(state, kind, clean))
                    break
                except RulesError:
                    continue
            if taken:
                break
        if not taken:
            break
        kind, clean, state = taken
        firsts.setdefault(kind, (len(log), clean))
        log.append(Entry(len(log) + 1, kind, clean))
    return log, firsts


STEPS = 60  # accepted actions per example


TRIES = 60  # candidates drawn per step before giving up on that step


SETTINGS = settings(max_examples=25, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def draw_value(rnd: random.Random, f: FieldSpec, players: int, names: tuple[str, ...]) -> Any:
    if f.kind in ("int", "player"):
        low, high = (0, players - 1) if f.kind == "player" else (f.low, f.high)
        if rnd.random() < 0.85:  # small numbers are the ones a table really types
            high = min(high, low + 8)
        return rnd.randint(low, high)
    if f.kind == "choice":
        return rnd.choice(f.choices)[0]
    if f.kind == "bool":
        return rnd.random() < 0.5
    return rnd.choice(("", "x", *names, "Acropolis", "Acropolis: 1c", "1/1/1, 2/0/1"))


def candidate(rules, state, rnd: random.Random) -> tuple[str, dict]:
    kinds = [k for k in rules.available(state) if k != RULING]
    kind = rnd.choice(kinds)
    names = rules.player_names(state)
    data = {f.name: draw_value(rnd, f, len(names), names) for f in rules.spec(kind).fields}
    return kind, data


def play(rules, state, rnd: random.Random) -> tuple[Any, Entry | None]:
    """One legal action drawn at random, applied; None when no candidate was accepted."""
    for _ in range(TRIES):
        kind, raw = candidate(rules, state, rnd)
        try:
            clean = rules.check_action(state, kind, raw)
            after = rules.apply(state, kind, clean)
        except RulesError:
            continue
        return after, Entry(0, kind, clean)
    return state, None


def random_game(slug: str, seed: int, players: int):
    """Setup, the log of accepted entries and each state along the way."""
    rules = GAMES[slug]
    players = max(rules.min_players, min(players, rules.max_players))
    setup = valid_setup(rules, players)
    state = rules.new_game(setup)
    rnd = random.Random(seed)
    log: list[Entry] = []
    states = [state]
    for _ in range(STEPS):
        state, entry = play(rules, state, rnd)
        if entry is None:
            break
        log.append(dataclasses.replace(entry, seq=len(log) + 1))
        states.append(state)
    return rules, setup, log, states
