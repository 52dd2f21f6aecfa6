"""What every game shares: errors, rulings, action specs, score sheets, ranking and the log fold.

This module is the contract between the pure rules of each game and the web layer. It imports only
the standard library. A game module builds one :class:`GameRules` subclass instance; the registry in
``companion.games`` looks it up by slug.
"""
from __future__ import annotations

import string
from dataclasses import dataclass, field, replace
from functools import cached_property
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

MAX_NAME_LENGTH = 40
MAX_TEXT_LENGTH = 200
MAX_NUMBER = 9999


# ---------------------------------------------------------------------------------------- words

class Text(str):
    """Words for the people at the table. It reads as English, so logs, tests and JSON need nothing
    special, and it keeps its template and values so the web layer can say it in the reader's
    language (the catalogs live outside this pure library). Values may be numbers, names, other
    Texts, or lists of them."""

    template: str
    params: dict[str, Any]
    rule: str = ""  # set by step(): the rule section a guide line links to

    def __new__(cls, template: str, params: Mapping[str, Any] | None = None) -> "Text":
        # Score pads and histories make thousands of these: every case stays cheap. The values
        # are kept as given (a dict nobody changes afterwards: t()'s own keyword arguments).
        if not params:
            made = super().__new__(cls, template)
            made.template, made.params = template, {}
            return made
        if type(params) is not dict:
            params = dict(params)
        english = params
        for value in params.values():
            if isinstance(value, (list, tuple)):
                english = {k: _english(v) for k, v in params.items()}
                break
        made = super().__new__(cls, template.format_map(english))
        made.template, made.params = template, params
        return made

    def __reduce__(self):  # pickled snapshots keep the template, not only the English
        return (Text, (self.template, self.params))


