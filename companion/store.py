"""Games and their logs: create, load (state folded from the log), record an action, undo, redo.

The rules library decides what is legal; this module makes each accepted action durable (committed
before returning) and keeps concurrent phones from losing or double-applying taps.
"""
from __future__ import annotations

import secrets
import threading
from collections import OrderedDict, namedtuple
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from flask import current_app, g
from sqlalchemy import bindparam, select
from sqlalchemy.exc import IntegrityError, OperationalError

from . import checkpoints, prepared
from .db import (Action, BoxData, Game, driver_connection, said, session, utcnow,
                 write_session, writers_turn)
from .games import GameRules, gamefile, get_game
from .games.core import (CORRECT, REDO, UNDO, Entry, IllegalAction, StaleAction, Text,
                         effective_entries, t, words_to_json)
from .prepared import Statements

_CACHE_SIZE = 512


class _SnapshotCache:
    """Recently seen snapshots keyed by (game id, version). One per app (so per database): two
    databases in one process must never share snapshots. The log is the truth; this only saves
    the replay, so each process may keep its own."""

    def __init__(self) -> None:
        self.items: OrderedDict[tuple[int, int], Any] = OrderedDict()
        self.latest: dict[int, int] = {}  # game id -> newest version seen by this process
        self.lock = threading.Lock()


def _cache() -> _SnapshotCache:
    cache = current_app.extensions.get("store_cache")
    if cache is None:  # setdefault: two threads starting at once end up with the same cache
        cache = current_app.extensions.setdefault("store_cache", _SnapshotCache())
    return cache


def _cached(game_id: int, version: int) -> Any:
    cache = _cache()
    with cache.lock:
        state = cache.items.get((game_id, version))
        if state is not None:
            cache.items.move_to_end((game_id, version))
        return state


def _remember(game_id: int, version: int, state: Any) -> None:
    cache = _cache()
    with cache.lock:
        cache.items[(game_id, version)] = state
        if version > cache.latest.get(game_id, -1):
            cache.latest[game_id] = version
        while len(cache.items) > _CACHE_SIZE:
            cache.items.popitem(last=False)


def _newest_cached(game_id: int) -> tuple[int, Any]:
    cache = _cache()
    with cache.lock:
        version = cache.latest.get(game_id, -1)
        return version, cache.items.get((game_id, version))


ACTIONS = Action.__table__
GAMES = Game.__table__
_ACTION_COLUMNS = ("game_id", "seq", "kind", "data", "by", "text", "words", "rule",
                   "is_correction", "at")
# A tap's statements (companion.prepared: compiled once per dialect, run on the driver's
# connection). The log after one sequence number comes back as rows with seq, kind, data, by,
# text and words, as Core rows do; ``entries_after`` leaves out the words, which catching up
# does not read. The setup (a JSON object) is read only for a full replay.
_LOG_AFTER = (select(ACTIONS.c.seq, ACTIONS.c.kind, ACTIONS.c.data, ACTIONS.c.by,
                     ACTIONS.c.text, ACTIONS.c.words)
              .where(ACTIONS.c.game_id == bindparam("game"), ACTIONS.c.seq > bindparam("after"))
              .order_by(ACTIONS.c.seq))
TAP = Statements(
    log_after=_LOG_AFTER,
    game_to_write=select(GAMES.c.id, GAMES.c.slug, GAMES.c.version)
    .where(GAMES.c.id == bindparam("game")).with_for_update(),
    setup=select(GAMES.c.slug, GAMES.c.setup).where(GAMES.c.id == bindparam("game")),
    entries_after=select(ACTIONS.c.seq, ACTIONS.c.kind, ACTIONS.c.data, ACTIONS.c.by)
    .where(ACTIONS.c.game_id == bindparam("game"), ACTIONS.c.seq > bindparam("after"))
    .order_by(ACTIONS.c.seq),
    add_action=ACTIONS.insert().values({c: bindparam(c) for c in _ACTION_COLUMNS}).inline(),
    new_version=GAMES.update().where(GAMES.c.id == bindparam("game"))
    .values(version=bindparam("version"), updated_at=bindparam("at")))


