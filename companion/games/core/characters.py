"""Characters no text may hold, checked where text enters (a form, a JSON body, a file) so every
path refuses them alike: a lone UTF-16 surrogate (JSON can write one as ``\\ud800``; no
encoding can store it) and the control characters (NUL, which PostgreSQL cannot store, and the
rest of C0), except tab and line breaks, which multi-line text holds."""
from __future__ import annotations

import re
from typing import Any

from .errors import InvalidInput, Problem
from .words import t

RULE = "Text a table sends"
#: problems named in one refusal (a hostile body may hold thousands)
MAX_PROBLEMS = 10

_REFUSED = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff]")


def refused_in(text: str) -> str | None:
    """The first character of ``text`` no text may hold, or None."""
    found = _REFUSED.search(text)
    return found.group() if found else None


def shown(text: str, limit: int = 60) -> str:
    """``text`` as a page or a JSON answer can say it: refused characters written as escapes."""
    return _REFUSED.sub(lambda m: m.group().encode("unicode_escape").decode(), text[:limit])


def problem(field: str, char: str) -> Problem:
    """Why ``field`` is refused for holding ``char``."""
    code = f"U+{ord(char):04X}"
    if "\ud800" <= char <= "\udfff":
        return Problem(field, t("{field} holds {char}, half of a UTF-16 surrogate pair, which "
                                "is not a character", field=field, char=code))
    return Problem(field, t("{field} holds the control character {char}; text may hold no "
                            "control characters but tab and line breaks", field=field,
                            char=code))


def problems_in(value: Any, path: str = "") -> list[Problem]:
    """Each text inside ``value`` (JSON data: objects' keys and values, lists) that holds a
    refused character, named by its path (``players[0].name``), at most MAX_PROBLEMS. Walked
    without recursion (a body may nest as deep as its parser allows), and a path is written
    out only for the containers and the texts found wrong (a file may hold ~10**6 numbers)."""
    found: list[Problem] = []
    todo: list[tuple[str, Any]] = [(path, value)]
    while todo and len(found) < MAX_PROBLEMS:
        where, item = todo.pop()
        if isinstance(item, str):
            if (char := refused_in(item)) is not None:
                found.append(problem(where or "body", char))
            continue
        pairs = item.items() if isinstance(item, dict) else \
            enumerate(item) if isinstance(item, list) else ()
        inside = []
        for key, inner in pairs:
            if isinstance(key, str) and (char := refused_in(key)) is not None:
                found.append(problem(_inside(where, key), char))
            if isinstance(inner, (dict, list)) or isinstance(inner, str) and \
                    refused_in(inner) is not None:
                inside.append((_inside(where, key), inner))
        todo.extend(reversed(inside))  # (taken from the end: in the order they came)
    return found[:MAX_PROBLEMS]


def _inside(where: str, key: Any) -> str:
    """The path of an object's member or a list's item."""
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{shown(key)}" if where else shown(key)


def check_text(value: Any, path: str = "") -> None:
    """Refuse (InvalidInput naming each field) JSON data holding a refused character."""
    found = problems_in(value, path)
    if found:
        raise InvalidInput(found, rule=RULE)
