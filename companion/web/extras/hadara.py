"""Hadara's additions to the generic game page: the one-tap choices its forms offer from the box
data (known epoch cards, statue spaces and medal prices), each a button that fills the fields
it names (``forms.PICK``); the action still goes through ``play.act``."""
from __future__ import annotations

from typing import Any

from flask import Blueprint

from ...games.core import t, tn
from ...games.hadara import box
from ...games.hadara.cards import piles_left
from ...games.hadara.feeding import removal_order
from ...games.hadara.terms import MEDAL_WORDS
from ..forms import pick_value

bp = Blueprint("hadara", __name__)


def _choice(kind: str, words: Any, fields: dict[str, Any], colour: str = "") -> dict[str, Any]:
    """A one-tap choice: its button names every field the typed form below it holds (those
    it does not know, empty), so it records only its own values."""
    own = {name: fields.get(name, "") for name in LEARNT[kind]}
    return {"words": words, "pick": pick_value({**own, **fields}), "colour": colour}


@bp.app_template_global("hd_known")
def known(kind: str, epoch: int, remembered: list[tuple[str, str, Any]]) -> list[dict[str, Any]]:
    """The one-tap choices of an action's form: the epoch's known cards (buy), the colonies
    taken before (colony), the remembered statue spaces (statue) and this epoch's medal prices
    (medal). ``remembered``: the box data the game's group (or the game itself) knows, never
    values whose sightings disagree (the view's ``box()``)."""
    if kind == "buy":
        return [_choice(kind, c["words"], c["fields"], c["colour"])
                for c in box.known_cards(remembered, epoch)]
    if kind == "colony":
        return [_choice(kind, c["words"], c["fields"]) for c in box.known_colonies(remembered)]
    defaults = box.form_defaults(remembered, epoch)
    if kind == "statue":
        return [_choice(kind, t("Space {n} · culture {need} · {points} pts · tile {value}", n=n,
                          need=v.get("requirement"), points=v.get("points"),
                          value=v.get("tile_value")),
                        {"statue": n, **{k: v.get(k) for k in ("requirement", "points",
                                                               "tile_value")}})
                for n, v in sorted(defaults["statue"].items())]
    if kind == "medal":
        return [_choice(kind, tn("{medal} medal · {n} coin", "{medal} medal · {n} coins", p,
                                 medal=MEDAL_WORDS[m]),
                        {"medal": m, "price": p})
                for m, p in defaults["medal"].items() if isinstance(p, int)]
    return []


#: the fields a known choice fills, by action: in the form, they wait under "not in the list"
LEARNT = {"buy": ("colour", "cost", "income", "military", "culture", "food", "points", "effect",
                  "effect_changes"),
          "colony": ("requirement", "points", "choice", "coins", "income", "military",
                     "culture", "food"),
          "statue": ("statue", "requirement", "points", "tile_value"),
          "medal": ("medal", "price")}


@bp.app_template_global("hd_price_effects")
def price_effects(state: Any) -> list[Any]:
    """Each player's purple effects on prices, in words ("Ben: “Red cards cost 1 less”"): the
    buy form asks what they take off right where a card is tapped (the app cannot work it out
    from the typed effect, and a card tapped without it is paid at the full price)."""
    return [t("{name}: {effects}", name=p.name, effects=effects) for p in state.players
            if (effects := [t("“{effect}”", effect=c.effect) for c in p.effects_on("prices")])]


@bp.app_template_global("hd_piles")
def piles(state: Any) -> dict[str, int]:
    """Phase B: the face-up cards left on each colour's pile (a sale's buttons, one a pile)."""
    return piles_left(state)


@bp.app_template_global("hd_learnt")
def learnt(kind: str) -> tuple[str, ...]:
    return LEARNT.get(kind, ())


@bp.app_template_global("hd_removals")
def removals(player: Any) -> list[dict[str, Any]]:
    """The feeding buttons of a player short of food, in the order to offer them: the guide's
    best removal first (``best``), then the rest; ``food``: removing it lowers the food track."""
    return [{"index": i, "card": player.cards[i], "best": best,
             "food": player.cards[i].track("food") > 0} for i, best in removal_order(player)]


