"""The wheel (phase A): each player draws from the deck their icon points at, and the wheel turns
clockwise after every round, so each player draws from every deck once an epoch ("Determine the
First Player and Set the Wheel", "Turn the Wheel").

The first player sets the wheel once an epoch; the table tells the app the deck each seat's icon
points at and, once a game, the order of the decks clockwise around the board (its segments are
joined in any order). From then on the app turns the wheel itself and knows each player's colour
in every round. Without a wheel the app still refuses a second card of a colour in one phase A.
"""
from __future__ import annotations

from collections.abc import Mapping
from itertools import permutations
from typing import Any

from ..core import IllegalAction, replace, t
from .data import COLOURS, ROUNDS
from .model import HadaraState
from .steps import Problems, refuse, step_problems
from .terms import COLOUR_WORDS

# the rulebook sets the wheel in "Determine the First Player and Set the Wheel"
RULE = "Hadara rulebook, Determine the First Player"
TURN_RULE = "Hadara rulebook, Turn the Wheel"
#: the decks clockwise around the board, from yellow (a circle: where it starts does not matter)
DECK_ORDERS = tuple(("yellow",) + rest for rest in permutations(COLOURS[1:]))


def order_key(order: tuple[str, ...]) -> str:
    """A deck order as a form sends it: ``yellow-red-blue-green-purple``."""
    return "-".join(order)


def order_words(order: tuple[str, ...]) -> Any:
    """A deck order in words, for the form's choices."""
    return t("{a}, {b}, {c}, {d}, {e}", **{k: COLOUR_WORDS[c] for k, c in zip("abcde", order)})


def colour_of(state: HadaraState, seat: int, round_: int) -> str | None:
    """The deck ``seat`` draws from in phase A's ``round_``: None while the wheel is not set,
    and after round 1 while the table has not told the decks' order (the board's segments join
    in any order, so no order is assumed)."""
    if not state.wheel or seat >= len(state.wheel):
        return None
    if round_ == 1:
        return state.wheel[seat]
    if not state.decks:
        return None
    return state.decks[(state.decks.index(state.wheel[seat]) + round_ - 1) % len(state.decks)]


def _read(state: HadaraState, d: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The wheel and the deck order the fields name (each kept from before when unnamed: the
    wheel set again only to tell the decks' order names no icon)."""
    wheel = tuple(d.get(f"seat{i + 1}") or (state.wheel[i] if i < len(state.wheel) else "")
                  for i in range(len(state.players)))
    decks = tuple(d["decks"].split("-")) if d.get("decks") else state.decks
    return turned_along(state, wheel, decks), decks


def can_turn_along(state: HadaraState) -> bool:
    """Whether a new epoch's wheel is known from one icon: the decks' order and every icon's
    deck in the epoch before are known, and this epoch's wheel is not set yet."""
    before = state.previous_wheel
    return (not state.wheel and bool(state.decks) and len(before) == len(state.players)
            and all(c in state.decks for c in before))


def turned_along(state: HadaraState, wheel: tuple[str, ...],
                 decks: tuple[str, ...]) -> tuple[str, ...]:
    """A new epoch's wheel with icons left unnamed: the icons sit on the disc, which the first
    player turns as one piece ("Set the Wheel"), so each unnamed icon keeps its place from the
    epoch before relative to the first icon named. Nothing is filled in in epoch I, or where an
    icon of the epoch before or the decks' order is unknown."""
    if all(wheel) or not any(wheel) or decks != state.decks or not can_turn_along(state):
        return wheel
    seat = next(i for i, c in enumerate(wheel) if c)
    turn = decks.index(wheel[seat]) - decks.index(state.previous_wheel[seat])
    return tuple(c or decks[(decks.index(state.previous_wheel[i]) + turn) % len(decks)]
                 for i, c in enumerate(wheel))


FIX_ORDER = t("if the decks around your board are in another order, set the wheel again and name "
              "their order")


def problems(state: HadaraState, d: Mapping[str, Any]) -> Problems:
    """The wheel is set in phase A of an epoch: each player's icon at its own deck, and agreeing
    with the cards already bought or sold this phase A."""
    found = step_problems(state, "cards")
    if not found and state.phase != "A":
        found.append(IllegalAction(t("the wheel is set in phase A; in phase B any pile may be "
                                     "taken from"), rule="Hadara rulebook, Take a Faceup Card"))
    if found:
        return found
    wheel, decks = _read(state, d)
    for seat, colour in enumerate(wheel):
        if not colour:
            found.append(IllegalAction(t("name the deck {name}'s icon points at",
                                         name=state.players[seat].name), rule=RULE,
                                       field=f"seat{seat + 1}"))
    for colour in sorted({c for c in wheel if c and wheel.count(c) > 1}):
        found.append(IllegalAction(t("two icons point at the {colour} deck; each player's icon "
                                     "points at a deck of its own", colour=COLOUR_WORDS[colour]),
                                   rule=RULE))
    if not found:
        found += _history_problems(replace(state, wheel=wheel, decks=decks))
    return found


def _history_problems(state: HadaraState) -> Problems:
    """Cards already bought or sold this phase A that this wheel would not have dealt."""
    found = []
    for seat in range(len(state.players)):
        for round_, colour in enumerate(state.drawn_by(seat), start=1):
            dealt = colour_of(state, seat, round_)
            if colour and dealt and colour != dealt:
                found.append(IllegalAction(
                    t("with this wheel {name} drew from the {dealt} deck in round {round}, but "
                      "a {colour} card is recorded", name=state.players[seat].name,
                      dealt=COLOUR_WORDS[dealt], round=round_, colour=COLOUR_WORDS[colour]),
                    rule=TURN_RULE))
    return found


def set_wheel(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    """Remember where the first player set the wheel this epoch."""
    refuse(problems(state, d))
    wheel, decks = _read(state, d)
    return replace(state, wheel=wheel, decks=decks)


def colour_problems(state: HadaraState, seat: int, colour: str) -> Problems:
    """A phase A card of ``colour`` for ``seat`` now: the deck the wheel points it at this round,
    and never a second card of a colour in one epoch's phase A."""
    if state.phase != "A":
        return []
    name = state.players[seat].name
    dealt = colour_of(state, seat, state.round)
    if dealt is not None and colour and colour != dealt:
        return [IllegalAction(t("in round {round} the wheel points {name} at the {dealt} deck, "
                                "not {colour}{fix}", round=state.round, name=name,
                                dealt=COLOUR_WORDS[dealt], colour=COLOUR_WORDS[colour],
                                fix=t(" ({fix})", fix=FIX_ORDER) if state.round > 1 else ""),
                              rule=TURN_RULE, field="colour")]
    if colour and colour in state.drawn_by(seat):
        return [IllegalAction(t("{name} already drew from the {colour} deck in this phase A; the "
                                "wheel turns after each round, so each player draws from each "
                                "deck once an epoch ({rounds} rounds)", name=name,
                                colour=COLOUR_WORDS[colour], rounds=ROUNDS),
                              rule=TURN_RULE, field="colour")]
    return []


def record_colour(state: HadaraState, seat: int, colour: str) -> HadaraState:
    """Note the colour of ``seat``'s phase A card (a sale's is the wheel's; "" without one)."""
    if state.phase != "A":
        return state
    colour = colour or colour_of(state, seat, state.round) or ""
    drawn = list(state.drawn) + [()] * (len(state.players) - len(state.drawn))
    drawn[seat] = drawn[seat] + (colour,)
    return replace(state, drawn=tuple(drawn))
