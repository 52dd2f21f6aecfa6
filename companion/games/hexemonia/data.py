"""Box data of Hexemonia: cities, the hexes the digest knows, and the special (gear) actions.

Values printed only on the tiles are never invented here. Where the rules digest gives an inferred
or guessed value it ships as data with an ``unverified`` flag, so the app can say "unverified —
check your tiles" and the table can override it (setup fields for cities, action fields for hexes).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core import t

RESOURCES = ("citizens", "hoplites", "gold")
KINDS = ("chora", "fortification", "polis")
NATURES = ("political", "military", "economic", "sacred")
NATURE_SYMBOLS = {"political": "eye", "military": "helmet", "economic": "amphora",
                  "sacred": "lightning"}
CITIES = ("athens", "sparta", "olympia", "delphi", "delos")
CITIES_BY_COUNT = {2: ("athens", "sparta"), 3: ("athens", "sparta", "olympia"),
                   4: ("athens", "sparta", "delphi", "delos")}
ACROPOLIS = "Acropolis"
HAND_LIMIT = 4
MAX_MYTHS = 3
MYTHS_IN_BOX = 6  # Materiale: 6 Myth tokens, one per Myth hex
TERRAIN_HEXES = 51  # Materiale: 51 terrain hexes (the 6 Myths among them)
FACE_UP = 4  # Preparazione: four hexes turned face up from the Fate pile
START_HAND = 2  # Preparazione: each player draws two hexes from it
#: The player-count icons printed on the terrain hexes (Preparazione): a game uses the hexes whose
#: icon is at most its player count. How many hexes carry each icon is printed only on the tiles
#: (box data the table enters); with 4 players every terrain hex is used.
COUNT_ICONS = (3, 4)
#: the Fate pile of a first game whose table did not count the hexes put back: the app does not
#: know its size, so the phase A that takes its last hex says so (the table sees it run out)
FATE_UNCOUNTED = -1


def fate_pile(players: int, put_back: int) -> int:
    """The Fate pile after dealing (Preparazione): the terrain hexes in use, less the four face
    up and two in each player's hand. ``put_back``: hexes whose icon is for more players."""
    return TERRAIN_HEXES - put_back - FACE_UP - START_HAND * players


@dataclass(frozen=True)
class CityInfo:
    """What an Acropolis tile shows: its nature symbol and its end-game bonus per active hex.

    Rulebook, Acropoli reference page; digest §A2 and ruling H1. ``unverified`` is true when any
    part is an inference or a guess that the table should check on the tile.
    """

    nature: str
    bonus_kind: str
    bonus_points: int
    unverified: bool = True
    note: str = ""


#: Ruling H1, default reading: the reference page follows the setup order.
CITY_DEFAULTS: Mapping[str, CityInfo] = {
    "athens": CityInfo("economic", "polis", 2, False,
                       t("the rulebook names its amphora in the tie-break; its bonus is "
                         "worked out from an example")),
    "sparta": CityInfo("military", "fortification", 3, True,
                       t("the bonus is worked out from an example; the helmet symbol is a guess")),
    "olympia": CityInfo("sacred", "myth", 3, True,
                        t("a rulebook example shows its lightning; the bonus is a weak guess")),
    "delphi": CityInfo("political", "chora", 1, True, t("symbol and bonus are guesses")),
    "delos": CityInfo("sacred", "chora", 1, True, t("symbol and bonus are guesses")),
}

#: an Acropolis its player has not entered yet (on their own phone): no nature, no bonus
NO_CITY = CityInfo("", "", 0, False, t("not entered yet"))

_ALTERNATIVE = t("alternative reading of the reference page")

#: Ruling H1, other reading: the reference page lists Athens, Sparta, Delphi, Delos, Olympia.
CITY_ALTERNATIVE: Mapping[str, CityInfo] = {
    **CITY_DEFAULTS,
    "olympia": CityInfo("sacred", "chora", 1, True, _ALTERNATIVE),
    "delphi": CityInfo("political", "myth", 3, True, _ALTERNATIVE),
    "delos": CityInfo("sacred", "chora", 1, True, _ALTERNATIVE),
}


@dataclass(frozen=True)
class Gear:
    """A special action printed on a hex (the gear icon): what it does and which fields it reads."""

    label: str
    effect: str
    fields: tuple[str, ...] = ()


