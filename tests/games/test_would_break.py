""""Would break" names only the steps that depend on the changed one: a change to an old step
is refused naming each later step the rules refuse after it, and apart the steps that stop only
because one of those would be left out (a round left short), so that a take-back offered with
the refusal never takes back a step the change did not touch. Both readers of a change agree:
a tap's (``history.after_change``) and a game file's (``Ledger``)."""
import pytest

from companion.games import get_game
from companion.games.core import AMEND, VOID, Entry, WouldBreak
from companion.games.core import history as changes
from companion.games.core.ledger import Ledger

H = get_game("hadara")
SETUP = {"players": [{"name": n, "initiative": i + 1, "side": "A", "coins": 5, "income": 0,
                      "military": 0, "culture": 0, "food": 0}
                     for i, n in enumerate(("Ana", "Ben", "Cy"))]}
# phase A of epoch I: Ana's cheap first card pays for her second; in round 3 Ben comes first
STEPS = [("buy", {"player": 0, "colour": "yellow", "cost": 1, "round": 1}),  # #1 Ana: 4 coins
         ("sell", {"player": 1, "round": 1}), ("sell", {"player": 2, "round": 1}),
         ("sell", {"player": 1, "round": 2}),                                # #4 in between
         ("buy", {"player": 0, "colour": "red", "cost": 4, "round": 2}),     # #5 Ana: 0 coins
         ("sell", {"player": 2, "round": 2}),                                # #6 after
         ("sell", {"player": 1, "round": 3}),                                # #7 after
         ("sell", {"player": 0, "round": 3})]                                # #8 after


def played() -> list[Entry]:
    state, log = H.new_game(SETUP), []
    for seq, (kind, data) in enumerate(STEPS, start=1):
        clean = H.check_action(state, kind, data)
        state = H.apply(state, kind, clean)
        log.append(Entry(seq, kind, clean, ""))
    return log


def by_tap(log, change):
    changes.after_change(H, SETUP, log, change, str)


def by_file(log, change):
    ledger = Ledger(H, H.new_game(SETUP))
    for entry in log:
        ledger.act(entry, H.apply(ledger.state, entry.kind, entry.data))
    ledger.change(change, str)


@pytest.mark.parametrize("read", [by_tap, by_file], ids=["tap", "file"])
def test_a_change_names_only_the_later_step_it_makes_the_rules_refuse(read):
    log = played()
    dearer = {"target": 1, "data": {**log[0].data, "cost": 3}}  # Ana keeps 2 coins, not 4
    with pytest.raises(WouldBreak) as err:
        read(log, Entry(len(log) + 1, AMEND, dearer, ""))
    assert err.value.entries == (5,)  # her red card can no longer be paid
    assert [p.field for p in err.value.problems] == ["#5"]
    # Ben's round 3 card stops only because Ana's round 2 card would be left out
    assert err.value.following == (7,)


@pytest.mark.parametrize("read", [by_tap, by_file], ids=["tap", "file"])
def test_a_take_back_names_every_later_step_that_counts_on_it(read):
    log = played()
    with pytest.raises(WouldBreak) as err:
        read(log, Entry(len(log) + 1, VOID, {"targets": [5]}, ""))
    assert err.value.entries == (7,) and err.value.following == ()
