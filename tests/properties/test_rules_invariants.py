"""Properties of every registered rules library, over random legal action sequences.

Candidate actions come from the game's ActionSpecs and the current state (``available``); the
rules themselves decide which are legal, and only accepted ones extend the log. Along the way:
no count goes below zero, totals are the sum of their score lines, the ranking ignores seat order,
and an undo restores exactly the state before the undone action.
"""
from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games import GAMES
from companion.games.core import META_KINDS, UNDO, Entry
from companion.web.views.api import result_to_json
from tests.properties.tablegen import (
    FACTS_OF,
    SETTINGS,
    random_game,
)

SLUGS = sorted(GAMES)
#: integer fields that hold a sentinel below zero by design ("no one holds the Philosopher")
SENTINELS = {"philosopher"}


def negatives(value: Any, path: str = "state") -> list[str]:
    """Every integer below zero inside a state (dataclasses, tuples, dicts), by path."""
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, int):
        return [f"{path} = {value}"] if value < 0 else []
    if dataclasses.is_dataclass(value):
        return [bad for f in dataclasses.fields(value) if f.name not in SENTINELS
                for bad in negatives(getattr(value, f.name), f"{path}.{f.name}")]
    if isinstance(value, (tuple, list, frozenset)):
        return [bad for i, v in enumerate(value) for bad in negatives(v, f"{path}[{i}]")]
    if isinstance(value, dict):
        return [bad for k, v in value.items() for bad in negatives(v, f"{path}[{k!r}]")]
    return []


def check_score(rules, state) -> None:
    body = result_to_json(rules.score(state))
    for p in body["players"]:
        assert p["total"] == sum(line["points"] for line in p["lines"]), p
    placed = sorted(n for place in body["ranking"] for n in place["names"])
    assert placed == sorted(rules.player_names(state))
    by_total = {p["name"]: p["total"] for p in body["players"]}
    place_of = {n: pl["place"] for pl in body["ranking"] for n in pl["names"]}
    for a in by_total:
        for b in by_total:
            if by_total[a] > by_total[b]:
                assert place_of[a] < place_of[b], (a, b, body["ranking"])


def places(result) -> dict[str, int]:
    return {n: p.place for p in result.ranking for n in p.names}


@pytest.mark.parametrize("slug", SLUGS)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_no_count_goes_below_zero_and_totals_add_up(slug, seed, players):
    rules, _, _, states = random_game(slug, seed, players)
    for state in states:
        assert negatives(state) == []
        check_score(rules, state)


@pytest.mark.parametrize("slug", [s for s in SLUGS if s in FACTS_OF])
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), shuffle=st.randoms())
def test_ranking_ignores_seat_order(slug, seed, players, shuffle):
    rules, _, _, states = random_game(slug, seed, players)
    state = states[-1]
    facts = FACTS_OF[slug](state)
    mixed = list(facts)
    shuffle.shuffle(mixed)
    assert places(rules.score_facts(mixed, state.rulings)) == \
        places(rules.score_facts(facts, state.rulings))


@pytest.mark.parametrize("slug", SLUGS)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_undo_restores_the_previous_state_exactly(slug, seed, players):
    rules, setup, log, states = random_game(slug, seed, players)
    for n in range(1, len(log) + 1):
        undo = Entry(n + 1, UNDO, {})
        assert rules.fold(setup, log[:n] + [undo]) == rules.fold(setup, log[:n - 1])
    assert rules.fold(setup, log) == states[-1]
    assert UNDO in META_KINDS