def _english(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return value


def t(template: str, **params: Any) -> Text:
    """Mark words for translation: ``t("{name} has {coins} coins", name=n, coins=c)``. The
    template is the catalog's key, so build sentences with placeholders, never by joining."""
    return Text(template, params)


def step(text: Text, rule: str) -> Text:
    """A guide line that links to its rule: ``step(t("Pay income"), "Hadara rulebook, Income")``.
    ``rule`` is a citation in the same form as actions' and score lines' rules."""
    made = Text(text.template, text.params)
    made.rule = rule
    return made


def words_to_json(value: Any) -> Any:
    """A Text (or plain value) as JSON the store can keep and :func:`words_from_json` rebuilds."""
    if isinstance(value, Text):
        return {"t": value.template, "p": {k: words_to_json(v) for k, v in value.params.items()}}
    if isinstance(value, (list, tuple)):
        return [words_to_json(v) for v in value]
    return value


def words_are_plain(value: Any, depth: int = 0) -> bool:
    """True when stored words (from an imported file, say) use only plain ``{name}`` fields:
    a template is filled in with ``str.format``, so ``{x.attr}`` or ``{x[0]}`` must never come in
    from outside."""
    if depth > 5:
        return False
    if isinstance(value, list):
        return len(value) <= 50 and all(words_are_plain(v, depth + 1) for v in value)
    if isinstance(value, dict):
        template, params = value.get("t"), value.get("p", {})
        if not isinstance(template, str) or len(template) > 1000 or not isinstance(params, dict):
            return False
        try:
            fields = [f for _, f, spec, conv in _FORMATTER.parse(template) if f is not None]
        except ValueError:
            return False
        return (all(f.isidentifier() and f in params for f in fields)
                and all(words_are_plain(v, depth + 1) for v in params.values()))
    return value is None or isinstance(value, (str, int, float))


_FORMATTER = string.Formatter()


def words_from_json(value: Any) -> Any:
    if isinstance(value, dict) and isinstance(value.get("t"), str):
        params = value.get("p") if isinstance(value.get("p"), dict) else {}
        return Text(value["t"], {k: words_from_json(v) for k, v in params.items()})
    if isinstance(value, list):
        return [words_from_json(v) for v in value]
    return value


# --------------------------------------------------------------------------------------- errors

@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input: where (a field path such as ``players[1].coins``) and why."""

    field: str
    message: str


class RulesError(ValueError):
    """An input the rules forbid. ``rule`` names the rulebook section or ruling it follows."""

    def __init__(self, message: str, *, rule: str = "", field: str = ""):
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.field = field

    @property
    def problems(self) -> tuple[Problem, ...]:
        return (Problem(self.field, self.message),)


class IllegalAction(RulesError):
    """An action the rules do not allow in the current state."""


class InvalidInput(RulesError):
    """Input that breaks several rules or limits at once; every problem is listed."""

    def __init__(self, problems: Iterable[Problem], *, rule: str = ""):
        found = tuple(problems)
        super().__init__("; ".join(p.message for p in found) or t("invalid input"), rule=rule)
        self._problems = found

    @property
    def problems(self) -> tuple[Problem, ...]:
        return self._problems


class StaleAction(RulesError):
    """An action based on a version of the game that changed meanwhile, and no longer makes sense."""


class WrongPlayer(IllegalAction):
    """A turn action named for a player whose turn it is not. ``turn`` is the seat whose turn it
    is and ``named`` the seat the action named, so a page can ask whether to record it for the
    player whose turn it is instead."""

    def __init__(self, names: Sequence[str], turn: int, named: int, *, rule: str, field: str):
        super().__init__(t("It is {turn}'s turn, not {named}'s", turn=names[turn],
                           named=names[named]), rule=rule, field=field)
        self.turn, self.named = turn, named


class Checker:
    """Collects problems while reading input, so that every one is reported at once."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, path: str, message: str) -> None:
        self.problems.append(Problem(path, message))

    def raise_if_any(self, *, rule: str = "") -> None:
        if self.problems:
            raise InvalidInput(self.problems, rule=rule)

    def integer(self, data: Mapping, key: str, path: str, *, default: int | None = None,
                low: int = 0, high: int = MAX_NUMBER, label: Any = None) -> int:
        """Read a whole number between ``low`` and ``high``; a missing key takes ``default``.
        Messages name the field by ``label`` (words for people) when given, else by its key."""
        value = _get(data, key)
        if type(value) is int and low <= value <= high:  # the common case, checked first
            return value
        where = f"{path}.{key}" if path else key
        if value is None:
            if default is None:
                self.add(where, t("{field} is required", field=_named(key, label)))
            return low if default is None else default
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, str) and value.strip().lstrip("-").isdecimal() and len(value) < 8:
                value = int(value)
            else:
                self.add(where, t("{field} must be a whole number", field=_named(key, label)))
                return low
        if not low <= value <= high:
            # a JSON body can send thousands of digits: the message must stay sayable
            shown = value if abs(value) < 10 ** 15 else t("a {digits}-digit number",
                                                          digits=len(str(abs(value))))
            self.add(where, t("{field} must be between {low} and {high}, not {value}",
                              field=_named(key, label), low=low, high=high, value=shown))
            return max(low, min(high, value))
        return value

    def text(self, data: Mapping, key: str, path: str, *, limit: int = MAX_NAME_LENGTH,
             required: bool = True, label: Any = None) -> str:
        """Read a trimmed string of at most ``limit`` characters."""
        where = f"{path}.{key}" if path else key
        value = _get(data, key)
        if value is None or (isinstance(value, str) and not value.strip()):
            if required:
                self.add(where, t("{field} is required", field=_named(key, label)))
            return ""
        if not isinstance(value, str):
            self.add(where, t("{field} must be text", field=_named(key, label)))
            return ""
        value = value.strip()
        if len(value) > limit:
            self.add(where, t("{field} is {length} characters long; the limit is {limit}",
                              field=_named(key, label), length=len(value), limit=limit))
            return value[:limit]
        return value

    def choice(self, data: Mapping, key: str, path: str, choices: Sequence[str], *,
               default: str | None = None, label: Any = None,
               shown: Sequence[Any] | None = None) -> str:
        """One of ``choices``; a refusal lists them as ``shown`` (their words) when given."""
        where = f"{path}.{key}" if path else key
        value = data.get(key, default) if isinstance(data, Mapping) else default
        if value not in choices:
            self.add(where, t("{field} must be one of {choices}",
                              field=_named(key, label),
                              choices=", ".join(choices) if shown is None else list(shown)))
            return choices[0]
        return value

    def boolean(self, data: Mapping, key: str, path: str, *, default: bool = False,
                label: Any = None) -> bool:
        where = f"{path}.{key}" if path else key
        value = data.get(key, default) if isinstance(data, Mapping) else default
        if isinstance(value, bool):
            return value
        if value in ("true", "on", "1", "yes", 1):
            return True
        if value in ("false", "off", "0", "no", "", 0, None):
            return False
        self.add(where, t("{field} must be true or false", field=_named(key, label)))
        return default

    def int_list(self, data: Mapping, key: str, path: str, *, low: int = 0,
                 high: int = MAX_NUMBER, max_items: int = 50) -> tuple[int, ...]:
        value = _get(data, key)
        if value is None:
            return ()
        if type(value) is list and len(value) <= max_items and all(
                type(item) is int and low <= item <= high for item in value):
            return tuple(value)  # the common case, checked first
        where = f"{path}.{key}" if path else key
        if not isinstance(value, list):
            self.add(where, t("{field} must be a list of whole numbers", field=key))
            return ()
        if len(value) > max_items:
            self.add(where, t("{field} has {count} entries; the limit is {limit}", field=key,
                               count=len(value), limit=max_items))
            return ()
        out = []
        for i, item in enumerate(value):
            if isinstance(item, bool) or not isinstance(item, int):
                self.add(f"{where}[{i}]", t("{field}[{index}] must be a whole number", field=key,
                                             index=i))
            elif not low <= item <= high:
                self.add(f"{where}[{i}]", t(
                    "{field}[{index}] must be between {low} and {high}, not {value}",
                    field=key, index=i, low=low, high=high, value=item))
            else:
                out.append(item)
        return tuple(out)


