"""TradeWarz's 'Can I do this?': who wins this battle, does a house get a golden Xadla at the end
of this Spring, can it buy that tech now, can it build a castle this year.

Each answer asks the move itself: the battle question resolves with the battle move's own
planner, the Spring question with the end of Spring's own preview, the tech and castle questions
with the problems the Buy Tech and Build moves list before they act (``SeasonMove.problems``), so
a question never says yes to what the action refuses. The numbers beside the answer explain it.
The app keeps counts, not the map: the castle answer says what to check on the board.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Answer, FieldSpec, IllegalAction, Question, not_now, replace, t
from .battle import plan_battle
from .building import BUILD
from .costs import as_cost, entered, scale, tech_cost_item
from .data import LIMITS, MAX_SUPER_UNITS, RESOURCES, TECHS
from .economy import BUY_TECH
from .model import House, TradeWarzState, cost_text
from .specs import BATTLE_FIELDS
from .spring import preview_spring
from .terms import RESOURCE_WORDS, TOKEN_WORDS, TREE_WORDS, golden_xadlas, join, season_word
from .turns import YEARLY, SeasonMove

BATTLE_RULE = "TradeWarz rulebook, Marching: Battle; ruling T3"
SPRING_RULE = "TradeWarz rulebook, Getting Xadlas; ruling T5"
TECH_RULE = "TradeWarz rulebook, Buy Tech; Game mechanics"
CASTLE_RULE = "TradeWarz rulebook, Build: Castle; Game mechanics"
Numbers = list[tuple[Any, Any]]


def _turn(game: TradeWarzState, seat: int, kind: str, numbers: Numbers) -> None:
    """The house's action tokens for ``kind`` this year and its action this season (Game
    mechanics: one action a season; build, march, recruit, resources twice a year, buy tech and
    retreat once)."""
    house = game.houses[seat]
    used, limit = house.tokens.count(kind), YEARLY[kind]
    numbers.append((t("{action} actions left this year", action=TOKEN_WORDS[kind]),
                    t("{left} of {limit}", left=limit - used, limit=limit)))
    if game.phase != "seasons":
        numbers.append((t("This season"), t("no house has a turn now")))
    elif seat < game.turn:
        numbers.append((t("This season"), t("action already taken")))
    elif seat > game.turn:
        numbers.append((t("This season"), t("its turn comes after {house}'s",
                                            house=game.houses[game.turn].name)))
    else:
        numbers.append((t("This season"), t("its turn now")))


def _cost(game: TradeWarzState, house: House, item: str, times: int, paid: Mapping[str, int],
          numbers: Numbers) -> None:
    """What ``item`` costs (box data, else the cost entered) beside the dials."""
    known = game.cost_of(item)
    if known is not None:
        due = scale(as_cost(known), times)
        numbers.append((t("Cost (box data)"), cost_text(due)))
    elif paid:
        due = dict(paid)
        numbers.append((t("Cost (entered)"), cost_text(due)))
    else:
        numbers.append((t("Cost"), t("not in the box data")))
        return
    for r in RESOURCES:
        if due.get(r):
            numbers.append((RESOURCE_WORDS[r], t("has {has}, needs {need}", has=house.dial(r),
                                                 need=due[r])))


def _prerequisites(game: TradeWarzState, house: House, tech_id: str, numbers: Numbers) -> None:
    """Buy Tech: a university of the tree at the tech's level, and a tech of the tree at every
    lower level unless that level is sold out; one copy of each tech exists."""
    tech = TECHS[tech_id]
    owner = next((h for h in game.houses if h.has_tech(tech_id)), None)
    numbers.append((t("Owner"), owner.name if owner else t("for sale")))
    uni = house.university(tech.tree)
    numbers.append((t("{tree} university", tree=TREE_WORDS[tech.tree]),
                    t("level {level}; the tech needs {need}", level=uni, need=tech.level)))
    owned = {x for h in game.houses for x in h.techs}
    for level in range(1, tech.level):
        same = [x for x in TECHS.values() if x.tree == tech.tree and x.level == level]
        mine = [x.name for x in same if house.has_tech(x.id)]
        label = t("Level {level} {tree} tech", level=level, tree=TREE_WORDS[tech.tree])
        if mine:
            numbers.append((label, t("owns {techs}", techs=join(mine))))
        elif all(x.id in owned for x in same):
            numbers.append((label, t("none, but all are sold out: not needed")))
        else:
            numbers.append((label, t("none, and some are still for sale")))


def _next_turn(game: TradeWarzState, seat: int) -> TradeWarzState | None:
    """The table at house ``seat``'s next turn, when that turn is not this season's: the
    boards as they are now, the action tokens back and this year's villages old once a year has
    passed (the end of Spring gives them back). None when the game is over."""
    if game.phase == "over":
        return None
    last = len(game.season_names) - 1
    if game.phase == "seasons" and game.season < last:
        return replace(game, turn=seat, season=game.season + 1)
    houses = tuple(replace(h, tokens=(), villages_this_year=0) for h in game.houses)
    return replace(game, houses=houses, phase="seasons", turn=seat, season=0, year=game.year + 1)


def _asked(move: SeasonMove, game: TradeWarzState, seat: int, data: Mapping[str, Any],
           numbers: Numbers, rule: str, yes_now: Any, yes_later: Any, yes_next: Any) -> Answer:
    """The move's own problems for house ``seat``, answered for the turn they decide. A house
    whose turn comes later this season is asked about its turn, with the boards as they are now.
    A house that has had its turn this season (or asked while the end of Spring is due) hears
    "not now" and what the move's own conditions say against the boards in its next turn."""
    if game.phase == "seasons" and seat > game.turn:
        game, now = replace(game, turn=seat), False
    else:
        now = True
    problems = [p.message for p in move.problems(game, seat, data)]
    if not problems:
        return Answer(True, yes_now if now else yes_later, tuple(numbers), rule)
    waiting = game.phase == "spring_end" or (game.phase == "seasons" and seat < game.turn)
    later = _next_turn(game, seat) if waiting else None
    if later is None:
        return Answer(False, t("No: {reasons}", reasons=join(problems, "; ")), tuple(numbers),
                      rule)
    then = [p.message for p in move.problems(later, seat, data)]
    numbers.append((t("Its next turn"), t("year {year}, {season}", year=later.year,
                                           season=season_word(later.season_names[later.season]))))
    return Answer(False, not_now(problems[0], then, yes_next), tuple(numbers), rule)