GEARS: Mapping[str, Gear] = {
    "sorgente": Gear(t("Spring"), t("Take 1 cube of your choice from the supply onto your "
                                    "Acropolis."), ("resource",)),
    "porto": Gear(t("Harbour"), t("Gain 1 gold on the Harbour for each economic hex touching "
                                  "it."), ("adjacent",)),
    "tempio": Gear(t("Temple"), t("Gain 1 gold on the Temple for each sacred hex touching it "
                                  "(a revealed sacred Acropolis counts)."), ("adjacent",)),
    "necropoli": Gear(t("Necropolis"), t("Send citizens of your city back to the supply; the "
                                         "Necropolis gains 1 gold for every 2 sent."),
                      ("pay_from",)),
    "agora": Gear(t("Agora"), t("Move up to 2 cubes between hexes of your own city."),
                  ("moves",)),
    "taverna": Gear(t("Tavern"), t("An opponent you choose moves 1 citizen of their city onto "
                                   "the Tavern."), ("opponent", "sources")),
    "labirinto": Gear(t("Labyrinth"), t("An opponent you choose moves 1 hoplite of their city "
                                        "onto the Labyrinth."), ("opponent", "sources")),
    "faro": Gear(t("Lighthouse"), t("Every opponent moves 1 gold of their city onto the "
                                    "Lighthouse."), ("sources",)),
    "ade": Gear(t("Hades"), t("Remove up to 3 excess citizens from one hex of an opponent you "
                              "choose."), ("opponent", "target", "amount")),
    "oracolo": Gear(t("Oracle"), t("Look at the top 4 hexes of the Fate pile and put them back "
                                   "in any order (nothing for the app to record)."), ()),
    "moire": Gear(t("Moirai"), t("Draw 1 hex from the Fate pile into your hand."), ()),
    "pandora": Gear(t("Pandora"), t("A random hex from the hand of an opponent you choose goes "
                                    "to the Underworld."), ("opponent",)),
}


def _known(kind: str, **values: Any) -> dict[str, Any]:
    return {"kind": kind, **values}


#: The hexes the digest knows (§A3), by Italian name. Only known fields are present; anything
#: else is printed on the tile and entered by the table. ``unverified`` lists inferred fields.
HEX_CATALOGUE: Mapping[str, Mapping[str, Any]] = {
    "Palestra": _known("polis", english="Gymnasium", nature="military", cost=(1, 1, 1)),
    "Pascolo": _known("chora", english="Pasture", cost=(1, 0, 0), unverified=("kind",)),
    "Flotta": {"english": "Fleet", "cost": (1, 1, 2)},
    "Sorgente": _known("chora", english="Spring", nature="sacred", cost=(0, 0, 0),
                       gear="sorgente", unverified=("nature",)),
    "Asty": {"english": "Asty", "cost": (2, 1, 1), "unverified": ("cost",)},
    "Mura": _known("fortification", english="Walls"),
    "Falange": _known("fortification", english="Phalanx", cost=(0, 2, 1), shield=1,
                      unverified=("cost", "shield")),
    "Cava": {"english": "Quarry"},
    "Labirinto": _known("fortification", english="Labyrinth", gear="labirinto"),
    "Faro": _known("fortification", english="Lighthouse", gear="faro"),
    "Anfiteatro": _known("polis", english="Amphitheatre", nature="political",
                         unverified=("nature",)),
    "Taverna": _known("polis", english="Tavern", gear="taverna"),
    "Agorà": _known("polis", english="Agora", gear="agora"),
    "Tempio": _known("polis", english="Temple", gear="tempio"),
    "Porto": _known("chora", english="Harbour", gear="porto"),
    "Necropoli": _known("chora", english="Necropolis", gear="necropoli"),
    "Villaggio": _known("chora", english="Village", unverified=("kind",)),
    "Ade": _known("myth", english="Hades", gear="ade"),
    "Oracolo": _known("myth", english="Oracle", nature="political", gear="oracolo",
                      unverified=("nature",)),
    "Moire": _known("myth", english="Moirai", gear="moire"),
    "Pandora": _known("myth", english="Pandora", gear="pandora"),
}


def catalogue_entry(name: str) -> Mapping[str, Any]:
    """What the digest knows about a hex called ``name`` (case-insensitive), or an empty mapping."""
    wanted = name.strip().casefold()
    for known, entry in HEX_CATALOGUE.items():
        if wanted in (known.casefold(), str(entry.get("english", "")).casefold()):
            return {"name": known, **entry}
    return {}


def box_record(kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """The box-data record of a hex from the fields of a ``play_hex`` or ``play_myth`` action.

    The web layer stores it by name so that the next game pre-fills the same tile.
    """
    record = {"name": str(data.get("name", "")).strip(),
              "kind": "myth" if kind == "play_myth" else data.get("kind"),
              "nature": data.get("nature"),
              "produces": data.get("produces", "none"), "output": data.get("output", 0),
              "gear": data.get("gear", "none")}
    if kind != "play_myth":
        record["cost"] = [data.get(f"cost_{r}", 0) for r in RESOURCES]
        record["shield"] = data.get("shield", 0)
    return record
