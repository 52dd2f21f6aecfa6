"""Coin toss's rules reference (found beside its rules by convention)."""
from __future__ import annotations

from companion.games.core import Reference, section, t

REFERENCE = Reference("cointoss", "Coin toss", "Coin toss rules", (
    section("tossing", t("Tossing the coin"), "Play", "Tossing",
            "The players take turns to flip a wobbly brass coin, three times each.",
            aliases=("tossing",), affects="heads"),
    section("scoring", t("Scoring"), "Scoring", "Scoring",
            "Each heads scores a point; whoever tossed heads first wins a tie.",
            aliases=("scoring",), affects="score"),
))
