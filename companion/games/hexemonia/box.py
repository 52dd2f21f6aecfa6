"""Hexes a table may play again: the digest's catalogue, completed by what tables entered (box
data), and the action fields that fill a play form from one of them."""
from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from ..core import t
from .data import HEX_CATALOGUE, RESOURCES, box_record, catalogue_entry

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