LogRow = namedtuple("LogRow", "seq kind data by text words")  # as a log_after row


def _log_after(conn, game_id: int, after: int = 0) -> list:
    """The game's log entries after sequence number ``after`` (rows with seq, kind, data, by,
    text and words), read with a session or a Core connection."""
    return list(conn.execute(_LOG_AFTER, {"game": game_id, "after": after}))


def _catch_up(game, log: Callable[[int], list]) -> Snapshot | None:
    """The current snapshot from an older one this process has, applying only the newer log
    entries (another worker recorded them), read with ``log(after)``. None when there is none,
    or an undo/redo among them (then the whole log is folded again). ``game`` needs id, slug
    and version."""
    version, base = _newest_cached(game.id)
    if base is None or version >= game.version:
        return None
    newer = log(version)
    if len(newer) != game.version - version or any(r.kind in (UNDO, REDO) for r in newer):
        return None
    rules, state = get_game(game.slug), base.state
    for r in newer:
        state = rules.apply(state, r.kind, r.data, r.by)
    snap = Snapshot(state, newer[-1].seq, None)
    _remember(game.id, game.version, snap)
    return snap


def _reader(s, game_id: int) -> Callable[[int], list]:
    """``log(after)`` for :func:`_catch_up` on a session or Core connection."""
    return lambda after: _log_after(s, game_id, after)


def new_token() -> str:
    """An unguessable link token: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


def new_join_code() -> str:
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread at the table
    return "".join(secrets.choice(alphabet) for _ in range(6))


def create_game(rules: GameRules, setup: Mapping[str, Any]) -> Game:
    """Check the setup with the rules (raises InvalidInput) and store the new game."""
    state = rules.new_game(setup)
    names = rules.player_names(state)
    game = Game(slug=rules.slug, play_token=new_token(), watch_token=new_token(),
                join_code=new_join_code(), title=f"{rules.title}: {', '.join(names)}",
                setup=dict(setup), version=0)
    with write_session() as s:
        s.add(game)
        s.commit()
    _remember(game.id, 0, Snapshot(state, None, None))
    return game


def find_game(token: str) -> tuple[Game, bool] | None:
    """The game a link token opens, and whether it may change it (play link) or only watch:
    the link lookup of :func:`find_ref`, then the game by its id."""
    ref = find_ref(token)
    if ref is None:
        return None
    return session().get(Game, ref.id), ref.can_play


@dataclass(frozen=True)
class GameRef:
    """What a link says about its game without loading it: enough to find a drawn page."""

    id: int
    version: int
    can_play: bool
    slug: str


def lookup_token(engine, token: str) -> GameRef | None:
    """The game a link token opens, as (id, version, play or watch, game), by one indexed query
    on a pooled connection: no ORM session and no app context (the live check runs before
    Flask)."""
    if not token or len(token) > 64:
        return None
    conn = engine.raw_connection()
    try:
        return _lookup(conn, engine.dialect, token)
    finally:
        conn.close()  # back to the pool, which ends any read transaction


def _lookup(conn, dialect, token: str) -> GameRef | None:
    mark = "?" if dialect.paramstyle == "qmark" else "%s"
    cur = conn.cursor()
    try:
        cur.execute(f"SELECT id, version, 1, slug FROM games WHERE play_token = {mark} "
                    f"UNION ALL SELECT id, version, 0, slug FROM games WHERE watch_token = {mark}",
                    (token, token))
        row = cur.fetchone()
    finally:
        cur.close()  # (SQLite: the statement is reset, no read is left open)
    return None if row is None else GameRef(int(row[0]), int(row[1]), bool(row[2]), row[3])


def find_ref(token: str, *, to_write: bool = False) -> GameRef | None:
    """:func:`lookup_token` on this app's database: the hot path of a page already drawn and of
    every tap. ``to_write``: on this request's own driver connection, which the tap then writes
    on (one checkout from the pool instead of two)."""
    engine = current_app.extensions["db_engine"]
    if not to_write:
        return lookup_token(engine, token)
    if not token or len(token) > 64:
        return None
    conn = driver_connection()
    ref = _lookup(conn, engine.dialect, token)
    prepared.end_read(conn, engine.dialect)
    return ref


def find_by_code(code: str) -> Game | None:
    code = (code or "").strip().upper()
    if not code or len(code) > 12:
        return None
    return session().scalar(select(Game).where(Game.join_code == code))


def rows_of(s, game_id: int) -> list[Action]:
    return list(s.scalars(select(Action).where(Action.game_id == game_id).order_by(Action.seq)))


def entries_of(rows: list[Action]) -> list[Entry]:
    return [Entry(r.seq, r.kind, r.data, r.by) for r in rows]


@dataclass(frozen=True)
class Snapshot:
    """A game's state at one version, and the sequence numbers an undo and a redo would take:
    the last entry in force and the last one undone (None when there is none). An undo or a redo
    folds the whole log again, so nothing below the top of either stack is ever needed, and a
    tap's new snapshot costs the same at the 5,000th action as at the first."""

    state: Any
    last_active: int | None
    last_undone: int | None


