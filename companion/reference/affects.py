"""What a reference section touches in a live game: each player's related values.

Opened from a game (``/rules/<slug>?game=<token>``), a section such as Hadara's "Take a colony"
lists each player's military and the colony levels they already hold. Every function takes the
game's state and returns rows of (player name, ((label, value), ...)); the table stays modest.
"""
from __future__ import annotations

from typing import Any, Callable

Rows = list[tuple[str, tuple[tuple[str, Any], ...]]]


# ---------------------------------------------------------------------------------- Hadara

def _hadara(state: Any, key: str) -> Rows:
    from ..games.hadara.model import COLOURS
    rows: Rows = []
    for p in state.players:
        values: dict[str, tuple[tuple[str, Any], ...]] = {
            "initiative": (("initiative", p.initiative), ("coins", p.coins)),
            "cards": (("coins", p.coins),
                      ("cards", ", ".join(f"{c} {p.count(c)}" for c in COLOURS))),
            "coins": (("coins", p.coins), ("left after 5-coin lots", p.coins % 5)),
            "income": (("income", p.track("income")), ("coins", p.coins)),
            "colony": (("military", p.track("military")),
                       ("colonies (requirement)",
                        ", ".join(str(c.requirement) for c in p.colonies) or "none")),
            "statue": (("culture", p.track("culture")),
                       ("statues carved", ", ".join(str(s.number) for s in p.statues) or "none")),
            "feed": (("cards", len(p.cards)), ("food", p.track("food")),
                     ("to remove", p.food_shortfall)),
            "medals": (("coins", p.coins), ("silver", len(p.silver)), ("gold", p.gold)),
        }
        if key in values:
            rows.append((p.name, values[key]))
    return rows


# ------------------------------------------------------------------------------- TradeWarz

def _tradewarz(state: Any, key: str) -> Rows:
    from ..games.tradewarz.data import RESOURCES
    from ..games.tradewarz.model import xadlas
    rows: Rows = []
    for h in state.houses:
        values = {
            "dials": tuple(zip(RESOURCES, h.dials)),
            "xadlas": (("golden", len(h.golden)), ("Xadlas", xadlas(h, state.rulings)),
                       ("trading posts", len(h.posts)), ("castles", h.castles)),
            "soldiers": (("soldiers", h.soldiers), ("reserve", h.reserve),
                         ("tech strength", h.tech_strength)),
            "buildings": (("settlements", h.settlements), ("villages", h.villages),
                          ("castles", h.castles), ("universities", "/".join(
                              str(u) for u in h.universities))),
            "techs": (("universities", "/".join(str(u) for u in h.universities)),
                      ("techs", ", ".join(h.techs) or "none")),
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
            "acropolis": (("city", p.city), ("gold on the Acropolis", p.acropolis.gold)),
            "hexes": (("hexes", len(p.hexes)), ("active", len(active))),
            "myths": (("Myths", ", ".join(m.name for m in p.myths) or "none"),),
            "war": (("hexes", len(p.hexes)), ("hoplites", sum(h.cubes.hoplites for h in p.hexes)
                                              + p.acropolis.hoplites)),
            "politics": (("political hexes", sum(1 for h in p.hexes if h.nature == "political")),
                         ("Philosopher", "yes" if state.philosopher == seat else "no")),
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
