"""Taking back or changing one entry of a game's log, wherever it is (a void, an amendment),
read and checked the same way for a tap and for an imported game file.

A change to an old entry is checked as the table would check it: every later entry in force is
replayed on top of it, and if any no longer holds, nothing changes and the refusal names each
such entry and why (a page may then offer to take those back too)."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

from .errors import IllegalAction, Problem, RulesError, WouldBreak
from .log import AMEND, META_KINDS, REDO, UNDO, VOID, Entry, Fate, fates, in_force
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


class InForce(Protocol):
    """What a void or an amendment is checked against: the entries in force of the log."""

    def is_in_force(self, seq: int) -> bool: ...
    def state_before(self, seq: int) -> Any: ...
    def values(self, seq: int) -> Mapping[str, Any]: ...


class Folded:
    """:class:`InForce` worked out from the whole log (a tap's check: one change at a time)."""

    def __init__(self, rules: GameRules | None, setup: Mapping[str, Any],
                 log: Sequence[Entry]) -> None:
        self.rules, self.setup, self.log = rules, setup, log
        self._fates: dict[int, Fate] | None = None

    def is_in_force(self, seq: int) -> bool:
        if self._fates is None:
            self._fates = fates(self.log)
        return seq not in self._fates or self._fates[seq].in_force

    def state_before(self, seq: int) -> Any:
        return state_before(self.rules, self.setup, self.log, seq)

    def values(self, seq: int) -> Mapping[str, Any]:
        return next(e.data for e in in_force(self.log) if e.seq == seq)


def void_data(log: Sequence[Entry], data: Mapping[str, Any], now: InForce | None = None
              ) -> dict[str, Any]:
    """A void's values: ``targets``, the numbers of the steps it takes back (each in force now:
    an action, a correction, or a void or amendment to take back in its turn)."""
    raw = data.get("targets")
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_TARGETS:
        raise IllegalAction(t("name between 1 and {limit} steps to take back",
                              limit=MAX_TARGETS), rule=RULE, field="targets")
    targets = sorted({_number(v, "targets") for v in raw})
    now = now or Folded(None, {}, log)
    for seq in targets:
        entry = _entry(log, seq, "targets")
        if entry.kind in (UNDO, REDO):
            raise IllegalAction(t("step {seq} is an undo or a redo: use Undo or Redo",
                                  seq=seq), rule=RULE, field="targets")
        if not now.is_in_force(seq):
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
               data: Mapping[str, Any], now: InForce | None = None) -> dict[str, Any]:
    """An amendment's values: ``target``, the action it changes (an amendment's own number
    stands for the action it amended), and ``data``, that action's new values, read by the
    rules against the state before it as a tap would be."""
    entry = _entry(log, _number(data.get("target"), "target"), "target")
    if entry.kind == AMEND:
        entry = _entry(log, entry.data["target"], "target")
    if entry.kind in META_KINDS:
        raise IllegalAction(t("step {seq} takes back or changes other steps: it has no values "
                              "to change", seq=entry.seq), rule=RULE, field="target")
    now = now or Folded(rules, setup, log)
    if not now.is_in_force(entry.seq):
        raise IllegalAction(t("step {seq} is taken back: bring it back before changing it",
                              seq=entry.seq), rule=RULE, field="target")
    values = data.get("data")
    if not isinstance(values, Mapping):
        raise IllegalAction(t("an amendment needs the step's new values"), rule=RULE,
                            field="data")
    clean = rules.check_action(now.state_before(entry.seq), entry.kind, values)
    if clean == dict(now.values(entry.seq)):
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
        raise would_break(broken, said, rules, rules.new_game(setup), in_force(log))
    return state


