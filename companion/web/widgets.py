"""Form inputs drawn directly from a WTForms field.

A board draws dozens of small action forms on every page load; WTForms' widget machinery costs
about a third of a millisecond a field, which made it most of a game page's time (BENCHMARKS.md).
This draws the same elements — name, value, validation attributes, choices — in one pass.
"""
from __future__ import annotations

from markupsafe import Markup, escape

from ..i18n import say

_NUMBER_FLAGS = ("min", "max", "step")
_TEXT_FLAGS = ("maxlength", "minlength")


def _flags(field, names: tuple[str, ...]) -> str:
    out = []
    for name in names:
        value = getattr(field.flags, name, None)
        if value is not None and value is not False and value != -1:
            out.append(f' {name}="{escape(value)}"')
    if field.flags.required:
        out.append(" required")
    return "".join(out)


def fast_input(field) -> Markup:
    """The HTML control of one field (no id: a page repeats the same form per player)."""
    name = escape(field.name)
    kind = field.type
    if kind == "SelectField":
        options = "".join(
            f'<option{" selected" if c.selected else ""} value="{escape(c.value)}">'
            f"{escape(say(c.label))}</option>" for c in field.iter_choices())
        return Markup(f'<select name="{name}"{_flags(field, ())}>{options}</select>')
    if kind == "BooleanField":
        checked = " checked" if field.data else ""
        return Markup(f'<input type="checkbox" name="{name}" value="y"{checked}>')
    if kind == "HiddenField":
        return Markup(f'<input type="hidden" name="{name}" value="{escape(field._value())}">')
    if kind == "IntegerField":
        return Markup(f'<input type="number" name="{name}" value="{escape(field._value())}"'
                      f' inputmode="numeric" autocomplete="off"{_flags(field, _NUMBER_FLAGS)}>')
    return Markup(f'<input type="text" name="{name}" value="{escape(field._value())}"'
                  f' autocomplete="off"{_flags(field, _TEXT_FLAGS)}>')
