"""A game's log as the rules see it: entries, the meta kinds (undo, redo, void, amend), hidden
information, and the fold of them into the entries in force.

Nothing is ever deleted from a log. Undo and redo work as a stack (newest first, as in any
editor); a void takes back chosen entries wherever they are in the log, and an amendment
replaces one entry's values. Both are entries themselves, so an undo takes them back too, and a
void of a void or of an amendment brings back what it had changed."""
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


UNDO, REDO, VOID, AMEND, RULING, CORRECT = "undo", "redo", "void", "amend", "ruling", "correct"
#: the kinds that act on other entries (their ``data`` names them) instead of on the game
META_KINDS = (UNDO, REDO, VOID, AMEND)


def effective_entries(log: Sequence[Entry]) -> tuple[list[Entry], list[Entry]]:
    """Fold undo and redo: the entries still in force, in order, and the redo stack (newest last).

    Undo takes back the newest entry in force; redo brings back the newest undone one, and a new
    action clears what could be redone, as in any editor. Nothing is deleted from the log.
    A void or an amendment is an entry of the stack like an action (an undo takes it back);
    :func:`in_force` resolves them.
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


@dataclass(frozen=True)
class Fate:
    """What became of one entry of a log: taken back by an undo (``undone``), by the void entry
    ``voided_by``, or changed by the amendment ``amended_by`` (the newest one in force)."""

    undone: bool = False
    voided_by: int | None = None
    amended_by: int | None = None

    @property
    def in_force(self) -> bool:
        return not self.undone and self.voided_by is None


def _voiders(active: Sequence[Entry]) -> dict[int, int]:
    """Each voided entry of the stack and the void in force that voids it. A void's targets are
    older than it, so walking from the newest entry decides each void before what it voids."""
    voided_by: dict[int, int] = {}
    for entry in reversed(active):
        if entry.kind == VOID and entry.seq not in voided_by:
            for target in entry.data.get("targets", ()):
                voided_by.setdefault(target, entry.seq)
    return voided_by


def fates(log: Sequence[Entry]) -> dict[int, Fate]:
    """What became of each entry of ``log`` that is not in force as recorded (undone, voided
    or amended), by sequence number; an entry not named is in force as recorded."""
    active, undone = effective_entries(log)
    stacked = {e.seq for e in active}
    voided_by = _voiders(active)
    amended: dict[int, int] = {}
    for e in active:
        if e.kind == AMEND and e.seq not in voided_by:
            amended[e.data["target"]] = e.seq
    out = {e.seq: Fate(undone=True) for e in log if e.kind not in (UNDO, REDO)
           and e.seq not in stacked}
    for seq in stacked:
        if seq in voided_by or seq in amended:
            out[seq] = Fate(voided_by=voided_by.get(seq), amended_by=amended.get(seq))
    return out


def in_force(log: Sequence[Entry]) -> list[Entry]:
    """The actions a log's state is the fold of, in order: undo and redo folded, voided entries
    left out, an amended entry with the values of its newest amendment in force (its number,
    kind and signer unchanged)."""
    return in_force_of_stack(effective_entries(log)[0])


def in_force_of_stack(active: Sequence[Entry]) -> list[Entry]:
    """:func:`in_force` of a log whose stack (the first list :func:`effective_entries` returns)
    is ``active``: for a caller that needs both, so the log is walked once."""
    voided_by = _voiders(active)
    values = {e.data["target"]: e.data["data"] for e in active
              if e.kind == AMEND and e.seq not in voided_by}
    return [Entry(e.seq, e.kind, values[e.seq], e.by) if e.seq in values else e
            for e in active if e.kind not in (VOID, AMEND) and e.seq not in voided_by]


def standing(log: Sequence[Entry]) -> set[int]:
    """The entries whose values stand, by number: each entry in force as recorded, and for an
    amended one the newest amendment in force instead (the values the table entered there are
    the ones that hold; box data read off components follows them)."""
    active = effective_entries(log)[0]
    voided_by = _voiders(active)
    amended = {e.data["target"]: e.seq for e in active
               if e.kind == AMEND and e.seq not in voided_by}
    return {amended.get(e.seq, e.seq) for e in active
            if e.kind not in (VOID, AMEND) and e.seq not in voided_by}