def _fold(game, rows: list) -> Snapshot:
    """The snapshot of a game (anything with slug and setup) after the log entries ``rows``."""
    entries = entries_of(rows)
    active, undone = effective_entries(entries)
    state = get_game(game.slug).fold(game.setup, entries)
    return Snapshot(state, active[-1].seq if active else None,
                    undone[-1].seq if undone else None)


def _from_checkpoint(s, game) -> Snapshot | None:
    """The current snapshot from the game's stored checkpoint and the log entries after it, when
    this process has nothing cached (after a restart)."""
    found = checkpoints.load(s, game.id, game.version)
    if found is None:
        return None
    version, snap = found
    _remember(game.id, version, snap)
    return snap if version == game.version else _catch_up(game, _reader(s, game.id))


def _replay(s, game: Game) -> Snapshot:
    """Fold the whole log (and keep a checkpoint when it was long)."""
    rows = _log_after(s, game.id)  # Core rows: no ORM object per entry of a long log
    snap = _fold(game, rows)
    _remember(game.id, game.version, snap)
    if len(rows) >= checkpoints.EVERY:
        checkpoints.save(game.id, game.version, snap)
    return snap


def snapshot_of(game: Game) -> Snapshot:
    """The current snapshot of a game: cached when this version was seen, else caught up from an
    older cached one or the stored checkpoint, else folded from the log (the log is the truth;
    the rest only saves the replay)."""
    s = session()
    return (_cached(game.id, game.version) or _catch_up(game, _reader(s, game.id))
            or _from_checkpoint(s, game) or _replay(s, game))


def state_of(game: Game) -> Any:
    return snapshot_of(game).state


def state_at(ref: GameRef) -> Any:
    """The state of the game a link opened, at the version the link lookup saw: this process's
    snapshot, else caught up from an older one on a short read of its own, else as
    :func:`state_of`."""
    snap = _cached(ref.id, ref.version)
    if snap is None:
        dialect = current_app.extensions["db_engine"].dialect
        with prepared.reading(driver_connection(), dialect, TAP) as run:
            snap = _catch_up(ref, lambda after: run.rows("log_after", game=ref.id, after=after))
    if snap is None:
        snap = snapshot_of(session().get(Game, ref.id))
    return snap.state


def recent_state(ref: GameRef) -> Any:
    """A recent state of the game a link opened, for what stays as it was set up (the players'
    names): this process's newest snapshot of it, whatever its version, else
    :func:`state_at`. The hot path of a tap, which must not read the log twice: the tap's own
    turn to write brings the snapshot up to date, and a phone's taps alternate between
    workers, so a catch-up here would mostly be redone there."""
    _, snap = _newest_cached(ref.id)
    return snap.state if snap is not None else state_at(ref)


def recent_rows(game: Game, limit: int = 5) -> list[Action]:
    return list(session().scalars(select(Action).where(Action.game_id == game.id)
                                  .order_by(Action.seq.desc()).limit(limit)))


