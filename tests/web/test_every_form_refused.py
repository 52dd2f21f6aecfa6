"""Every form of every game, sent with a field missing, empty, of a value it does not know or out of
range, as a page's form and as a script's JSON tap, is refused with the rules' words (a 4xx whose
errors name the field, or the rule that refuses the step) and stores nothing; never a 5xx.

Generated from the registry: each game is walked through its steps by seeded random legal
actions (``tablegen.walk``), and each action kind is tried where the walk first took it (its
legal values are the base each case spoils, one field at a time); a kind the walk never took is
tried at the end of the walk. Each kind's first step is then changed (amended) with spoiled
values too. Run on SQLite and PostgreSQL (there a lighter set of cases, on every kind and
field)."""
from __future__ import annotations

import html
import json
from dataclasses import dataclass
from typing import Any

import pytest
from sqlalchemy import func, select

from companion import store
from companion.games import GAMES
from companion.games.core import UNDO, Entry, FieldSpec
from companion.store.db import Action, Game
from tests.properties.tablegen import valid_setup, walk
from tests.table_helpers import csrf_of

from .table import WebTable

#: each game's walk: players and seed (each reaches all but a few kinds within ~120 steps)
WALKS = {"hadara": (2, 2), "tradewarz": (2, 1), "hexemonia": (3, 2)}
MISSING = object()  # the field left out
JSON = {"Accept": "application/json"}


@dataclass(frozen=True)
class Case:
    """One field of a tap spoiled one way; ``named``: the reader must refuse it naming the
    field (else the tap may stand with the field's default, or the rules refuse the step).
    ``sent``: as a script's JSON body ("j"), as a page's form ("f"), or both."""

    how: str
    value: Any
    named: bool
    sent: str = "jf"
    named_in_form: bool | None = None  # when a form differs: its empty box is a missing field


def _no_default(f: FieldSpec) -> bool:
    """Whether the reader refuses the field left out (it has no default to take)."""
    if f.kind in ("int", "player", "text"):
        return f.required
    return f.kind == "choice" and f.default is None


def _range(f: FieldSpec, players: int) -> tuple[int, int]:
    if f.kind == "player":  # (as read_fields: an optional player may be -1, nobody)
        low = f.default if not f.required and isinstance(f.default, int) and f.default < 0 \
            else 0
        return low, players - 1
    return f.low, f.high


def cases(f: FieldSpec, players: int) -> list[Case]:
    """The ways a field is spoiled: (a) missing, (b) empty, (c) a value it does not know, (d)
    numbers out of range (below, above, huge either way) and texts over their limit. (A form
    leaves an empty box out: its missing field is its empty box.)"""
    empty_named = _no_default(f) if f.kind != "choice" else "" not in dict(f.choices)
    out = [Case("missing", MISSING, _no_default(f), "j"),
           Case("empty", "", empty_named, named_in_form=_no_default(f))]
    if f.kind in ("int", "player"):
        low, high = _range(f, players)
        out += [Case("not a number", "lots", True), Case("below", low - 1, True, "j"),
                Case("above", high + 1, True, "f"), Case("huge", 10 ** 30, True),
                Case("huge below", -10 ** 30, True, "j")]
    elif f.kind == "choice":
        out += [Case("unknown choice", "no-such-choice", True),
                Case("null", None, True, "j")]
    elif f.kind == "bool":
        out += [Case("neither true nor false", "maybe", True)]
    elif f.kind == "text":
        out += [Case("over the limit", "x" * (f.limit + 1), True),
                Case("a list", ["x"], True, "j")]
    return out


#: the lighter set run on PostgreSQL, as JSON taps: one case of each sort, on every field
PG_CASES = {"empty", "unknown choice", "huge", "over the limit", "neither true nor false"}
#: the cases an amendment of each kind's first step is tried with (JSON)
AMEND_CASES = {"unknown choice", "huge", "over the limit", "neither true nor false"}


def base_values(rules, kind: str, names: tuple[str, ...]) -> dict[str, Any]:
    """Values of the right shape for a kind the walk never took (the rules may refuse the step)."""
    out: dict[str, Any] = {}
    for f in rules.spec(kind).fields:
        out[f.name] = {"int": f.low, "player": 0, "bool": False, "text": "x",
                       "choice": f.default if f.default is not None else f.choices[0][0]
                       if f.choices else ""}[f.kind]
    return out


def as_form(values: dict[str, Any]) -> dict[str, str]:
    """Values as a browser's form sends them (a ticked box says "y"; an unticked one nothing)."""
    return {k: "y" if v is True else str(v) for k, v in values.items()
            if v is not False and v is not None}


