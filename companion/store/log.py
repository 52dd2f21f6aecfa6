"""A game's log and the states it folds to: the entries read back, a game's state at its
version (each process keeps recent states in memory by (game, version), which only saves the
fold) and the words of its steps."""
from __future__ import annotations

import json
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cachetools import LRUCache
from flask import current_app
from sqlalchemy import Text as TextColumn
from sqlalchemy import cast, select
from sqlalchemy.orm import Session

from ..games import get_game
from ..games.core import META_KINDS, Entry, RulesError, effective_entries, in_force_of_stack
from .db import Action, Game, session

STATES_KEPT = 512  # folded states kept per process, by (game id, version)


def rows_of(s: Session, game_id: int) -> list[Action]:
    return list(s.scalars(select(Action).where(Action.game_id == game_id).order_by(Action.seq)))


def entries_of(rows: list[Action]) -> list[Entry]:
    return [Entry(r.seq, r.kind, r.data, r.by) for r in rows]


_ACTIONS = Action.__table__


def _entries(s: Session, game_id: int, *, after: int = 0,
             upto: int | None = None) -> list[Entry]:
    """The game's log entries after sequence number ``after`` (up to ``upto``), as the rules
    fold them: a plain statement on the session's connection, so a long log makes no ORM
    object per entry (making them was most of a long log's load). The data come as their
    stored JSON text, parsed in one ``json.loads`` of them all: the JSON type's decoding, row
    by row, was most of what remained."""
    cols = _ACTIONS.c
    query = select(cols.seq, cols.kind, cast(cols.data, TextColumn), cols.by).where(
        cols.game_id == game_id, cols.seq > after)
    if upto is not None:
        query = query.where(cols.seq <= upto)
    rows = s.connection().execute(query.order_by(cols.seq)).all()
    return [Entry(r[0], r[1], data, r[3]) for r, data in zip(rows, _parsed(r[2] for r in rows),
                                                             strict=True)]


def _parsed(texts: Iterable[str]) -> list[Any]:
    """JSON texts as values, in one parse: each stored text is one JSON value, so joined with
    commas between brackets they are one JSON array of them, in order."""
    return json.loads("[" + ",".join(texts) + "]")


@dataclass(frozen=True)
class Snapshot:
    """A game's state at one version, the sequence numbers an undo and a redo would take (the
    last entry in force and the last one undone; None when there is none), and each signer's
    newest action in force (what "take back my last" takes back on that player's phone)."""

    state: Any
    last_active: int | None
    last_undone: int | None
    last_by: Mapping[str, int] = field(default_factory=dict)


class _States:
    """Folded states of this process, by (game id, version): one per app (so per database). The
    log is the truth; this only saves the fold, so each process may keep its own."""

    def __init__(self) -> None:
        self.kept: LRUCache = LRUCache(maxsize=STATES_KEPT)
        self.newest: dict[int, int] = {}  # game id -> the newest version kept (may be gone)
        self.lock = threading.Lock()  # (cachetools' caches are not thread-safe)


def _states() -> _States:
    return current_app.extensions.setdefault("game_states", _States())


def _kept(game_id: int, version: int) -> Snapshot | None:
    states = _states()
    with states.lock:
        return states.kept.get((game_id, version))


def _keep(game_id: int, version: int, snap: Snapshot) -> None:
    states = _states()
    with states.lock:
        states.kept[(game_id, version)] = snap
        if version >= states.newest.get(game_id, -1):
            states.newest[game_id] = version


def _newest_kept(game_id: int, below: int) -> tuple[int, Snapshot] | None:
    """The newest snapshot of the game this process still keeps at a version below ``below``."""
    states = _states()
    with states.lock:
        version = states.newest.get(game_id)
        snap = None if version is None or version >= below else \
            states.kept.get((game_id, version))
    return None if snap is None else (version, snap)


def _fold(slug: str, setup: Mapping[str, Any], entries: list[Entry], *,
          stored: bool = True) -> Snapshot:
    """The snapshot of the game the log ``entries`` leads to, walking the log once for its
    stack, its entries in force and the fold of them (``stored``: a stored log, whose entries
    today's rules refuse are left out, see GameRules.replay)."""
    rules = get_game(slug)
    active, undone = effective_entries(entries)
    forced = in_force_of_stack(active)
    return _stacked(rules.replay(rules.new_game(setup), forced, stored=stored), active, undone,
                    forced)


def _snapshot(state: Any, log: list[Entry]) -> Snapshot:
    """The snapshot of ``state``, the fold of ``log``."""
    active, undone = effective_entries(log)
    return _stacked(state, active, undone, in_force_of_stack(active))


def _stacked(state: Any, active: list[Entry], undone: list[Entry],
             forced: list[Entry]) -> Snapshot:
    """The snapshot of ``state``, the fold of a log whose stack, redo stack and entries in
    force are ``active``, ``undone`` and ``forced``."""
    return Snapshot(state, active[-1].seq if active else None,
                    undone[-1].seq if undone else None,
                    {e.by: e.seq for e in forced if e.by})