def can_buy_tech(game: TradeWarzState, seat: int, tech_id: str, paid: Mapping[str, int]
                 ) -> Answer:
    """Can house ``seat`` buy ``tech_id`` in its turn this season? (Buy Tech; Game mechanics)"""
    house, tech = game.houses[seat], TECHS[tech_id]
    numbers: Numbers = []
    _turn(game, seat, "buy_tech", numbers)
    _prerequisites(game, house, tech_id, numbers)
    if tech.super_unit:
        numbers.append((t("Super units"), t("{n} of {limit}", n=len(house.super_units),
                                            limit=MAX_SUPER_UNITS)))
    _cost(game, house, tech_cost_item(tech_id), tech.level, paid, numbers)
    data = {"tech": tech_id, **{f"pay_{r}": n for r, n in paid.items()}}
    return _asked(BUY_TECH, game, seat, data, numbers, TECH_RULE,
                  t("Yes: {house} can buy {tech} now", house=house.name, tech=tech.name),
                  t("Yes: {house} can buy {tech} in its turn this season", house=house.name,
                    tech=tech.name),
                  t("Yes: {house} can buy {tech}", house=house.name, tech=tech.name))


def can_build_castle(game: TradeWarzState, seat: int, paid: Mapping[str, int]) -> Answer:
    """Can house ``seat`` build a castle in its turn this season? A castle goes on one of its
    own villages built in an earlier year; at most 2 built (more only by capture) (Build:
    Castle); a build action token left (Game mechanics); the cost on the dials."""
    house = game.houses[seat]
    numbers: Numbers = []
    _turn(game, seat, "build", numbers)
    free = house.villages - house.castles - house.villages_this_year
    numbers.append((t("Villages"), t("{villages} ({castles} with a castle, {new} built this "
                                     "year)", villages=house.villages, castles=house.castles,
                                     new=house.villages_this_year)))
    numbers.append((t("Villages that can take a castle"), max(free, 0)))
    numbers.append((t("Castles built (captured ones aside)"),
                    t("{n} of {limit}", n=house.castles - house.castles_captured,
                      limit=LIMITS["castles"])))
    _cost(game, house, "castle", 1, paid, numbers)
    numbers.append((t("Check on the board"), t(
        "the app counts villages but does not know where they are: the castle goes on a village "
        "of {house} built in an earlier year that has no castle yet", house=house.name)))
    data = {"what": "castle", **{f"pay_{r}": n for r, n in paid.items()}}
    return _asked(BUILD, game, seat, data, numbers, CASTLE_RULE,
                  t("Yes: {house} can build a castle now, on a village of its own built before "
                    "this year", house=house.name),
                  t("Yes: {house} can build a castle in its turn this season, on a village of "
                    "its own built before this year", house=house.name),
                  t("Yes: {house} can build a castle, on a village of its own built before the "
                    "year of that turn", house=house.name))


