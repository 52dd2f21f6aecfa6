"""What the table does now: the season, the die to roll and whose action it is, the end of a
year, time running out, the end of the game; each line links to the rule it follows."""
from __future__ import annotations

from ..core import step, t
from .battle import R_LOGISTICS, battles_allowed
from .model import TradeWarzState
from .setup import season_die
from .terms import DIE_WORDS, season_word
from .turns import after_the_last_move

R_DURATION = "TradeWarz rulebook, Game duration"
R_TIE = "TradeWarz rulebook, What happens in a tie at the end of a game"
R_SPRING = "TradeWarz rulebook, Rewards at the end of a year; ruling T5"
R_SEASONS = "TradeWarz rulebook, Game mechanics; Dice"
R_MARCH = "TradeWarz rulebook, Marching: Battle; Raiding villages and settlements"
R_RETREAT = "TradeWarz rulebook, Retreat; The Capital City"


def guide_lines(state: TradeWarzState) -> tuple[str, ...]:
    """The guide's lines for ``state``."""
    season = season_word(state.season_names[state.season])
    if state.phase == "over":
        last = after_move(state) if after_the_last_move(state) else []
        return (step(t("The game is over: {reason}.", reason=state.ended), R_DURATION), *last,
                step(t("See the score pad for the ranking."), R_TIE))
    if state.phase == "spring_end":
        return (step(t("Year {year} ends: check the preview, then apply the end of Spring "
                       "(order: ruling T5).", year=state.year), R_SPRING), *after_move(state))
    house = state.houses[state.turn]
    die = season_die(state, state.season)
    lines = [step(t("Year {year}, {season} (roll the {die} die to march): {house} chooses "
                    "an action.", year=state.year, season=season,
                    die=DIE_WORDS.get(die, die), house=house.name), R_SEASONS)]
    lines += after_move(state)
    if state.time_up:
        lines.append(step(t("Time is up: the game ends when this season is complete."),
                          R_DURATION))
    return tuple(lines)


def after_move(state: TradeWarzState) -> list[str]:
    """What the last March (or a Retreat into an occupied capital) may have caused, to record
    before the next house acts: a battle, a raid, a trading post (Marching: Battle; Raiding
    villages and settlements; Trading posts)."""
    if state.mover is None or len(state.fought) >= battles_allowed(state):
        return []
    house = state.houses[state.mover]
    if state.fought:
        return [step(t("{house}'s second army may fight too (Superior logistics): record its "
                       "Battle, or a Raid on its way.", house=house.name), R_LOGISTICS)]
    if state.move == "retreat":
        if house.capital_held_by is None:
            return []
        return [step(t("{house} retreated into its capital held by {holder}: record the "
                       "battle for it (Battle, after a Retreat).", house=house.name,
                       holder=state.houses[house.capital_held_by].name), R_RETREAT)]
    return [step(t("{house} marched. Where did the army stop? On an enemy army: record the "
                   "Battle. On or over an unguarded enemy settlement or village: record the "
                   "Raid. On a free trading post: Take a trading post. Nothing: the next house "
                   "plays.", house=house.name), R_MARCH)]
