"""Actions and their fields described as data (the web layer builds its forms from them), and
the reading of what a form or a JSON body sent against them."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import MAX_NAME_LENGTH, MAX_NUMBER, Checker


@dataclass(frozen=True)
class FieldSpec:
    """One input of an action, described as data so the web layer can build its form.

    ``kind`` is ``int``, ``text``, ``choice``, ``bool`` or ``player`` (a seat index).
    ``usual``: for a number a table almost always enters between ``low`` and this, the form
    offers those values as large chips (a box beyond them keeps the keyboard for the rest); for
    a ``choice`` among a few (any ``usual``, e.g. 1), its choices as chips instead of a list.
    ``parts``: a value a form may send one part a tap (``name.1``, ``name.2``...), the words
    put before each part after the first (the last repeats); empty: joined by "-".
    ``by_page``: the page fills it in (what it showed, as a check), never a player: a form
    sends it hidden, with the value it holds (a change: the value recorded).
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
    usual: int | None = None
    parts: tuple[str, ...] = ()
    by_page: bool = False


@dataclass(frozen=True)
class ActionSpec:
    """An action a table can record: its fields, the rule it follows, and how it meets concurrency.

    ``commutative`` actions (a +1, a payment) still make sense on top of changes made meanwhile by
    another phone; the others are refused when the page that sent them was out of date.
    ``actor`` names the field that says which player the action is for ("" for an action of the
    whole table); when it is some player's turn, the rules refuse an action named for another.
    ``correction`` marks a correction by hand ("the table is the truth"): the history shows it as
    one.
    ``subject`` names the fields of the players an action is for (see :func:`subject_fields`):
    a phone seated as one of them records it at once, a phone seated as anyone else is asked
    first (the first one is the player the question names). ``own_phone``: the action is its
    subject's secret, refused from any other seat; these words (``{name}``: its owner) say so.
    ``reveals``: such a secret is shown to every phone by the action, so a phone with no seat
    (nobody's) is refused it too.
    """

    kind: str
    label: str
    rule: str
    fields: tuple[FieldSpec, ...] = ()
    commutative: bool = False
    help: str = ""
    actor: str = ""
    correction: bool = False
    subject: tuple[str, ...] | None = None
    own_phone: str = ""
    reveals: bool = False


def subject_fields(spec: ActionSpec) -> tuple[str, ...]:
    """The fields naming the players an action is for: its ``subject`` when it says, else its
    actor, else its first player field (so a new kind that names a player has a subject
    without being told); none for an action of the whole table."""
    if spec.subject is not None:
        return spec.subject
    if spec.actor:
        return (spec.actor,)
    return next(((f.name,) for f in spec.fields if f.kind == "player"), ())


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


def split_numbers(text: Any) -> Any:
    """``"5, 7 3"`` → ``[5, 7, 3]`` for list fields typed into a form; anything that is not a
    whole number is kept as typed, so the checker names it."""
    if not isinstance(text, str):
        return text
    items = [t for t in text.replace(",", " ").replace("+", " ").split() if t]
    return [int(t) if t.lstrip("-").isdecimal() and len(t) < 8 else t for t in items]
