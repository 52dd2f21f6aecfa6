"""Hexemonia's terms as words for the table: each is a variable in the rules (a city, a nature, a
kind of hex, a resource), so it is looked up here and passed to a sentence as a value — the
catalogs then give the edition's name in each language (the Italian rulebook's own terms)."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..core import Text, t, tn
from .data import ACROPOLIS

CITY_WORDS: Mapping[str, Text] = {
    "athens": t("Athens"), "sparta": t("Sparta"), "olympia": t("Olympia"),
    "delphi": t("Delphi"), "delos": t("Delos"),
}
NATURE_WORDS: Mapping[str, Text] = {
    "political": t("political"), "military": t("military"), "economic": t("economic"),
    "sacred": t("sacred"),
}
#: kinds of hex as the rules name them in running text (lower case, like the old wording)
KIND_WORDS: Mapping[str, Text] = {
    "chora": t("chora"), "fortification": t("fortification"), "polis": t("polis"),
    "myth": t("myth"),
}


def active_kinds(kind: str, n: int) -> Any:
    """A count of active hexes of one kind, "2 active fortifications": one phrase, so that each
    language agrees the adjective with the kind and the count ("fortificazioni attive")."""
    phrases = {
        "chora": tn("{n} active chora", "{n} active chora", n),
        "fortification": tn("{n} active fortification", "{n} active fortifications", n),
        "polis": tn("{n} active polis", "{n} active polis", n),
        "myth": tn("{n} active myth", "{n} active myths", n),
    }
    return phrases.get(kind) or t("{n} active {kind}", n=n, kind=kind)


RESOURCE_WORDS: Mapping[str, Text] = {
    "citizens": t("citizens"), "hoplites": t("hoplites"), "gold": t("gold"),
}
#: the phase C action chosen this turn (``HexemoniaState.action``)
ACTION_WORDS: Mapping[str, Text] = {
    "production": t("production"), "strategy": t("strategy"), "special": t("special"),
    "war": t("war"),
}
NONE = t("none")
#: what each tie-break compares (DESIGN.md's ids; rulebook, Calcolo dei punti; ruling H19)
TIEBREAK_WORDS: Mapping[str, Text] = {
    "acropolis_nature": t("active hexes of the Acropolis's nature"),
    "acropolis_gold": t("gold on the Acropolis"),
}


def hex_word(name: str) -> Any:
    """A hex's name inside a sentence: the Acropolis in the reader's language ("Acropoli"),
    any other hex by the name printed on its tile."""
    return t("Acropolis") if name == ACROPOLIS else name


def word(table: Mapping[str, Text], key: Any) -> Any:
    """The word for ``key`` in ``table``; an unknown key (typed by a table) is shown as it is."""
    return table.get(key, key) if isinstance(key, str) else key


def commas(items: Iterable[Any]) -> Any:
    """Several words as one value, separated by commas the way the old English text was (a
    list value would be said as "a, b and c"); each language picks its separator."""
    items = list(items)
    if not items:
        return NONE
    out = items[-1]
    for item in reversed(items[:-1]):
        out = t("{first}, {rest}", first=item, rest=out)
    return out


def cube_words(citizens: int, hoplites: int, gold: int) -> Any:
    """Cubes as words, e.g. "1 citizen, 3 gold" ("nothing" when there are none); reads like
    ``str(Cubes)`` in English."""
    parts = []
    if citizens:
        parts.append(t("{n} citizen", n=citizens) if citizens == 1
                     else t("{n} citizens", n=citizens))
    if hoplites:
        parts.append(t("{n} hoplite", n=hoplites) if hoplites == 1
                     else t("{n} hoplites", n=hoplites))
    if gold:
        parts.append(t("{n} gold", n=gold))
    return commas(parts) if parts else t("nothing")
