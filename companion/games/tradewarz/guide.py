"""What the table does now: the season, the die to roll and whose action it is, the end of a
year, time running out, the end of the game; each line links to the rule it follows."""
from __future__ import annotations

from ..core import step, t
from .model import TradeWarzState
from .setup import season_die
from .terms import DIE_WORDS, season_word

R_DURATION = "TradeWarz rulebook, Game duration"
R_TIE = "TradeWarz rulebook, What happens in a tie at the end of a game"
R_SPRING = "TradeWarz rulebook, Rewards at the end of a year; ruling T5"
R_SEASONS = "TradeWarz rulebook, Game mechanics; Dice"


def guide_lines(state: TradeWarzState) -> tuple[str, ...]:
    """The guide's lines for ``state``."""
    season = season_word(state.season_names[state.season])
    if state.phase == "over":
        return (step(t("The game is over: {reason}.", reason=state.ended), R_DURATION),
                step(t("See the score pad for the ranking."), R_TIE))
    if state.phase == "spring_end":
        return (step(t("Year {year} ends: check the preview, then apply the end of Spring "
                       "(order: ruling T5).", year=state.year), R_SPRING),)
    house = state.houses[state.turn]
    die = season_die(state, state.season)
    lines = [step(t("Year {year}, {season} (roll the {die} die to march): {house} chooses "
                    "an action.", year=state.year, season=season,
                    die=DIE_WORDS.get(die, die), house=house.name), R_SEASONS)]
    if state.time_up:
        lines.append(step(t("Time is up: the game ends when this season is complete."),
                          R_DURATION))
    return tuple(lines)