def split_broken(rules: GameRules, first: Any, before: Iterable[Entry],
                 broken: Sequence[tuple[Entry, RulesError]]) -> tuple[list, list[int]]:
    """Which ``broken`` entries depend on the change, and which only follow one that does.
    ``before``: the entries in force without the change, from the state ``first`` on. A broken
    entry depends on the change when it would hold there, with the dependent ones found so far
    taken back; one refused there too stops only because an earlier dependent one is left out
    (a round left short), so it is not the change's doing and is named apart."""
    by_seq = {e.seq: (e, err) for e, err in broken}
    depends, follows, state, apply = [], [], first, rules.apply
    for entry in before:
        if entry.seq in by_seq:
            try:
                apply(state, entry.kind, entry.data, entry.by)
                depends.append(by_seq.pop(entry.seq))
            except RulesError:
                follows.append(by_seq.pop(entry.seq)[0].seq)
            continue
        try:
            state = apply(state, entry.kind, entry.data, entry.by)
        except RulesError:
            continue  # (refused before the change too: a stored entry read more strictly now)
    depends += by_seq.values()  # brought back by the change: it alone puts them in force
    if not depends:  # nothing but entries refused already: name them all, as they are
        return sorted(broken, key=lambda b: b[0].seq), []
    return sorted(depends, key=lambda b: b[0].seq), follows


def would_break(broken: Sequence[tuple[Entry, RulesError]], said: Said, rules: GameRules,
                first: Any, before: Iterable[Entry]) -> WouldBreak:
    """The refusal of a change after which the ``broken`` entries no longer hold: each that
    depends on the change named, and apart those that only follow one of them
    (:func:`split_broken`)."""
    depends, follows = split_broken(rules, first, before, broken)
    return WouldBreak([Problem(f"#{e.seq}", t("step {seq} ({action}) would no longer hold: "
                                              "{why}", seq=e.seq, action=said(e.seq),
                                              why=err.message))
                       for e, err in depends], [e.seq for e, _ in depends], following=follows)


def kind_words(rules: GameRules, kind: str) -> Any:
    """What kind of step an entry is, in a few words (its action's label)."""
    if kind == VOID:
        return t("a take-back")
    if kind == AMEND:
        return t("a change")
    return rules.actions[kind].label if kind in rules.actions else kind


def void_words(rules: GameRules, kind_of: Callable[[int], str], targets: Sequence[int]) -> Any:
    """A void in words: each step it takes back by its number and kind, never by that step's
    own words (a take-back of a take-back would quote them one level deeper each time)."""
    return t("Took back {steps}", steps=[t("#{seq} ({kind})", seq=seq,
                                           kind=kind_words(rules, kind_of(seq)))
                                         for seq in targets])


def amend_words(rules: GameRules, before: Any, kind: str, change: Entry, said: Said) -> Any:
    """An amendment in words: the action it changes (``kind``; ``before``, the state before it)
    with its values before and after. The action is never a void or an amendment, so its words
    nest no deeper than a tap's."""
    target = change.data["target"]
    return t("Changed #{seq}: {before}, now {after}", seq=target, before=said(target),
             after=rules.describe(before, kind, change.data["data"]))


def change_words(rules: GameRules, setup: Mapping[str, Any], log: Sequence[Entry],
                 change: Entry, said: Said) -> Any:
    """A void or an amendment in words: the steps it takes back, or the step it changes with
    its values before and after."""
    if change.kind == VOID:
        return void_words(rules, lambda seq: log[seq - 1].kind, change.data["targets"])
    target = change.data["target"]
    return amend_words(rules, state_before(rules, setup, log, target), log[target - 1].kind,
                       change, said)


def touched_since(log: Sequence[Entry], version: int, targets: Sequence[int]) -> bool:
    """Whether a step in ``targets`` was taken back, brought back or changed after ``version``
    (what a phone's page showed), or did not exist then."""
    if any(seq > version for seq in targets):
        return True
    if version >= len(log):  # (the page showed this log: nothing changed since)
        return False
    then, now = fates(log[:version]), fates(log)
    return any(then.get(seq) != now.get(seq) for seq in targets)
