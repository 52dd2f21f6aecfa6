"""'Can I do this?' for a house's own turn: buy that tech now (Buy Tech), build a castle here this
year (Build: Castle). Pure checks that mirror what ``turns`` enforces, answered with the numbers.

The app keeps counts, not the map: which village is which, and where the house's soldiers
stand, are on the board. The castle answer says what to check there.
"""
from __future__ import annotations

from typing import Any, Mapping

from ..core import Text, t
from ..questions import Answer
from .costs import as_cost, check_shape, scale, tech_cost_item
from .data import LIMITS, MAX_SUPER_UNITS, RESOURCES, TECHS
from .model import Game, House, cost_text
from .turns import YEARLY
from .terms import ITEM_WORDS, RESOURCE_WORDS, TOKEN_WORDS, TREE_WORDS, join

TECH_RULE = "TradeWarz rulebook, Buy Tech; Game mechanics"
CASTLE_RULE = "TradeWarz rulebook, Build: Castle; Game mechanics"
Numbers = list[tuple[Any, Any]]


def _turn(game: Game, seat: int, kind: str, numbers: Numbers, problems: list) -> bool:
    """The house's action token for ``kind`` this year and its action this season (Game
    mechanics: one action a season; build, march, recruit, resources twice a year, buy tech and
    retreat once). True when it acts right now."""
    house = game.houses[seat]
    used, limit = house.tokens.count(kind), YEARLY[kind]
    numbers.append((t("{action} actions left this year", action=TOKEN_WORDS[kind]),
                    t("{left} of {limit}", left=limit - used, limit=limit)))
    if used >= limit:
        problems.append(t("{house} has used its {action} action {used} time(s) this year; the "
                          "limit is {limit}", house=house.name, action=TOKEN_WORDS[kind],
                          used=used, limit=limit))
    if game.phase != "seasons":
        numbers.append((t("This season"), t("no house has a turn now")))
        problems.append(t("no house has a turn now: the game is over") if game.phase == "over"
                        else t("no house has a turn now: the end of Spring is due"))
        return False
    if seat < game.turn:
        numbers.append((t("This season"), t("action already taken")))
        problems.append(t("{house} has already taken its action this season; its next turn "
                          "comes next season", house=house.name))
    elif seat > game.turn:
        numbers.append((t("This season"), t("its turn comes after {house}'s",
                                            house=game.houses[game.turn].name)))
    else:
        numbers.append((t("This season"), t("its turn now")))
    return seat == game.turn


def _cost(game: Game, house: House, item: str, times: int, paid: Mapping[str, int],
          numbers: Numbers, problems: list) -> None:
    """What ``item`` costs (box data, else the cost entered), and whether the dials cover it."""
    known = game.cost_of(item)
    if known is not None:
        due = scale(as_cost(known), times)
        numbers.append((t("Cost (box data)"), cost_text(due)))
        if paid and paid != due:
            problems.append(t("the box data says this costs {due}, not {paid}; correct the "
                              "box data if it is wrong", due=cost_text(due),
                              paid=cost_text(paid)))
    elif paid:
        due = dict(paid)
        numbers.append((t("Cost (entered)"), cost_text(due)))
        shape = check_shape(item, due, times)
        if shape:
            problems.append(shape)
    else:
        numbers.append((t("Cost"), t("not in the box data")))
        problems.append(t("the cost of {item} is printed on the components and not in the box "
                          "data: enter it to check the dials", item=ITEM_WORDS[item]))
        return
    for r in RESOURCES:
        if due.get(r):
            numbers.append((RESOURCE_WORDS[r], t("has {has}, needs {need}", has=house.dial(r),
                                                 need=due[r])))
            if house.dial(r) < due[r]:
                problems.append(t("{house} has {has} {resource}; it needs {need}",
                                  house=house.name, has=house.dial(r),
                                  resource=RESOURCE_WORDS[r], need=due[r]))


