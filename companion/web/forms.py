"""WTForms built from the rules' field specs: the forms check shape, the rules check legality."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import cache
from typing import Any
from urllib.parse import parse_qsl, urlencode

from flask import request
from flask_wtf import FlaskForm
from flask_wtf.i18n import translations as wtforms_translations
from wtforms import (
    BooleanField,
    FieldList,
    Form,
    FormField,
    HiddenField,
    IntegerField,
    SelectField,
    StringField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from ..games import GameRules
from ..games.core import ActionSpec, FieldSpec, Text, t


class Message(Text):
    """A validator's message (a Text): WTForms fills its own messages in with ``%``, which would
    turn ours into a plain string and lose the translation; ours are complete already."""

    def __mod__(self, values):
        return self


def message(text: Text) -> Message:
    made = Message(text.plural if text.plural and text.params.get("n") != 1 else text.template,
                   text.params)
    made.template, made.plural = text.template, text.plural  # counted words stay counted
    return made


def choices(pairs) -> list[SelectChoice]:
    return [SelectChoice(value, label) for value, label in pairs]


class Usual:
    """No check: marks a number field whose usual values (``low`` to ``usual``) the form offers
    as chips (``field.flags.usual``, read by ``widgets.fast_input``)."""

    def __init__(self, usual: int):
        self.field_flags = {"usual": usual}

    def __call__(self, form, field) -> None:
        return None


class ChipsIntegerField(IntegerField):
    """A number drawn as chips with a box beside them (``widgets.chips_input``): both carry its
    name, and the first one filled in counts (the box, when a number was typed there)."""

    def process_formdata(self, valuelist):
        self.raw_data = [v for v in valuelist if v != ""][:1] or valuelist[:1]
        super().process_formdata(self.raw_data)


def wtf_field(spec: FieldSpec, players: tuple[str, ...] = ()):
    """The WTForms field for one field spec."""
    required = [InputRequired(message=message(t("{label} is required", label=spec.label)))] \
        if spec.required else [Optional()]
    if spec.usual is not None:
        required.append(Usual(spec.usual))
    if spec.kind == "int":
        between = t("{label} must be between {low} and {high}", label=spec.label, low=spec.low,
                    high=spec.high)
        number = IntegerField if spec.usual is None else ChipsIntegerField
        return number(spec.label, required + [NumberRange(
            spec.low, spec.high, message=message(between))], default=spec.default,
            description=spec.help)
    if spec.kind == "player":
        return SelectField(spec.label, required, coerce=_seat, choices=[], description=spec.help)
    if spec.kind == "text":
        return StringField(spec.label, required + [Length(
            max=spec.limit, message=message(t("{label} is limited to {limit} characters",
                                              label=spec.label, limit=spec.limit)))],
            default=spec.default, description=spec.help,
            filters=[lambda v: v.strip() if isinstance(v, str) else v])
    if spec.kind == "choice":
        return SelectField(spec.label, required, choices=choices(spec.choices),
                           default=spec.default, description=spec.help,
                           validate_choice=True)
    if spec.kind == "bool":
        return BooleanField(spec.label, default=bool(spec.default), description=spec.help)
    raise TypeError(spec.kind)


class _NoSecondToken:
    """An action form takes no CSRF field of its own: CSRFProtect has already checked the
    request's token before any view runs (a form field would sign a new token for nothing), and
    the page puts the token in with ``csrf_token()``."""

    csrf = False


@cache
def action_form_class(slug: str, kind: str, spec: ActionSpec) -> type[FlaskForm]:
    # (a label of its own: a field without one looks up a title in the reader's language)
    attrs: dict[str, Any] = {"version": HiddenField("version"), "Meta": _NoSecondToken}
    for f in spec.fields:
        attrs[f.name] = wtf_field(f)
    return type(f"{slug.title()}{kind.title()}Form", (FlaskForm,), attrs)


def _seat(value: Any) -> int | None:
    """A player select's value: a seat, or None for its empty first choice."""
    return None if value in ("", None) else int(value)


#: the first choice of a player select: nobody until someone picks (a required select cannot
#: be sent so); left empty, an optional one takes its default
NOBODY = t("choose a player")


def action_form(rules: GameRules, kind: str, players: tuple[str, ...], **kw) -> FlaskForm:
    """An action's form for a page. A player select starts on an empty choice: an unseated
    phone never names the first player without someone choosing it."""
    form = action_form_class(rules.slug, kind, rules.spec(kind))(**kw)
    for f in rules.spec(kind).fields:
        if f.kind == "player":
            getattr(form, f.name).choices = choices((("", NOBODY), *enumerate(players)))
    return form


def tap_values(spec: ActionSpec) -> dict[str, Any]:
    """An action's fields as a tap sent them, for the rules to read and check (``read_fields``
    names every problem by its field's label, in the reader's language): a JSON object's values
    as they are; from a form, an empty box is left out (so it takes its default) and an unticked
    box, which a browser leaves out, is false. No WTForms form is built for a tap: the rules'
    own reading is the one check, and the form's only cost."""
    if request.is_json:
        body = request.get_json(silent=True)
        return {f.name: body[f.name] for f in spec.fields
                if f.name in body} if isinstance(body, dict) else {}
    return form_values(spec, request.form)