def undo_preview(game: Game) -> tuple[str | None, str | None]:
    """The text of the step an undo would take back, and of the step a redo would bring back."""
    snap = snapshot_of(game)
    wanted = [seq for seq in (snap.last_active, snap.last_undone) if seq is not None]
    texts = {r.seq: r.said for r in session().scalars(select(Action).where(
        Action.game_id == game.id, Action.seq.in_(wanted)))} if wanted else {}
    return texts.get(snap.last_active), texts.get(snap.last_undone)


@dataclass(frozen=True)
class Recorded:
    text: str  # the action in words, as stored
    data: dict  # the action's values as the rules read them (stored)
    state: Any  # after the action
    version: int
    before: Any  # the state the action was checked against and applied to


def _changes_since(newer: list) -> Text:
    shown = [said(r) for r in newer[-3:]]
    if len(newer) > 3:
        return t("{changes} (and {more} more)", changes=shown, more=len(newer) - 3)
    return t("{changes}", changes=shown)


def record(game_id: int, kind: str, data: Mapping[str, Any], *, by: str = "",
           version: int | None = None) -> Recorded:
    """Check and store one action; committed before returning.

    ``version`` is the game version the sender's page showed. A commutative action is applied on
    top of anything newer; any other is refused with what changed meanwhile.
    """
    _end_reading()
    for attempt in range(5):
        try:
            done = _record_once(game_id, kind, data, by=by, version=version)
        except _retryable():  # another writer won the race: read again
            if attempt == 4:
                raise
            continue
        if checkpoints.due(done.version):  # after the action's own transaction has ended
            checkpoints.save(game_id, done.version, _cached(game_id, done.version))
        return done
    raise AssertionError("unreachable")


def _end_reading() -> None:
    """End the request's read transaction (its objects stay loaded) before writing. With SQLite a
    reader pins the write-ahead log where it began: a write made while its own request still
    reads could never be checkpointed, so every later commit would try again (and sync) while
    the log grows without end."""
    if "db_session" in g:
        g.db_session.commit()


def _retryable() -> tuple[type[BaseException], ...]:
    return (IntegrityError, OperationalError,
            *prepared.retryable(current_app.extensions["db_engine"]))


def _record_once(game_id: int, kind: str, data: Mapping[str, Any], *, by: str,
                 version: int | None) -> Recorded:
    # This runs for every tap at the table, in the writers' turn: prepared statements on the
    # driver's connection, no ORM objects. The snapshot is this process's, caught up with what
    # other workers wrote; a full replay only for undo/redo or a snapshot gone from the cache
    # (a cold process loaded it from the checkpoint before its turn: see recent_state).
    dialect = current_app.extensions["db_engine"].dialect
    with prepared.writing(driver_connection(), dialect, TAP, writers_turn()) as run:
        found = run.rows("game_to_write", game=game_id)
        if not found:
            raise IllegalAction(t("this game does not exist"))
        game = found[0]
        rules = get_game(game.slug)

        def log(after: int) -> list:
            return run.rows("log_after", game=game.id, after=after)

        snap = _cached(game.id, game.version)
        if snap is None and kind not in (UNDO, REDO):
            snap = _catch_up(game, lambda after: run.rows("entries_after", game=game.id,
                                                          after=after))
        rows: list = []
        if snap is None or kind in (UNDO, REDO):  # only then is the whole log needed
            rows = log(0)
            setup = run.rows("setup", game=game.id)[0]
            snap = snap or _fold(setup, rows)
        state = snap.state
        stale = version is not None and version != game.version
        if stale and (kind in (UNDO, REDO) or not rules.spec(kind).commutative):
            raise StaleAction(t("the game changed since your page was loaded: {changes}. Here "
                                "is the current state; try again if it still makes sense.",
                                changes=_changes_since(log(version))),
                              rule="Concurrent phones")
        seq = game.version + 1
        if kind in (UNDO, REDO):
            text, clean = _undo_redo_text(snap, rows, kind)
            rule = "History"
        else:
            clean = rules.check_action(state, kind, data)
            new_state = rules.apply(state, kind, clean, by)
            text, rule = rules.describe(state, kind, clean), rules.spec(kind).rule
        words = words_to_json(text) if isinstance(text, Text) else None
        at = utcnow()
        run.do("add_action", game_id=game.id, seq=seq, kind=kind, data=clean, by=by,
               text=str(text), words=words, rule=rule, is_correction=kind == CORRECT, at=at)
        run.do("new_version", game=game.id, version=seq, at=at)
    # committed
    if kind in (UNDO, REDO):  # replay the log: it, not a diff, is the truth
        new_snap = _fold(setup, rows + [LogRow(seq, kind, clean, by, str(text), words)])
    else:
        new_snap = Snapshot(new_state, seq, None)
    _remember(game.id, seq, new_snap)
    return Recorded(str(text), clean, new_snap.state, seq, state)


