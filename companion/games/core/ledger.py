"""A log kept in force entry by entry, as a game file is read: the undo stack, which entries are
voided or amended, and the state after each action in force. A void or an amendment is then
checked by replaying only what it can change, and an undo or a redo of it puts back what it
changed, so reading a log costs its length plus the windows of its changes, never a replay of
the whole log per change.

A change's *window* starts at the oldest step it reaches: its targets, the targets of a void
among them (taking back a void brings back what it took back, and so on down), and the action
an amendment changes. Nothing older changes, so the entries from there on are all that is
walked again, and the actions in force among them all that is replayed. :func:`work` adds these
up from a file's raw entries before anything is replayed, so a file can be refused for its
cost first."""
from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import RulesError
from .history import Said, targets_of, would_break
from .log import AMEND, META_KINDS, REDO, UNDO, VOID, Entry
from .rules import GameRules


@dataclass
class _Swap:
    """What one entry changed, kept to put it back (its undo) and again (its redo): the fold
    from index ``at`` on, and the fates (void in force, amendment in force) of ``keys``."""

    at: int
    seqs: list[int]
    states: list[Any]
    keys: list[int]
    voided: list[int | None]
    amended: list[int | None]


class Ledger:
    """The entries in force of a log read so far, and the state after each action among them."""

    def __init__(self, rules: GameRules, first: Any) -> None:
        self.rules, self.first = rules, first
        self.log: list[Entry] = []  # every entry, by number (``log[seq - 1]``)
        self.stack: list[int] = []  # the undo stack's numbers, oldest first (so: increasing)
        self.undone: list[tuple[int, _Swap]] = []  # what redo brings back, newest last
        self._swaps: dict[int, _Swap] = {}  # for each entry on the stack: what its undo puts back
        self._voided_by: dict[int, int] = {}
        self._amended_by: dict[int, int] = {}
        self._fold: list[int] = []  # the actions in force, in order
        self._states: list[Any] = []  # the state after each

    @property
    def state(self) -> Any:
        return self._states[-1] if self._states else self.first

    def is_in_force(self, seq: int) -> bool:
        """Whether entry ``seq`` is on the undo stack and not voided."""
        i = bisect_left(self.stack, seq)
        return i < len(self.stack) and self.stack[i] == seq and seq not in self._voided_by

    def state_before(self, seq: int) -> Any:
        """The state the actions in force before step ``seq`` lead to."""
        i = bisect_left(self._fold, seq)
        return self._states[i - 1] if i else self.first

    def values(self, seq: int) -> Mapping[str, Any]:
        """Action ``seq``'s values in force (its newest amendment's, else its own)."""
        amend = self._amended_by.get(seq)
        return self.log[amend - 1].data["data"] if amend else self.log[seq - 1].data

    def act(self, entry: Entry, after: Any) -> None:
        """An action applied on :attr:`state`, ``after`` the state it leads to."""
        self._push(entry, _Swap(len(self._fold), [], [], [], [], []))
        self._fold.append(entry.seq)
        self._states.append(after)

    def undo(self, entry: Entry) -> int:
        """Take back the newest entry of the stack (``entry`` is the undo); returns its number."""
        self.log.append(entry)
        seq = self.stack.pop()
        self.undone.append((seq, self._swap(self._swaps.pop(seq))))
        return seq

    def redo(self, entry: Entry) -> int:
        """Bring back the newest undone entry (``entry`` is the redo); returns its number."""
        self.log.append(entry)
        seq, swap = self.undone.pop()
        self.stack.append(seq)
        self._swaps[seq] = self._swap(swap)
        return seq

    def change(self, entry: Entry, said: Said) -> None:
        """A void or an amendment, its values checked: every entry in force after the oldest
        step it reaches is replayed on top of it; raises WouldBreak naming each that no longer
        holds (then nothing changes)."""
        lo = self._reach(entry)
        keys = [*self.stack[bisect_left(self.stack, lo):], entry.seq]
        get = (lambda seq: entry if seq == entry.seq else self.log[seq - 1])
        voided, amended = _fates(get, keys, lo)
        at = bisect_left(self._fold, lo)
        seqs, states = self._replay(get, keys, voided, amended, at, said)
        swap = _Swap(at, seqs, states, keys, [voided.get(k) for k in keys],
                     [amended.get(k) for k in keys])
        self._push(entry, self._swap(swap))

    def _push(self, entry: Entry, undo: _Swap) -> None:
        self.log.append(entry)
        self.stack.append(entry.seq)
        self._swaps[entry.seq] = undo
        self.undone.clear()  # as a tap does: a new entry clears what could be redone

    def _reach(self, change: Entry) -> int:
        """The oldest step ``change`` reaches (where its window starts)."""
        lo, todo, seen = change.seq, list(targets_of(change)), set()
        while todo:
            seq = todo.pop()
            if seq not in seen:
                seen.add(seq)
                lo = min(lo, seq)
                todo.extend(targets_of(self.log[seq - 1]))
        return lo

    def _replay(self, get: Callable[[int], Entry], keys: Sequence[int], voided: dict,
                amended: dict, at: int, said: Said) -> tuple[list[int], list[Any]]:
        """The actions in force among ``keys`` applied from the fold's state before index
        ``at``: their numbers and the states after them; WouldBreak if any no longer holds."""
        state = self._states[at - 1] if at else self.first
        seqs, states, broken, apply = [], [], [], self.rules.apply
        for seq in keys:
            e = get(seq)
            if e.kind in META_KINDS or seq in voided:
                continue
            data = get(amended[seq]).data["data"] if seq in amended else e.data
            try:
                state = apply(state, e.kind, data, e.by)
            except RulesError as err:
                broken.append((Entry(seq, e.kind, data, e.by), err))
                continue
            seqs.append(seq)
            states.append(state)
        if broken:
            raise would_break(broken, said, self.rules, self._states[at - 1] if at else
                              self.first, self._before(at))
        return seqs, states

    def _before(self, at: int) -> list[Entry]:
        """The actions in force from the fold's index ``at`` on, as they stand before the
        change being checked (their values in force)."""
        return [Entry(seq, self.log[seq - 1].kind, self.values(seq), self.log[seq - 1].by)
                for seq in self._fold[at:]]

    def _swap(self, swap: _Swap) -> _Swap:
        """Put ``swap`` in place; returns what it replaced (so the same call puts that back)."""
        at = swap.at
        out = _Swap(at, self._fold[at:], self._states[at:], swap.keys,
                    [self._voided_by.get(k) for k in swap.keys],
                    [self._amended_by.get(k) for k in swap.keys])
        self._fold[at:], self._states[at:] = swap.seqs, swap.states
        for key, void, amend in zip(swap.keys, swap.voided, swap.amended, strict=True):
            _put(self._voided_by, key, void)
            _put(self._amended_by, key, amend)
        return out


