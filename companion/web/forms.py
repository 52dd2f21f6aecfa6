"""Forms built from the rules' field specs. An action's form is its specs and the values it shows
(``ActionForm``, drawn by templates/macros.html); a tap is read and checked by the rules alone.
The setup and the quick score pad are WTForms forms, which check their shape."""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
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
    IntegerField,
    SelectField,
    StringField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from ..games import GameRules
from ..games.core import ActionSpec, FieldSpec, Problem, Text, t


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


class ChipsIntegerField(IntegerField):
    """A number drawn as chips with a box beside them (``control`` in templates/macros.html):
    both carry its name, and the first one filled in counts (the box, when a number was typed
    there)."""

    def process_formdata(self, valuelist):
        self.raw_data = [v for v in valuelist if v != ""][:1] or valuelist[:1]
        super().process_formdata(self.raw_data)


def wtf_field(spec: FieldSpec):
    """The WTForms field that checks one field spec of the setup or the quick score pad."""
    required = [InputRequired(message=message(t("{label} is required", label=spec.label)))] \
        if spec.required else [Optional()]
    if spec.kind == "int":
        between = t("{label} must be between {low} and {high}", label=spec.label, low=spec.low,
                    high=spec.high)
        number = IntegerField if spec.usual is None else ChipsIntegerField
        return number(spec.label, required + [NumberRange(
            spec.low, spec.high, message=message(between))], default=spec.default)
    if spec.kind == "text":
        return StringField(spec.label, required + [Length(
            max=spec.limit, message=message(t("{label} is limited to {limit} characters",
                                              label=spec.label, limit=spec.limit)))],
            default=spec.default, filters=[lambda v: v.strip() if isinstance(v, str) else v])
    if spec.kind == "choice":
        return SelectField(spec.label, required, choices=choices(spec.choices),
                           default=spec.default, validate_choice=True)
    if spec.kind == "bool":
        return BooleanField(spec.label, default=bool(spec.default))
    raise TypeError(spec.kind)


#: the first choice of a player select: nobody until someone picks (a required select cannot
#: be sent so); left empty, an optional one takes its default
NOBODY = t("choose a player")


@dataclass(frozen=True)
class ActionForm:
    """An action's form as a page draws it (``field`` and ``action`` in templates/macros.html):
    its fields' specs, the value each shows (its default, or what a refused tap or the step being
    changed holds), each field's problems, and the choices a player field offers. The rules'
    reading of a tap (``tap_values``, then ``read_fields``) is its only check."""

    fields: tuple[FieldSpec, ...]
    data: Mapping[str, Any]
    players: tuple[tuple[Any, Any], ...]
    errors: Mapping[str, tuple[Text, ...]]

    def __iter__(self) -> Iterator[FieldSpec]:
        return iter(self.fields)

    def __getitem__(self, name: str) -> FieldSpec:
        return next(f for f in self.fields if f.name == name)


def action_form(spec: ActionSpec, players: tuple[str, ...], values: Mapping[str, Any] | None
                = None, *, problems: tuple[Problem, ...] = (), nobody: bool = True) -> ActionForm:
    """An action's form showing ``values`` (the rest at their defaults) and ``problems`` under
    the fields they name. A player select starts on an empty choice (``nobody``), whatever its
    default: an unseated phone never names the first player without someone choosing it."""
    values = values or {}
    return ActionForm(spec.fields, {f.name: shown(f, values.get(
        f.name, None if f.kind == "player" else f.default)) for f in spec.fields},
                      (("", NOBODY),) * nobody + tuple(enumerate(players)),
                      {p.field: (p.message,) for p in problems if p.field})


def shown(spec: FieldSpec, value: Any) -> Any:
    """A value as its field shows it: a number or a seat (nothing for one that is not), a ticked
    box or not, a choice as sent, a text without the spaces around it."""
    if value is None or spec.kind == "choice":
        return value if value is None else str(value)
    if spec.kind in ("int", "player"):
        try:
            return int(value)
        except (TypeError, ValueError):
            return None
    if spec.kind == "bool":
        return bool(value) and value != "false"
    return value.strip() if isinstance(value, str) else value


def tap_values(spec: ActionSpec) -> dict[str, Any]:
    """An action's fields as a tap sent them, for the rules to read and check (``read_fields``
    names every problem by its field's label, in the reader's language): a JSON object's values
    as they are; from a form, an empty box is left out (so it takes its default) and an unticked
    box, which a browser leaves out, is false."""
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
            values[f.name] = True  # a ticked box as the form draws it (macros.html)
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


def _ruling_fields(rules: GameRules) -> tuple[FieldSpec, ...]:
    """A choice for each ruling with more than one reading (its default if none is sent)."""
    return tuple(FieldSpec(f"ruling_{rid}", t("Ruling {id}", id=rid), "choice",
                           choices=tuple(ruling.readings.items()), required=False,
                           default=ruling.default)
                 for rid, ruling in rules.rulings.items() if len(ruling.readings) > 1)


class _SeatMeta:
    """A seat row is a plain WTForms form inside the FlaskForm: it says WTForms' own messages
    ("Not a valid integer value.") in the reader's language as the FlaskForm does."""

    def get_translations(self, form):
        return wtforms_translations


@cache
def table_form_class(rules: GameRules, which: str) -> type[FlaskForm]:
    """The setup form (``which="setup"``) or the quick score pad (``"quick"``): game options, then
    one row per possible seat; rows left without a name are skipped. Each class keeps the specs
    its fields are drawn from (``specs``: the options, then the rulings)."""
    options, per_player = _fields(rules, which)
    row_specs = tuple(replace(f, name=f.name.replace(".", "__"), required=False)
                      for f in per_player)
    row = type(f"{rules.slug.title()}{which.title()}SeatForm", (Form,),
               {**{f.name: wtf_field(f) for f in row_specs}, "Meta": _SeatMeta,
                "specs": row_specs})
    rulings = _ruling_fields(rules)
    attrs: dict[str, Any] = {f.name: wtf_field(f) for f in options}
    attrs["players"] = FieldList(FormField(row), min_entries=rules.max_players,
                                 max_entries=rules.max_players)
    for f in rulings:  # (any reading sent is checked; none sent: the default)
        attrs[f.name] = SelectField(f.label, choices=choices(f.choices), default=f.default)
    return type(f"{rules.slug.title()}{which.title()}Form", (FlaskForm,),
                {**attrs, "specs": options + rulings})


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
