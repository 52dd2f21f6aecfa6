"""Hadara's epoch guide: where the table is, who is first, and what the step means for each."""
from __future__ import annotations

from typing import Any

from ..core import Text, step, t
from .cards import BUY_RULE
from .data import ROMAN, ROUNDS, SELL_PRICE, STEP_RULES
from .feeding import best_removal, scores_at_the_end
from .model import HadaraState, first_seat, never_first, turn_order
from .steps import PHASE_B_RULE, cards_left, face_up_total, picker
from .terms import COLOUR_WORDS, STEP_NAMES, cards, coins, step_name
from .wheel import RULE as WHEEL_RULE
from .wheel import TURN_RULE, colour_of
from .words import paid

_ORDINAL = {1: t("lowest initiative"), 2: t("second-lowest initiative"),
            3: t("third-lowest initiative")}
ROUND_RULE = "Hadara rulebook, The Game Round"
FIRST_RULE = "Hadara rulebook, Determine the First Player"
END_RULE = "Hadara rulebook, End of the Game"


def guide_lines(state: HadaraState) -> tuple[str, ...]:
    """The epoch guide: where the table is, who is first, and what the step means for each. Each
    line links to the rulebook section it follows."""
    if state.over:
        return (step(t("Epoch III is over: the score pad below is final."), END_RULE),
                *(step(line, END_RULE) for line in _effect_lines(state, "scoring")))
    lines = [step(_where(state), ROUND_RULE), step(_first(state), FIRST_RULE)]
    if state.epoch == 1 and state.phase == "A" and state.round == 1:
        extra = [state.players[i].name for i in never_first(state.players)]
        if extra:
            lines.append(step(t("{names} got 1 coin at the start of epoch I (compensation for "
                                "leading no epoch, or only epoch II with two players).",
                                names=extra), FIRST_RULE))
    if state.step == "cards" and state.phase == "A":
        lines.extend(_epoch_setup(state) + _wheel(state))
    rule = PHASE_B_RULE if (state.step, state.phase) == ("cards", "B") else STEP_RULES[state.step]
    lines.extend(step(line, rule) for line in _STEP_LINES[state.step](state))
    if state.step == "cards":
        lines.extend(step(line, BUY_RULE) for line in _effect_lines(state, "prices"))
    return tuple(lines)


def _effect_lines(state: HadaraState, changes: str) -> list[Text]:
    """The purple effects each player holds that change prices (while buying) or final scoring
    (at the end): the table recorded them, the app's arithmetic does not apply them."""
    out = []
    for p in state.players:
        effects = [t("“{effect}”", effect=c.effect) for c in p.effects_on(changes)]
        if effects and changes == "prices":
            out.append(t("{name}'s effects on prices: {effects}. Enter the card's printed "
                         "cost, and what the effects save under “Coins the player's purple "
                         "effects take off”.", name=p.name, effects=effects))
        elif effects:
            out.append(t("{name}'s effects on final scoring: {effects}. Count what each gives "
                         "and record it under “Points of a purple card's effect on final "
                         "scoring”: the score pad adds it.", name=p.name, effects=effects))
    return out


def _epoch_setup(state: HadaraState) -> list[Text]:
    """Before the epoch's first card: deal the decks (and, in epoch I, the colonies)."""
    if state.round != 1 or state.acted or state.wheel:
        return []
    rule = "Hadara rulebook, Setup" if state.epoch == 1 else "Hadara rulebook, A New Epoch"
    n = len(state.players)
    lines = [step(t("Set up epoch {epoch}: sort its cards by colour and deal {cards} of each "
                    "colour face down onto the board (2 per player); the rest go back to the "
                    "box.", epoch=ROMAN[state.epoch], cards=2 * n), rule)]
    if all(p.side == "A" for p in state.players):
        lines.append(step(t("Basic game (every setup card on side A): first take out the "
                            "purple cards marked with a star."), rule))
    if state.epoch == 1:
        lines.append(step(t("Colonies: from each of the 5 piles, {n} colonies (1 per player), "
                            "coin side up.", n=n), rule))
    return lines


def _wheel(state: HadaraState) -> list[Text]:
    """Who draws from which deck this round, or who sets the wheel."""
    if not state.wheel:
        first = state.players[first_seat(state.players, state.epoch)].name
        return [step(t("{name} sets the wheel so that every player's icon points at a deck; "
                       "tell the app with 'Set the wheel' and it turns the wheel for you.",
                       name=first), WHEEL_RULE)]
    turned = (t("Turn the wheel clockwise (round {round}). ", round=state.round)
              if state.round > 1 else "")
    if not state.decks and state.round > 1:
        return [step(t("{turned}Each player draws from the deck their icon points at now. Tell "
                       "the app the decks' order around your board once ('Set the wheel', "
                       "'Decks clockwise around the board') and it names each player's deck.",
                       turned=turned), WHEEL_RULE)]
    draws = [t("{name}: {colour}", name=state.players[i].name,
               colour=COLOUR_WORDS[colour_of(state, i, state.round)])
             for i in turn_order(state) if i not in state.acted]
    return [step(t("{turned}This round each player draws from the deck their icon points at: "
                   "{draws}.", turned=turned, draws=draws or t("none")), TURN_RULE)]


