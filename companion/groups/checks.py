"""What a group's words and numbers may be: names, marks, notes, dates and durations, read the
same way from a form and from a group file (raises IllegalAction naming the field)."""
from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, datetime, time
from typing import Any

from ..games.core import IllegalAction, t
from ..store.db import utcnow

NAME_LIMIT = 40
MARK_LIMIT = 16
GROUP_NAME_LIMIT = 80
NOTE_LIMIT = 1000
DURATION_LIMIT = 24 * 60  # minutes
PLAYERS_LIMIT = 200  # players a group may have (the retired and merged ones included)
RULE = "Game nights"


# ------------------------------------------------------------------------ checking words

def clean_text(value: Any, what: str, limit: int, *, field: str, required: bool = True) -> str:
    """``value`` as a trimmed text of at most ``limit`` characters (raises IllegalAction)."""
    if value is None and not required:
        return ""
    if not isinstance(value, str):
        raise IllegalAction(t("{what} must be a text", what=what), rule=RULE, field=field)
    value = " ".join(value.split())
    if not value.isprintable():
        raise IllegalAction(t("{what} cannot hold control characters", what=what), rule=RULE,
                            field=field)
    if required and not value:
        raise IllegalAction(t("{what} is required", what=what), rule=RULE, field=field)
    if len(value) > limit:
        raise IllegalAction(t("{what} is limited to {limit} characters", what=what, limit=limit),
                            rule=RULE, field=field)
    return value


def as_number(value: Any) -> Any:
    """A form's whole number (up to 18 digits 0-9) as an int; anything else as it came."""
    if isinstance(value, str) and re.fullmatch(r"[0-9]{1,18}", value.strip()):
        return int(value.strip())
    return value


def clean_note(value: Any, *, field: str = "note") -> str:
    if not isinstance(value, str):
        raise IllegalAction(t("{what} must be a text", what=t("The note")), rule=RULE,
                            field=field)
    value = value.strip()
    if not "".join(value.split()).isprintable():
        raise IllegalAction(t("{what} cannot hold control characters", what=t("The note")),
                            rule=RULE, field=field)
    if len(value) > NOTE_LIMIT:
        raise IllegalAction(t("{what} is limited to {limit} characters", what=t("The note"),
                              limit=NOTE_LIMIT), rule=RULE, field=field)
    return value


def clean_duration(value: Any, *, field: str = "duration") -> int | None:
    """Minutes played, 0 to a day, or None when not known."""
    if value in (None, ""):
        return None
    value = as_number(value)
    if type(value) is not int or not 0 <= value <= DURATION_LIMIT:
        raise IllegalAction(t("the duration is a number of minutes from 0 to {high}",
                              high=DURATION_LIMIT), rule=RULE, field=field)
    return value


def clean_day(value: Any, *, field: str = "date") -> datetime:
    """A play's date (YYYY-MM-DD, or a date and time as ISO text), not in the future."""
    if not isinstance(value, str) or len(value) > 32:
        raise IllegalAction(t("the date is written YYYY-MM-DD"), rule=RULE, field=field)
    try:
        when = datetime.fromisoformat(value) if "T" in value else \
            datetime.combine(date.fromisoformat(value), time(12))
    except ValueError:
        raise IllegalAction(t("the date is written YYYY-MM-DD"), rule=RULE,
                            field=field) from None
    when = when.replace(tzinfo=None, microsecond=0)
    if when.date() > utcnow().date() or when.year < 1900:
        raise IllegalAction(t("a play's date cannot be in the future"), rule=RULE, field=field)
    return when


# --------------------------------------------------- a file's parts, read strictly

def fail(message, field: str):
    """Refuse a file's part at ``field``, citing the group rules."""
    raise IllegalAction(message, rule=RULE, field=field)


def obj(value: Any, keys: Sequence[str], field: str, optional: Sequence[str] = ()) -> dict:
    """``value`` as an object with exactly ``keys`` (and maybe ``optional``)."""
    if not isinstance(value, dict):
        fail(t("{field} must be an object", field=field), field)
    extra = [k for k in value if k not in keys and k not in optional]
    missing = [k for k in keys if k not in value]
    if extra or missing:
        fail(t("{field}: unknown {extra}, missing {missing}", field=field,
                extra=", ".join(map(str, extra)) or "-", missing=", ".join(missing) or "-"),
              field)
    return value


def items(value: Any, limit: int, field: str) -> list:
    if not isinstance(value, list) or len(value) > limit:
        fail(t("{field} must be a list of at most {limit}", field=field, limit=limit), field)
    return value


def whole(value: Any, low: int, high: int, field: str) -> int:
    if type(value) is not int or not low <= value <= high:
        fail(t("{field} must be a whole number from {low} to {high}", field=field, low=low,
                high=high), field)
    return value
