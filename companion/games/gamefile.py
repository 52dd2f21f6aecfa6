"""A game file (``GET /g/<token>/export.json``) read back as strictly as a tap, and written
without the hidden information its reader may not see.

Reading: the JSON is bounded (its nesting checked before parsing, texts and numbers before any
checker quotes them), the setup is checked as a new game's is (``rules.new_game``), and every log
entry goes through the rules' own reader (``rules.check_action``) before ``rules.apply``, exactly
as a tap is recorded: what is kept is the clean values and the words the rules say, never the
file's. Anything wrong is an :class:`IllegalAction` naming the entry and the field; no other
exception escapes.

Writing: ``hidden.leave_out`` blanks every secret (``GameRules.secrets``) that is not the
viewer's.

Pure: the standard library and the rules' core; ``companion.store`` stores what this returns.
"""
from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from .core import (
    CORRECT,
    META_KINDS,
    REDO,
    UNDO,
    VOID,
    Checker,
    Entry,
    GameRules,
    IllegalAction,
    RulesError,
    t,
    words_from_json,
    words_to_json,
)
from .core import history as changes
from .core.characters import check_text
from .core.ledger import Ledger, work
from .core.words import CUT

FORMAT = "table-companion-game/1"
MAX_DEPTH = 32  # an export nests at most 27 deep: words within MAX_NESTING (see as_exported)
MAX_DIGITS = 15  # any count a game keeps fits; Babel and the checkers' messages stay sane
MAX_ENTRIES = 20000
MAX_TEXT = 200  # the longest text a setup or action field takes is 120 characters
MAX_WORDS = 1000  # an entry's words as the file says them (not kept: the rules say them again)
# What a log's take-backs and changes may cost beyond one replay (``core.ledger.work``): the
# entries their windows walk again, and the actions they replay again. A table's own fixes reach
# a few steps back; a file whose changes reach far back again and again is refused unread.
MAX_WALKED = 1_000_000
MAX_REPLAYED = 100_000

# A string, or an unterminated one up to the end: it always matches once begun, so the scan stays
# linear whatever the text (a pattern that can fail restarts at every quote: quadratic).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_log = logging.getLogger(__name__)


# ------------------------------------------------------------------------------- the JSON

class _Refused(ValueError):
    """A value the JSON parser met that a game file never holds (raised from its hooks)."""


def read_json(raw: bytes) -> Any:
    """The JSON of a file, or IllegalAction saying why not: not UTF-8, nested deeper than
    MAX_DEPTH (checked before parsing, so the parser never recurses far), NaN or Infinity, or
    not JSON at all; or InvalidInput naming each text that holds a character no text may hold
    (``core.characters``). An empty file reads as None. (Numbers too long for a game are
    refused where they stand, by :func:`oversized`.)"""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise IllegalAction(t("not JSON: the file is not UTF-8 text"), field="file") from None
    if not text.strip():
        return None
    if _nesting(text) > MAX_DEPTH:
        raise IllegalAction(t("the file nests lists and objects more than {limit} deep; a game "
                              "file never does", limit=MAX_DEPTH), field="file")
    try:
        data = json.loads(text, parse_constant=_constant)
    except _Refused as err:
        raise IllegalAction(err.args[0], field="file") from None
    except (ValueError, RecursionError) as err:  # JSONDecodeError is a ValueError
        raise IllegalAction(t("not JSON: {error}", error=str(err)[:200]), field="file") from None
    check_text(data)
    return data


def _nesting(text: str) -> int:
    """How deep lists and objects nest in JSON text (brackets inside strings do not count).
    Strings and every other character are dropped first, at the regex engine's speed."""
    depth = deepest = 0
    for char in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        if char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    break
        else:
            depth -= 1
    return deepest


def _constant(name: str) -> Any:
    raise _Refused(t("{value} is not a number a game file holds", value=name))


# ------------------------------------------------------------------------------ the setup

