"""Form inputs drawn directly from a WTForms field.

A board draws dozens of small action forms on every page load; WTForms' widget machinery, field
by field, made most of a game page's time (BENCHMARKS.md).
This draws the same elements — name, value, validation attributes, choices — in one pass.
"""
from __future__ import annotations

import re
from urllib.parse import urlencode

from markupsafe import Markup, escape

from ..i18n import say

_NUMBER_FLAGS = ("min", "max", "step")
_TEXT_FLAGS = ("maxlength", "minlength")
_BARE = re.compile(r"[\w-]+")  # a name that needs no quotes
_NUMBERS = ("IntegerField", "ChipsIntegerField")


def _flags(field, names: tuple[str, ...]) -> str:
    out = []
    for name in names:
        value = getattr(field.flags, name, None)
        if value is not None and value is not False and value != -1:
            out.append(f' {name}="{escape(value)}"')
    if field.flags.required:
        out.append(" required")
    return "".join(out)


def fast_input(field, span: tuple[int, int] | None = None, *, send: bool = False,
               label: str | None = None) -> Markup:
    """The HTML control of one field (no id: a page repeats the same form per player).
    ``span``: the chips a number field offers now, when the page knows better than the field
    (the printed range of the epoch being played). ``send``: each chip sends the form with its
    value (a step's change: the right value is one tap). ``label``: the words the page shows
    for the field where they are not its label (a player's name), which name its chips too."""
    name = escape(field.name)
    kind = field.type
    if kind == "SelectField" and getattr(field.flags, "usual", None) is not None:
        return sending_chips(field, [(c.value, say(c.label)) for c in field.iter_choices()
                                     if c.value != ""], field.data, cls="cc") if send \
            else choice_chips(field, label)
    if kind == "SelectField":
        options = _unknown_option(field) + "".join(
            f'<option{" selected" if c.selected else ""} value="{escape(c.value)}">'
            f"{escape(say(c.label))}</option>" for c in field.iter_choices())
        return Markup(f'<select name="{name}"{_flags(field, ())}>{options}</select>')
    if kind == "BooleanField":
        checked = " checked" if field.data else ""
        return Markup(f'<input type="checkbox" name="{name}" value="y"{checked}>')
    if kind == "HiddenField":
        return Markup(f'<input type="hidden" name="{name}" value="{escape(field._value())}">')
    if kind in _NUMBERS and (span or getattr(field.flags, "usual", None) is not None):
        return sending_number(field, span) if send else chips_input(field, span, label)
    if kind in _NUMBERS:
        return Markup(f'<input type="number" name="{name}" value="{escape(field._value())}"'
                      f' inputmode="numeric" autocomplete="off"{_flags(field, _NUMBER_FLAGS)}>')
    return Markup(f'<input type="text" name="{name}" value="{escape(field._value())}"'
                  f' autocomplete="off"{_flags(field, _TEXT_FLAGS)}>')


def chips_input(field, span: tuple[int, int] | None = None, label: str | None = None) -> Markup:
    """A number a table almost always enters between ``min`` and ``usual`` (or in ``span``) as
    a row of large chips (radio buttons: one tap, no keyboard, no script), and a number box for
    the values beyond them (a number typed there wins over the chip). The row and the box are
    named by the field's label for a screen reader (a chip alone says only "3"). The chip of
    the current value is ticked; a required number without one starts with none. (Attributes
    unquoted: a board draws dozens of chips, and every phone loads them.)"""
    name = escape(field.name) if _BARE.fullmatch(field.name) else f'"{escape(field.name)}"'
    low, first, usual, high = _chip_span(field, span)
    value = field._value()
    current = int(value) if str(value).lstrip("-").isdecimal() else None
    boxed = high is None or high > usual or first > low
    required = " required" if field.flags.required and not boxed else ""
    chips = "".join(
        f'<label><input type=radio name={name} value={n}'
        f'{" checked" if n == current else ""}{required}>{n}</label>'
        for n in range(first, usual + 1))
    box = ""
    label = escape(say(label or field.label.text))
    if boxed:
        typed = f" value={current}" if current is not None and not first <= current <= usual \
            else ""
        top = f" max={high}" if high is not None else ""
        box = f'<input type=number name={name} min={low}{top}{typed} aria-label="{label}">'
    return Markup(f'<span class=chips role=radiogroup aria-label="{label}">{box}{chips}</span>')