def snapshot_of(game: Game) -> Snapshot:
    """The snapshot of a game at its version: kept by this process; else the newest one it
    keeps, with the few entries recorded since (by another process) applied on top; else folded
    from the whole log."""
    snap = _kept(game.id, game.version)
    if snap is None:
        snap = _brought_up(game) or _fold(game.slug, game.setup,
                                          _entries(session(), game.id, upto=game.version))
        _keep(game.id, game.version, snap)
    return snap


def _brought_up(game: Game) -> Snapshot | None:
    """The game at its version from the newest earlier snapshot this process keeps and the
    entries since; None without one, or when an undo or redo is among them (the state after one
    needs the whole log folded again)."""
    base = _newest_kept(game.id, below=game.version)
    if base is None:
        return None
    newer = _entries(session(), game.id, after=base[0], upto=game.version)
    if any(e.kind in META_KINDS for e in newer):
        return None
    try:
        return _applied(game.slug, base[1], newer)
    except RulesError:  # (a stored entry today's rules refuse: the whole fold leaves it out)
        return None


def _applied(slug: str, snap: Snapshot, newer: list[Entry]) -> Snapshot:
    """``snap`` with ``newer`` (entries of no undo or redo, in order) applied on top."""
    state = get_game(slug).replay(snap.state, newer)
    # a new action leaves nothing to redo
    return Snapshot(state, newer[-1].seq, None,
                    {**snap.last_by, **{e.by: e.seq for e in newer if e.by}}) if newer else snap


def state_of(game: Game) -> Any:
    return snapshot_of(game).state


def recent_rows(game: Game, limit: int = 5) -> list[Action]:
    return list(session().scalars(select(Action).where(Action.game_id == game.id)
                                  .order_by(Action.seq.desc()).limit(limit)))


def _entry_at(s: Session, game_id: int, seq: int | None) -> Action | None:
    if seq is None:
        return None
    return s.scalar(select(Action).where(Action.game_id == game_id, Action.seq == seq))


def said_at(game: Game, seq: int) -> Any:
    """Step ``seq``'s words as recorded."""
    return _words(game, [seq]).get(seq)


@dataclass(frozen=True)
class Step:
    """A step of a game's log: its number and its words."""

    seq: int
    said: Any


def my_last(game: Game, name: str) -> Step | None:
    """The newest entry in force that ``name`` signed (an action or a correction), if any."""
    seq = snapshot_of(game).last_by.get(name) if name else None
    said = _words(game, [seq]).get(seq) if seq is not None else None
    return None if said is None else Step(seq, said)


def taken_back_with(game: Game, seq: int) -> tuple[int, ...] | None:
    """The later steps a take-back of step ``seq`` must take with it (those that no longer hold
    without it, as a step in turn after it: phase B's next player), () when it holds alone;
    None when a take-back, change, undo or redo came after it (the take-back's own check then
    answers, as the history's does). The state before it is a snapshot kept like any other."""
    if seq >= game.version:
        return () if seq == game.version else None
    before = _kept(game.id, seq - 1)
    if before is None:
        before = _fold(game.slug, game.setup, _entries(session(), game.id, upto=seq - 1))
        _keep(game.id, seq - 1, before)
    after = _entries(session(), game.id, after=seq, upto=game.version)
    if any(e.kind in META_KINDS for e in after):
        return None
    state, broken, apply = before.state, [], get_game(game.slug).apply
    for entry in after:
        try:
            state = apply(state, entry.kind, entry.data, entry.by)
        except RulesError:
            broken.append(entry)
    # (a broken step leaves the state as it was: those left are replayed as a take-back of
    # ``seq`` and the broken ones together would replay them, so that take-back holds)
    return tuple(e.seq for e in broken)


def undo_preview(game: Game) -> tuple[Any, Any]:
    """The words of the step an undo would take back, and of the step a redo would bring back."""
    snap = snapshot_of(game)
    said = _words(game, [seq for seq in (snap.last_active, snap.last_undone) if seq is not None])
    return said.get(snap.last_active), said.get(snap.last_undone)


# A stored step's words never change (changing a step is another entry): every phone's page
# names a few of the newest, so each process keeps them by (game link, step) and reads a step's
# row once.
_WORDS: LRUCache = LRUCache(maxsize=20_000)
_WORDS_LOCK = threading.Lock()


def _words(game: Game, seqs: list[int]) -> dict[int, Any]:
    """The words of steps ``seqs`` of ``game`` (those that exist)."""
    with _WORDS_LOCK:
        known = {seq: _WORDS[(game.play_token, seq)] for seq in seqs
                 if (game.play_token, seq) in _WORDS}
    missing = [seq for seq in seqs if seq not in known]
    if missing:
        rows = session().scalars(select(Action).where(Action.game_id == game.id,
                                                      Action.seq.in_(missing)))
        read = {row.seq: row.said for row in rows}
        with _WORDS_LOCK:
            for seq, words in read.items():
                _WORDS[(game.play_token, seq)] = words
        known.update(read)
    return known
