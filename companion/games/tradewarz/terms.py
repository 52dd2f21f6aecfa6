"""TradeWarz words that are values: resources, trees, sites, items, dice, seasons, sides.

Each term a variable can hold is a dict of Texts, so the catalogs see every word and a sentence
takes the term as a value (``t("{resource} +{n}", n=2, resource=RESOURCE_WORDS["gold"])``).
``join`` strings parts together with punctuation only, so each part keeps its own translation.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import Text, t, tn

RESOURCE_WORDS = {"gold": t("gold"), "lumber": t("lumber"), "mining": t("mining"),
                  "wheat": t("wheat")}
TREE_WORDS = {"economy": t("economy"), "engineering": t("engineering"),
              "military": t("military")}
SIDE_WORDS = {"attacker": t("Attacker"), "defender": t("Defender")}
ROLE_WORDS = {"attacker": t("attacker"), "defender": t("defender")}
DIE_WORDS = {"red": t("red"), "blue": t("blue")}
#: a house's colour, offered at setup as chips (yellow and red are printed in the battle
#: example; a colour the table typed before chips were offered is shown as typed)
COLOUR_WORDS = {"yellow": t("yellow"), "red": t("red"), "blue": t("blue"), "green": t("green"),
                "purple": t("purple"), "orange": t("orange"), "black": t("black"),
                "white": t("white")}
#: the sites a battle is fought at
SITE_WORDS = {"field": t("field"), "settlement": t("settlement"), "village": t("village"),
              "castle": t("castle"), "capital": t("capital"), "trading_post": t("trading post")}
#: things with a cost printed on the components (Actions & Costs)
ITEM_WORDS = {"settlement": t("settlement"), "upgrade": t("upgrade"), "village": t("village"),
              "castle": t("castle"), "road": t("road"), "bridge": t("bridge"),
              "tunnel": t("tunnel"), "tech_economy": t("tech economy"),
              "tech_engineering": t("tech engineering"), "tech_military": t("tech military"),
              "university": t("university"), "recruit": t("recruit")}
#: the setup form's label of each item's cost, whole: an article that fits every item in
#: English, and each language free to say it its own way
COST_LABELS = {"settlement": t("Cost of a settlement"), "upgrade": t("Cost of an upgrade"),
               "village": t("Cost of a village"), "castle": t("Cost of a castle"),
               "road": t("Cost of a road"), "bridge": t("Cost of a bridge"),
               "tunnel": t("Cost of a tunnel"), "tech_economy": t("Cost of an economy tech"),
               "tech_engineering": t("Cost of an engineering tech"),
               "tech_military": t("Cost of a military tech"),
               "recruit": t("Cost of a soldier"),
               "university": t("Cost of a university level")}
#: the same with an article, for sentences ("built a castle")
A_ITEM = {"settlement": t("a settlement"), "village": t("a village"), "upgrade": t("an upgrade"),
          "castle": t("a castle"), "university": t("a university")}
#: the known season names (the table may enter others; those are shown as entered)
SEASON_WORDS = {"summer": t("Summer"), "fall": t("Fall"), "autumn": t("Autumn"),
                "winter": t("Winter"), "spring": t("Spring"), "season 4": t("Season 4")}
#: the season actions (action tokens), as the board lists them
TOKEN_WORDS = {"march": t("march"), "build": t("build"), "recruit": t("recruit"),
               "resources": t("resources"), "buy_tech": t("buy tech"), "retreat": t("retreat")}


def season_word(name: str) -> Any:
    """A season's name in the reader's language when it is one the rulebook names."""
    return SEASON_WORDS.get(name.strip().lower(), name)


def join(parts: Sequence[Any], sep: str = ", ") -> Text:
    """Parts (Texts, names, numbers) strung together with punctuation alone: the template holds
    no word, so every part is said in the reader's language and the English stays as before."""
    template = sep.replace("{", "{{").replace("}", "}}").join(
        f"{{p{i}}}" for i in range(len(parts)))
    return Text(template, {f"p{i}": part for i, part in enumerate(parts)})


# Counted things, each in the form its count needs in the reader's language (never "(s)").
def amount(resource: str, n: int) -> Text:
    """``n`` of a resource: English says "1 mining" and "2 mining" alike, Italian "1 minerale"
    and "2 minerali". A resource the rules do not name is shown as given."""
    if resource == "gold":
        return tn("{n} gold", "{n} gold", n)
    if resource == "lumber":
        return tn("{n} lumber", "{n} lumber", n)
    if resource == "mining":
        return tn("{n} mining", "{n} mining", n)
    if resource == "wheat":
        return tn("{n} wheat", "{n} wheat", n)
    return t("{n} {resource}", n=n, resource=resource)


def soldiers(n: int) -> Text:
    return tn("{n} soldier", "{n} soldiers", n)


def morale_cards(n: int) -> Text:
    return tn("{n} morale card", "{n} morale cards", n)


def battle_cards(n: int) -> Text:
    return tn("{n} battle card", "{n} battle cards", n)


def castles(n: int) -> Text:
    return tn("{n} castle", "{n} castles", n)


def villages(n: int) -> Text:
    return tn("{n} village", "{n} villages", n)


def trading_posts(n: int) -> Text:
    return tn("{n} trading post", "{n} trading posts", n)


def golden_xadlas(n: int) -> Text:
    return tn("{n} golden Xadla", "{n} golden Xadlas", n)


def silos(n: int) -> Text:
    return tn("{n} silo", "{n} silos", n)


def extra_silos(n: int) -> Text:
    return tn("{n} extra silo", "{n} extra silos", n)


def times(n: int) -> Text:
    return tn("{n} time", "{n} times", n)


def ways(item: str, n: int) -> Text:
    """Roads, bridges or tunnels built on a March, counted."""
    if item == "bridge":
        return tn("{n} bridge", "{n} bridges", n)
    if item == "tunnel":
        return tn("{n} tunnel", "{n} tunnels", n)
    return tn("{n} road", "{n} roads", n)
