"""The names of Hadara's values in words for the table: a track, a colour, a medal or a step is
data; its word is said in the reader's language."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Text, t, tn
from .data import TRACKS

STEP_NAMES = {
    "cards": t("Draw and buy or sell"), "income": t("Income"), "colony": t("Take a colony"),
    "statue": t("Carve a statue"), "feed": t("Feed your people"),
    "medals": t("Buy silver or gold medals"),
}
#: phase B's card step has its own name in the rulebook ("Take a Faceup Card")
FACE_UP_STEP = t("Take a face-up card")


def step_name(step: str, phase: str) -> str:
    """A step's name as the rulebook calls it in that phase."""
    return FACE_UP_STEP if (step, phase) == ("cards", "B") else STEP_NAMES[step]


TRACK_WORDS = {"income": t("income"), "military": t("military"), "culture": t("culture"),
               "food": t("food")}
TRACK_LABELS = {"income": t("Income"), "military": t("Military"), "culture": t("Culture"),
                "food": t("Food")}
COLOUR_WORDS = {"yellow": t("yellow"), "red": t("red"), "blue": t("blue"), "green": t("green"),
                "purple": t("purple")}
COLOUR_LABELS = {"yellow": t("Yellow"), "red": t("Red"), "blue": t("Blue"), "green": t("Green"),
                 "purple": t("Purple")}
MEDAL_WORDS = {"silver": t("silver"), "gold": t("gold")}
#: what a purple card's effect changes (``model.EFFECT_CHANGES``)
EFFECT_WORDS = {"": t("nothing the app counts"), "prices": t("card prices"),
                "scoring": t("final scoring")}


def card_values(data: Mapping[str, Any]) -> list[Text]:
    """The track values an action's fields name ("military +2"), those above 0 only."""
    return [t("{track} +{n}", track=TRACK_WORDS[tr], n=data[tr]) for tr in TRACKS if data.get(tr)]


def coins(n: int) -> Text:
    """"1 coin", "2 coins" (in the reader's language, by its plural rule)."""
    return tn("{n} coin", "{n} coins", n)


def points(n: int) -> Text:
    return tn("{n} point", "{n} points", n)


def cards(n: int) -> Text:
    return tn("{n} card", "{n} cards", n)
