"""Writing a game: a new game stored, and each tap (an action, an undo, redo, take-back or
change) as one unit of work, ``store.tap``, the one place a tap's write is opened and committed.

    for attempt in store.attempts():                      # tried again after a real conflict
        with attempt, store.tap(link, once=key) as tap:   # the write begun, the game locked
            ...                                           # the caller's reads and checks
            done = tap.record(kind, values, by=name, version=shown)   # stored and committed

The rules library decides what is legal; this module makes each accepted action durable
(committed before ``record`` returns) and keeps concurrent phones from losing or
double-applying taps. Reads elsewhere never lock (``find_game`` only reads)."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import Session

from ..games import GameRules, get_game
from ..games.core import (
    AMEND,
    CORRECT,
    META_KINDS,
    REDO,
    UNDO,
    VOID,
    Entry,
    IllegalAction,
    StaleAction,
    Text,
    standing,
    t,
    words_to_json,
)
from ..games.core import history as changes
from . import live
from .box import _store_box, box_in_force
from .db import Action, Game, end_reading, session, utcnow, write_session
from .links import GAME_BY_LINK, is_link, new_join_code, new_token
from .log import (
    Snapshot,
    _applied,
    _entries,
    _entry_at,
    _fold,
    _keep,
    _snapshot,
    snapshot_of,
)
from .writes import attempts


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
    for attempt in attempts():
        with attempt, write_session() as s:
            game = Game(slug=rules.slug, play_token=new_token(), watch_token=new_token(),
                        join_code=new_join_code(), title=f"{rules.title}: {', '.join(names)}",
                        setup=rules.stored_setup(setup), version=0)  # (a new row each try)
            s.add(game)
            s.flush()  # (its id)
            if joining is not None:
                joining(s, game, state)
            _store_box(s, rules.slug, box, source=(game.id, 0))
            s.commit()
    _keep(game.id, 0, Snapshot(state, None, None))
    return game


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


# The game a tap writes on, read once in its write and locked: PostgreSQL's row lock, so taps of
# one game take turns and taps of different games never wait for each other (SQLite's write is
# locked as a whole from its BEGIN IMMEDIATE). Read afresh, whatever the session read before.
_LOCKED_BY_LINK = GAME_BY_LINK.with_for_update().execution_options(populate_existing=True)
_LOCKED_BY_ID = select(Game).where(Game.id == bindparam("game")).with_for_update() \
    .execution_options(populate_existing=True)


class Tap:
    """One tap's write, as a ``with`` block (``tap``): entering it ends the request's read
    transaction and begins the write (SQLite: ``BEGIN IMMEDIATE``, writers queue on the busy
    timeout), reads the game once, locked, and looks up the one-time key; ``record`` stores the
    entry and commits. Leaving the block without a record, or by an exception (a refusal, a
    question asked first, a lost conflict), rolls the write back: nothing of it is kept.

    ``game``: the game (None when the link opens none); ``can_play``: whether the link may
    change it (a play link, not a watch link)."""

    def __init__(self, link: str | None, game_id: int | None, once: str | None) -> None:
        self.link, self.game_id, self.once = link, game_id, once
        self.game: Game | None = None
        self._s: Session | None = None
        self._first: Recorded | None = None  # the answer to the key's first form
        self._recorded: Recorded | None = None

    @property
    def can_play(self) -> bool:
        return self.game is not None and (self.link is None or self.game.play_token == self.link)

    def __enter__(self) -> Tap:
        s = session()
        end_reading()  # (SQLite: a read still open would keep its log from being checkpointed)
        try:
            s.connection(execution_options={"immediate": True})  # (SQLite: BEGIN IMMEDIATE)
            if self.link is None:
                self.game = s.scalar(_LOCKED_BY_ID, {"game": self.game_id})
            elif is_link(self.link):
                self.game = s.scalar(_LOCKED_BY_LINK, {"link": self.link})
            if self.game is not None and self.once:
                self._first = _first_of(s, self.game.id, self.once)
        except BaseException:
            s.rollback()
            raise
        self._s = s
        return self

    def __exit__(self, _kind: type[BaseException] | None, _err: BaseException | None,
                 _tb: TracebackType | None) -> None:
        if self._s is not None and self._recorded is None:
            self._s.rollback()  # (not committed: nothing of it is kept)
        self._s = None

    def record(self, kind: str, data: Mapping[str, Any], *, by: str = "",
               version: int | None = None, box: list[tuple[str, str, dict]] = (),
               before: Before | None = None) -> Recorded:
        """Check and store one action with the box data it told, bump the game's version and
        commit; then this process keeps the state after it and wakes the phones waiting on the
        game. A refusal is raised with nothing stored (the block rolls the write back).

        ``version`` is the game version the sender's page showed: a commutative action is
        applied on top of anything newer, any other is refused with what changed meanwhile.
        The same form sent again (the tap's one-time key) is answered as the first time and
        stored once. ``box``: box data to keep with it besides what the rules read from it (a
        house rule the table asked to remember). ``before``: the caller's own check."""
        s, game = self._s, self.game
        if s is None or self._recorded is not None:
            raise RuntimeError("a tap records one entry, inside its with block")
        if self._first is not None:
            return self._first  # the same form again: the first answer, nothing stored
        if game is None:
            raise IllegalAction(t("this game does not exist"))
        step, state = _worked_out(s, game, kind, data, by=by, version=version, before=before)
        seq, at = game.version + 1, utcnow()
        game.version, game.updated_at = seq, at
        _add_entry(s, game, kind, step, state, at, by=by, once=self.once, box=list(box))
        live.told(s, game.id, seq)  # (PostgreSQL: every process listening, at the commit)
        s.commit()
        self._recorded = Recorded(str(step.text), step.data, seq)
        _keep(game.id, seq, step.after)
        live.moved(game.id, seq)  # the phones waiting on this game in this process, at once
        return self._recorded


def tap(link: str | None = None, *, game_id: int | None = None,
        once: str | None = None) -> Tap:
    """``with store.tap(link, once=key) as tap:`` one tap's write on the game a link opens (or
    the game ``game_id``, for a caller of the store that holds it); ``once``: the one-time key
    of the form that sent it. Inside ``for attempt in store.attempts(): with attempt, ...`` it
    is tried again as a whole, the caller's reads in it too, when it lost a real conflict."""
    return Tap(link, game_id, once)


def record(game_id: int, kind: str, data: Mapping[str, Any], *, by: str = "",
           version: int | None = None, once: str | None = None,
           box: list[tuple[str, str, dict]] = (), before: Before | None = None) -> Recorded:
    """One action recorded as a tap of its own, tried again after a real conflict (see
    ``Tap.record``): for callers that hold the game's id and read nothing else in its write."""
    for attempt in attempts():
        with attempt, tap(game_id=game_id, once=once) as one:
            return one.record(kind, data, by=by, version=version, box=box, before=before)
    raise AssertionError("unreachable: the last try's conflict is raised")


def _worked_out(s: Session, game: Game, kind: str, data: Mapping[str, Any], *, by: str,
                version: int | None, before: Before | None) -> tuple[_Step, Any]:
    """A tap's entry as it will be stored, and the state it applies to: the version check, the
    rules' reading of the values (once), the caller's check, the step applied on the state this
    process keeps (``snapshot_of``)."""
    rules, snap, seq = get_game(game.slug), snapshot_of(game), game.version + 1
    stale = version is not None and version != game.version
    if stale and (kind in (UNDO, REDO) if kind in META_KINDS
                  else not rules.spec(kind).commutative):
        raise _stale(s, game.id, version)
    clean = rules.check_action(snap.state, kind, data)
    if before is not None:
        before(snap.state, clean)
    step = (_meta(s, game, snap, kind, data, by, version) if kind in META_KINDS
            else _step(rules, snap, seq, kind, clean, by))
    if stale and step.stale:
        raise _stale(s, game.id, version)
    return step, snap.state


def _add_entry(s: Session, game: Game, kind: str, step: _Step, before: Any, at: Any, *,
               by: str, once: str | None, box: list[tuple[str, str, dict]]) -> None:
    """``step`` as the game's entry at its (new) version, with what it implies: the box data it
    told, and what the hooks add (``AFTER_RECORD``); ``before``: the state it applies to."""
    seq = game.version
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


_ADD_ACTION = Action.__table__.insert()


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
    return None if first is None else Recorded(first.text, first.data, first.seq)


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