def _named(key: str, label: Any) -> Any:
    """What a message calls a field: its label (words for people) when there is one."""
    return key if label is None else label


def _get(data: Any, key: str) -> Any:
    """``data[key]``, or None when it is missing or ``data`` is not a mapping."""
    if type(data) is dict:
        return data.get(key)
    return data.get(key) if isinstance(data, Mapping) else None


# -------------------------------------------------------------------------------------- rulings

@dataclass(frozen=True)
class Ruling:
    """An ambiguity of the rulebook settled by a default reading that a table may switch.

    ``readings`` maps each reading's key to a short explanation; ``default`` is one of its keys.
    """

    id: str
    question: str
    default: str
    readings: Mapping[str, str]
    why: str = ""

    def check(self, reading: str) -> str:
        if reading not in self.readings:
            raise RulesError(t("ruling {id} has no reading {reading}; choose one of {choices}",
                               id=self.id, reading=repr(reading),
                               choices=", ".join(self.readings)), rule=self.id,
                             field=f"rulings.{self.id}")
        return reading


def resolve_rulings(known: Mapping[str, Ruling], chosen: Mapping[str, str] | None,
                    checker: Checker | None = None) -> dict[str, str]:
    """Every known ruling with the table's reading, or the default where none was chosen."""
    out = {rid: r.default for rid, r in known.items()}
    if chosen is None:
        return out
    if not isinstance(chosen, Mapping):
        (checker or Checker()).add("rulings", t("rulings must be an object of id: reading"))
        return out
    for rid, reading in chosen.items():
        if rid not in known:
            msg = t("unknown ruling {id}; this game has {rulings}", id=repr(rid),
                    rulings=", ".join(known) or t("none"))
        elif reading not in known[rid].readings:
            msg = t("ruling {id} has no reading {reading}; choose one of {choices}", id=rid,
                    reading=repr(reading), choices=", ".join(known[rid].readings))
        else:
            out[rid] = reading
            continue
        if checker is None:
            raise RulesError(msg, rule=str(rid), field=f"rulings.{rid}")
        checker.add(f"rulings.{rid}", msg)
    return out


# --------------------------------------------------------------------------------- action specs

@dataclass(frozen=True)
class FieldSpec:
    """One input of an action, described as data so the web layer can build its form.

    ``kind`` is ``int``, ``text``, ``choice``, ``bool`` or ``player`` (a seat index).
    """

    name: str
    label: str
    kind: str = "int"
    low: int = 0
    high: int = MAX_NUMBER
    choices: tuple[tuple[str, str], ...] = ()
    required: bool = True
    default: Any = None
    limit: int = MAX_NAME_LENGTH
    help: str = ""