class Tapper:
    """One game at the table, tapped as a phone does (its CSRF token), whose refusals are
    checked: never a 5xx, a refusal names the field or the rule, and stores nothing."""

    def __init__(self, app, client, slug: str):
        self.app, self.client, self.rules = app, client, GAMES[slug]
        players, seed = WALKS[slug]
        setup = valid_setup(self.rules, players)
        self.log, self.firsts = walk(self.rules, setup, seed)
        with app.app_context():
            game = store.create_game(self.rules, setup)
            self.id, self.token = game.id, game.play_token
        self.names = self.rules.player_names(self.rules.new_game(setup))
        self.csrf = csrf_of(client, f"/g/{self.token}")
        self.failures: list[str] = []
        self.seqs: dict[int, int] = {}  # a walk entry's number -> its step in the game
        self.now = self.stored()

    def record(self, entries) -> None:
        """Store entries as taps would; each walk entry's step number is kept (``seqs``)."""
        with self.app.app_context():
            for e in entries:
                self.seqs[e.seq] = store.record(self.id, e.kind, e.data).version
        self.now = self.stored()

    def stored(self) -> tuple[int, int]:
        """What a refusal must leave as it was: the game's version and its number of steps."""
        count = select(func.count()).select_from(Action).where(Action.game_id == self.id)
        with self.app.app_context():
            s = store.session()
            found = s.execute(select(Game.version, count.scalar_subquery())
                              .where(Game.id == self.id)).one()
            s.rollback()
            return tuple(found)

    def send(self, url: str, values: dict[str, Any], version: int, *, as_json: bool,
             page: bool = False):
        """One tap: the page's script (form or JSON body, JSON answer) or, with ``page``, a
        browser's form post answered with the game page. Returns the answer, or None when the
        server failed (the failure is noted)."""
        try:
            if as_json:
                return self.client.post(url, data=json.dumps(values), headers={
                    **JSON, "X-CSRFToken": self.csrf}, content_type="application/json")
            data = {**as_form(values), "csrf_token": self.csrf, "version": str(version)}
            return self.client.post(url, data=data, headers={} if page else JSON)
        except Exception as err:  # a server failure, noted with its request
            self.failures.append(f"{url} {values!r} (json={as_json}): {err!r}")
            return None

    def check(self, kind: str, f: FieldSpec, case: Case, base: dict[str, Any], *,
              as_json: bool, amend: int = 0) -> None:
        """A tap of ``kind`` with field ``f`` spoiled as ``case`` says; with ``amend``, the
        change of step ``amend`` (a tap of that kind) to those values."""
        values = dict(base)
        if case.value is MISSING:
            values.pop(f.name, None)
        else:
            values[f.name] = case.value
        said = f"{kind}.{f.name} {case.how} (json={as_json}{', amending' if amend else ''})"
        named = case.named if as_json or case.named_in_form is None else case.named_in_form
        before = self.now
        url = f"/g/{self.token}/change/{amend}" if amend else f"/g/{self.token}/do/{kind}"
        resp = self.send(url, values, before[0], as_json=as_json)
        self.now = self.stored()
        if resp is None:
            return
        if resp.status_code >= 500:
            self.failures.append(f"{said}: {resp.status_code}")
        elif resp.status_code < 400:  # it stands (a field left to its default): taken back
            if named:
                self.failures.append(f"{said}: recorded, though the field is wrong")
            self.record([Entry(0, UNDO, {})])
        elif amend and resp.status_code == 403:  # another seat's hidden information
            return
        else:
            body = resp.get_json()
            fields = [e["field"] for e in body["errors"]]
            if self.now != before:
                self.failures.append(f"{said}: refused but stored")
            if not body["said"] or not all(e["message"] for e in body["errors"]):
                self.failures.append(f"{said}: refused without words: {body}")
            if named and f.name not in fields:
                self.failures.append(f"{said}: the refusal names {fields}, not {f.name}: "
                                     f"{body['said']}")
            if not named and not (body.get("rule") or any(fields)):
                self.failures.append(f"{said}: the refusal names no field nor rule: {body}")

    def check_page(self, kind: str, f: FieldSpec, base: dict[str, Any]) -> None:
        """A browser's form post without the field: the game page, saying the field's label."""
        values = {k: v for k, v in base.items() if k != f.name}
        before = self.now
        resp = self.send(f"/g/{self.token}/do/{kind}", values, before[0], as_json=False,
                         page=True)
        self.now = self.stored()
        if resp is None:
            return
        page = html.unescape(resp.get_data(as_text=True))
        if resp.status_code != 422 or str(f.label) not in page or self.now != before:
            self.failures.append(f"{kind}.{f.name} missing (page): {resp.status_code}, "
                                 f"label {str(f.label)!r} shown: {str(f.label) in page}")

    def try_kind(self, kind: str, base: dict[str, Any], *, light: bool) -> None:
        fields = self.rules.spec(kind).fields
        for f in fields:
            for case in cases(f, len(self.names)):
                if light and case.how not in PG_CASES:
                    continue
                for sent in case.sent if not light else case.sent[:1]:
                    self.check(kind, f, case, base, as_json=sent == "j")
        named = [f for f in fields if _no_default(f)]
        if named and not light:
            self.check_page(kind, named[0], base)

    def try_amending(self) -> None:
        """Each kind's first step changed to values spoiled one field at a time (the change
        form is the kind's form): refused naming the field, as a tap is."""
        for kind, (at, base) in sorted(self.firsts.items()):
            for f in self.rules.spec(kind).fields:
                for case in cases(f, len(self.names)):
                    if case.how in AMEND_CASES and case.named:
                        self.check(kind, f, case, base, as_json=True,
                                   amend=self.seqs[at + 1])

    def run(self, *, light: bool = False) -> list[str]:
        """Each kind where the walk first took it, then the kinds it never took; then each
        kind's first step amended."""
        done = 0
        for at, kind, base in sorted((at, kind, base) for kind, (at, base) in
                                     self.firsts.items()):
            self.record(self.log[done:at])
            done = at
            self.try_kind(kind, base, light=light)
        for kind in sorted(set(self.rules.actions) - set(self.firsts)):
            self.try_kind(kind, base_values(self.rules, kind, self.names), light=light)
        self.record(self.log[done:max(at for at, _ in self.firsts.values()) + 1])
        self.try_amending()
        return self.failures


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_form_of_the_game_refuses_each_spoiled_field_naming_it_and_stores_nothing(
        db_app, database_url, slug):
    if slug not in WALKS:
        pytest.skip(f"{slug} has no walk here (a game registered by another test)")
    tapper = Tapper(db_app, db_app.test_client(), slug)
    assert len(tapper.firsts) >= len(tapper.rules.actions) - 5  # the walk reaches the kinds
    failures = tapper.run(light=database_url.startswith("postgresql"))
    assert not failures, f"{len(failures)} failures:\n" + "\n".join(failures[:30])


