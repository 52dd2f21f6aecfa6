"""What a section of Hexemonia's rules reference touches in a live game (its ``affects`` key):
each player's city, Acropolis, hexes, Myths, hoplites and political hexes. Read by
``companion.reference.affects``."""
from __future__ import annotations

from typing import Any

from ..core import Rows, t


def affected(state: Any, key: str) -> Rows:
    """Each player's values the section ``key`` touches."""
    rows: Rows = []
    for seat, p in enumerate(state.players):
        active = [h for h in p.hexes if h.is_active]
        values = {
            "acropolis": ((t("city"), p.city), (t("gold on the Acropolis"), p.acropolis.gold)),
            "hexes": ((t("hexes"), len(p.hexes)), (t("active"), len(active))),
            "myths": ((t("Myths"), ", ".join(m.name for m in p.myths) or t("none")),),
            "war": ((t("hexes"), len(p.hexes)),
                    (t("hoplites"), sum(h.cubes.hoplites for h in p.hexes) + p.acropolis.hoplites)),
            "politics": ((t("political hexes"),
                          sum(1 for h in p.hexes if h.nature == "political")),
                         (t("Philosopher"), t("yes") if state.philosopher == seat else t("no"))),
        }
        if key in values:
            rows.append((p.name, values[key]))
    return rows
