"""Taking back or changing one entry of a game's log, wherever it is (a void, an amendment),
read and checked the same way for a tap and for an imported game file.

A change to an old entry is checked as the table would check it: every later entry in force is
replayed on top of it, and if any no longer holds, nothing changes and the refusal names each
such entry and why (a page may then offer to take those back too)."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .errors import IllegalAction, Problem, WouldBreak
from .log import AMEND, META_KINDS, REDO, UNDO, VOID, Entry, fates, in_force
from .rules import GameRules
from .words import t

#: at most this many entries taken back at once (a whole epoch of a 5-player game is fewer)
MAX_TARGETS = 60
RULE = "History"

Said = Callable[[int], Any]  # an entry's words, by its number


def _number(value: Any, field: str) -> int:
    if type(value) is not int or value < 1:
        raise IllegalAction(t("{field} must be the number of a step of this game", field=field),
                            rule=RULE, field=field)
    return value


def _entry(log: Sequence[Entry], seq: int, field: str) -> Entry:
    if seq > len(log) or log[seq - 1].seq != seq:
        raise IllegalAction(t("this game has no step {seq}", seq=seq), rule=RULE, field=field)
    return log[seq - 1]


def void_data(log: Sequence[Entry], data: Mapping[str, Any]) -> dict[str, Any]:
    """A void's values: ``targets``, the numbers of the steps it takes back (each in force now:
    an action, a correction, or a void or amendment to take back in its turn)."""
    raw = data.get("targets")
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_TARGETS:
        raise IllegalAction(t("name between 1 and {limit} steps to take back",
                              limit=MAX_TARGETS), rule=RULE, field="targets")
    targets = sorted({_number(v, "targets") for v in raw})
    fate = fates(log)
    for seq in targets:
        entry = _entry(log, seq, "targets")
        if entry.kind in (UNDO, REDO):
            raise IllegalAction(t("step {seq} is an undo or a redo: use Undo or Redo",
                                  seq=seq), rule=RULE, field="targets")
        if seq in fate and not fate[seq].in_force:
            raise IllegalAction(t("step {seq} is already taken back", seq=seq), rule=RULE,
                                field="targets")
    return {"targets": targets}


def state_before(rules: GameRules, setup: Mapping[str, Any], log: Sequence[Entry],
                 seq: int) -> Any:
    """The state the entries in force before step ``seq`` lead to."""
    state = rules.new_game(setup)
    for entry in in_force(log):
        if entry.seq >= seq:
            break
        state = rules.apply(state, entry.kind, entry.data, entry.by)
    return state


def amend_data(rules: GameRules, setup: Mapping[str, Any], log: Sequence[Entry],
               data: Mapping[str, Any]) -> dict[str, Any]:
    """An amendment's values: ``target``, the action it changes (an amendment's own number
    stands for the action it amended), and ``data``, that action's new values, read by the
    rules against the state before it as a tap would be."""
    entry = _entry(log, _number(data.get("target"), "target"), "target")
    if entry.kind == AMEND:
        entry = _entry(log, entry.data["target"], "target")
    if entry.kind in META_KINDS:
        raise IllegalAction(t("step {seq} takes back or changes other steps: it has no values "
                              "to change", seq=entry.seq), rule=RULE, field="target")
    fate = fates(log).get(entry.seq)
    if fate is not None and not fate.in_force:
        raise IllegalAction(t("step {seq} is taken back: bring it back before changing it",
                              seq=entry.seq), rule=RULE, field="target")
    values = data.get("data")
    if not isinstance(values, Mapping):
        raise IllegalAction(t("an amendment needs the step's new values"), rule=RULE,
                            field="data")
    before = state_before(rules, setup, log, entry.seq)
    clean = rules.check_action(before, entry.kind, values)
    current = next(e.data for e in in_force(log) if e.seq == entry.seq)
    if clean == dict(current):
        raise IllegalAction(t("these are the values step {seq} already has: nothing to change",
                              seq=entry.seq), rule=RULE, field="data")
    return {"target": entry.seq, "data": clean}


def targets_of(entry: Entry) -> tuple[int, ...]:
    """The steps a void or an amendment acts on."""
    if entry.kind == VOID:
        return tuple(entry.data["targets"])
    return (entry.data["target"],) if entry.kind == AMEND else ()


def after_change(rules: GameRules, setup: Mapping[str, Any], log: Sequence[Entry],
                 change: Entry, said: Said) -> Any:
    """The state after ``change`` (a void or an amendment appended to ``log``), with every
    later entry checked again; raises WouldBreak naming each entry that would no longer hold."""
    state, broken = rules.refold(setup, [*log, change])
    if broken:
        raise WouldBreak([Problem(f"#{e.seq}", t("step {seq} ({action}) would no longer hold: "
                                                 "{why}", seq=e.seq, action=said(e.seq),
                                                 why=err.message))
                          for e, err in broken], [e.seq for e, _ in broken])
    return state


def change_words(rules: GameRules, setup: Mapping[str, Any], log: Sequence[Entry],
                 change: Entry, said: Said) -> Any:
    """A void or an amendment in words: the steps it takes back, or the step it changes with
    its values before and after."""
    if change.kind == VOID:
        return t("Took back {steps}", steps=[t("#{seq} {action}", seq=seq, action=said(seq))
                                             for seq in change.data["targets"]])
    target = change.data["target"]
    before = state_before(rules, setup, log, target)
    return t("Changed #{seq}: {before}, now {after}", seq=target, before=said(target),
             after=rules.describe(before, log[target - 1].kind, change.data["data"]))


def touched_since(log: Sequence[Entry], version: int, targets: Sequence[int]) -> bool:
    """Whether a step in ``targets`` was taken back, brought back or changed after ``version``
    (what a phone's page showed), or did not exist then."""
    if any(seq > version for seq in targets):
        return True
    then, now = fates(log[:version]), fates(log)
    return any(then.get(seq) != now.get(seq) for seq in targets)
