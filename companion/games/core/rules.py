"""The interface each game implements: :class:`GameRules`."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .characters import check_text
from .errors import IllegalAction, OwnPhoneOnly, RulesError, WrongPlayer
from .log import META_KINDS, RULING, Entry, Secret, in_force
from .rulings import Ruling
from .scoring import Result, Standing, standing_of
from .specs import ActionSpec, FieldSpec, read_fields, subject_fields
from .states import replace
from .words import Text, t

#: the box data category of a ruling's reading a table keeps for its next games (the store's)
HOUSE_RULE = "house rule"

#: what every game must provide: its identity (class attributes) and the methods that have no
#: default here (they raise NotImplementedError)
REQUIRED_ATTRIBUTES = ("slug", "title", "min_players", "max_players", "actions", "player_fields")
REQUIRED = ("new_game", "apply", "player_names", "score", "parse_facts", "score_facts")

#: what a game may provide, by concern; each has a default here that asks for nothing more
OPTIONAL = {
    "the table's steps": ("available", "guide", "describe", "is_over", "turn_of", "check_turn",
                          "check_action", "step_fields", "unconfirmed"),
    "hidden information": ("secrets",),
    "the story of a game": ("standing", "chapter", "chapter_words", "first_seat"),
    "setup and box data": ("setup_unused", "stored_setup", "setup_defaults", "presets",
                           "box_records_of_setup", "box_records", "box_words"),
    "the forms": ("chip_span",),
    "the quick score pad": ("quick_payload",),
}

#: the same for every game: a game never overrides them (tests/games/test_rules_interface.py)
SHARED = ("spec", "subjects", "for_another", "fold", "replay", "refold", "ruling_spec",
          "switch_ruling", "score_payload")


class GameRules:
    """The interface each game implements. A game sets the ``REQUIRED_ATTRIBUTES`` and
    overrides the ``REQUIRED`` methods; it may override those ``OPTIONAL`` lists by concern;
    the ``SHARED`` behaviour (rulings, taking back, field checks, folding the log) lives here."""

    slug: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    rulings: Mapping[str, Ruling] = {}
    actions: Mapping[str, ActionSpec] = {}
    tiebreaks: tuple[str, ...] = ()
    #: each tie-break's words, for the ranking's "tie broken by ..." (an id without words is
    #: shown as it is)
    tiebreak_words: Mapping[str, Text] = {}
    #: placings decided by how the game ended rather than by the totals (a target reached
    #: first, a shared alliance win), in words for the ranking
    end_words: Mapping[str, Text] = {}
    #: the setup form: options of the whole game, then the fields asked for each player
    setup_fields: tuple[FieldSpec, ...] = ()
    player_fields: tuple[FieldSpec, ...] = ()
    #: setup fields that are values printed on components (box data, not the table's choice):
    #: the setup form keeps them together in one section, closed while every one is known
    box_setup_fields: tuple[str, ...] = ()
    #: the setup page asks "How many players?" first, then asks only what matters for that many
    #: (``setup_unused``)
    setup_count_first: bool = False
    #: the quick score pad: options of the whole game, then the end-of-game facts of each player
    quick_options: tuple[FieldSpec, ...] = ()
    quick_fields: tuple[FieldSpec, ...] = ()
    #: the game page offers the box data known so far in its forms (its board reads ``box``)
    box_on_page: bool = False
    #: words a table may type in a text field (a cost, the season names), each as the rules
    #: read it: the web layer reads the reader's own word for one as the rules' word
    typed_words: tuple[Text, ...] = ()
    #: the board shows a seat something of its own (hidden information, its house named in a
    #: question), so the page is drawn per seat; False: the board leaves all that differs from
    #: seat to seat to the phone's own parts, and one drawing serves every seat
    board_per_seat: bool = True

    # -- to override --------------------------------------------------------------------------
    def setup_unused(self, count: int) -> tuple[str, ...]:
        """The setup fields that do not matter with ``count`` players (left off its form)."""
        return ()

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

    def standing(self, state: Any) -> Standing:
        """Each player's score as if the game ended now, and the places it gives (the story
        chart's points); it never counts what the state still hides. Default: the score pad's
        totals and ranking. Games override it with their own, cheaper, beside their scoring."""
        return standing_of(self.score(state))

    def chapter(self, state: Any) -> int:
        """The part of the game ``state`` is in (Hadara's epoch, TradeWarz's year, Hexemonia's
        round), counted from 1: the story chart marks the standing where it moves on."""
        return 1

    def chapter_words(self, chapter: int) -> Text:
        """A chapter's name on the story chart ("Epoch II", "Year 3")."""
        return t("Part {n}", n=chapter)

    def parse_facts(self, payload: Any) -> tuple[list[Any], dict[str, str]]:
        """Read end-of-game facts (the score API and the quick pad); raise InvalidInput."""
        raise NotImplementedError

    def score_facts(self, facts: Sequence[Any], rulings: Mapping[str, str]) -> Result:
        raise NotImplementedError

    def first_seat(self, state: Any) -> int:
        """The seat of the game's first player, for a group's play record: seat 0 unless the
        game says otherwise (the others sit clockwise from the first)."""
        return 0

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

    def unconfirmed(self, state: Any, kind: str, data: Mapping[str, Any]) -> list[IllegalAction]:
        """What a tap of ``kind`` must be confirmed for (an action its ``anyway`` field says
        was meant all the same): a step closed while it still expects something from a named
        player. Asked by the page before recording, never on replay: a confirmation is the
        table's care, not a rule of the game."""
        return []

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

    def subjects(self, state: Any, kind: str, data: Mapping[str, Any]) -> tuple[int, ...]:
        """The seats an action (its fields read) is for, in its spec's order
        (``subject_fields``); an actor left out, or named as nobody, is whoever's turn it is."""
        spec = self.actions.get(kind)
        if spec is None:
            return ()
        seats: list[int] = []
        for name in subject_fields(spec):
            seat = data.get(name)
            if name == spec.actor and (type(seat) is not int or seat < 0):
                seat = self.turn_of(state, kind)
            if type(seat) is int and seat >= 0 and seat not in seats:
                seats.append(seat)
        return tuple(seats)

    def for_another(self, state: Any, kind: str, data: Mapping[str, Any],
                    seat: int | None) -> int | None:
        """The player an action (its fields read) sent from the phone seated at ``seat`` is for,
        when the phone is none of its subjects: the page asks first. None: it records at once
        (its own, or the whole table's). Another player's secret (``ActionSpec.own_phone``) is
        refused: only the owner's phone records it (the rules reveal the rest themselves, as a
        Hexemonia game's end turns every Acropolis face up). A phone with no seat (``None``) is
        nobody's: it records for whoever its form names, but reveals no secret."""
        players = self.subjects(state, kind, data)
        if not players or (seat is not None and seat in players):
            return None
        spec = self.actions[kind]
        if spec.own_phone and (seat is not None or spec.reveals):
            name = self.player_names(state)[players[0]]
            raise OwnPhoneOnly(t(spec.own_phone, name=name), owner=players[0], rule=spec.rule,
                               field=subject_fields(spec)[0])
        return players[0] if seat is not None else None

    def check_action(self, state: Any, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
        """Check an action's fields against its spec; returns clean data."""
        if kind in META_KINDS:
            return {}
        return read_fields(self.spec(kind), data, len(self.player_names(state)))

    def fold(self, setup: Mapping[str, Any], log: Sequence[Entry]) -> Any:
        """The state a log leads to: the setup, then every entry in force."""
        return self.replay(self.new_game(setup), in_force(log))

    def replay(self, state: Any, entries: Iterable[Entry], *, stored: bool = False) -> Any:
        """``state`` after ``entries`` applied in order: entries in force (see
        :func:`~.log.in_force`), none of them an undo, redo, void or amendment. ``stored``: the
        entries are a game's stored log, and one the rules refuse today (a rule read more
        strictly since it was recorded) is left out, as a take-back would leave it, so that no
        stored game stops opening."""
        apply = self.apply
        for entry in entries:
            try:
                state = apply(state, entry.kind, entry.data, entry.by)
            except RulesError:
                if not stored:
                    raise
        return state

    def refold(self, setup: Mapping[str, Any], log: Sequence[Entry]
               ) -> tuple[Any, list[tuple[Entry, RulesError]]]:
        """Fold ``log`` checking every entry in force again, as it would be checked if tapped
        now: the state, and each entry that no longer holds with why (left out of the fold, as
        taking it back would leave it out)."""
        state, broken = self.new_game(setup), []
        for entry in in_force(log):
            try:
                state = self.apply(state, entry.kind, entry.data, entry.by)
            except RulesError as err:
                broken.append((entry, err))
        return state, broken

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

    def stored_setup(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        """The setup as a game keeps it (and its file shows it): what the table sent, with an
        option the game reads otherwise for this table said as it is played."""
        return dict(setup)

    def setup_defaults(self, records: Iterable[tuple[str, str, Mapping[str, Any]]]
                       ) -> dict[str, Any]:
        """Setup-form values taken from remembered box data (category, key, values)."""
        return {}

    def presets(self, state: Any, seat: int) -> dict[str, str]:
        """Form values the app knows for the player at ``seat`` now (by field name), which a
        phone seated there finds chosen: Hadara's wheel says the colour drawn this round."""
        return {}

    def chip_span(self, state: Any, kind: str, name: str) -> tuple[int, int] | None:
        """The numbers field ``name`` of action ``kind`` offers as chips in ``state`` (lowest,
        highest), where they depend on where the game is (Hadara's card costs grow each
        epoch); None: the field's own (its spec's ``usual``)."""
        return None

    def box_records_of_setup(self, setup: Mapping[str, Any]) -> list[tuple[str, str, dict]]:
        """Box data a setup carries (category, key, values), remembered for later games."""
        return []

    def box_records(self, state: Any, kind: str, data: Mapping[str, Any]
                    ) -> list[tuple[str, str, dict]]:
        """Box data an accepted action carries (a statue's points, a medal's price...)."""
        return []

    def box_words(self, category: str, key: str, value: Mapping[str, Any]
                  ) -> tuple[Any, Any, Any]:
        """A remembered box value as the box page says it to the reader: what it is, which one,
        and what it prints (each words or a plain string). A house rule kept for the next games
        (category "house rule", keyed by the ruling's id) is said by its question and reading;
        a game says its own components, and this default shows anything else as stored."""
        ruling = self.rulings.get(key) if category == HOUSE_RULE else None
        if ruling is not None and isinstance(value, Mapping) \
                and value.get("reading") in ruling.readings:
            return t("House rule"), t("{id}: {question}", id=key, question=ruling.question), \
                ruling.readings[value["reading"]]
        shown = value.items() if isinstance(value, Mapping) else ()
        return category, key, ", ".join(f"{k} {v}" for k, v in shown)

    def score_payload(self, payload: Any) -> Result:
        """The score of end-of-game facts as any path sends them (the score API, a shared
        quick pad's link): texts checked first (``characters``), then the game's reader."""
        check_text(payload)
        facts, rulings = self.parse_facts(payload)
        return self.score_facts(facts, rulings)
