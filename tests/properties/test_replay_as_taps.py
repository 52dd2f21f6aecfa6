"""A game file's log is read as the table would have tapped it (issue 36): the file reader keeps
the log in force entry by entry (``core.ledger``) instead of refolding the whole log for each
take-back, and must accept and refuse exactly what a tap does (``core.history`` on the whole
log, as ``store`` records a void or an amendment), with the same state and the same words.

Random logs of corrections (coins cannot go below 0, so a take-back often breaks a later step),
take-backs of anything (chains of take-backs of take-backs included), changes, undos and redos,
each step tried on both readers."""
from __future__ import annotations

import random
from datetime import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games import get_game
from companion.games.core import (
    AMEND,
    REDO,
    UNDO,
    VOID,
    Entry,
    RulesError,
    effective_entries,
    fates,
)
from companion.games.core import history as changes
from companion.games.gamefile import Replay
from tests.properties.tablegen import SETTINGS
from tests.table_helpers import sample_setup

RULES = get_game("hadara")
SETUP = sample_setup(RULES, 2)
AT = datetime(2026, 1, 1)


def candidate(rnd: random.Random, log: list[Entry]) -> tuple[str, dict]:
    """The next entry a table might tap: mostly corrections and take-backs of recent steps."""
    roll, seq = rnd.random(), len(log) + 1
    recent = [e.seq for e in log[-8:] if e.kind not in (UNDO, REDO)]
    if roll < 0.4 or not recent:
        return "correct", {"player": rnd.randrange(2), "value": "coins",
                           "delta": rnd.randint(-4, 4) or 1}
    if roll < 0.7:
        pool = recent if rnd.random() < 0.8 else range(1, seq)
        return VOID, {"targets": sorted(rnd.sample(list(pool), min(len(pool),
                                                                     rnd.randint(1, 2))))}
    if roll < 0.8:
        target = log[rnd.choice(recent) - 1]  # (a file names the action an amendment changed)
        target = target.data["target"] if target.kind == AMEND else target.seq
        return AMEND, {"target": target, "data": {
            "player": rnd.randrange(2), "value": "coins", "delta": rnd.randint(-4, 4) or 2}}
    active, undone = effective_entries(log)
    kind = UNDO if roll < 0.92 or not undone else REDO
    target = (active or [Entry(0, "", {})])[-1] if kind == UNDO else undone[-1]
    return kind, {"target": target.seq}


def tapped(log: list[Entry], words: dict[int, object], kind: str, data: dict):
    """The entry a tap records (core.history on the whole log, as the store does), its words
    and the state after it; raises RulesError as the tap is refused."""
    seq, said = len(log) + 1, words.__getitem__
    if kind in (VOID, AMEND):
        clean = (changes.void_data(log, data) if kind == VOID
                 else changes.amend_data(RULES, SETUP, log, data))
        change = Entry(seq, kind, clean, "")
        changes.after_change(RULES, SETUP, log, change, said)
        text = changes.change_words(RULES, SETUP, log, change, said)
        return change, text
    if kind in (UNDO, REDO):
        active, undone = effective_entries(log)
        source = active if kind == UNDO else undone
        if not source or source[-1].seq != data["target"]:
            raise RulesError("nothing to take back or bring back")
        return Entry(seq, kind, data, ""), words[data["target"]]
    state = RULES.fold(SETUP, log)
    clean = RULES.check_action(state, kind, data)
    RULES.apply(state, kind, clean, "")
    return Entry(seq, kind, clean, ""), RULES.describe(state, kind, clean)


def read_with(actions: list[dict], kind: str, data: dict) -> Replay:
    """A file's reader after reading ``actions`` and then the entry ``kind``/``data`` (through
    its one way in, ``Replay.read``); raises IllegalAction as the file is refused."""
    replay = Replay(RULES, RULES.new_game(SETUP), SETUP)
    replay.read([*actions, {"seq": len(actions) + 1, "kind": kind, "data": data, "by": "",
                            "at": AT.isoformat()}])
    return replay


@pytest.mark.parametrize("chain", [False, True])
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_a_file_is_accepted_and_refused_step_by_step_as_taps_would_be(chain, seed):
    rnd = random.Random(seed)
    log: list[Entry] = []
    actions: list[dict] = []  # the file so far, as an export writes it
    words: dict[int, object] = {}
    for _ in range(70):
        kind, data = candidate(rnd, log)
        if chain and kind == VOID and log and log[-1].kind == VOID:
            data = {"targets": [log[-1].seq]}  # take back the take-back, again and again
        try:
            entry, text = tapped(log, words, kind, data)
        except RulesError as err:
            with pytest.raises(RulesError) as read:
                read_with(actions, kind, data)
            assert kind in (UNDO, REDO) or all(str(p.message) in str(read.value)
                                               for p in err.problems)
            continue
        replay = read_with(actions, kind, dict(entry.data))
        done = replay.entries[-1]
        if kind not in (UNDO, REDO):
            assert str(done.text) == str(text)
        assert (done.kind, done.data) == (entry.kind, dict(entry.data))
        log.append(entry)
        actions.append({"seq": entry.seq, "kind": kind, "data": dict(entry.data), "by": "",
                        "at": AT.isoformat()})
        words[entry.seq] = done.text
        assert replay.state == RULES.fold(SETUP, log)
        fate = fates(log)
        assert {e.seq: replay.ledger.is_in_force(e.seq) for e in log
                if e.kind not in (UNDO, REDO)} == {
            e.seq: e.seq not in fate or fate[e.seq].in_force for e in log
            if e.kind not in (UNDO, REDO)}