def form_values(spec: ActionSpec, form: Mapping[str, str]) -> dict[str, Any]:
    """:func:`tap_values` of a form's fields (``form``: first value by name, or each value of a
    name sent more than once: the first filled in counts, so a number typed in a box beside
    chips wins over the chip). A tapped one-tap choice (a button ``pick`` whose value is
    URL-encoded fields, such as a known card) fills the fields it names, an empty one too:
    what the form's other fields hold for them (typed for another card, left in a panel kept
    open) never reaches the choice."""
    picked = dict(parse_qsl(form.get(PICK, "")[:500], keep_blank_values=True))
    values: dict[str, Any] = {}
    for f in spec.fields:
        raw = picked[f.name] if f.name in picked else (
            _first_filled(form, f.name) or _in_parts(form, f.name, f.parts))
        if f.kind == "bool" and raw == "y":
            values[f.name] = True  # a ticked box as the form draws it (widgets.py)
        elif raw != "":
            values[f.name] = raw
        elif f.kind == "bool":
            values[f.name] = False
    return values


#: the name of a one-tap choice's button: its value is the fields it fills, URL-encoded
PICK = "pick"


def pick_value(fields: Mapping[str, Any]) -> str:
    """The value of a one-tap choice's button that fills ``fields``."""
    return urlencode(fields)


#: the most parts a value is sent in (``_in_parts``)
PARTS = 40


def _in_parts(form: Mapping[str, str], name: str, between: tuple[str, ...] = ()) -> str:
    """A value sent one part a tap (chips named ``decks.1``, ``decks.2``, ...: the decks
    around a board, in turn): its parts joined by "-" in order ("" unless a part after the
    first was sent: the first may be fixed); with ``between``, the words before each part
    after the first (the last repeats: ``(" > ", ": ")`` reads "A > B: 2c", ``("; ",)`` a
    list), any part sent. The rules read the joined value as they read it typed whole."""
    parts = [_first_filled(form, f"{name}.{n}") for n in range(1, PARTS + 1)]
    if not between:
        return "-".join(p for p in parts if p) if any(parts[1:]) else ""
    words = ""
    for n, part in enumerate(parts):
        if part:
            words += (between[min(n, len(between)) - 1] if words else "") + part
    return words


def _first_filled(form: Mapping[str, str], name: str) -> str:
    if hasattr(form, "getlist"):
        return next((v for v in form.getlist(name) if v != ""), "")
    return form.get(name, "")


def errors_of(form: Form, row: Callable[[int], Text] | None = None) -> list[str]:
    """Every error of a submitted form, each naming its field (Texts, said by the page); the
    errors of a form's rows (seats) each name their row with ``row(number)``."""
    out: list[str] = []
    for field in form:
        if isinstance(field, FieldList):
            for n, entry in enumerate(field.entries, start=1):
                for e in errors_of(entry.form):
                    out.append(t("{row}: {error}", row=row(n), error=e) if row else e)
            continue
        label = field.label.text
        for e in field.errors:
            out.append(e if isinstance(e, str) and str(label) in e
                       else t("{label}: {error}", label=label, error=e))
    return out


def _fields(rules: GameRules, which: str) -> tuple[tuple[FieldSpec, ...], tuple[FieldSpec, ...]]:
    if which == "setup":
        return rules.setup_fields, rules.player_fields
    return rules.quick_options, rules.quick_fields


class _SeatMeta:
    """A seat row is a plain WTForms form inside the FlaskForm: it says WTForms' own messages
    ("Not a valid integer value.") in the reader's language as the FlaskForm does."""

    def get_translations(self, form):
        return wtforms_translations


@cache
def table_form_class(rules: GameRules, which: str) -> type[FlaskForm]:
    """The setup form (``which="setup"``) or the quick score pad (``"quick"``): game options, then
    one row per possible seat; rows left without a name are skipped."""
    options, per_player = _fields(rules, which)
    row_attrs = {f.name.replace(".", "__"): wtf_field(replace(f, required=False))
                 for f in per_player}
    row = type(f"{rules.slug.title()}{which.title()}SeatForm", (Form,),
               {**row_attrs, "Meta": _SeatMeta})
    attrs: dict[str, Any] = {f.name: wtf_field(f) for f in options}
    attrs["players"] = FieldList(FormField(row), min_entries=rules.max_players,
                                 max_entries=rules.max_players)
    for rid, ruling in rules.rulings.items():
        if len(ruling.readings) > 1:
            attrs[f"ruling_{rid}"] = SelectField(t("Ruling {id}", id=rid), choices=choices(
                ruling.readings.items()), default=ruling.default)
    return type(f"{rules.slug.title()}{which.title()}Form", (FlaskForm,), attrs)


def table_payload(rules: GameRules, form: FlaskForm, which: str) -> tuple[dict, list[dict]]:
    """The options and the player rows (with names) of a submitted setup or quick-pad form."""
    options_spec, per_player = _fields(rules, which)
    options: dict[str, Any] = {f.name: getattr(form, f.name).data for f in options_spec}
    options["rulings"] = {rid: getattr(form, f"ruling_{rid}").data for rid, r in
                          rules.rulings.items() if len(r.readings) > 1}
    players = []
    for row in form.players:
        data = {f.name: row.form[f.name.replace(".", "__")].data for f in per_player}
        if (data.get("name") or "").strip():
            players.append({k: v for k, v in data.items() if v is not None and v != ""})
    return options, players


def quick_count(rules) -> int | None:
    """How many players the quick score pad shows (``?players=N``, asked first), or None while
    the table has not said (or said a number the game is not played with)."""
    raw = request.args.get("players", "")
    n = int(raw) if raw.isdecimal() and len(raw) < 3 else None
    return n if n is not None and rules.min_players <= n <= rules.max_players else None
