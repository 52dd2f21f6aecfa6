"""Games and their logs: create, find by link, load (state folded from the log), record an action,
undo, redo, take back (void) or change (amend) any entry.

The rules library decides what is legal; this module makes each accepted action durable (committed
before returning, with everything it implies, in one transaction) and keeps concurrent phones from
losing or double-applying taps. A game's state is the fold of its log; each process keeps recent
states in memory by (game, version), which only saves the fold.

Over 400 lines because it still holds box data and the game files besides the log; they leave
for modules of their own once the tap's single write path has settled here.
"""
from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from cachetools import LRUCache
from flask import current_app
from sqlalchemy import Text as TextColumn
from sqlalchemy import bindparam, cast, event, func, or_, select
from sqlalchemy.orm import Session

from . import live, writes
from .db import (
    LEGACY_BOX,
    Action,
    BoxData,
    BoxSighting,
    Game,
    GroupGame,
    box_owner_name,
    end_reading,
    session,
    utcnow,
    write_session,
)
from .games import GameRules, gamefile, get_game
from .games.core import (
    AMEND,
    CORRECT,
    META_KINDS,
    REDO,
    UNDO,
    VOID,
    Entry,
    IllegalAction,
    RulesError,
    StaleAction,
    Text,
    effective_entries,
    in_force_of_stack,
    standing,
    t,
    words_to_json,
)
from .games.core import history as changes

STATES_KEPT = 512  # folded states kept per process, by (game id, version)