def who_wins(game: TradeWarzState, d: Mapping[str, Any]) -> Answer:
    """Battle, worked out by the battle move's own planner with every input the battle takes
    (soldiers, card, techs for the role, super unit, morale, castle or capital; ruling T3)."""
    try:
        plan = plan_battle(game, d)
    except IllegalAction as err:
        return Answer(False, t("No: {reasons}", reasons=err.message), (), BATTLE_RULE)
    result = plan.result
    a, b = game.houses[d["attacker"]].name, game.houses[d["defender"]].name
    winner = {"attacker": a, "defender": b}.get(result.winner, "")
    numbers = ((t("{house} strength", house=a), result.attacker.strength),
               (t("{house} strength", house=b), result.defender.strength),
               (t("{house} loses", house=a), result.attacker_losses),
               (t("{house} loses", house=b), result.defender_losses),
               *((t("Note"), note) for note in result.notes))
    yes = result.winner == "attacker"
    if winner:
        summary = (t("Yes: {house} wins and earns a golden Xadla", house=winner) if yes else
                   t("No: {house} wins and earns a golden Xadla", house=winner))
    else:
        summary = t("No: No victor")
    return Answer(yes, summary, numbers, BATTLE_RULE)


def golden_at_spring(game: TradeWarzState, seat: int) -> Answer:
    """End of Spring: the golden Xadlas the preview gives this house (dials at 21, all dials at
    12, two trading posts), in the order of ruling T5. While the end of Spring waits for a
    value (the caravans' area), the answer says so, as the end of Spring itself refuses."""
    preview = preview_spring(game)
    before, after = game.houses[seat], preview.houses[seat]
    gained = len(after.golden) - len(before.golden)
    numbers = tuple((line.step, line.text) for line in preview.for_house(before.name))
    if preview.missing:
        return Answer(False, t("No: {reasons}", reasons=join(preview.missing, "; ")), numbers,
                      SPRING_RULE)
    summary = (t("Yes: {house} gets {xadlas}", house=before.name,
                          xadlas=golden_xadlas(gained)) if gained
               else t("No: {house} gets no golden Xadla this Spring", house=before.name))
    return Answer(gained > 0, summary, numbers, SPRING_RULE)


def _paid() -> tuple[FieldSpec, ...]:
    """The cost as printed on the components, for when the box data does not hold it."""
    return tuple(FieldSpec(f"pay_{r}", t("Cost in {resource}", resource=RESOURCE_WORDS[r]),
                           required=False, default=0, high=99,
                           help=t("only if the cost is not in the box data")) for r in RESOURCES)


TECH_CHOICES = tuple((x.id, t("{tech} ({tree} {level})", tech=x.name, tree=TREE_WORDS[x.tree],
                                level=x.level)) for x in TECHS.values())

QUESTIONS = (
    Question("battle", t("Who wins this battle?"), BATTLE_RULE, BATTLE_FIELDS, who_wins),
    Question("spring", t("Does this house get a golden Xadla at the end of this Spring?"),
             SPRING_RULE, (FieldSpec("player", t("House"), "player"),),
             lambda g, d: golden_at_spring(g, d["player"])),
    Question("tech", t("Can this house buy that tech now?"), TECH_RULE,
             (FieldSpec("player", t("House"), "player"),
              FieldSpec("tech", t("Tech"), "choice", choices=TECH_CHOICES), *_paid()),
             lambda g, d: can_buy_tech(g, d["player"], d["tech"], entered(d))),
    Question("castle", t("Can this house build a castle this year?"), CASTLE_RULE,
             (FieldSpec("player", t("House"), "player"), *_paid()),
             lambda g, d: can_build_castle(g, d["player"], entered(d))),
)

__all__ = ["QUESTIONS", "who_wins", "golden_at_spring", "can_buy_tech", "can_build_castle"]
