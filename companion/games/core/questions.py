"""'Can I do this?': the questions a table argues about, answered yes or no with the numbers and
the rule. Each game offers its own in its package's ``questions.py`` as a ``QUESTIONS`` tuple; a
game without that module simply has no questions yet (the extension point)."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .specs import ActionSpec, FieldSpec
from .words import Text, t


@dataclass(frozen=True)
class Answer:
    """A yes/no answer: a one-line summary, the numbers behind it, and the rule it follows."""

    yes: bool
    summary: str
    numbers: tuple[tuple[str, Any], ...]
    rule: str


@dataclass(frozen=True)
class Question:
    """A question a table can ask about the current state; ``fields`` describe its inputs the way
    an action's fields do, so the web layer builds the form the same way."""

    id: str
    label: str
    rule: str
    fields: tuple[FieldSpec, ...]
    ask: Callable[[Any, Mapping[str, Any]], Answer]

    @property
    def spec(self) -> ActionSpec:
        return ActionSpec(self.id, self.label, self.rule, self.fields)


def semicolons(parts: Sequence[Any]) -> Any:
    """Several reasons as one value, separated by semicolons (the separator is the reader's
    language's: the template holds no word)."""
    joined = parts[0]
    for more in parts[1:]:
        joined = t("{a}; {b}", a=joined, b=more)
    return joined


def not_now(why: Any, later: Sequence[Any] | None, yes_later: Any) -> Text:
    """The answer to an action asked outside its step or turn: why not now (the step or turn
    it belongs to), then the action's own conditions read against the table as it is now, which
    decide it when that step or turn comes: ``later`` lists what would still stop it (empty:
    nothing would), None when that step or turn never comes again in this game."""
    if later is None:
        return t("Not now: {why}; and it does not come again in this game", why=why)
    if later:
        return t("Not now: {why}. When it comes (with the table as it is now): No: {reasons}",
                 why=why, reasons=semicolons(later))
    return t("Not now: {why}. When it comes (with the table as it is now): {yes}", why=why,
             yes=yes_later)