def _chip_span(field, span: tuple[int, int] | None) -> tuple[int, int, int | None, int]:
    """A number's chips: the lowest value, the first and last chip, the highest value."""
    low = field.flags.min if isinstance(getattr(field.flags, "min", None), int) else 0
    high = field.flags.max if isinstance(getattr(field.flags, "max", None), int) else None
    first, usual = span or (low, field.flags.usual)
    return low, max(first, low), usual if high is None else min(usual, high), high


def sending_number(field, span: tuple[int, int] | None = None) -> Markup:
    """:func:`chips_input` whose chips send the form (:func:`sending_chips`), the number box
    beside them holding the current value, sent by the form's own button."""
    low, first, usual, high = _chip_span(field, span)
    value = field._value()
    current = int(value) if str(value).lstrip("-").isdecimal() else None
    top = f" max={high}" if high is not None else ""
    typed = f" value={current}" if current is not None else ""
    box = (f'<input type=number name="{escape(field.name)}" min={low}{top}{typed}'
           f' aria-label="{escape(say(field.label.text))}">')
    return sending_chips(field, [(str(n), str(n)) for n in range(first, usual + 1)],
                         current, box)


def sending_chips(field, choices: list[tuple[str, str]], current: object,
                  box: str = "", *, cls: str = "") -> Markup:
    """Chips that each send their form with their value (a button ``pick``, which fills this
    field alone: the form's other fields go as they are); the current value's chip is marked.
    Without a box, the current value goes with the form's own button. ``cls``: "cc" for a
    choice, each chip classed by its value (a colour draws its own)."""
    name = escape(field.name)
    label = escape(say(field.label.text))
    kept = "" if box else (f'<input type=hidden name="{name}"'
                           f' value="{escape("" if current is None else current)}">')
    chips = "".join(
        f'<button class="chip{" " + escape(value) if cls else ""}'
        f'{" on" if str(current) == value else ""}" name=pick'
        f' value="{escape(urlencode({field.name: value}))}"'
        f' aria-pressed={"true" if str(current) == value else "false"}'
        f' aria-label="{label}: {escape(words)}">{escape(words)}</button>'
        for value, words in choices)
    return Markup(f'<span class="chips send{" " + cls if cls else ""}">{box}{kept}{chips}</span>')


def choice_chips(field, label: str | None = None) -> Markup:
    """A choice among a few as a row of large chips (radio buttons: one tap instead of opening a
    list and picking; no script). Every choice with a value is a chip, classed by its value (a
    colour draws its own); the empty choice is no chip ticked. The current choice is ticked.
    The row is named by the field's label (a screen reader says which question a chip answers)."""
    name = escape(field.name)
    required = " required" if field.flags.required else ""
    chips = "".join(
        f'<label class="{escape(c.value)}"><input type=radio name="{name}"'
        f' value="{escape(c.value)}"{" checked" if c.selected else ""}{required}>'
        f"{escape(say(c.label))}</label>"
        for c in field.iter_choices() if c.value != "")
    label = escape(say(label or field.label.text))
    return Markup(f'<span class="chips cc" role="radiogroup" aria-label="{label}">{chips}</span>')


def _unknown_option(field) -> str:
    """A required choice that starts unknown (its default is "" and no choice is ""): an empty
    first option, chosen, so the list never shows a made-up first value as if it were read off
    the component (review A8); the browser asks for a choice before sending."""
    from ..games.core import t
    if not field.flags.required or field.data != "" or any(
            c.value == "" for c in field.iter_choices()):
        return ""
    words = t("choose")
    return f'<option selected value="">{escape(say(words))}</option>'
