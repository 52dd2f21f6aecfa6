"""What a section of Hadara's rules reference touches in a live game (its ``affects`` key):
each player's coins, cards, tracks, colonies, statues and medals. Read by
``companion.reference.affects``."""
from __future__ import annotations

from typing import Any

from ..core import Rows, t
from .model import COLOURS
from .terms import COLOUR_WORDS


def affected(state: Any, key: str) -> Rows:
    """Each player's values the section ``key`` touches."""
    rows: Rows = []
    for p in state.players:
        values: dict[str, tuple[tuple[str, Any], ...]] = {
            "initiative": ((t("initiative"), p.initiative), (t("coins"), p.coins)),
            "cards": ((t("coins"), p.coins),
                      (t("cards"), [t("{n} {colour}", n=p.count(c), colour=COLOUR_WORDS[c])
                                    for c in COLOURS])),
            "coins": ((t("coins"), p.coins), (t("left after 5-coin lots"), p.coins % 5)),
            "income": ((t("income"), p.track("income")), (t("coins"), p.coins)),
            "colony": ((t("military"), p.track("military")),
                       (t("colonies (requirement)"),
                        ", ".join(str(c.requirement) for c in p.colonies) or t("none"))),
            "statue": ((t("culture"), p.track("culture")),
                       (t("statues carved"),
                        ", ".join(str(s.number) for s in p.statues) or t("none"))),
            "feed": ((t("cards"), len(p.cards)), (t("food"), p.track("food")),
                     (t("to remove"), p.food_shortfall)),
            "medals": ((t("coins"), p.coins), (t("silver"), len(p.silver)), (t("gold"), p.gold)),
        }
        if key in values:
            rows.append((p.name, values[key]))
    return rows
