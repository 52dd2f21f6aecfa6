"""The cards a Hadara table can hold, checked on the whole table at once.

Every path that enters end-of-game facts asks these functions: the score API and the quick score
pad (``quick.parse_facts``) and a live game's corrections by hand (``corrections``). Each problem
is a ``(field, words)`` pair; the words name the limit and the rulebook section it comes from.

Why the limits are what they are, with N players:

- Communal Setup deals 2 cards of each colour per player each epoch: 2 × N cards of a colour an
  epoch, so 6 × N in the 3 epochs, the most the whole table can hold of one colour.
- Phase A (Draw 2 facedown cards and buy or sell a card; Turn the Wheel) has 5 rounds, one per
  deck: each round a player draws 2 cards, discards one face up to that colour's pile and buys
  or sells the other. A player keeps at most 1 card a round, and at most 1 of each colour an
  epoch, since each player draws from each deck once an epoch.
- Phase B (Take a Faceup Card) hands out the discard piles, one card at a time in turn until none
  is left. Each pile holds one card per player (N of its colour), 5 × N in all: 5 for each
  player, and at most N of one colour.
- So an epoch adds at most 10 cards to a player, at most 1 + N of one colour; the game at most
  30 cards, and 3 × (1 + N) of one colour. With 2 players that is 9: 1 from phase A and the 2
  cards of the colour's pile in phase B, each of the 3 epochs.
- Ruling HAD-4 (default ``phase-b-only``): since phase A gives at most 3 cards of a colour in a
  game, every card beyond 3 of a colour is a phase B card, and phase B hands a player at most 15
  in a game: over the colours, the cards beyond 3 add up to at most 15.
- The last Feed Your People (epoch III) removes cards until a player holds no more cards than
  the food track shows (a removed food card lowers the track, so it is counted again); only
  medals are bought after it, and they change neither. At the end, cards <= food.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core import IllegalAction, Text, t
from .data import COLOURS
from .model import HadaraState
from .terms import COLOUR_WORDS

EPOCHS = 3
MOST_CARDS = EPOCHS * (5 + 5)  # 5 kept in phase A, 5 taken in phase B, each epoch
MOST_PHASE_B = EPOCHS * 5  # face-up cards a player takes in the game's phases B
R_CARDS = "Hadara rulebook, Communal Setup; Phase A; Phase B"
R_FEED = "Hadara rulebook, Feed Your People"

Problems = list[tuple[str, Text]]


def most_of_colour(players: int) -> int:
    """The most cards of one colour a player can hold at the end: 1 from phase A and at most one
    per player from that colour's discard pile in phase B, each epoch."""
    return EPOCHS * (1 + players)


def dealt_of_colour(players: int) -> int:
    """The cards of one colour dealt in a game: 2 per player each epoch (Communal Setup)."""
    return EPOCHS * 2 * players


def phase_b_cards(held: Mapping[str, int]) -> int:
    """The cards a player holds beyond 3 of a colour: under ruling HAD-4's default each came
    from a phase B, since phase A gives at most 1 card of a colour an epoch."""
    return sum(max(0, held.get(c, 0) - EPOCHS) for c in COLOURS)


def card_problems(names: Sequence[str], counts: Sequence[Mapping[str, int]],
                  rulings: Mapping[str, str] | None = None) -> Problems:
    """Card counts no table reaches: more than 30 for a player, more of a colour than a player
    can keep or than the game deals, and (ruling HAD-4) more cards beyond 3 of a colour than
    phase B hands a player. ``counts[i]`` maps colour to player ``i``'s cards."""
    n = len(counts)
    mix = (rulings or {}).get("HAD-4", "phase-b-only") == "phase-b-only"
    out: Problems = []
    for i, (name, held) in enumerate(zip(names, counts)):
        total = sum(held.get(c, 0) for c in COLOURS)
        if total > MOST_CARDS:
            out.append((f"players[{i}].cards", t(
                "{name} holds {n} cards; a player keeps at most {most}: 5 in phase A and 5 in "
                "phase B of each of the 3 epochs (Phase A; Phase B)", name=name, n=total,
                most=MOST_CARDS)))
        for colour in COLOURS:
            if held.get(colour, 0) > most_of_colour(n):
                out.append((f"players[{i}].cards.{colour}", t(
                    "{name} holds {n} {colour} cards; with {players} players at most {most}: "
                    "1 in phase A and at most {pile} from the {colour} discard pile in phase B, "
                    "each epoch (Communal Setup: 2 cards of each colour per player; Phase B)",
                    name=name, n=held[colour], colour=COLOUR_WORDS[colour], players=n,
                    most=most_of_colour(n), pile=n)))
        if mix and phase_b_cards(held) > MOST_PHASE_B:
            out.append((f"players[{i}].cards", t(
                "{name} holds {n} cards beyond 3 of a colour ({detail}); phase A gives at most "
                "1 card of a colour an epoch, so these came from phase B, which hands each "
                "player 5 face-up cards an epoch: at most {most} (Phase A; Take a Faceup Card; "
                "ruling HAD-4)", name=name, n=phase_b_cards(held), most=MOST_PHASE_B,
                detail=[t("{n} {colour}", n=held[c], colour=COLOUR_WORDS[c]) for c in COLOURS
                        if held.get(c, 0) > EPOCHS])))
    for colour in COLOURS:
        together = sum(held.get(colour, 0) for held in counts)
        if together > dealt_of_colour(n):
            out.append(("players", t(
                "the players hold {n} {colour} cards together; with {players} players a game "
                "deals only {most}: 2 of each colour per player each epoch (Communal Setup)",
                n=together, colour=COLOUR_WORDS[colour], players=n, most=dealt_of_colour(n))))
    return out


def fed_problems(names: Sequence[str], cards: Sequence[int], food: Sequence[int]) -> Problems:
    """At the end no player holds more cards than the food track shows (the last Feed Your
    People removed the rest, and nothing after it adds cards)."""
    return [(f"players[{i}].tracks.food", t(
        "{name} holds {n} cards but the food track shows {food}: the last Feed Your People "
        "leaves no more cards than the food track, and nothing after it adds a card (Feed Your "
        "People)", name=name, n=n, food=f))
        for i, (name, n, f) in enumerate(zip(names, cards, food)) if n > f]


def state_problems(state: HadaraState) -> Problems:
    """The same limits read off a live game: card counts always, food once the game is over
    (before the last feeding a table may well hold more cards than food)."""
    names = [p.name for p in state.players]
    out = card_problems(names, [{c: p.count(c) for c in COLOURS} for p in state.players],
                        state.rulings)
    if state.over:
        out += fed_problems(names, [len(p.cards) for p in state.players],
                            [p.track("food") for p in state.players])
    return out


def _judged(state: HadaraState) -> tuple:
    """What ``state_problems`` reads of a state: the names, the cards, the food once over, and
    ruling HAD-4's reading."""
    return state.over, state.rulings.get("HAD-4"), tuple(
        (p.name, p.cards, p.track("food") if state.over else 0) for p in state.players)


def correction_problems(before: HadaraState, after: HadaraState) -> list[IllegalAction]:
    """What a correction by hand would leave that no table holds and ``before`` did not show
    already (a correction may fix one thing while another stays to fix). A correction that
    leaves all these limits read as it was (coins; a track before the end) brings none: every
    stored correction is checked again each time a game's log is replayed."""
    if _judged(before) == _judged(after):
        return []
    known = {words for _, words in state_problems(before)}
    return [IllegalAction(words, rule=R_FEED if field.endswith(".food") else R_CARDS)
            for field, words in state_problems(after) if words not in known]
