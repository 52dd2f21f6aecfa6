"""The shape of a rules reference: sections written in our own words, each citing the rulebook
section it summarises, in the order the game is played."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .words import Text, t

#: the stages a reference walks through, in order
STAGES = ("Overview", "Setup", "Play", "End", "Scoring", "Companion")
#: each stage's heading, in the reader's language
STAGE_WORDS = {"Overview": t("Overview"), "Setup": t("Setup"), "Play": t("Play"), "End": t("End"),
               "Scoring": t("Scoring"), "Companion": t("Companion")}

#: what a section touches in a live game: each player's name with (label, value) pairs (the
#: rows a game's ``affects.py`` returns)
Rows = list[tuple[str, tuple[tuple[str, Any], ...]]]


@dataclass(frozen=True)
class Section:
    """One section of a rules reference.

    ``cites`` names the rulebook section(s) summarised; ``aliases`` are the citation texts the
    rules library uses (lower case, without the "<Game> rulebook, " prefix) that should open this
    section; ``affects`` names what the section touches in a live game (see ``affects.py``).
    """

    id: str
    title: str
    stage: str
    cites: str
    body: tuple[str, ...]
    aliases: tuple[str, ...] = ()
    affects: str = ""

    @property
    def text(self) -> str:
        return " ".join(self.body)


@dataclass(frozen=True)
class Reference:
    """A game's whole reference: its sections in play order."""

    slug: str
    title: str
    rulebook: str
    sections: tuple[Section, ...]

    @property
    def translated(self) -> bool:
        """Whether every paragraph is marked for translation (words said in the reader's
        language); a reference in plain English strings is shown as English-only."""
        return all(isinstance(p, Text) for s in self.sections for p in s.body)

    def section(self, section_id: str) -> Section | None:
        return next((s for s in self.sections if s.id == section_id), None)

    @property
    def ids(self) -> frozenset[str]:
        return frozenset(s.id for s in self.sections)


def section(id: str, title: str, stage: str, cites: str, *body: str, aliases: tuple[str, ...] = (),
            affects: str = "") -> Section:
    """Shorthand for the data modules: paragraphs as positional arguments."""
    if stage not in STAGES:
        raise ValueError(f"unknown stage {stage!r}")
    return Section(id, title, stage, cites, tuple(body), aliases, affects)