def _where(state: HadaraState) -> Text:
    if state.step == "cards" and state.phase == "A":
        return t("Epoch {epoch}, phase {phase}: {step}, round {round} of {rounds}",
                 epoch=ROMAN[state.epoch], phase=state.phase, step=STEP_NAMES[state.step],
                 round=state.round, rounds=ROUNDS)
    return t("Epoch {epoch}, phase {phase}: {step}", epoch=ROMAN[state.epoch], phase=state.phase,
             step=step_name(state.step, state.phase))


def _first(state: HadaraState) -> Text:
    first = first_seat(state.players, state.epoch)
    if len(state.players) == 2:
        why = (t("lowest initiative (two players: epochs I and III)") if state.epoch != 2
               else t("the other player (two players: epoch II)"))
    else:
        why = _ORDINAL[state.epoch]
    return t("First player: {name} ({why}). Order: {order}.", name=state.players[first].name,
             why=why, order=[state.players[i].name for i in turn_order(state)])


def _cards(state: HadaraState) -> list[Text]:
    if state.phase == "B":
        total, left, turn = face_up_total(state), cards_left(state), picker(state)
        lines = [t("In turn, each player takes the top card of any discard pile and buys or "
                   "sells it (selling pays {coins}), until the board is empty: {total} cards, "
                   "{each} per player.", coins=SELL_PRICE[state.epoch], total=total,
                   each=ROUNDS),
                 t("Cards left on the board: {left} of {total}.", left=left, total=total)]
        if turn is None:
            return lines + [t("The board is empty: close the step.")]
        return lines + [t("{name}'s turn to take a card.", name=state.players[turn].name)]
    # in turn order, as the guide's "Order:" line names the players
    waiting = [state.players[i].name for i in turn_order(state) if i not in state.acted]
    if not waiting:  # (only after the last round: an earlier one moves on by itself)
        return [t("Every player has bought or sold a card in round {round}, the last: close "
                  "the step.", round=state.round)]
    return [t("Each player draws 2, discards 1 face up, and buys or sells the other (selling pays "
              "{coins}). Still to act this round: {names}.", coins=SELL_PRICE[state.epoch],
              names=waiting)]


def _income_lines(state: HadaraState) -> list[Text]:
    return [t("One tap pays everyone their income: {paid}", paid=paid(state))]


def _colony_lines(state: HadaraState) -> list[Text]:
    """Each player's military against the colonies they may take this step."""
    return [t("{name}: military {value}; may take one colony needing at most {value}{held}{done}",
              name=p.name, value=p.track("military"),
              **_held_done(state, i, [c.requirement for c in p.colonies], p.track("military")))
            for i, p in enumerate(state.players)]


def _statue_lines(state: HadaraState) -> list[Text]:
    """Each player's culture against the statues they may carve this step."""
    return [t("{name}: culture {value}; may carve one statue needing at most {value}{held}{done}",
              name=p.name, value=p.track("culture"),
              **_held_done(state, i, [s.number for s in p.statues]))
            for i, p in enumerate(state.players)]


def _held_done(state: HadaraState, seat: int, held: list[int], most: int | None = None
               ) -> dict[str, Any]:
    # The levels or spaces already used, as words ("1 and 3"), never a list as code writes it;
    # of colonies, only the levels up to the military track (one above it is out of reach anyway)
    held = sorted(n for n in held if most is None or n <= most)
    return {"held": t(", not {numbers}", numbers=[str(n) for n in held]) if held else "",
            "done": t(" (done this step)") if seat in state.acted else ""}


def _feed(state: HadaraState) -> list[Text]:
    out = []
    for p in state.players:
        short = p.food_shortfall
        if short:
            chosen, lost = best_removal(p)
            pick = [t("{colour} ({points} pts)", colour=COLOUR_WORDS[p.cards[i].colour],
                      points=p.cards[i].points) for i in chosen]
            out.append(t("{name}: {cards}, food {food} → must remove {short}; the fewest "
                         "final points lost as things stand (card points, gold-medal sets, "
                         "silver-medal tracks): {pick}, −{lost}. Your choice: an effect or a "
                         "track value may matter more.", name=p.name, cards=cards(len(p.cards)),
                         food=p.track("food"), short=short, pick=pick, lost=lost))
            if any(scores_at_the_end(p.cards[i]) for i in chosen):
                out.append(t("{name}: the purple card's effect on final scoring is not counted "
                             "in these points: it is known only at the end.", name=p.name))
        else:
            out.append(t("{name}: {cards}, food {food} → fed", name=p.name,
                         cards=cards(len(p.cards)), food=p.track("food")))
    return out


def _medals(state: HadaraState) -> list[Text]:
    return [t("{name}: {silver}/2 silver, {gold}/2 gold, {coins}", name=p.name,
              silver=len(p.silver), gold=p.gold, coins=coins(p.coins)) for p in state.players]


_STEP_LINES = {"cards": _cards, "income": _income_lines, "colony": _colony_lines,
               "statue": _statue_lines, "feed": _feed, "medals": _medals}