# ------------------------------------------------------- Hadara's one-tap buttons (review N1)

def _seat(name: str, initiative: int) -> dict:
    return {"name": name, "initiative": initiative, "side": "A", "coins": 20, "income": 2,
            "military": 3, "culture": 4, "food": 2}


def _hadara_at(client, app, step: str) -> WebTable:
    """A two-player Hadara game tapped through phase A and the cards of phase B, up to
    ``step`` of epoch I phase B ("statue" or "medals")."""
    table = WebTable.create(client, app, "hadara", [_seat("Ana", 1), _seat("Ben", 2)])
    for phase in "AB":
        for pile in ("yellow", "red", "blue", "green", "purple"):  # phase B names its piles
            table.do("sell", player=0, colour="" if phase == "A" else pile)
            table.do("sell", player=1, colour="" if phase == "A" else pile)
        table.do("next", anyway="1")
        table.do("income")
        if phase == "A":
            table.do("next", anyway="1")  # colonies
            table.do("next", anyway="1")  # statues
    table.do("next", anyway="1")  # colonies: on to the statues
    if step == "medals":
        table.do("next", anyway="1")  # statues
        table.do("next", anyway="1")  # nobody is short of food
    assert table.state().step == step
    return table


def test_the_silver_medal_button_without_a_track_is_refused_naming_the_track(client, app):
    table = _hadara_at(client, app, "medals")
    before = len(table.rows())
    resp = table.do("medal", expect=422, player=1, track="", pick="medal=silver&price=3")
    page = html.unescape(resp.get_data(as_text=True))
    assert "a silver medal names the track it scores" in page
    resp = client.post(f"{table.path}/do/medal", json={"player": 1, "medal": "silver",
                                                       "price": 3, "track": ""},
                       headers={"X-CSRFToken": table.csrf})
    assert resp.status_code == 422 and [e["field"] for e in resp.get_json()["errors"]] == \
        ["track"]
    assert len(table.rows()) == before
    table.do("medal", player=1, track="culture", pick="medal=silver&price=3")  # then it stands
    assert table.rows()[-1].data["track"] == "culture"


def test_the_statue_space_button_face_up_without_a_colour_is_refused_naming_the_colour(
        client, app):
    table = _hadara_at(client, app, "statue")
    before = len(table.rows())
    resp = table.do("statue", expect=422, player=1, tile_track="", tile_side="up",
                    pick="statue=2&requirement=3&points=2&tile_value=1")
    page = html.unescape(resp.get_data(as_text=True))
    assert "choose the colour of the bonus tile placed on the statue" in page
    resp = client.post(f"{table.path}/do/statue", json={
        "player": 1, "statue": 2, "requirement": 3, "points": 2, "tile_value": 1,
        "tile_side": "up"}, headers={"X-CSRFToken": table.csrf})
    assert resp.status_code == 422 and "tile_track" in [e["field"] for e in
                                                        resp.get_json()["errors"]]
    assert len(table.rows()) == before
    table.do("statue", player=1, tile_track="food", tile_side="up",
             pick="statue=2&requirement=3&points=2&tile_value=1")
    assert table.rows()[-1].kind == "statue"
