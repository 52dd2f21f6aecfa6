"""The season actions a house takes in its turn (Game mechanics; Actions & Costs).

Build, March, Recruit and Resources +2 may each be taken twice a year, Buy Tech and Retreat once
(the action board's ten tokens); a house takes one action a season, so never the same twice in it.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Mapping

from ..core import IllegalAction, t
from .costs import (box_cost, entered, recruit_cost, tech_cost_item, tech_refusal,
                    university_cost)
from .data import LIMITS, SILO_RESOURCES, TECHS, TREES
from .model import Game, House, award, check_super_units, cost_text, gain, pay, put_house
from .spring import end_reason
from .terms import (A_ITEM, ITEM_WORDS, RESOURCE_WORDS, TOKEN_WORDS,
                    TREE_WORDS, join)

R_MECHANICS = "TradeWarz rulebook, Game mechanics"
R_BUILD = "TradeWarz rulebook, Build"
YEARLY = {"march": 2, "build": 2, "recruit": 2, "resources": 2, "buy_tech": 1, "retreat": 1}
Handler = Callable[[Game, int, House, Mapping[str, Any]], tuple[House, list[str]]]


def march(game: Game, seat: int, house: House, data: Mapping[str, Any]) -> tuple[House, list[str]]:
    """March; roads, bridges and tunnels built on the way are paid here (Marching exceptions)."""
    items = {k: data.get(f"{k}s", 0) for k in ("road", "bridge", "tunnel")}
    cost = box_cost(dict(game.costs), items, entered(data))
    built = join([t("{n} {item}(s)", n=n, item=ITEM_WORDS[k]) for k, n in items.items() if n])
    house = pay(house, cost, built or t("the march"), "TradeWarz rulebook, Marching exceptions")
    return house, [t("{house} built {built} for {cost}", house=house.name, built=built,
                     cost=cost_text(cost))] if built else []


def _silos(house: House, data: Mapping[str, Any], want: int, what: str) -> House:
    placed = tuple(data.get(f"silo_{r}", 0) for r in SILO_RESOURCES)
    if sum(placed) != want:
        raise IllegalAction(t("{item} places {want} silo(s); {n} entered", item=A_ITEM[what],
                              want=want, n=sum(placed)), rule=R_BUILD)
    return replace(house, silos=tuple(a + b for a, b in zip(house.silos, placed)))


def _village_count(game: Game, house: House) -> int:
    """Villages for the limit of 5; ruling T16 counts those under castles by default."""
    under = house.castles if game.rulings["T16"] == "castle-only" else 0
    return house.villages - under


def _check_room(game: Game, house: House, what: str) -> None:
    squares = house.settlements + house.villages
    if squares >= LIMITS["squares"] and what in ("settlement", "village"):
        raise IllegalAction(t("{house} already builds on {n} squares; the limit is 6",
                              house=house.name, n=squares), rule=R_BUILD)
    if what == "settlement" and house.settlements >= LIMITS["settlements"]:
        raise IllegalAction(t("{house} has 6 settlements, the limit", house=house.name),
                            rule=R_BUILD)
    if what in ("village", "upgrade") and _village_count(game, house) >= LIMITS["villages"]:
        raise IllegalAction(t("{house} has {n} villages; the limit is 5 (ruling T16)",
                              house=house.name, n=house.villages),
                            rule="TradeWarz rulebook, Build: Village")
    if what == "upgrade" and not house.settlements:
        raise IllegalAction(t("{house} has no settlement to upgrade", house=house.name),
                            rule=R_BUILD)


def _castle_room(house: House) -> None:
    free = house.villages - house.castles - house.villages_this_year
    if free < 1:
        raise IllegalAction(t("{house} has no village without a castle built before this "
                              "year ({villages} villages, {castles} castles, {new} new this "
                              "year)", house=house.name, villages=house.villages,
                              castles=house.castles, new=house.villages_this_year),
                            rule="TradeWarz rulebook, Build: Castle")
    if house.castles - house.castles_captured >= LIMITS["castles"]:
        raise IllegalAction(t("{house} has built 2 castles, the limit (more only by capture)",
                              house=house.name), rule="TradeWarz rulebook, Build: Castle")


def build(game: Game, seat: int, house: House, data: Mapping[str, Any]) -> tuple[House, list[str]]:
    """Build a settlement, village, upgrade, castle or university level (Build)."""
    what = data["what"]
    if what == "university":
        return _university(house, data["tree"], data["level"])
    if what == "castle":
        _castle_room(house)
    else:
        _check_room(game, house, what)
    cost = box_cost(dict(game.costs), {what: 1}, entered(data))
    house = pay(house, cost, A_ITEM[what], f"{R_BUILD}: {what.capitalize()}")
    silos = {"settlement": 1, "village": 2, "upgrade": 1, "castle": 0}[what]
    house = _silos(house, data, silos, what)
    if what == "settlement":
        house = replace(house, settlements=house.settlements + 1)
    elif what in ("village", "upgrade"):
        house = replace(house, villages=house.villages + 1,
                        settlements=house.settlements - (what == "upgrade"),
                        villages_this_year=house.villages_this_year + 1)
    else:
        house = replace(house, castles=house.castles + 1)
    house = replace(house, farthest_build=max(house.farthest_build, data.get("distance", 0)))
    return house, [t("{house} built {item} for {cost}", house=house.name, item=A_ITEM[what],
                     cost=cost_text(cost))]


def _university(house: House, tree: str, level: int) -> tuple[House, list[str]]:
    cost = university_cost(house, tree, level)
    house = pay(house, cost, t("the {tree} university at level {level}", tree=TREE_WORDS[tree],
                               level=level), "TradeWarz rulebook, Build: University")
    levels = tuple(level if t == tree else n for t, n in zip(TREES, house.universities))
    house = replace(house, universities=levels)
    events = [t("{house}'s {tree} university is now level {level} ({cost})", house=house.name,
                tree=TREE_WORDS[tree], level=level, cost=cost_text(cost))]
    if level == 4:
        house = award(house, "university")
        events.append(t("{house} gets a golden Xadla for a level-4 university",
                        house=house.name))
    return house, events


def buy_tech(game: Game, seat: int, house: House, data: Mapping[str, Any]
             ) -> tuple[House, list[str]]:
    """Buy a tech card: one copy each, university level and lower levels first (Buy Tech)."""
    tech = TECHS[data["tech"]]
    refusal = tech_refusal(game.houses, seat, tech.id)
    if refusal:
        raise IllegalAction(refusal, rule="TradeWarz rulebook, Buy Tech")
    cost = box_cost(dict(game.costs), {tech_cost_item(tech.id): tech.level}, entered(data))
    house = pay(house, cost, tech.name, "TradeWarz rulebook, Buy Tech")
    house = replace(house, techs=house.techs + (tech.id,))
    check_super_units(house)
    extra = {"increased_fertility": 2, "superior_fertility": 4}.get(tech.id, 0)
    house = replace(house, reserve=house.reserve + extra)
    if tech.id == "superior_fertility":  # it comes with one free recruit at once
        house = replace(house, reserve=house.reserve - 1, soldiers=house.soldiers + 1)
    return house, [t("{house} bought {tech} for {cost}", house=house.name, tech=tech.name,
                     cost=cost_text(cost))]


def recruit(game: Game, seat: int, house: House, data: Mapping[str, Any]
            ) -> tuple[House, list[str]]:
    """Recruit soldiers from the reserve (Recruit; ruling T15 for a lost capital)."""
    count, at_building = data.get("count", 1), data.get("at_building", False)
    if house.capital_held_by is not None:
        raise IllegalAction(t("{house}'s capital is held by {holder}: no recruiting until it "
                              "is retaken", house=house.name,
                              holder=game.houses[house.capital_held_by].name),
                            rule="TradeWarz rulebook, The Capital City; ruling T15")
    if count > house.reserve:
        raise IllegalAction(t("{house} has {reserve} soldier(s) in reserve; asked for {count}",
                              house=house.name, reserve=house.reserve, count=count),
                            rule="TradeWarz rulebook, Recruit")
    cost = recruit_cost(house, count, at_building=at_building)
    where = t("at a building (double cost)") if at_building else t("at the capital gate")
    house = pay(house, cost, t("{count} soldier(s) {where}", count=count, where=where),
                "TradeWarz rulebook, Recruit")
    house = replace(house, soldiers=house.soldiers + count, reserve=house.reserve - count)
    return house, [t("{house} recruited {count} soldier(s) {where} for {cost}",
                     house=house.name, count=count, where=where, cost=cost_text(cost))]


def retreat(game: Game, seat: int, house: House, data: Mapping[str, Any]
            ) -> tuple[House, list[str]]:
    """Retreat a squad to the nearest building or the capital gate; it costs nothing."""
    return house, []


def resources(game: Game, seat: int, house: House, data: Mapping[str, Any]
              ) -> tuple[House, list[str]]:
    """Resources +2: two on one dial, or one each on two dials; the 21 rule follows (T4)."""
    first, second = data["first"], data.get("second") or data["first"]
    gains = {first: 1}
    gains[second] = gains.get(second, 0) + 1
    house, events = gain(house, gains, game.rulings)
    text = join([t("{resource} +{n}", resource=RESOURCE_WORDS[r], n=n) for r, n in gains.items()])
    return house, [t("{house}: {gains}", house=house.name, gains=text), *events]


HANDLERS: dict[str, Handler] = {"march": march, "build": build, "buy_tech": buy_tech,
                                "recruit": recruit, "retreat": retreat, "resources": resources}


def take_turn(game: Game, kind: str, data: Mapping[str, Any]) -> Game:
    """The current house takes a season action; then the turn passes (Game mechanics)."""
    if game.phase != "seasons":
        raise IllegalAction(t("no house has a turn now: the game is over") if game.phase ==
                            "over" else t("no house has a turn now: the end of Spring is due"),
                            rule=R_MECHANICS)
    seat, house = game.turn, game.houses[game.turn]
    used = house.tokens.count(kind)
    if used >= YEARLY[kind]:
        raise IllegalAction(t("{house} has used {action} {used} time(s) this year; the limit "
                              "is {limit}", house=house.name, action=TOKEN_WORDS[kind],
                              used=used, limit=YEARLY[kind]), rule=R_MECHANICS)
    house, events = HANDLERS[kind](game, seat, house, data)
    house = replace(house, tokens=house.tokens + (kind,))
    game = replace(put_house(game, seat, house), events=tuple(events))
    return check_end(advance(game))


def check_year(game: Game, year: int) -> None:
    """The end of Spring names the year it ends (0: not named); once applied, the year is over
    and a second tap naming it is refused instead of ending the next year."""
    if year and year < game.year:
        raise IllegalAction(t("The end of Spring of year {year} was already applied; the table "
                              "is in year {now}", year=year, now=game.year), rule=R_MECHANICS,
                            field="year")
    if year > game.year:
        raise IllegalAction(t("Year {year} has not begun; the table is in year {now}",
                              year=year, now=game.year), rule=R_MECHANICS, field="year")


def advance(game: Game) -> Game:
    """Pass the turn; after the last house the season ends (Spring: the year-end step is due)."""
    if game.turn + 1 < len(game.houses):
        return replace(game, turn=game.turn + 1)
    if game.season == len(game.season_names) - 1:
        return replace(game, turn=0, phase="spring_end")
    if game.time_up:
        return replace(game, turn=0, phase="over",
                       ended=t("time is up and the season is over ({rule})",
                               rule="TradeWarz rulebook, Game duration"))
    return replace(game, turn=0, season=game.season + 1)


def check_end(game: Game) -> Game:
    """A Xadla target (or an alliance's) ends the game the moment it is reached."""
    if game.phase == "over":
        return game
    reason = end_reason(game)
    return replace(game, phase="over", ended=reason) if reason else game
