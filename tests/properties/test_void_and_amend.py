"""Properties of taking back (void) and changing (amend) one entry of a log, for every registered
game, over random legal games (issue 20):

- voiding an entry gives the state of a log that never had it, whenever every later entry still
  holds (and when one does not, the change names it and the refold leaves it out);
- amending an entry and then voiding the amendment gives back the original state;
- an undo takes back a void like any entry, so undo and redo still behave as before.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games import GAMES
from companion.games.core import AMEND, UNDO, VOID, Entry, RulesError, WouldBreak
from companion.games.core import history as changes
from tests.properties.tablegen import SETTINGS, candidate, random_game

SLUGS = sorted(GAMES)


def said(seq: int) -> str:
    return f"step {seq}"


@pytest.mark.parametrize("slug", SLUGS)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), pick=st.randoms())
def test_voiding_an_entry_gives_the_state_of_a_log_that_never_had_it(slug, seed, players, pick):
    rules, setup, log, _ = random_game(slug, seed, players)
    if not log:
        return
    target = pick.choice(log).seq
    void = Entry(len(log) + 1, VOID, changes.void_data(log, {"targets": [target]}))
    without = [e for e in log if e.seq != target]
    try:
        state = changes.after_change(rules, setup, log, void, said)
    except WouldBreak as err:
        # the refusal names exactly the entries a log without the target cannot take: those
        # the take-back stops, and apart those that only follow one of them
        refolded, broken = rules.refold(setup, without)
        assert sorted(err.entries + err.following) == [e.seq for e, _ in broken] and broken
        assert err.entries and not set(err.entries) & set(err.following)
        return
    assert state == rules.fold(setup, without) == rules.fold(setup, [*log, void])
    # and an undo of the void gives back the state before it
    assert rules.fold(setup, [*log, void, Entry(len(log) + 2, UNDO, {})]) == \
        rules.fold(setup, log)


@pytest.mark.parametrize("slug", SLUGS)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), pick=st.randoms())
def test_amending_then_voiding_the_amendment_gives_back_the_original_state(slug, seed, players,
                                                                          pick):
    rules, setup, log, states = random_game(slug, seed, players)
    if not log:
        return
    target = pick.choice(log)
    before = states[target.seq - 1]
    rnd = random.Random(pick.random())
    for _ in range(40):  # other values of the same kind of action, as a table would type them
        kind, raw = candidate(rules, before, rnd)
        if kind != target.kind:
            continue
        try:
            data = changes.amend_data(rules, setup, log, {"target": target.seq, "data": raw})
            amend = Entry(len(log) + 1, AMEND, data)
            changes.after_change(rules, setup, log, amend, said)
        except RulesError:
            continue
        amended = [*log, amend]
        assert rules.fold(setup, amended) == rules.fold(
            setup, [Entry(e.seq, e.kind, data["data"], e.by) if e.seq == target.seq else e
                    for e in log])
        void = Entry(len(log) + 2, VOID, changes.void_data(amended, {"targets": [amend.seq]}))
        assert rules.fold(setup, [*amended, void]) == rules.fold(setup, log) == states[-1]
        return