def _undo_redo_text(snap: Snapshot, rows: list, kind: str) -> tuple[Text, dict]:
    words = {r.seq: said(r) for r in rows}
    if kind == UNDO:
        if snap.last_active is None:
            raise IllegalAction(t("there is nothing to undo"), rule="History")
        target = snap.last_active
        return t("Undid: {action}", action=words[target]), {"target": target}
    if snap.last_undone is None:
        raise IllegalAction(t("there is nothing to redo: a new action since the last undo "
                              "clears what could be redone"), rule="History")
    target = snap.last_undone
    return t("Redid: {action}", action=words[target]), {"target": target}


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
                           "text": r.text, "words": r.words, "rule": r.rule,
                           "is_correction": r.is_correction,
                           "at": r.at.isoformat()} for r in rows]}
    secrets = get_game(game.slug).secrets(game.setup, entries_of(rows), state_of(game))
    return gamefile.leave_out(export, secrets, seat)


def read_export(raw: bytes) -> Any:
    """An uploaded export file as JSON, bounded (see ``gamefile.read_json``); raises
    IllegalAction."""
    return gamefile.read_json(raw)


def _import_rows(rules: GameRules, first: Any, actions: Any) -> list[Action]:
    """The file's log as it would have been recorded tap by tap from the state ``first``: each
    entry checked by the rules' reader against the state before it, stored with its clean
    values and the rules' words (never the file's)."""
    rows = []
    for e in gamefile.Replay(rules, first).read(actions):
        rows.append(Action(seq=e.seq, kind=e.kind, data=e.data, by=e.by, text=str(e.text),
                           words=words_to_json(e.text) if isinstance(e.text, Text) else None,
                           rule=e.rule, is_correction=e.is_correction, at=e.at))
    return rows


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
    rows = _import_rows(rules, first, payload.get("actions"))
    names = rules.player_names(first)
    title = payload.get("title") if isinstance(payload.get("title"), str) else ""
    title = title.strip() or f"{rules.title}: {', '.join(names)}"
    game = Game(slug=rules.slug, play_token=new_token(), watch_token=new_token(),
                join_code=new_join_code(), title=title[:200], setup=setup,
                version=len(rows), created_at=utcnow(),
                updated_at=rows[-1].at if rows else utcnow())
    with write_session() as s:  # the game and its log in one transaction
        s.add(game)
        s.flush()
        for row in rows:
            row.game_id = game.id
        s.add_all(rows)
        s.commit()
    return game


# ------------------------------------------------------------------------------- box data

def remember_box(slug: str, records: list[tuple[str, str, dict]]) -> None:
    """Store values a table entered from its components, for later games on this server."""
    if not records:
        return
    with write_session() as s:
        for category, key, value in records:
            row = s.scalar(select(BoxData).where(BoxData.slug == slug,
                                                 BoxData.category == category,
                                                 BoxData.key == key))
            if row is None:
                s.add(BoxData(slug=slug, category=category, key=key, value=value))
            elif row.value != value:
                row.value, row.updated_at = value, utcnow()
        s.commit()


def box_entries(slug: str) -> list[BoxData]:
    return list(session().scalars(select(BoxData).where(BoxData.slug == slug)
                                  .order_by(BoxData.category, BoxData.key)))
