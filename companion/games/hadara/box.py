"""Hadara's box data: values printed only on components (setup cards, statue spaces, medal
prices), remembered from what the table entered (see the rules digest, "Box data")."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .data import ROMAN, TRACKS
from .model import HadaraState


def records_of_setup(setup: Mapping[str, Any]) -> list[tuple[str, str, dict]]:
    """Setup cards: the values printed on each card and side, by initiative."""
    return [("setup card", f"{p['initiative']}{p.get('side', 'A')}",
             {k: p.get(k, 0) for k in ("coins", *TRACKS)})
            for p in setup.get("players", []) if "initiative" in p]


def records(state: HadaraState, kind: str, data: Mapping[str, Any]
            ) -> list[tuple[str, str, dict]]:
    """Statue spaces and medal prices, as the table entered them."""
    if kind == "statue":
        return [("statue", f"space {data['statue']}",
                 {k: data[k] for k in ("requirement", "points", "tile_value")})]
    if kind == "medal":
        return [("medal price", f"{data['medal']} epoch {ROMAN[state.epoch]}",
                 {"price": data["price"]})]
    return []
