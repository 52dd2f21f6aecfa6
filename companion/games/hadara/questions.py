"""Hadara's 'Can I do this?': colonies, statues, card prices, feeding and medals.

Each question names the action it is about and asks that action's own checks (``RULES.problems``,
the list the move refuses with), so its yes or no is the action's: "yes" means the action, tapped
now with these values, is accepted. The numbers behind the answer are shown with it.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..core import Answer, FieldSpec, Question, Text, not_now, t
from .cards import BUY_RULE, card_price
from .colonies import IN_TURN
from .data import COLOURS, MAX_GOLD, MAX_SILVER, ROMAN, STEP_RULES, TILES_PER_TRACK, TRACKS
from .feeding import suggest_removal
from .model import HadaraState
from .steps import when_comes
from .terms import COLOUR_WORDS, MEDAL_WORDS, TRACK_WORDS, cards, coins, step_name

_NO_TRACKS = dict.fromkeys(TRACKS, 0)


def _problems(state: HadaraState, kind: str, data: Mapping[str, Any]) -> list[Text]:
    from . import RULES  # the registered rules object (this module is loaded after it)
    return [p.message for p in RULES.problems(state, kind, data)]


def _step_note(state: HadaraState, step: str) -> tuple[tuple[str, Any], ...]:
    if state.step == step or state.over:
        return ()
    note = ((t("the table is now at"), step_name(state.step, state.phase)),)
    later = when_comes(state, step)
    if later is not None:
        note += ((t("the step comes"), t("epoch {epoch}, phase {phase}", epoch=ROMAN[later.epoch],
                                         phase=later.phase)),)
    return note


def _answer(state: HadaraState, kind: str, step: str, data: Mapping[str, Any],
            yes: Text) -> tuple[bool, Text]:
    """The action's own answer: yes, or no with what stops it. Asked outside its step, the
    answer says so and what the action's own conditions say against the table as it is now, at
    the next such step (every player's turn to come then: no turn is checked)."""
    from .rules import MOVES  # the moves' own checks (the rules module loads this one)
    problems = _problems(state, kind, data)
    if not problems:
        return True, yes
    if state.over or state.step == step:
        return False, _no(problems)
    later = when_comes(state, step)
    then = None if later is None else [
        p.message for p in MOVES[kind][1](later, {k: v for k, v in data.items() if k != IN_TURN})]
    return False, not_now(problems[0], then, yes)


def _no(problems: list[Text]) -> Text:
    """A "No" answer listing the problems, separated by semicolons."""
    joined = problems[0]
    for more in problems[1:]:
        joined = t("{a}; {b}", a=joined, b=more)
    return t("No: {problems}", problems=joined)


def _listed(numbers: list[int]) -> Any:
    return ", ".join(map(str, numbers)) or t("none")


def _yes_no(flag: bool) -> Text:
    return t("yes") if flag else t("no")


def colony_action(d: Mapping[str, Any]) -> dict[str, Any]:
    """The colony the question asks about, plundered for nothing (coins do not decide it)."""
    return {"player": d["player"], "requirement": d["requirement"], "points": 0,
            "choice": "plunder", "coins": 0, **_NO_TRACKS, IN_TURN: True}  # asked now: in turn


def can_take_colony(state: HadaraState, seat: int, requirement: int) -> Answer:
    """Take a Colony: military at least the requirement, one colony per requirement level over
    the game, at most one per step."""
    p = state.players[seat]
    military, levels = p.track("military"), sorted(c.requirement for c in p.colonies)
    took = state.step == "colony" and seat in state.acted
    yes, summary = _answer(state, "colony", "colony",
                           colony_action({"player": seat, "requirement": requirement}),
                           t("Yes: {name} may take it", name=p.name))
    numbers = ((t("military"), military), (t("requirement"), requirement),
               (t("levels held"), _listed(levels)),
               (t("taken this step"), _yes_no(took))) + _step_note(state, "colony")
    return Answer(yes, summary, numbers, STEP_RULES["colony"])


def statue_action(d: Mapping[str, Any]) -> dict[str, Any]:
    """The statue the question asks about, its tile placed face down (the side decides
    nothing)."""
    return {"player": d["player"], "statue": d["statue"], "requirement": d["requirement"],
            "points": 0, "tile_track": d["tile_track"], "tile_side": "down", "tile_value": 0}


def can_carve_statue(state: HadaraState, seat: int, statue: int, requirement: int,
                     tile_track: str = "income") -> Answer:
    """Carve a Statue: culture at least the requirement, each statue once, one per step, and a
    bonus tile of the chosen colour left to place on it."""
    p = state.players[seat]
    carved = sorted(s.number for s in p.statues)
    tiles = {tr: TILES_PER_TRACK - p.tiles_used(tr) for tr in TRACKS}
    yes, summary = _answer(state, "statue", "statue", statue_action(
        {"player": seat, "statue": statue, "requirement": requirement, "tile_track": tile_track}),
        t("Yes: {name} may carve it", name=p.name))
    numbers = ((t("culture"), p.track("culture")), (t("requirement"), requirement),
               (t("statues carved"), _listed(carved)),
               (t("bonus tiles left"), [t("{track} {n}", track=TRACK_WORDS[tr], n=n)
                                        for tr, n in tiles.items()]),
               ) + _step_note(state, "statue")
    return Answer(yes, summary, numbers, STEP_RULES["statue"])


def card_action(d: Mapping[str, Any]) -> dict[str, Any]:
    """Buying the card the question asks about (its values decide nothing)."""
    return {"player": d["player"], "colour": d["colour"], "cost": d["cost"], "points": 0,
            "round": 0, **_NO_TRACKS}


def can_afford_card(state: HadaraState, seat: int, colour: str, printed: int) -> Answer:
    """Buy 1 Card: the price is the printed cost minus the cards of that colour owned (not below
    0); the player must hold that many coins, and it must be their card to take."""
    p = state.players[seat]
    owned, price = p.count(colour), card_price(p, colour, printed)
    yes, summary = _answer(state, "buy", "cards", card_action(
        {"player": seat, "colour": colour, "cost": printed}),
        t("Yes: the card costs {price}; {name} has {coins}", price=price, name=p.name,
          coins=coins(p.coins)))
    numbers = ((t("printed cost"), printed),
               (t("{colour} cards owned", colour=COLOUR_WORDS[colour]), owned),
               (t("price"), price), (t("coins"), p.coins)) + _step_note(state, "cards")
    return Answer(yes, summary, numbers, BUY_RULE)


def feed_action(d: Mapping[str, Any]) -> dict[str, Any]:
    """Removing the player's first card (any card would do)."""
    return {"player": d["player"], "card": 0}


def must_remove_cards(state: HadaraState, seat: int) -> Answer:
    """Feed Your People: one food per epoch card; a player short of food removes cards until the
    count matches (removing a green card lowers food as well)."""
    p = state.players[seat]
    short = p.food_shortfall
    suggestion = suggest_removal(p)
    yes, summary = _answer(state, "remove", "feed", feed_action({"player": seat}),
                           t("Yes: {name} must remove at least {cards}", name=p.name,
                             cards=cards(len(suggestion))))
    numbers = ((t("cards"), len(p.cards)), (t("food"), p.track("food")),
               (t("cards over food"), short),
               (t("fewest cards to remove (no food on them)"), len(suggestion)))
    return Answer(yes, summary, numbers + _step_note(state, "feed"), STEP_RULES["feed"])


def medal_action(d: Mapping[str, Any]) -> dict[str, Any]:
    """Buying the medal the question asks about."""
    return {"player": d["player"], "medal": d["medal"], "price": d["price"],
            "track": d.get("track") or ""}


def can_buy_medal(state: HadaraState, seat: int, medal: str, price: int,
                  track: str = "") -> Answer:
    """Buy Silver or Gold Medals: at most two of each per game, paid in coins; a silver medal
    needs a bonus tile of its track's colour."""
    p = state.players[seat]
    held, cap = (p.gold, MAX_GOLD) if medal == "gold" else (len(p.silver), MAX_SILVER)
    yes, summary = _answer(state, "medal", "medals", medal_action(
        {"player": seat, "medal": medal, "price": price, "track": track}), t("Yes"))
    numbers = ((t("{medal} medals held", medal=MEDAL_WORDS[medal]), held), (t("limit"), cap),
               (t("price"), price), (t("coins"), p.coins)) + _step_note(state, "medals")
    return Answer(yes, summary, numbers, STEP_RULES["medals"])


_PLAYER = FieldSpec("player", t("Player"), "player")
_TRACK_CHOICES = tuple((tr, TRACK_WORDS[tr]) for tr in TRACKS)

QUESTIONS = (
    Question("colony", t("Can this player take a colony of this level?"), STEP_RULES["colony"],
             (_PLAYER, FieldSpec("requirement", t("Military needed"), high=40)),
             lambda s, d: can_take_colony(s, d["player"], d["requirement"])),
    Question("statue", t("Can this player carve this statue?"), STEP_RULES["statue"],
             (_PLAYER, FieldSpec("statue", t("Statue space"), low=1, high=4),
              FieldSpec("requirement", t("Culture needed"), high=40),
              FieldSpec("tile_track", t("Bonus tile colour"), "choice", choices=_TRACK_CHOICES)),
             lambda s, d: can_carve_statue(s, d["player"], d["statue"], d["requirement"],
                                           d["tile_track"])),
    Question("card", t("Can this player afford this card, and at what price?"), BUY_RULE,
             (_PLAYER, FieldSpec("colour", t("Colour"), "choice",
                                 choices=tuple((c, COLOUR_WORDS[c]) for c in COLOURS)),
              FieldSpec("cost", t("Printed cost"), high=30)),
             lambda s, d: can_afford_card(s, d["player"], d["colour"], d["cost"])),
    Question("feed", t("Must this player remove cards, and how many?"), STEP_RULES["feed"],
             (_PLAYER,), lambda s, d: must_remove_cards(s, d["player"])),
    Question("medal", t("Can this player buy this medal?"), STEP_RULES["medals"],
             (_PLAYER, FieldSpec("medal", t("Medal"), "choice",
                                 choices=tuple((m, MEDAL_WORDS[m]) for m in ("silver", "gold"))),
              FieldSpec("price", t("Price this epoch"), high=99),
              FieldSpec("track", t("Track (silver medals)"), "choice",
                        choices=(("", t("none (gold medal)")),) + _TRACK_CHOICES,
                        required=False, default="")),
             lambda s, d: can_buy_medal(s, d["player"], d["medal"], d["price"], d["track"])),
)

#: the action each question is about: its kind and the action's fields built from the question's
ACTION_OF: dict[str, tuple[str, Callable[[Mapping[str, Any]], dict[str, Any]]]] = {
    "colony": ("colony", colony_action), "statue": ("statue", statue_action),
    "card": ("buy", card_action), "feed": ("remove", feed_action),
    "medal": ("medal", medal_action),
}