def _prerequisites(game: Game, house: House, tech_id: str, numbers: Numbers,
                   problems: list) -> None:
    """Buy Tech: a university of the tree at the tech's level, and a tech of the tree at every
    lower level unless that level is sold out; one copy of each tech exists."""
    tech = TECHS[tech_id]
    owner = next((h for h in game.houses if h.has_tech(tech_id)), None)
    numbers.append((t("Owner"), owner.name if owner else t("for sale")))
    if owner is not None:
        problems.append(t("{tech} already belongs to {owner}: each tech exists once",
                          tech=tech.name, owner=owner.name))
    uni = house.university(tech.tree)
    numbers.append((t("{tree} university", tree=TREE_WORDS[tech.tree]),
                    t("level {level}; the tech needs {need}", level=uni, need=tech.level)))
    if uni < tech.level:
        problems.append(t("{house}'s {tree} university is at level {level}; {tech} needs "
                          "level {need}", house=house.name, tree=TREE_WORDS[tech.tree],
                          level=uni, tech=tech.name, need=tech.level))
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
            problems.append(t("{house} needs a level {level} {tree} tech first (some are still "
                              "for sale)", house=house.name, level=level,
                              tree=TREE_WORDS[tech.tree]))


def can_buy_tech(game: Game, seat: int, tech_id: str, paid: Mapping[str, int]) -> Answer:
    """Can house ``seat`` buy ``tech_id`` in its turn this season? (Buy Tech; Game mechanics)"""
    house, tech = game.houses[seat], TECHS[tech_id]
    numbers: Numbers = []
    problems: list[Text] = []
    now = _turn(game, seat, "buy_tech", numbers, problems)
    _prerequisites(game, house, tech_id, numbers, problems)
    if tech.super_unit:
        held = len(house.super_units)
        numbers.append((t("Super units"), t("{n} of {limit}", n=held, limit=MAX_SUPER_UNITS)))
        if held >= MAX_SUPER_UNITS:
            problems.append(t("{house} already holds {n} super units, the limit",
                              house=house.name, n=held))
    _cost(game, house, tech_cost_item(tech_id), tech.level, paid, numbers, problems)
    if problems:
        return Answer(False, t("No: {reasons}", reasons=join(problems, "; ")), tuple(numbers),
                      TECH_RULE)
    summary = (t("Yes: {house} can buy {tech} now", house=house.name, tech=tech.name) if now
               else t("Yes: {house} can buy {tech} in its turn this season", house=house.name,
                      tech=tech.name))
    return Answer(True, summary, tuple(numbers), TECH_RULE)


def can_build_castle(game: Game, seat: int, paid: Mapping[str, int]) -> Answer:
    """Can house ``seat`` build a castle in its turn this season? A castle goes on one of its
    own villages built in an earlier year; at most 2 built (more only by capture) (Build:
    Castle); a build action token left (Game mechanics); the cost on the dials."""
    house = game.houses[seat]
    numbers: Numbers = []
    problems: list[Text] = []
    now = _turn(game, seat, "build", numbers, problems)
    free = house.villages - house.castles - house.villages_this_year
    numbers.append((t("Villages"), t("{villages} ({castles} with a castle, {new} built this "
                                     "year)", villages=house.villages, castles=house.castles,
                                     new=house.villages_this_year)))
    numbers.append((t("Villages that can take a castle"), max(free, 0)))
    if free < 1:
        problems.append(t("{house} has no village without a castle built before this year",
                          house=house.name))
    built = house.castles - house.castles_captured
    numbers.append((t("Castles built (captured ones aside)"),
                    t("{n} of {limit}", n=built, limit=LIMITS["castles"])))
    if built >= LIMITS["castles"]:
        problems.append(t("{house} has built 2 castles, the limit (more only by capture)",
                          house=house.name))
    _cost(game, house, "castle", 1, paid, numbers, problems)
    numbers.append((t("Check on the board"), t(
        "the app counts villages but does not know where they are: the castle goes on a village "
        "of {house} built in an earlier year that has no castle yet", house=house.name)))
    if problems:
        return Answer(False, t("No: {reasons}", reasons=join(problems, "; ")), tuple(numbers),
                      CASTLE_RULE)
    summary = (t("Yes: {house} can build a castle now, on a village of its own built before "
                 "this year", house=house.name) if now else
               t("Yes: {house} can build a castle in its turn this season, on a village of its "
                 "own built before this year", house=house.name))
    return Answer(True, summary, tuple(numbers), CASTLE_RULE)
