"""Hadara's 'Can I do this?': colonies, statues, card prices, feeding and medals, answered from the
state with the numbers and the rulebook section."""
from __future__ import annotations

from typing import Any, Mapping

from ..core import FieldSpec
from ..questions import Answer, Question
from .model import (COLOURS, MAX_GOLD, MAX_SILVER, STEP_NAMES, STEP_RULES, TILES_PER_TRACK,
                    TRACKS, HadaraState)
from .play import card_price, suggest_removal


def _step_note(state: HadaraState, step: str) -> tuple[tuple[str, Any], ...]:
    if state.step == step:
        return ()
    return (("the table is now at", STEP_NAMES[state.step]),)


def can_take_colony(state: HadaraState, seat: int, requirement: int) -> Answer:
    """Take a Colony: military at least the requirement, one colony per requirement level over
    the game, at most one per step."""
    p = state.players[seat]
    military, levels = p.track("military"), sorted(c.requirement for c in p.colonies)
    took = state.step == "colony" and seat in state.acted
    problems = []
    if military < requirement:
        problems.append(f"military {military} is below the requirement {requirement}")
    if requirement in levels:
        problems.append(f"{p.name} already holds a colony of requirement {requirement}")
    if took:
        problems.append(f"{p.name} already took a colony in this step")
    numbers = (("military", military), ("requirement", requirement),
               ("levels held", ", ".join(map(str, levels)) or "none"),
               ("taken this step", "yes" if took else "no")) + _step_note(state, "colony")
    summary = ("Yes: " + p.name + " may take it" if not problems
               else "No: " + "; ".join(problems))
    return Answer(not problems, summary, numbers, STEP_RULES["colony"])


def can_carve_statue(state: HadaraState, seat: int, statue: int, requirement: int) -> Answer:
    """Carve a Statue: culture at least the requirement, each statue once, one per step, and a
    bonus tile left to place on it."""
    p = state.players[seat]
    culture = p.track("culture")
    carved = sorted(s.number for s in p.statues)
    took = state.step == "statue" and seat in state.acted
    tiles = {t: TILES_PER_TRACK - p.tiles_used(t) for t in TRACKS}
    problems = []
    if culture < requirement:
        problems.append(f"culture {culture} is below the requirement {requirement}")
    if statue in carved:
        problems.append(f"statue {statue} is already carved")
    if took:
        problems.append(f"{p.name} already carved a statue in this step")
    if not any(tiles.values()):
        problems.append("no bonus tile is left to place")
    numbers = (("culture", culture), ("requirement", requirement),
               ("statues carved", ", ".join(map(str, carved)) or "none"),
               ("bonus tiles left", ", ".join(f"{t} {n}" for t, n in tiles.items())),
               ) + _step_note(state, "statue")
    summary = "Yes: " + p.name + " may carve it" if not problems else "No: " + "; ".join(problems)
    return Answer(not problems, summary, numbers, STEP_RULES["statue"])


def can_afford_card(state: HadaraState, seat: int, colour: str, printed: int) -> Answer:
    """Buy 1 Card: the price is the printed cost minus the cards of that colour owned (not below
    0); the player must hold that many coins."""
    p = state.players[seat]
    owned, price = p.count(colour), card_price(p, colour, printed)
    yes = p.coins >= price
    numbers = (("printed cost", printed), (f"{colour} cards owned", owned), ("price", price),
               ("coins", p.coins))
    summary = (f"Yes: the card costs {price}; {p.name} has {p.coins} coins" if yes else
               f"No: the card costs {price}; {p.name} has only {p.coins} coins")
    return Answer(yes, summary, numbers, "Hadara rulebook, Buy 1 Card")


def must_remove_cards(state: HadaraState, seat: int) -> Answer:
    """Feed Your People: one food per epoch card; a player short of food removes cards until the
    count matches (removing a green card lowers food as well)."""
    p = state.players[seat]
    short = p.food_shortfall
    suggestion = suggest_removal(p)
    numbers = (("cards", len(p.cards)), ("food", p.track("food")), ("cards over food", short),
               ("fewest cards to remove (no food on them)", len(suggestion)))
    summary = (f"Yes: {p.name} must remove at least {len(suggestion)} card(s)" if short else
               f"No: {p.name}'s food {p.track('food')} feeds all {len(p.cards)} cards")
    return Answer(bool(short), summary, numbers + _step_note(state, "feed"), STEP_RULES["feed"])


def can_buy_medal(state: HadaraState, seat: int, medal: str, price: int) -> Answer:
    """Buy Silver or Gold Medals: at most two of each per game, paid in coins."""
    p = state.players[seat]
    held, cap = (p.gold, MAX_GOLD) if medal == "gold" else (len(p.silver), MAX_SILVER)
    problems = []
    if held >= cap:
        problems.append(f"{p.name} already has {held} {medal} medals, the most allowed")
    if p.coins < price:
        problems.append(f"the medal costs {price}; {p.name} has {p.coins} coins")
    numbers = ((f"{medal} medals held", held), ("limit", cap), ("price", price),
               ("coins", p.coins)) + _step_note(state, "medals")
    summary = "Yes" if not problems else "No: " + "; ".join(problems)
    return Answer(not problems, summary, numbers, STEP_RULES["medals"])


_PLAYER = FieldSpec("player", "Player", "player")

QUESTIONS = (
    Question("colony", "Can this player take a colony of this level?", STEP_RULES["colony"],
             (_PLAYER, FieldSpec("requirement", "Military needed", high=40)),
             lambda s, d: can_take_colony(s, d["player"], d["requirement"])),
    Question("statue", "Can this player carve this statue?", STEP_RULES["statue"],
             (_PLAYER, FieldSpec("statue", "Statue space", low=1, high=4),
              FieldSpec("requirement", "Culture needed", high=40)),
             lambda s, d: can_carve_statue(s, d["player"], d["statue"], d["requirement"])),
    Question("card", "Can this player afford this card, and at what price?",
             "Hadara rulebook, Buy 1 Card",
             (_PLAYER, FieldSpec("colour", "Colour", "choice",
                                 choices=tuple((c, c) for c in COLOURS)),
              FieldSpec("cost", "Printed cost", high=30)),
             lambda s, d: can_afford_card(s, d["player"], d["colour"], d["cost"])),
    Question("feed", "Must this player remove cards, and how many?", STEP_RULES["feed"],
             (_PLAYER,), lambda s, d: must_remove_cards(s, d["player"])),
    Question("medal", "Can this player buy this medal?", STEP_RULES["medals"],
             (_PLAYER, FieldSpec("medal", "Medal", "choice",
                                 choices=(("silver", "silver"), ("gold", "gold"))),
              FieldSpec("price", "Price this epoch", high=99)),
             lambda s, d: can_buy_medal(s, d["player"], d["medal"], d["price"])),
)