def _put(into: dict[int, int], key: int, value: int | None) -> None:
    if value is None:
        into.pop(key, None)
    else:
        into[key] = value


def _fates(get: Callable[[int], Entry], keys: Sequence[int], lo: int
           ) -> tuple[dict[int, int], dict[int, int]]:
    """Which of ``keys`` (the stack from step ``lo`` on) are voided, and by which void, and
    which actions among them are amended, and by which amendment, as ``core.fates`` says: an
    entry's fate depends on newer entries only, so the window decides it alone."""
    voided: dict[int, int] = {}
    for seq in reversed(keys):
        e = get(seq)
        if e.kind == VOID and seq not in voided:
            for target in e.data["targets"]:
                if target >= lo:
                    voided.setdefault(target, seq)
    amended: dict[int, int] = {}
    for seq in keys:
        e = get(seq)
        if e.kind == AMEND and seq not in voided and e.data["target"] >= lo:
            amended[e.data["target"]] = seq
    return voided, amended


def work(actions: Sequence[Any]) -> tuple[int, int]:
    """What reading a file's log (its raw entries) costs at most beyond one replay: the entries
    walked again by its changes and their undos and redos, and the actions replayed again.
    Entries not shaped as a reader accepts count nothing (the reader refuses them first)."""
    kinds: list[str] = []
    starts: dict[int, int] = {}  # each change's window start
    actions_before = [0]  # actions among the first n entries
    walked = replayed = 0
    for i, raw in enumerate(actions):
        seq = i + 1
        kind = raw.get("kind") if isinstance(raw, dict) else None
        data = raw.get("data") if isinstance(raw, dict) else None
        data = data if isinstance(data, dict) else {}
        kinds.append(kind if isinstance(kind, str) else "")
        actions_before.append(actions_before[-1] + (kinds[-1] not in META_KINDS))
        if kind in (VOID, AMEND):
            named = data.get("targets") if kind == VOID else [data.get("target")]
            reached = [t for t in named if type(t) is int and 1 <= t < seq] \
                if isinstance(named, list) else []
            lo = min([seq, *reached, *(starts.get(t, t) for t in reached)])
            starts[seq] = lo
            walked += seq - lo + 1
            replayed += actions_before[seq] - actions_before[lo - 1]
        elif kind in (UNDO, REDO):
            target = data.get("target")
            walked += (target - starts[target] + 1) if type(target) is int and target in starts \
                else 1
    return walked, replayed
