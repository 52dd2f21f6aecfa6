"""'Can I do this?': the questions a table argues about, answered yes or no with the numbers and
the rule. Each game offers its own in its package's ``questions.py`` as a ``QUESTIONS`` tuple; a
game without that module simply has no questions yet (the extension point)."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .specs import ActionSpec, FieldSpec


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
