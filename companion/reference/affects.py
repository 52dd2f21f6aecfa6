"""What a reference section touches in a live game: each player's related values.

Opened from a game (``/rules/<slug>?game=<token>``), a section such as Hadara's "Take a colony"
lists each player's military and the colony levels they already hold. Every function takes the
game's state and returns rows of (player name, ((label, value), ...)); the table stays modest.
"""
from __future__ import annotations

from typing import Any, Callable

from ..games.core import t

Rows = list[tuple[str, tuple[tuple[str, Any], ...]]]


# ---------------------------------------------------------------------------------- Hadara

def _hadara(state: Any, key: str) -> Rows:
    from ..games.hadara.model import COLOURS
    rows: Rows = []
    for p in state.players:
        values: dict[str, tuple[tuple[str, Any], ...]] = {
            "initiative": ((t("initiative"), p.initiative), (t("coins"), p.coins)),
            "cards": ((t("coins"), p.coins),
                      (t("cards"), ", ".join(f"{c} {p.count(c)}" for c in COLOURS))),
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


# ------------------------------------------------------------------------------- TradeWarz

def _tradewarz(state: Any, key: str) -> Rows:
    from ..games.tradewarz.data import RESOURCES
    from ..games.tradewarz.model import xadlas
    try:
        from ..games.tradewarz.terms import RESOURCE_WORDS as resource_words
    except ImportError:  # the game's words are optional: the keys read as English
        resource_words = {}
    rows: Rows = []
    for h in state.houses:
        values = {
            "dials": tuple((resource_words.get(r, r), d) for r, d in zip(RESOURCES, h.dials)),
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


# ------------------------------------------------------------------------------- Hexemonia

def _hexemonia(state: Any, key: str) -> Rows:
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


AFFECTS: dict[str, Callable[[Any, str], Rows]] = {
    "hadara": _hadara, "tradewarz": _tradewarz, "hexemonia": _hexemonia}


def affected(slug: str, key: str, state: Any, score_lines: Rows | None = None) -> Rows:
    """Each player's values a section touches; the score pad's totals for scoring sections.
    An unknown key, or a state this module cannot read, gives no rows rather than an error."""
    if not key:
        return []
    if key == "score":
        return score_lines or []
    try:
        return AFFECTS[slug](state, key)
    except (AttributeError, KeyError, TypeError, ImportError):
        return []