def read_setup(rules: GameRules, setup: Any) -> tuple[dict[str, Any], Any]:
    """The setup as a new game's form sends it (the game's setup and player fields, rulings;
    nothing else is kept), checked as a new game's; returns it with the first state."""
    if not isinstance(setup, dict):
        raise IllegalAction(t("setup must be an object"), field="setup")
    kept = _known(setup, {f.name for f in rules.setup_fields} | {"rulings"})
    if "players" in setup:
        players, fields = setup["players"], {f.name for f in rules.player_fields}
        kept["players"] = ([_known(p, fields) if isinstance(p, dict) else p for p in players]
                           if isinstance(players, list) else players)
    oversized(kept, "setup")
    try:
        return kept, rules.new_game(kept)
    except RulesError as err:
        raise refused("setup", err, "") from None
    except Exception as err:
        raise unreadable("setup", err) from None


def _known(data: Mapping[str, Any], keys: set[str]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k in keys}


def oversized(value: Any, path: str) -> None:
    """Refuse (naming the field) a text or key longer than MAX_TEXT characters or a whole number
    of more than MAX_DIGITS digits anywhere in ``value``, before any checker quotes it."""
    if isinstance(value, str) and len(value) > MAX_TEXT:
        raise IllegalAction(t("{field}: at most {limit} characters, not {length}", field=path,
                              limit=MAX_TEXT, length=len(value)), field=path)
    if isinstance(value, int) and abs(value) >= 10 ** MAX_DIGITS:
        raise IllegalAction(t("{field}: a whole number of at most {limit} digits", field=path,
                              limit=MAX_DIGITS), field=path)
    if isinstance(value, dict):
        for key, item in value.items():
            if len(str(key)) > MAX_TEXT:
                raise IllegalAction(t("{field}: a key of {length} characters", field=path,
                                      length=len(str(key))), field=path)
            oversized(item, f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            oversized(item, f"{path}[{i}]")


def refused(entry: str, err: RulesError, prefix: str = "data.") -> IllegalAction:
    """A rules refusal of one part of a file, naming the part and each field (``prefix``: where
    fields sit inside it)."""
    said = [t("{entry}, {field}: {message}", entry=entry, field=prefix + p.field,
              message=p.message) if p.field else t("{entry}: {message}", entry=entry,
                                                   message=p.message)
            for p in err.problems]
    return IllegalAction(said[0] if len(said) == 1 else t("{problems}", problems=said),
                         rule=err.rule, field=entry)


def unreadable(entry: str, err: BaseException) -> IllegalAction:
    """A part of a file the rules failed on in a way they do not foresee: refused all the same
    (and logged, as it shows a gap in the rules' checks)."""
    _log.warning("an imported %s could not be replayed", entry, exc_info=err)
    return IllegalAction(t("{entry}: the rules cannot replay this ({error})", entry=entry,
                           error=type(err).__name__), field=entry)


# -------------------------------------------------------------------------------- the log

def refuse_costly(actions: list) -> None:
    """Refuse a log whose take-backs and changes would cost more than MAX_WALKED entries walked
    or MAX_REPLAYED actions replayed again (worked out from the raw entries: nothing replayed)."""
    walked, replayed = work(actions)
    if walked > MAX_WALKED or replayed > MAX_REPLAYED:
        raise IllegalAction(t("the file's take-backs and changes reach back too far too often: "
                              "checking them would replay {replayed} steps and walk {walked} "
                              "entries again; a game file may need at most {max_replayed} and "
                              "{max_walked}", replayed=replayed, walked=walked,
                              max_replayed=MAX_REPLAYED, max_walked=MAX_WALKED),
                            rule="History", field="actions")


def refuse_costly_together(logs: Iterable[Any]) -> None:
    """Refuse the logs of a group file's games when their take-backs and changes together would
    cost more than one game file's may (MAX_WALKED, MAX_REPLAYED): a file of many games, each
    within the budget, would otherwise cost the budget as many times (nothing replayed)."""
    walked = replayed = 0
    for actions in logs:
        if isinstance(actions, list):  # (a log that is not a list is refused when read)
            more = work(actions)
            walked, replayed = walked + more[0], replayed + more[1]
    if walked > MAX_WALKED or replayed > MAX_REPLAYED:
        raise IllegalAction(t("the take-backs and changes of the file's games reach back too "
                              "far too often: checking them would replay {replayed} steps and "
                              "walk {walked} entries again; the games of a group file may need "
                              "at most {max_replayed} and {max_walked} together", replayed=replayed,
                              walked=walked, max_replayed=MAX_REPLAYED, max_walked=MAX_WALKED),
                            rule="History", field="games")


@dataclass(frozen=True)
class Checked:
    """One log entry as a tap would have stored it: clean data, the rules' words and rule."""

    seq: int
    kind: str
    data: dict
    by: str
    text: Any  # a Text (or a plain string) as ``describe`` says it
    rule: str
    at: datetime
    is_correction: bool = False


class Replay:
    """A log read entry by entry as taps are recorded: the rules check each one against the state
    the entries before it lead to. Undo and redo act as in ``core.effective_entries`` and must
    name the step they take back or bring back; a void or an amendment is read and checked as
    a tap's is (``core.history``), replaying only the steps it can change (``core.ledger``).
    A log whose changes would cost more than the limits is refused before any replay."""

    def __init__(self, rules: GameRules, first: Any, setup: Mapping[str, Any]) -> None:
        self.rules, self.first, self.setup = rules, first, setup
        self.names = tuple(rules.player_names(first))
        self.entries: list[Checked] = []
        self.ledger = Ledger(rules, first)

    @property
    def state(self) -> Any:
        return self.ledger.state

    def read(self, actions: Any) -> list[Checked]:
        """Check every entry of an export's ``actions`` list in order; raises IllegalAction."""
        if not isinstance(actions, list) or len(actions) > MAX_ENTRIES:
            raise IllegalAction(t("actions must be a list (at most {limit} entries)",
                                  limit=MAX_ENTRIES), field="actions")
        refuse_costly(actions)
        for i, raw in enumerate(actions):
            kind, data, by, at = self._frame(i, raw)
            entry = f"actions[{i}] ({kind})"
            try:
                self.entries.append(self._step(i + 1, kind, data, by, at))
            except RulesError as err:
                raise refused(entry, err) from None
            except Exception as err:
                raise unreadable(entry, err) from None
        return self.entries

    def _frame(self, i: int, raw: Any) -> tuple[str, dict, str, datetime]:
        """An entry's number, kind, author and time, checked before the rules see its data."""
        where = f"actions[{i}]"
        if not isinstance(raw, dict) or type(raw.get("seq")) is not int or raw["seq"] != i + 1 \
                or not isinstance(raw.get("data"), dict):
            raise IllegalAction(t("{where}: each action needs seq {seq} (numbered from 1, no "
                                  "gaps) and a data object", where=where, seq=str(i + 1)),
                                field=where)
        kind = raw.get("kind")
        if not isinstance(kind, str) or kind not in (*META_KINDS, *self.rules.actions):
            raise IllegalAction(t("{where}: {game} has no action {kind}", where=where,
                                  game=self.rules.title, kind=repr(kind)[:60]), field=where)
        by = "" if raw.get("by") is None else raw["by"]
        if by != "" and by not in self.names:
            raise IllegalAction(t("{where}: 'by' must be empty or one of the players: {names}",
                                  where=where, names=list(self.names)), field=f"{where}.by")
        for key in ("text", "rule"):  # not kept (the rules say them again), but bounded
            if not isinstance(raw.get(key, ""), str) or len(raw.get(key, "")) > MAX_WORDS:
                raise IllegalAction(t("{field}: text of at most {limit} characters",
                                      field=f"{where}.{key}", limit=MAX_WORDS),
                                    field=f"{where}.{key}")
        oversized(raw["data"], f"{where} ({kind}), data")
        return kind, raw["data"], by, _moment(raw.get("at"), where)

    def _step(self, seq: int, kind: str, data: dict, by: str, at: datetime) -> Checked:
        if kind in (UNDO, REDO):
            return self._undo_redo(seq, kind, data, by, at)
        if kind in META_KINDS:
            return self._void_amend(seq, kind, data, by, at)
        state, rules = self.state, self.rules
        clean = rules.check_action(state, kind, data)
        _as_stored(data, clean)
        after = rules.apply(state, kind, clean, by)
        spec = rules.spec(kind)
        done = Checked(seq, kind, clean, by, rules.describe(state, kind, clean), spec.rule, at,
                       kind == CORRECT or spec.correction)
        self.ledger.act(Entry(seq, kind, clean, by), after)
        return done

    def _undo_redo(self, seq: int, kind: str, data: dict, by: str, at: datetime) -> Checked:
        """Undo takes back the newest entry in force, redo brings back the newest undone one;
        the entry must name it as ``target`` (its seq), as the server that recorded it did."""
        ledger = self.ledger
        source = ledger.stack if kind == UNDO else [seq for seq, _ in ledger.undone]
        if not source:
            raise IllegalAction(t("there is nothing to undo") if kind == UNDO else t(
                "there is nothing to redo: a new action since the last undo clears what could "
                "be redone"), rule="History")
        target = self.entries[source[-1] - 1]
        given = data.get("target")
        if type(given) is not int or given != target.seq:
            raise IllegalAction(t("this step acts on step {target}, so its target must be "
                                  "{target}, not {given}", target=target.seq,
                                  given=repr(given)[:20]), rule="History", field="target")
        _as_stored(data, {"target": target.seq})  # and nothing else
        entry = Entry(seq, kind, {"target": target.seq}, by)
        if kind == UNDO:
            ledger.undo(entry)
        else:
            ledger.redo(entry)
        words = (t("Undid: {action}", action=target.text) if kind == UNDO
                 else t("Redid: {action}", action=target.text))
        return Checked(seq, kind, {"target": target.seq}, by, words, "History", at)

    def _void_amend(self, seq: int, kind: str, data: dict, by: str, at: datetime) -> Checked:
        """A void or an amendment, checked as a tap's (every later entry still holds)."""
        ledger, rules = self.ledger, self.rules
        said = (lambda n: self.entries[n - 1].text)
        clean = (changes.void_data(ledger.log, data, ledger) if kind == VOID
                 else changes.amend_data(rules, self.setup, ledger.log, data, ledger))
        _as_stored(data, clean)
        change = Entry(seq, kind, clean, by)
        if kind == VOID:
            words = changes.void_words(rules, lambda n: ledger.log[n - 1].kind, clean["targets"])
        else:
            target = clean["target"]
            words = changes.amend_words(rules, ledger.state_before(target),
                                        ledger.log[target - 1].kind, change, said)
        ledger.change(change, said)
        return Checked(seq, kind, clean, by, words, changes.RULE, at)


def _as_stored(data: Mapping[str, Any], clean: Mapping[str, Any]) -> None:
    """A file holds an entry's values as the rules read them (a server stores nothing else):
    refuse any other field, and a value the reader had to convert ("5" for 5, "on" for true,
    untrimmed text). A field left out takes its default, as in a tap."""
    check = Checker()
    for key, given in data.items():
        if key not in clean:
            check.add(str(key), t("{field} is not a field of this action", field=key))
        elif type(given) is not type(clean[key]) or given != clean[key]:
            check.add(str(key), t("{field} must be written {value}, not {given}", field=key,
                                  value=json.dumps(clean[key]), given=json.dumps(given)[:40]))
    check.raise_if_any()


def _moment(value: Any, where: str) -> datetime:
    """An entry's time (ISO 8601), as the database keeps it: without a time zone."""
    try:
        if not isinstance(value, str) or len(value) > 40:
            raise ValueError
        return datetime.fromisoformat(value).replace(tzinfo=None)
    except ValueError:
        raise IllegalAction(t("{where}: 'at' is not a date and time", where=where),
                            field=f"{where}.at") from None


# ----------------------------------------------------------------------------- writing

def as_exported(text: str, words: Any) -> dict[str, Any]:
    """An entry's text and stored words as an export writes them, within what :class:`Replay`
    reads back whatever the game's history: text of at most MAX_WORDS characters, words nested
    at most MAX_NESTING deep (older versions stored a take-back's words inside the next one's)."""
    if len(text) > MAX_WORDS:
        text = text[:MAX_WORDS - 1] + CUT
    return {"text": text,
            "words": None if words is None else words_to_json(words_from_json(words))}
