"""A game's log as the rules see it: entries, the meta kinds (undo, redo), hidden information,
and the fold of undo and redo."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Entry:
    """One action of a game's log as the rules see it: its number, kind, data and who sent it."""

    seq: int
    kind: str
    data: Mapping[str, Any]
    by: str = ""


@dataclass(frozen=True)
class Secret:
    """A player's hidden information in a game's record (an Acropolis drawn face down, a battle
    deck): the seat it belongs to and where it is: ``seq`` 0 for the setup, else the log entry
    with that number, and ``path`` the keys leading to it inside the setup or the entry's data."""

    seat: int
    seq: int
    path: tuple[str | int, ...]


UNDO, REDO, RULING, CORRECT = "undo", "redo", "ruling", "correct"
META_KINDS = (UNDO, REDO)


def effective_entries(log: Sequence[Entry]) -> tuple[list[Entry], list[Entry]]:
    """Fold undo and redo: the entries still in force, in order, and the redo stack (newest last).

    Undo takes back the newest entry in force; redo brings back the newest undone one, and a new
    action clears what could be redone, as in any editor. Nothing is deleted from the log.
    """
    active: list[Entry] = []
    undone: list[Entry] = []
    for entry in log:
        if entry.kind == UNDO:
            if active:
                undone.append(active.pop())
        elif entry.kind == REDO:
            if undone:
                active.append(undone.pop())
        else:
            active.append(entry)
            undone.clear()
    return active, undone
