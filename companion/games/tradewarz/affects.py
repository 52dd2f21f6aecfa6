"""What a section of TradeWarz's rules reference touches in a live game (its ``affects`` key):
each house's dials, Xadlas, soldiers, buildings and techs. Read by
``companion.reference.affects``."""
from __future__ import annotations

from typing import Any

from ..core import Rows, t
from .data import RESOURCES
from .model import xadlas
from .terms import RESOURCE_WORDS


def affected(state: Any, key: str) -> Rows:
    """Each house's values the section ``key`` touches."""
    rows: Rows = []
    for h in state.houses:
        values = {
            "dials": tuple((RESOURCE_WORDS.get(r, r), d) for r, d in zip(RESOURCES, h.dials)),
            "xadlas": ((t("golden"), len(h.golden)), (t("Xadlas"), xadlas(h, state.rulings)),
                       (t("trading posts"), len(h.posts)), (t("castles"), h.castles)),
            "soldiers": ((t("soldiers"), h.soldiers), (t("reserve"), h.reserve),
                         (t("tech strength"), h.tech_strength)),
            "buildings": ((t("settlements"), h.settlements), (t("villages"), h.villages),
                          (t("castles"), h.castles), (t("universities"), "/".join(
                              str(u) for u in h.universities))),
            "techs": ((t("universities"), "/".join(str(u) for u in h.universities)),
                      (t("techs"), ", ".join(h.techs) or t("none"))),
        }
        if key in values:
            rows.append((h.name, values[key]))
    return rows
