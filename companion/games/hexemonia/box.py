"""Hexes a table may play again: the digest's catalogue, completed by what tables entered (box
data), and the action fields that fill a play form from one of them."""
from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from ..core import Text, t
from .data import GEARS, HEX_CATALOGUE, RESOURCES, box_record, catalogue_entry
from .terms import (
    KIND_WORDS,
    NATURE_WORDS,
    RESOURCE_WORDS,
    commas,
    cube_words,
    hex_word,
    word,
)

KEY_LIMIT = 80  # box data keys are at most 80 characters in the database
_FIELDS = ("kind", "nature", "produces", "output", "shield", "gear")


def box_key(name: str) -> str:
    """The name a hex is remembered under: the catalogue's spelling when the digest knows it."""
    name = name.strip()
    return str(catalogue_entry(name).get("name") or name)[:KEY_LIMIT]


def tile_key(name: str) -> str:
    """One key for every spelling of a tile: the catalogue's name for an Italian or English
    name, case and accents ignored ("Agorà", "Agora" and "agora" are one Polis)."""
    plain = unicodedata.normalize("NFKD", box_key(name))
    return "".join(c for c in plain if not unicodedata.combining(c)).casefold()


def twin_polis(hexes: Iterable[Any], name: str) -> Any:
    """The Polis among ``hexes`` that is the same tile as ``name`` (a city holds one of each,
    rulebook, Esagoni Polis), or None."""
    key = tile_key(name)
    return next((h for h in hexes if h.kind == "polis" and tile_key(h.name) == key), None)


def box_records(kind: str, data: Mapping[str, Any]) -> list[tuple[str, str, dict]]:
    """The box data a played hex or Myth carries: (category, name, printed values)."""
    if kind not in ("play_hex", "play_myth") or not str(data.get("name", "")).strip():
        return []
    record = box_record(kind, data)
    values = {k: v for k, v in record.items() if k != "name"}
    return [("myth" if kind == "play_myth" else "hex", box_key(record["name"]), values)]


def known_hexes(remembered: Iterable[tuple[str, str, Mapping[str, Any]]]) -> list[dict[str, Any]]:
    """Every hex the app can fill a form with, by name: catalogue entries (their inferred fields
    listed in ``unverified``), replaced field by field by the values a table entered."""
    out: dict[str, dict[str, Any]] = {}
    for name, entry in HEX_CATALOGUE.items():
        out[name.casefold()] = {"name": name, "source": t("the app's list of hexes"),
                                "unverified": tuple(entry.get("unverified", ())),
                                **{k: v for k, v in entry.items() if k != "unverified"}}
    for category, key, values in remembered:
        if category not in ("hex", "myth") or not isinstance(values, Mapping):
            continue
        base = out.get(key.casefold(), {"name": key})
        out[key.casefold()] = {**base, **values, "name": base["name"], "unverified": (),
                               "source": t("entered at this table"),
                               "kind": "myth" if category == "myth" else values.get("kind")}
    return sorted(out.values(), key=lambda e: e["name"].casefold())


def find_known(known: Iterable[Mapping[str, Any]], name: str) -> Mapping[str, Any] | None:
    """The known hex called ``name`` (Italian or English, any case), or None."""
    wanted = name.strip().casefold()
    return next((e for e in known if wanted in (e["name"].casefold(),
                                                str(e.get("english", "")).casefold())), None)


def play_values(entry: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """The action (``play_hex`` or ``play_myth``) and the field values a known hex fills in;
    fields it does not know are left for the table to read off the tile."""
    kind = "play_myth" if entry.get("kind") == "myth" else "play_hex"
    values: dict[str, Any] = {"name": entry["name"]}
    values.update({k: entry[k] for k in _FIELDS if entry.get(k) is not None
                   and not (kind == "play_myth" and k in ("kind", "shield"))})
    cost = entry.get("cost")
    if kind == "play_hex" and isinstance(cost, (list, tuple)) and len(cost) == 3:
        values.update({f"cost_{r}": n for r, n in zip(RESOURCES, cost)})
    return kind, values


def entry_words(category: str, key: str, value: Mapping[str, Any]) -> tuple[Any, Any, Any] | None:
    """A remembered hex or Myth as the box page says it: what it is, the name printed on its
    tile, and what it prints (kind, nature, production, shield, cost, gear); None for anything
    else (shown as stored)."""
    if category not in ("hex", "myth") or not isinstance(value, Mapping):
        return None
    parts: list[Any] = [word(KIND_WORDS, value.get("kind")), word(NATURE_WORDS,
                                                                   value.get("nature"))]
    if value.get("produces") in RESOURCE_WORDS:
        parts.append(_pair(t("Production icon"), _amount(value.get("output", 0),
                                                        value["produces"])))
    if value.get("shield"):
        parts.append(_pair(t("Shield"), value["shield"]))
    cost = value.get("cost")
    if isinstance(cost, (list, tuple)) and any(cost):
        parts.append(_pair(t("Cost"), cube_words(*cost)))
    if value.get("gear") in GEARS:
        parts.append(_pair(t("Special action"), GEARS[value["gear"]].label))
    what = t("Myth") if category == "myth" else t("Hex")
    return what, hex_word(key), commas(p for p in parts if p is not None)


def _pair(label: Any, value: Any) -> Text:
    """"Shield: 2": punctuation alone between the words, each language's own mark."""
    return Text("{label}: {value}", {"label": label, "value": value})


def _amount(n: Any, resource: str) -> Any:
    """"2 citizens": a count of one kind of cube in words (``terms.cube_words``)."""
    return cube_words(*(n if r == resource else 0 for r in RESOURCES))