@dataclass(frozen=True)
class ActionSpec:
    """An action a table can record: its fields, the rule it follows, and how it meets concurrency.

    ``commutative`` actions (a +1, a payment) still make sense on top of changes made meanwhile by
    another phone; the others are refused when the page that sent them was out of date.
    ``actor`` names the field that says which player the action is for ("" for an action of the
    whole table); when it is some player's turn, the rules refuse an action named for another.
    """

    kind: str
    label: str
    rule: str
    fields: tuple[FieldSpec, ...] = ()
    commutative: bool = False
    help: str = ""
    actor: str = ""


def read_fields(spec: ActionSpec, data: Mapping[str, Any], players: int) -> dict[str, Any]:
    """Check ``data`` against an action's fields and return clean values, or raise InvalidInput
    naming every problem by its field's label."""
    check = Checker()
    out: dict[str, Any] = {}
    for f in spec.fields:
        if f.kind == "int":
            out[f.name] = check.integer(data, f.name, "", default=f.default if not f.required
                                        else None, low=f.low, high=f.high, label=f.label)
        elif f.kind == "player":
            # an optional player's default (-1: nobody named) reads back as itself, so a stored
            # entry reads the same as the tap that made it
            low = f.default if not f.required and isinstance(f.default, int) and \
                f.default < 0 else 0
            out[f.name] = check.integer(data, f.name, "", low=low, high=max(players - 1, 0),
                                        default=None if f.required else f.default,
                                        label=f.label)
        elif f.kind == "text":
            out[f.name] = check.text(data, f.name, "", limit=f.limit, required=f.required,
                                     label=f.label)
        elif f.kind == "choice":
            out[f.name] = check.choice(data, f.name, "", [c for c, _ in f.choices],
                                       default=f.default, label=f.label,
                                       shown=[words for _, words in f.choices])
        elif f.kind == "bool":
            out[f.name] = check.boolean(data, f.name, "", default=bool(f.default),
                                        label=f.label)
        else:  # pragma: no cover - a programming error in a game module
            raise TypeError(f"unknown field kind {f.kind}")
    check.raise_if_any(rule=spec.rule)
    return out


# ------------------------------------------------------------------------------- score and rank

@dataclass(frozen=True)
class ScoreLine:
    """One line of a player's score: what it counts, how many points, how, and by which rule."""

    id: str
    label: str
    points: int
    detail: str
    rule: str


@dataclass(frozen=True)
class ScoreSheet:
    """A player's score lines; ``tiebreaks`` holds the values the ranking may compare."""

    name: str
    lines: tuple[ScoreLine, ...]
    tiebreaks: Mapping[str, int] = field(default_factory=dict)

    @cached_property  # ranking and the pads read it many times; the sheet never changes
    def total(self) -> int:
        return sum(line.points for line in self.lines)


@dataclass(frozen=True)
class Placing:
    """A place (competition style: 1, 2, 2, 4) and what decided it: ``total``, a tie-break id, or
    ``shared`` when the tie stands."""

    place: int
    names: tuple[str, ...]
    decided_by: str


@dataclass(frozen=True)
class Result:
    """The whole score pad: sheets in seat order, the ranking, and the rulings with their readings."""

    game: str
    sheets: tuple[ScoreSheet, ...]
    ranking: tuple[Placing, ...]
    rulings: Mapping[str, str]


def rank(sheets: Sequence[ScoreSheet], tiebreaks: Sequence[str]) -> tuple[Placing, ...]:
    """Rank by total, then each tie-break in order (higher is better); ties left stand as shared.

    A group tied on total is split by the first tie-break; any part still tied goes on to the next.
    A player alone at its value is placed by whatever split it off.
    """
    placings: list[Placing] = []

    def split(group: list[ScoreSheet], keys: Sequence[str], decided: str, start: int) -> None:
        if len(group) == 1:
            placings.append(Placing(start, (group[0].name,), decided))
            return
        if not keys:
            placings.append(Placing(start, tuple(s.name for s in group), "shared"))
            return
        key, rest = keys[0], keys[1:]
        values = sorted({s.tiebreaks.get(key, 0) for s in group}, reverse=True)
        place = start
        for value in values:
            part = [s for s in group if s.tiebreaks.get(key, 0) == value]
            split(part, rest, key, place)
            place += len(part)

    totals = sorted({s.total for s in sheets}, reverse=True)
    place = 1
    for total in totals:
        group = [s for s in sheets if s.total == total]
        split(group, tiebreaks, "total", place)
        place += len(group)
    return tuple(placings)