def new_token() -> str:
    """An unguessable link token: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


JOIN_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread at the table
JOIN_CODE_LENGTH = 8  # 40 bits: see README "Security" for why 8 and not 6
JOIN_CODE_IDLE = timedelta(days=1)  # a code stops working after a day without play


def new_join_code() -> str:
    """A join code: :data:`JOIN_CODE_LENGTH` random symbols of :data:`JOIN_ALPHABET`."""
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def create_game(rules: GameRules, setup: Mapping[str, Any],
                box: list[tuple[str, str, dict]] = (), *,
                joining: Callable[[Session, Game, Any], None] | None = None) -> Game:
    """Check the setup with the rules (raises InvalidInput) and store the new game, with the box
    data its setup told (``box``), in one transaction, tried again as a whole when another
    writer wins a race. ``joining(s, game, state)`` adds, in that transaction, what the game
    belongs to (its group: then the box data is that owner's)."""
    state = rules.new_game(setup)
    names = rules.player_names(state)
    end_reading()

    def store() -> Game:
        game = Game(slug=rules.slug, play_token=new_token(), watch_token=new_token(),
                    join_code=new_join_code(), title=f"{rules.title}: {', '.join(names)}",
                    setup=dict(setup), version=0)  # (a new row each try)
        with write_session() as s:
            s.add(game)
            if joining is not None:
                s.flush()
                joining(s, game, state)
            _store_box(s, rules.slug, box)
            s.commit()
        return game

    game = writes.retrying(lambda _tried: store())
    _keep(game.id, 0, Snapshot(state, None, None))
    return game


# ------------------------------------------------------------------------------ finding a game

def _is_link(token: str) -> bool:
    """Whether ``token`` could be a link token at all (longer ones are never looked up)."""
    return bool(token) and len(token) <= 64


# Built once: every page, tap and phone check looks a game up by its link, and building the
# statement again each time cost more than running it.
_GAME_BY_LINK = select(Game).where(or_(Game.play_token == bindparam("link"),
                                       Game.watch_token == bindparam("link")))
_GAMES = Game.__table__
_VERSION_BY_LINK = select(_GAMES.c.id, _GAMES.c.version).where(
    or_(_GAMES.c.play_token == bindparam("link"), _GAMES.c.watch_token == bindparam("link")))


_GAME_BY_LINK_TO_WRITE = _GAME_BY_LINK.with_for_update().execution_options(
    populate_existing=True)


def find_game(token: str) -> tuple[Game, bool] | None:
    """The game a link token opens, and whether it may change it (play link) or only watch it:
    one indexed query, used by every page, tap and question. In a write (a tap's view) it is
    the write's one read of the game, locked (``writes``)."""
    if not _is_link(token):
        return None
    s = session()
    if not writes.is_writing(s):
        game = s.execute(_GAME_BY_LINK, {"link": token}).scalar()
    elif (game := s.execute(_GAME_BY_LINK_TO_WRITE, {"link": token}).scalar()) is not None:
        writes.lock(s, game.id)
    return None if game is None else (game, game.play_token == token)


def find_by_code(code: str) -> Game | None:
    """The game a join code opens, while the code still works: not once the game is over, nor
    after :data:`JOIN_CODE_IDLE` without an action (or since it was made or imported). Spaces
    and dashes a reader types between groups of letters are ignored. The play link keeps
    working either way."""
    code = "".join((code or "").split()).replace("-", "").upper()
    if not code or len(code) > 12:
        return None
    game = session().scalar(select(Game).where(Game.join_code == code))
    if game is None or max(game.created_at, game.updated_at) < utcnow() - JOIN_CODE_IDLE:
        return None
    return None if get_game(game.slug).is_over(state_of(game)) else game


def version_by_link(token: str) -> tuple[int, int] | None:
    """The id and version of the game a link opens (the phones' live check): one indexed
    query."""
    if not _is_link(token):
        return None
    # a plain statement on a pooled connection of its own, given back at once: no ORM session
    # for the busiest request, and nothing held while the check waits (companion/live.py)
    with current_app.extensions["db_engine"].connect() as conn:
        row = conn.execute(_VERSION_BY_LINK, {"link": token}).first()
    return None if row is None else (row[0], row[1])


# ------------------------------------------------------------------------------- the log, state

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


# --------------------------------------------------------------------------------- recording

#: Called in the write of every entry recorded, before its commit, as
#: ``hook(s, game, version, before, state, at)``: the game, its new version, the states before
#: and after the entry and the entry's time. A group's play follows its game this way
#: (``companion.groups``), so the write that finishes a game records its play. The write lock is
#: held meanwhile: a hook reads only when the step concerns it.
AFTER_RECORD: list[Callable[[Session, Game, int, Any, Any, Any], None]] = []

#: A caller's own check of a tap, ``before(state, clean)``: on the state the tap applies to and
#: its values as the rules read them, inside the write; it raises to refuse the tap or to ask
#: first (then nothing is stored).
Before = Callable[[Any, dict], None]


@dataclass(frozen=True)
class Recorded:
    text: str  # the action in words, as stored
    data: dict  # the action's values as the rules read them (stored)
    version: int  # the game's version with this action
    retried: int = 0  # how many times its write was tried again after a conflict


def record(game_id: int, kind: str, data: Mapping[str, Any], *, by: str = "",
           version: int | None = None, once: str | None = None,
           box: list[tuple[str, str, dict]] = (), before: Before | None = None) -> Recorded:
    """Check and store one action, with the box data it told, in one write (the caller's
    ``writes.one_write``, or one of its own): committed before returning; a refusal rolls the
    write back before it is raised, so the answer to it is drawn outside the write.

    ``version`` is the game version the sender's page showed: a commutative action is applied on
    top of anything newer, any other is refused with what changed meanwhile. ``once`` is the
    one-time key of the form that sent it: the same form sent again is answered as the first
    time and stored once. ``box``: box data to keep with it besides what the rules read from it
    (a house rule the table asked to remember). ``before``: the caller's own check (``Before``).
    """
    def write() -> Recorded:
        s = session()
        try:
            return _record(s, game_id, kind, data, by=by, version=version, once=once,
                           box=list(box), before=before)
        except BaseException:
            s.rollback()
            raise
    return writes.one_write(write)


def _record(s: Session, game_id: int, kind: str, data: Mapping[str, Any], *, by: str,
            version: int | None, once: str | None, box: list[tuple[str, str, dict]],
            before: Before | None) -> Recorded:
    """The write of ``record``: the game read once (locked), the one-time key, the version
    check, the rules' reading of the values (once), the caller's check, the step applied on
    the state this process keeps (``snapshot_of``), stored with what it implies, committed."""
    game = _game_to_write(s, game_id)
    if game is None:
        raise IllegalAction(t("this game does not exist"))
    if once and (first := _first_of(s, game_id, once)) is not None:
        return first  # the same form again: the first answer, nothing stored
    rules, snap, seq = get_game(game.slug), snapshot_of(game), game.version + 1
    stale = version is not None and version != game.version
    if stale and (kind in (UNDO, REDO) if kind in META_KINDS
                  else not rules.spec(kind).commutative):
        raise _stale(s, game_id, version)
    clean = rules.check_action(snap.state, kind, data)
    if before is not None:
        before(snap.state, clean)
    step = (_meta(s, game, snap, kind, data, by, version) if kind in META_KINDS
            else _step(rules, snap, seq, kind, clean, by))
    if stale and step.stale:
        raise _stale(s, game_id, version)
    return _stored(s, game, kind, step, snap.state, by=by, once=once, box=box)


def _stored(s: Session, game: Game, kind: str, step: _Step, before: Any, *, by: str,
            once: str | None, box: list[tuple[str, str, dict]]) -> Recorded:
    """Store ``step`` as the game's next entry (``before``: the state it applies to), with what
    it implies, and commit; then this process keeps the state after it and wakes the phones
    waiting on the game."""
    seq, at = game.version + 1, utcnow()
    game.version, game.updated_at = seq, at
    s.execute(_ADD_ACTION, {
        "game_id": game.id, "seq": seq, "kind": kind, "data": step.data, "by": by,
        "text": str(step.text),
        "words": words_to_json(step.text) if isinstance(step.text, Text) else None,
        "rule": step.rule, "at": at, "once": once or None, "is_correction": step.correction})
    if step.in_force is not None:  # a value from a step taken back is forgotten
        box_in_force(s, game.id, step.in_force)
    _store_box(s, game.slug, step.box + box, source=(game.id, seq))
    for hook in AFTER_RECORD:  # what else the new state implies, in the same transaction
        hook(s, game, seq, before, step.after.state, at)
    live.told(s, game.id, seq)  # (PostgreSQL: every process listening, at the commit)
    done = Recorded(str(step.text), step.data, seq, writes.retried(s))
    s.commit()
    _keep(game.id, seq, step.after)
    live.moved(game.id, seq)  # the phones waiting on this game in this process, at once
    return done


_ADD_ACTION = Action.__table__.insert()
_GAME_TO_WRITE = select(Game).where(Game.id == bindparam("game")).with_for_update() \
    .execution_options(populate_existing=True)


def _game_to_write(s: Session, game_id: int) -> Game | None:
    """The game a write records on, read once in it and locked (PostgreSQL's row lock; SQLite's
    write is locked as a whole): the one its view read by link, or read here."""
    if writes.locked(s, game_id):
        return s.get(Game, game_id)
    game = s.scalar(_GAME_TO_WRITE, {"game": game_id})
    writes.lock(s, game_id)
    return game


def _stale(s: Session, game_id: int, version: int) -> StaleAction:
    """The refusal of a step sent from a page of ``version`` that no longer makes sense."""
    return StaleAction(t("the game changed since your page was loaded: {changes}. Here is the "
                         "current state; try again if it still makes sense.",
                         changes=_changes_since(s, game_id, version)), rule="Concurrent phones")


@dataclass(frozen=True)
class _Step:
    """An entry as it is stored: its words, its values as the rules read them, its rule, the
    snapshot after it and the box data it implies; for an entry that acts on others (undo,
    redo, void, amend) the steps in force after it (box data follows them), and whether a page
    that showed an older version must be refused (a void or an amendment when its steps
    changed; an undo or redo always, refused before it is worked out)."""

    text: Any
    data: dict
    rule: str
    after: Snapshot
    box: list = field(default_factory=list)
    correction: bool = False
    in_force: frozenset[int] | None = None
    stale: bool = False


def _step(rules: GameRules, snap: Snapshot, seq: int, kind: str, clean: dict,
          by: str) -> _Step:
    """Step ``seq``, ``kind`` with its values as the rules read them (``clean``), on ``snap``."""
    # applied before it is put into words: the words may assume what the rules check
    after = _applied(rules.slug, snap, [Entry(seq, kind, clean, by)])
    spec = rules.spec(kind)
    return _Step(rules.describe(snap.state, kind, clean), clean, spec.rule, after,
                 rules.box_records(snap.state, kind, clean), kind == CORRECT or spec.correction)


def _first_of(s: Session, game_id: int, once: str) -> Recorded | None:
    """What the form with one-time key ``once`` recorded, if it was sent before."""
    first = s.scalar(select(Action).where(Action.game_id == game_id, Action.once == once))
    return None if first is None else Recorded(first.text, first.data, first.seq,
                                                writes.retried(s))


def _meta(s: Session, game: Game, snap: Snapshot, kind: str, data: Mapping[str, Any],
          by: str, version: int | None) -> _Step:
    """An undo, redo, void or amendment worked out on the log as ``s`` reads it."""
    if kind in (UNDO, REDO):
        return _undo_redo(s, game, snap, kind)
    return _void_amend(s, game, kind, data, by, version)


def _undo_redo(s: Session, game: Game, snap: Snapshot, kind: str) -> _Step:
    """An undo's or a redo's words, values and the snapshot after it: its target named by one
    indexed read, the state after it folded from the log."""
    if kind == UNDO and snap.last_active is None:
        raise IllegalAction(t("there is nothing to undo"), rule="History")
    if kind == REDO and snap.last_undone is None:
        raise IllegalAction(t("there is nothing to redo: a new action since the last undo "
                              "clears what could be redone"), rule="History")
    target = snap.last_active if kind == UNDO else snap.last_undone
    words = _entry_at(s, game.id, target).said
    text = (t("Undid: {action}", action=words) if kind == UNDO
            else t("Redid: {action}", action=words))
    entries = _entries(s, game.id, upto=game.version) + [
        Entry(game.version + 1, kind, {"target": target}, "")]
    return _Step(text, {"target": target}, changes.RULE, _fold(game.slug, game.setup, entries),
                 in_force=frozenset(standing(entries)))


def _said(s: Session, game: Game) -> Callable[[int], Any]:
    """A step's words by its number (one indexed read each)."""
    return lambda seq: _entry_at(s, game.id, seq).said


def _void_amend(s: Session, game: Game, kind: str, data: Mapping[str, Any], by: str,
                version: int | None) -> _Step:
    """A void's or an amendment's words, values and the snapshot after it, every later entry
    checked again (raises WouldBreak naming those that would no longer hold)."""
    rules, log, said = get_game(game.slug), _entries(s, game.id, upto=game.version), \
        _said(s, game)
    clean = (changes.void_data(log, data) if kind == VOID
             else changes.amend_data(rules, game.setup, log, data))
    change = Entry(game.version + 1, kind, clean, by)
    state = changes.after_change(rules, game.setup, log, change, said)
    text = changes.change_words(rules, game.setup, log, change, said)
    stale = version is not None and changes.touched_since(log, version,
                                                          changes.targets_of(change))
    box = [] if kind != AMEND else rules.box_records(
        changes.state_before(rules, game.setup, log, clean["target"]),
        log[clean["target"] - 1].kind, clean["data"])  # (an amendment's values are sighted)
    return _Step(text, clean, changes.RULE, _snapshot(state, [*log, change]), box=list(box),
                 in_force=frozenset(standing([*log, change])), stale=stale)


def _changes_since(s: Session, game_id: int, version: int) -> Text:
    """What happened after ``version``, in words: the last three entries and how many more."""
    count = s.scalar(select(func.count()).select_from(Action).where(
        Action.game_id == game_id, Action.seq > version))
    newest = list(s.scalars(select(Action).where(Action.game_id == game_id,
                                                 Action.seq > version)
                            .order_by(Action.seq.desc()).limit(3)))
    shown = [r.said for r in reversed(newest)]
    if count > 3:
        return t("{changes} (and {more} more)", changes=shown, more=count - 3)
    return t("{changes}", changes=shown)


# --------------------------------------------------------------------------- export, import

EXPORT_FORMAT = gamefile.FORMAT


def export_game(game: Game, seat: int | None = None) -> dict[str, Any]:
    """A game as plain JSON data: its setup and its whole log (no link tokens: importing it makes
    a new game with new links), without the hidden information of any player but ``seat``'s
    (set to null and named under ``hidden``: such a file cannot be imported)."""
    rows = rows_of(session(), game.id)
    export = {"format": EXPORT_FORMAT, "game": game.slug, "title": game.title,
              "setup": game.setup, "version": game.version,
              "created_at": game.created_at.isoformat(),
              "actions": [{"seq": r.seq, "kind": r.kind, "data": r.data, "by": r.by,
                           **gamefile.as_exported(r.text, r.words),
                           "rule": r.rule, "is_correction": r.is_correction,
                           "at": r.at.isoformat()} for r in rows]}
    secrets = get_game(game.slug).secrets(game.setup, entries_of(rows), state_of(game))
    return gamefile.leave_out(export, secrets, seat)


def read_export(raw: bytes) -> Any:
    """An uploaded export file as JSON, bounded (see ``gamefile.read_json``); raises
    IllegalAction."""
    return gamefile.read_json(raw)


def _import_rows(rules: GameRules, setup: Mapping[str, Any], first: Any, actions: Any
                 ) -> list[dict[str, Any]]:
    """The file's log as it would have been recorded tap by tap from the state ``first``: each
    entry checked by the rules' reader against the state before it, stored with its clean
    values and the rules' words (never the file's); rows for ``_ADD_ACTION``."""
    return [{"seq": e.seq, "kind": e.kind, "data": e.data, "by": e.by, "text": str(e.text),
             "words": words_to_json(e.text) if isinstance(e.text, Text) else None,
             "rule": e.rule, "at": e.at, "once": None, "is_correction": e.is_correction}
            for e in gamefile.Replay(rules, first, setup).read(actions)]


def import_game(payload: Any) -> Game:
    """Store an exported game as a new game with new links. Its setup and every entry of its log
    are read and checked as a new game's setup and a tap are, so a file that breaks a rule or a
    limit is refused (IllegalAction naming the entry and field) and nothing is stored."""
    if not isinstance(payload, dict) or payload.get("format") != EXPORT_FORMAT:
        raise IllegalAction(t("this is not a game export (expected format {format})",
                              format=EXPORT_FORMAT), field="format")
    gamefile.refuse_left_out(payload)
    try:
        rules = get_game(str(payload.get("game"))[:40])
    except KeyError as err:
        raise IllegalAction(str(err.args[0]), field="game") from None
    setup, first = gamefile.read_setup(rules, payload.get("setup"))
    rows = _import_rows(rules, setup, first, payload.get("actions"))
    names = rules.player_names(first)
    title = payload.get("title") if isinstance(payload.get("title"), str) else ""
    title = title.strip() or f"{rules.title}: {', '.join(names)}"
    game = Game(slug=rules.slug, play_token=new_token(), watch_token=new_token(),
                join_code=new_join_code(), title=title[:200], setup=setup,
                version=len(rows), created_at=utcnow(),
                updated_at=rows[-1]["at"] if rows else utcnow())
    with write_session() as s:  # the game and its log in one transaction
        s.add(game)
        s.flush()
        if rows:  # (one statement for all: no ORM object per row)
            s.execute(_ADD_ACTION, [{**row, "game_id": game.id} for row in rows])
        s.commit()
    return game


# ------------------------------------------------------------------------------- box data
#
# Box data is kept as sightings: each value a table entered from a component, with the game and
# log entry it came from (seq 0: the setup). A component's known value (a BoxData row) comes only
# from the sightings whose entry is still in force, so an undone entry's value is forgotten, and
# sightings that disagree are listed as a conflict, never silently overwritten.
#
# Box data and house rules belong to an owner, never to the whole server: the game's group
# ("group:<id>"), or the game itself when it has no group ("game:<id>"). A table writes only
# its owner's; it reads its owner's, then (under them) the values kept before box data had
# owners ("legacy": read-only, nobody can add to it any more, see migration 0009).

#: box data a table chooses (a ruling's reading it keeps) rather than reads off a component
HOUSE_RULE = "house rule"
#: box data a table chooses: the newest choice stands
_CHOSEN = (HOUSE_RULE,)


_GROUP_OF_GAME = select(GroupGame.group_id).where(GroupGame.game_id == bindparam("game"))


def box_owner(s: Session, game_id: int | None) -> str:
    """The owner of a game's box data: its group's, or its own when it has no group."""
    if game_id is None:
        return LEGACY_BOX  # never written: a transaction that adds no entry keeps no box data
    group_id = s.scalar(_GROUP_OF_GAME, {"game": game_id})
    return box_owner_name(group_id, game_id)


def _store_box(s: Session, slug: str, records: list[tuple[str, str, dict]],
               source: tuple[int, int] | None = None) -> None:
    """Keep values a table entered from its components, for its owner's later games (its
    group's, or its own), in the caller's transaction (so an action and what it implies are
    stored together or not at all), each as a sighting of the entry ``source`` (game, seq), or
    of the entry (or new game) this transaction adds through the session."""
    game_id, seq = source or _box_source(s)
    if not records or game_id is None:
        return
    owner = box_owner(s, game_id)
    now = utcnow()
    s.add_all(BoxSighting(owner=owner, slug=slug, category=category, key=key, value=value,
                          game_id=game_id, seq=seq, in_force=True, at=now)
              for category, key, value in records)
    _resettle(s, ((owner, slug, category, key) for category, key, _ in records))


@event.listens_for(Session, "transient_to_pending")
def _note_source(s: Session, added: Any) -> None:
    """Note the log entry (or game) a transaction adds: the source of the box data it stores
    (the session forgets a flushed object nobody else holds)."""
    if isinstance(added, (Action, Game)):
        s.info["box_source"] = added


def _box_source(s: Session) -> tuple[int | None, int]:
    """The source of the box data this transaction stores: the log entry it adds (game, seq),
    or the game it creates (id, 0: the setup); (None, 0) when it adds neither."""
    added = s.info.get("box_source")
    if isinstance(added, Action):
        return added.game_id, added.seq
    if isinstance(added, Game):
        s.flush()  # the new game's id
        return added.id, 0
    return None, 0


def _settle(s: Session, owner: str, slug: str, category: str, key: str) -> None:
    """A component's known value for one owner from its sightings in force: the one they agree
    on, or the newest with every value listed as a conflict; with none in force, forgotten."""
    values = list(s.scalars(select(BoxSighting.value).where(
        BoxSighting.owner == owner, BoxSighting.slug == slug, BoxSighting.category == category,
        BoxSighting.key == key, BoxSighting.in_force.is_(True)).order_by(BoxSighting.id)))
    row = s.scalar(select(BoxData).where(BoxData.owner == owner, BoxData.slug == slug,
                                         BoxData.category == category, BoxData.key == key))
    if not values:
        if row is not None:
            s.delete(row)
        return
    distinct = [v for n, v in enumerate(values) if v not in values[:n]]
    conflict = distinct if len(distinct) > 1 and category not in _CHOSEN else None
    if row is None:
        s.add(BoxData(owner=owner, slug=slug, category=category, key=key, value=values[-1],
                      conflict=conflict))
        s.flush()  # a race with another table's first entry of this key: the try starts over
    elif row.value != values[-1] or row.conflict != conflict:
        row.value, row.conflict, row.updated_at = values[-1], conflict, utcnow()


def _resettle(s: Session, touched: Iterable[tuple[str, str, str, str]]) -> None:
    """Work out the known value of each (owner, slug, category, key) of ``touched`` again, from
    its sightings in force as ``s`` now holds them."""
    s.flush()
    for owner, slug, category, key in dict.fromkeys(touched):
        _settle(s, owner, slug, category, key)


def box_settled(s: Session, owner: str, components: list[tuple[str, str, str]]) -> None:
    """Work out ``owner``'s known values again for each (slug, category, key) of
    ``components`` from its sightings in force (after sightings were added from a file)."""
    _resettle(s, ((owner, *c) for c in components))


def box_in_force(s: Session, game_id: int, in_force: set[int]) -> None:
    """Mark one game's sightings in force (their entry's seq is in ``in_force``, or 0: the
    setup) or not (undone), and settle the known values they touch; in the caller's
    transaction (an undo or redo and what it changes in the box data are stored together)."""
    touched = []
    for row in s.scalars(select(BoxSighting).where(BoxSighting.game_id == game_id)):
        now = row.seq == 0 or row.seq in in_force
        if row.in_force != now:
            row.in_force = now
            touched.append((row.owner, row.slug, row.category, row.key))
    if touched:
        _resettle(s, touched)


def box_follows_game(s: Session, game_id: int) -> None:
    """After a game joins a group: the box data its table entered so far becomes the group's
    (moved from the game's own), in the caller's transaction."""
    owner = box_owner(s, game_id)
    touched = []
    for row in s.scalars(select(BoxSighting).where(BoxSighting.game_id == game_id,
                                                   BoxSighting.owner != owner)):
        touched += [(row.owner, row.slug, row.category, row.key),
                    (owner, row.slug, row.category, row.key)]
        row.owner = owner
    if touched:
        _resettle(s, touched)


def box_entries(slug: str, owner: str, *, with_conflicts: bool = False) -> list[BoxData]:
    """The known values of a game's components for ``owner`` (to offer in forms): its own, then
    the legacy ones it has no value of its own for; with ``with_conflicts``, also those whose
    sightings disagree (``conflict`` lists their values: shown, not offered)."""
    query = select(BoxData).where(BoxData.slug == slug, BoxData.owner.in_((owner, LEGACY_BOX)))
    if not with_conflicts:
        query = query.where(BoxData.conflict.is_(None))
    rows = list(session().scalars(query.order_by(BoxData.category, BoxData.key)))
    own = {(b.category, b.key) for b in rows if b.owner == owner}
    return [b for b in rows if b.owner == owner or (b.category, b.key) not in own]


def game_box(game: Game, *, with_conflicts: bool = False) -> list[BoxData]:
    """The box data a game's table sees: its group's, or its own without a group."""
    return box_entries(game.slug, box_owner(session(), game.id), with_conflicts=with_conflicts)


def game_box_values(game: Game) -> list[tuple[str, str, Any]]:
    """The known values a game's forms offer, as (category, key, value)."""
    return [(b.category, b.key, b.value) for b in game_box(game)]
