"""Hadara's 'Can I do this?': colonies, statues, card prices, feeding and medals, answered from the
state with the numbers and the rulebook section."""
from __future__ import annotations

from typing import Any, Mapping

from ..core import FieldSpec, Text, t
from ..questions import Answer, Question
from .model import (COLOUR_WORDS, COLOURS, MAX_GOLD, MAX_SILVER, MEDAL_WORDS, STEP_NAMES,
                    STEP_RULES, TILES_PER_TRACK, TRACK_WORDS, TRACKS, HadaraState)
from .cards import card_price, suggest_removal


def _step_note(state: HadaraState, step: str) -> tuple[tuple[str, Any], ...]:
    if state.step == step:
        return ()
    return ((t("the table is now at"), STEP_NAMES[state.step]),)


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


def can_take_colony(state: HadaraState, seat: int, requirement: int) -> Answer:
    """Take a Colony: military at least the requirement, one colony per requirement level over
    the game, at most one per step."""
    p = state.players[seat]
    military, levels = p.track("military"), sorted(c.requirement for c in p.colonies)
    took = state.step == "colony" and seat in state.acted
    problems = []
    if military < requirement:
        problems.append(t("military {military} is below the requirement {requirement}",
                          military=military, requirement=requirement))
    if requirement in levels:
        problems.append(t("{name} already holds a colony of requirement {requirement}",
                          name=p.name, requirement=requirement))
    if took:
        problems.append(t("{name} already took a colony in this step", name=p.name))
    numbers = ((t("military"), military), (t("requirement"), requirement),
               (t("levels held"), _listed(levels)),
               (t("taken this step"), _yes_no(took))) + _step_note(state, "colony")
    summary = t("Yes: {name} may take it", name=p.name) if not problems else _no(problems)
    return Answer(not problems, summary, numbers, STEP_RULES["colony"])


def can_carve_statue(state: HadaraState, seat: int, statue: int, requirement: int) -> Answer:
    """Carve a Statue: culture at least the requirement, each statue once, one per step, and a
    bonus tile left to place on it."""
    p = state.players[seat]
    culture = p.track("culture")
    carved = sorted(s.number for s in p.statues)
    took = state.step == "statue" and seat in state.acted
    tiles = {tr: TILES_PER_TRACK - p.tiles_used(tr) for tr in TRACKS}
    problems = []
    if culture < requirement:
        problems.append(t("culture {culture} is below the requirement {requirement}",
                          culture=culture, requirement=requirement))
    if statue in carved:
        problems.append(t("statue {statue} is already carved", statue=statue))
    if took:
        problems.append(t("{name} already carved a statue in this step", name=p.name))
    if not any(tiles.values()):
        problems.append(t("no bonus tile is left to place"))
    numbers = ((t("culture"), culture), (t("requirement"), requirement),
               (t("statues carved"), _listed(carved)),
               (t("bonus tiles left"), [t("{track} {n}", track=TRACK_WORDS[tr], n=n)
                                        for tr, n in tiles.items()]),
               ) + _step_note(state, "statue")
    summary = t("Yes: {name} may carve it", name=p.name) if not problems else _no(problems)
    return Answer(not problems, summary, numbers, STEP_RULES["statue"])


def can_afford_card(state: HadaraState, seat: int, colour: str, printed: int) -> Answer:
    """Buy 1 Card: the price is the printed cost minus the cards of that colour owned (not below
    0); the player must hold that many coins."""
    p = state.players[seat]
    owned, price = p.count(colour), card_price(p, colour, printed)
    yes = p.coins >= price
    numbers = ((t("printed cost"), printed),
               (t("{colour} cards owned", colour=COLOUR_WORDS[colour]), owned),
               (t("price"), price), (t("coins"), p.coins))
    summary = (t("Yes: the card costs {price}; {name} has {coins} coins", price=price,
                 name=p.name, coins=p.coins) if yes else
               t("No: the card costs {price}; {name} has only {coins} coins", price=price,
                 name=p.name, coins=p.coins))
    return Answer(yes, summary, numbers, "Hadara rulebook, Buy 1 Card")


def must_remove_cards(state: HadaraState, seat: int) -> Answer:
    """Feed Your People: one food per epoch card; a player short of food removes cards until the
    count matches (removing a green card lowers food as well)."""
    p = state.players[seat]
    short = p.food_shortfall
    suggestion = suggest_removal(p)
    numbers = ((t("cards"), len(p.cards)), (t("food"), p.track("food")),
               (t("cards over food"), short),
               (t("fewest cards to remove (no food on them)"), len(suggestion)))
    summary = (t("Yes: {name} must remove at least {n} card(s)", name=p.name, n=len(suggestion))
               if short else
               t("No: {name}'s food {food} feeds all {cards} cards", name=p.name,
                 food=p.track("food"), cards=len(p.cards)))
    return Answer(bool(short), summary, numbers + _step_note(state, "feed"), STEP_RULES["feed"])


def can_buy_medal(state: HadaraState, seat: int, medal: str, price: int) -> Answer:
    """Buy Silver or Gold Medals: at most two of each per game, paid in coins."""
    p = state.players[seat]
    held, cap = (p.gold, MAX_GOLD) if medal == "gold" else (len(p.silver), MAX_SILVER)
    problems = []
    if held >= cap:
        problems.append(t("{name} already has {held} {medal} medals, the most allowed",
                          name=p.name, held=held, medal=MEDAL_WORDS[medal]))
    if p.coins < price:
        problems.append(t("the medal costs {price}; {name} has {coins} coins", price=price,
                          name=p.name, coins=p.coins))
    numbers = ((t("{medal} medals held", medal=MEDAL_WORDS[medal]), held), (t("limit"), cap),
               (t("price"), price), (t("coins"), p.coins)) + _step_note(state, "medals")
    summary = t("Yes") if not problems else _no(problems)
    return Answer(not problems, summary, numbers, STEP_RULES["medals"])


_PLAYER = FieldSpec("player", t("Player"), "player")

QUESTIONS = (
    Question("colony", t("Can this player take a colony of this level?"), STEP_RULES["colony"],
             (_PLAYER, FieldSpec("requirement", t("Military needed"), high=40)),
             lambda s, d: can_take_colony(s, d["player"], d["requirement"])),
    Question("statue", t("Can this player carve this statue?"), STEP_RULES["statue"],
             (_PLAYER, FieldSpec("statue", t("Statue space"), low=1, high=4),
              FieldSpec("requirement", t("Culture needed"), high=40)),
             lambda s, d: can_carve_statue(s, d["player"], d["statue"], d["requirement"])),
    Question("card", t("Can this player afford this card, and at what price?"),
             "Hadara rulebook, Buy 1 Card",
             (_PLAYER, FieldSpec("colour", t("Colour"), "choice",
                                 choices=tuple((c, COLOUR_WORDS[c]) for c in COLOURS)),
              FieldSpec("cost", t("Printed cost"), high=30)),
             lambda s, d: can_afford_card(s, d["player"], d["colour"], d["cost"])),
    Question("feed", t("Must this player remove cards, and how many?"), STEP_RULES["feed"],
             (_PLAYER,), lambda s, d: must_remove_cards(s, d["player"])),
    Question("medal", t("Can this player buy this medal?"), STEP_RULES["medals"],
             (_PLAYER, FieldSpec("medal", t("Medal"), "choice",
                                 choices=tuple((m, MEDAL_WORDS[m]) for m in ("silver", "gold"))),
              FieldSpec("price", t("Price this epoch"), high=99)),
             lambda s, d: can_buy_medal(s, d["player"], d["medal"], d["price"])),
)