# ------------------------------------------------------------------------------------ the log

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


class GameRules:
    """The interface each game implements. Subclasses set the class attributes and override the
    methods marked as such; the shared behaviour (rulings, undo, field checks) lives here."""

    slug: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    rulings: Mapping[str, Ruling] = {}
    actions: Mapping[str, ActionSpec] = {}
    tiebreaks: tuple[str, ...] = ()
    #: the setup form: options of the whole game, then the fields asked for each player
    setup_fields: tuple[FieldSpec, ...] = ()
    player_fields: tuple[FieldSpec, ...] = ()
    #: the quick score pad: options of the whole game, then the end-of-game facts of each player
    quick_options: tuple[FieldSpec, ...] = ()
    quick_fields: tuple[FieldSpec, ...] = ()

    # -- to override --------------------------------------------------------------------------
    def new_game(self, setup: Mapping[str, Any]) -> Any:
        """Check a setup (raise InvalidInput listing every problem) and return the first state."""
        raise NotImplementedError

    def apply(self, state: Any, kind: str, data: Mapping[str, Any], by: str = "") -> Any:
        """Return the state after one action whose fields are already checked; raise
        IllegalAction naming the rule when the state does not allow it."""
        raise NotImplementedError

    def describe(self, state: Any, kind: str, data: Mapping[str, Any]) -> str:
        """The action in words, for the history (``state`` is the state before it)."""
        return self.actions[kind].label if kind in self.actions else kind

    def available(self, state: Any) -> tuple[str, ...]:
        """The action kinds that make sense now, in the order the game guide offers them."""
        return tuple(self.actions)

    def guide(self, state: Any) -> tuple[str, ...]:
        """What the table does now, in a few sentences for the game guide."""
        return ()

    def is_over(self, state: Any) -> bool:
        """Whether the game has reached its end (the score pad is then final)."""
        return False

    def secrets(self, setup: Mapping[str, Any], log: Sequence[Entry], state: Any
                ) -> tuple[Secret, ...]:
        """The players' hidden information in a game's setup and log that ``state`` (the state
        the log leads to) still hides. Exports leave out every secret but the viewer's own, and
        ``describe`` must never put one into words (the history is shown to everyone). Boards
        showing hidden values show them to their owner's seat only. Default: nothing hidden."""
        return ()

    def score(self, state: Any) -> Result:
        """The score pad of a game in progress or finished."""
        raise NotImplementedError

    def parse_facts(self, payload: Any) -> tuple[list[Any], dict[str, str]]:
        """Read end-of-game facts (the score API and the quick pad); raise InvalidInput."""
        raise NotImplementedError

    def score_facts(self, facts: Sequence[Any], rulings: Mapping[str, str]) -> Result:
        raise NotImplementedError

    def player_names(self, state: Any) -> tuple[str, ...]:
        raise NotImplementedError

    def turn_of(self, state: Any, kind: str) -> int | None:
        """The seat whose turn an action of ``kind`` belongs to now, or None when any player may
        take it (simultaneous steps, actions of the whole table)."""
        return None

    def step_fields(self, state: Any, kind: str) -> dict[str, Any]:
        """The fields naming the step an action is tapped on (the step a close closes, the year
        an end of year ends). A page puts them in its form; the rules refuse the action once the
        table has moved past that step, so a second tap can never close the next step too."""
        return {}

    # -- shared -------------------------------------------------------------------------------
    def spec(self, kind: str) -> ActionSpec:
        try:
            return self.actions[kind]
        except KeyError:
            raise IllegalAction(t("{game} has no action {kind}", game=self.title, kind=repr(kind)),
                                field="kind") from None

    #: the rule a refusal for the wrong player's turn cites
    turn_rule: str = ""

    def check_turn(self, state: Any, kind: str, data: Mapping[str, Any]) -> None:
        """Refuse an action named (by its ``actor`` field) for a player whose turn it is not.
        An entry that names no player (logged before actions named one) acts for the player
        whose turn it is, as it was recorded."""
        actor = self.actions[kind].actor if kind in self.actions else ""
        named = data.get(actor) if actor else None
        if type(named) is not int or named < 0:
            return
        turn = self.turn_of(state, kind)
        if turn is not None and named != turn:
            raise WrongPlayer(self.player_names(state), turn, named, rule=self.turn_rule,
                              field=actor)

    def check_action(self, state: Any, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
        """Check an action's fields against its spec; returns clean data."""
        if kind in META_KINDS:
            return {}
        return read_fields(self.spec(kind), data, len(self.player_names(state)))

    def fold(self, setup: Mapping[str, Any], log: Sequence[Entry]) -> Any:
        """The state a log leads to: the setup, then every entry in force."""
        state = self.new_game(setup)
        active, _ = effective_entries(log)
        for entry in active:
            state = self.apply(state, entry.kind, entry.data, entry.by)
        return state

    def ruling_spec(self) -> ActionSpec:
        """The action that switches a ruling for this game (recorded in the history)."""
        return ActionSpec(RULING, t("Switch a ruling"), "Rulings",
                          (FieldSpec("ruling", t("Ruling"), "choice",
                                     choices=tuple((r, r) for r in self.rulings)),
                           FieldSpec("reading", t("Reading"), "text")))

    def switch_ruling(self, state: Any, data: Mapping[str, Any]) -> Any:
        """A copy of ``state`` (which must have a ``rulings`` dict) with one ruling switched."""
        rid, reading = data.get("ruling"), data.get("reading")
        if rid not in self.rulings:
            raise IllegalAction(t("unknown ruling {id}", id=repr(rid)), rule="Rulings",
                                field="ruling")
        self.rulings[rid].check(reading)
        return replace(state, rulings={**state.rulings, rid: reading})

    def quick_payload(self, options: Mapping[str, Any],
                      players: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        """The score-API payload for what the quick score pad's form collected (flat fields).
        Games whose facts nest (lists, objects) override this."""
        return {**options, "players": [dict(p) for p in players]}

    def setup_defaults(self, records: Iterable[tuple[str, str, Mapping[str, Any]]]
                       ) -> dict[str, Any]:
        """Setup-form values taken from remembered box data (category, key, values)."""
        return {}

    def box_records_of_setup(self, setup: Mapping[str, Any]) -> list[tuple[str, str, dict]]:
        """Box data a setup carries (category, key, values), remembered for later games."""
        return []

    def box_records(self, state: Any, kind: str, data: Mapping[str, Any]
                    ) -> list[tuple[str, str, dict]]:
        """Box data an accepted action carries (a statue's points, a medal's price...)."""
        return []

    def score_payload(self, payload: Any) -> Result:
        facts, rulings = self.parse_facts(payload)
        return self.score_facts(facts, rulings)


def result_to_json(result: Result) -> dict[str, Any]:
    """The score API's response body (see DESIGN.md, "The score API")."""
    return {
        "game": result.game,
        "players": [
            {"name": s.name, "total": s.total,
             "lines": [{"id": ln.id, "label": ln.label, "points": ln.points,
                        "detail": ln.detail, "rule": ln.rule} for ln in s.lines]}
            for s in result.sheets],
        "ranking": [{"place": p.place, "names": list(p.names), "decided_by": p.decided_by}
                    for p in result.ranking],
        "rulings": dict(result.rulings),
    }


def split_numbers(text: Any) -> Any:
    """``"5, 7 3"`` → ``[5, 7, 3]`` for list fields typed into a form; anything that is not a
    whole number is kept as typed, so the checker names it."""
    if not isinstance(text, str):
        return text
    items = [t for t in text.replace(",", " ").replace("+", " ").split() if t]
    return [int(t) if t.lstrip("-").isdecimal() and len(t) < 8 else t for t in items]


def ceil_half(n: int) -> int:
    """Half of ``n`` rounded up."""
    return -(-n // 2)


Key = Callable[[Any], Any]
