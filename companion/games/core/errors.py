"""What is wrong with an input: :class:`Problem`, the :class:`RulesError` family, and the
:class:`Checker` that reads input and reports every problem at once."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .words import t

MAX_NAME_LENGTH = 40
MAX_TEXT_LENGTH = 200
MAX_NUMBER = 9999

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


class WouldBreak(InvalidInput):
    """A change to an earlier entry of the log (a void, an amendment) after which later entries
    no longer hold: one problem per such entry (its field is ``#<number>``), and ``entries``
    their numbers, so a page can offer to take them back too; ``following``, the later entries
    that stop only because one of those would be left out (taking those back alone would stop
    them too). Nothing is recorded."""

    def __init__(self, problems: Iterable[Problem], entries: Iterable[int], *,
                 following: Iterable[int] = (), rule: str = "History"):
        super().__init__(problems, rule=rule)
        self.entries = tuple(entries)
        self.following = tuple(following)


class StaleAction(RulesError):
    """An action based on a version of the game that changed meanwhile, and no longer makes
    sense."""


class WrongPlayer(IllegalAction):
    """A turn action named for a player whose turn it is not. ``turn`` is the seat whose turn it
    is and ``named`` the seat the action named, so a page can ask whether to record it for the
    player whose turn it is instead."""

    def __init__(self, names: Sequence[str], turn: int, named: int, *, rule: str, field: str):
        super().__init__(t("it is {turn}'s turn, not {named}'s", turn=names[turn],
                           named=names[named]), rule=rule, field=field)
        self.turn, self.named = turn, named


class OwnPhoneOnly(IllegalAction):
    """A player's secret (a face-down Acropolis, a house's battle cards) sent from a phone seated
    as another player: only the owner's phone records it. ``owner`` is the owner's seat."""

    def __init__(self, message: str, *, owner: int, rule: str, field: str = ""):
        super().__init__(message, rule=rule, field=field)
        self.owner = owner


class Checker:
    """Collects problems while reading input, so that every one is reported at once."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, path: str, message: str) -> None:
        self.problems.append(Problem(path, message))

    def raise_if_any(self, *, rule: str = "") -> None:
        if self.problems:
            raise InvalidInput(self.problems, rule=rule)

    def unknown_keys(self, data: Mapping, known: Sequence[str], path: str) -> None:
        """Refuse every key of ``data`` the score API does not read, naming it and the keys it
        reads (a typo such as ``silver_medal`` never scores as nothing)."""
        for extra in sorted(set(data) - set(known), key=str):
            self.add(f"{path}.{extra}" if path else str(extra), t(
                "unknown key {name}; the score API reads {keys}", name=repr(extra),
                keys=", ".join(known)))

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
