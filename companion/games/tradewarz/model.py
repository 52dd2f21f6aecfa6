"""TradeWarz state: the houses' boards and the table's calendar, frozen; and the dial bookkeeping.

A house's board is its resource dials, its golden Xadlas (each with its source), its buildings,
universities, techs, soldiers and morale cards. Silver Xadlas are not stored: they follow the
castles and trading posts a house holds (Getting Xadlas, Silver).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..core import IllegalAction, Text, replace, t
from .data import (
    DIAL_TRADE,
    DIAL_TRADE_AT,
    GOLDEN_SOURCES,
    RESOURCES,
    SOLDIER_CAP,
    SQUAD_SIZE,
    START_DIAL,
    START_SOLDIERS,
    TECHS,
    TREES,
)
from .terms import RESOURCE_WORDS, amount, join

Card = tuple[int, int, int]  # a battle card: strength, kills, blocks
R_XADLAS = "TradeWarz rulebook, Getting Xadlas"


@dataclass(frozen=True)
class House:
    """One house's board. ``dials`` follow RESOURCES order (gold, lumber, mining, wheat).

    ``sites`` are the marches from the capital to each square the house builds on (a settlement
    or a village; a castle stands on its village's square; 0: not told), so that the farthest
    building (``farthest_build``, a tie-break) is always one that still stands.
    """

    name: str
    colour: str
    dials: tuple[int, ...] = (START_DIAL,) * 4
    golden: tuple[str, ...] = ()
    settlements: int = 0
    villages: int = 0
    villages_this_year: int = 0
    castles: int = 0
    castles_captured: int = 0
    silos: tuple[int, int, int] = (0, 0, 0)
    posts: tuple[int, ...] = ()
    universities: tuple[int, int, int] = (0, 0, 0)
    techs: tuple[str, ...] = ()
    soldiers: int = START_SOLDIERS
    reserve: int = SOLDIER_CAP - START_SOLDIERS
    morale: int = 0
    farthest_build: int = 0
    sites: tuple[int, ...] = ()
    marches: int = 0  # Marches made in the game: a new building stands no farther (T27)
    tokens: tuple[str, ...] = ()
    capital_held_by: int | None = None
    caravan_area: str = ""
    caravan_areas: tuple[tuple[str, str], ...] = ()
    deck: tuple[Card, ...] = ()
    used: tuple[Card, ...] = ()

    def dial(self, resource: str) -> int:
        return self.dials[RESOURCES.index(resource)]

    def has_tech(self, tech_id: str) -> bool:
        return tech_id in self.techs

    def university(self, tree: str) -> int:
        return self.universities[TREES.index(tree)]

    def area_of(self, caravan: str) -> str:
        """The resource of the area a caravan's army occupies ("" if not told): its own, else
        the one told for all the house's caravans."""
        return dict(self.caravan_areas).get(caravan) or self.caravan_area

    @property
    def super_units(self) -> tuple[str, ...]:
        return tuple(t for t in self.techs if TECHS[t].super_unit)

    @property
    def squad_size(self) -> int:
        return SQUAD_SIZE + (1 if self.has_tech("one_more_unit") else 0)

    @property
    def tech_strength(self) -> int:
        """Strength printed on the house's techs (tie-break: total strength)."""
        return sum(TECHS[t].strength for t in self.techs)


@dataclass(frozen=True)
class TradeWarzState:
    """The table: houses in player order, the calendar, end condition, alliances and box data.

    ``phase`` is ``seasons`` (houses take turns), ``spring_end`` (the end-of-Spring step is due)
    or ``over``. ``events`` says what the last action caused (21 trades, Xadlas), for the history.
    ``mover`` is the house whose last season action was a March or a Retreat (``move``), until
    the next season action or the end of Spring: only its army can fight, and ``fought`` holds
    the soldiers still standing of each army that move has sent into battle (one battle a move,
    two with Superior logistics). ``target`` is the house that March was told to march on (None:
    not told), the defender its battle starts from.
    ``paid`` holds the costs a house paid by hand this game for items the box data lacks (item,
    amounts in RESOURCES order; newest first), offered back as one tap; ``cards_seen`` the
    battle cards played in this game's battles, offered back the same way.
    ``won`` are the houses that ended a Xadla-target game by reaching it, ``won_by`` how
    (``target``: first to the target; ``alliance``: a shared alliance win).
    """

    houses: tuple[House, ...]
    rulings: dict[str, str]
    season_names: tuple[str, ...]
    end_mode: str = "years"
    minutes: int = 150
    xadla_target: int = 6
    years: int = 4
    alliances_allowed: bool = True
    costs: tuple[tuple[str, tuple[int, ...]], ...] = ()
    year: int = 1
    season: int = 0
    turn: int = 0
    phase: str = "seasons"
    time_up: bool = False
    alliances: tuple[tuple[int, ...], ...] = ()
    ended: str = ""
    mover: int | None = None
    move: str = ""
    fought: tuple[int, ...] = ()
    target: int | None = None
    paid: tuple[tuple[str, tuple[int, ...]], ...] = ()
    cards_seen: tuple[Card, ...] = ()
    won: tuple[int, ...] = ()
    won_by: str = ""
    events: tuple[str, ...] = field(default=(), compare=False)

    @property
    def current(self) -> int:
        return self.turn

    @property
    def post_count(self) -> int:
        """Trading posts in play: 4 with 4-6 players, 1-3 with 2-3 (Trading posts)."""
        return 4 if len(self.houses) >= 4 else 3

    def cost_of(self, item: str) -> tuple[int, ...] | None:
        return dict(self.costs).get(item)

    def alliance_of(self, seat: int) -> tuple[int, ...] | None:
        return next((a for a in self.alliances if seat in a), None)


def silver_xadlas(house: House, rulings: Mapping[str, str]) -> int:
    """Silver Xadlas: one per trading post held, one per castle held (two under T7 two-silver)."""
    per_castle = 2 if rulings.get("T7") == "two-silver" else 1
    return len(house.posts) + per_castle * house.castles


def xadlas(house: House, rulings: Mapping[str, str]) -> int:
    """All Xadlas, silver and golden alike (Getting Xadlas)."""
    return len(house.golden) + silver_xadlas(house, rulings)


def soldier_cap(house: House) -> int:
    """10 soldiers, +2 with Increased fertility, +4 with Superior fertility (Recruit)."""
    return (SOLDIER_CAP + 2 * house.has_tech("increased_fertility")
            + 4 * house.has_tech("superior_fertility"))


def with_sites(house: House, sites: tuple[int, ...]) -> House:
    """The house with these building squares; its farthest building follows them."""
    return replace(house, sites=tuple(sorted(sites)), farthest_build=max(sites, default=0))


def standing_site(house: House, distance: int, rule: str) -> House:
    """An upgrade or a castle goes up ``distance`` marches from the capital, on a square the
    house already builds on: one of its told squares, else one whose distance was never told
    (now told); no square there is refused, so the farthest building still stands (What
    happens in a tie). 0: not told, nothing changes."""
    sites = list(house.sites)
    untold = sites.count(0) + max(0, house.settlements + house.villages - len(sites))
    if not distance or distance in sites:
        return house
    if not untold:
        raise IllegalAction(t("{house} has no building {n} marches from its capital (its "
                              "buildings: {sites}); an upgrade or a castle goes on a square the "
                              "house already builds on", house=house.name, n=distance,
                              sites=join([str(d) for d in sites])), rule=rule,
                            field="distance")
    if 0 in sites:
        sites.remove(0)
    return with_sites(house, (*sites, distance))


def lose_site(house: House, distance: int | None, rule: str) -> House:
    """A building square of the house is gone (raided, destroyed or captured). ``distance`` is
    the marches from its capital to it (0: not told; None: an entry logged before buildings
    were told apart, which takes the nearest, as those entries never lowered the farthest).
    Squares the app was never told about change nothing."""
    sites = list(house.sites)
    if not sites:
        return house
    if distance:
        if distance not in sites:
            raise IllegalAction(t("{house} has no building {n} marches from its capital (its "
                                  "buildings: {sites})", house=house.name, n=distance,
                                  sites=join([str(d) for d in sites])), rule=rule,
                                field="lost_distance")
    elif distance is None or len(set(sites)) == 1:
        distance = min(sites)
    elif 0 in sites:
        distance = 0  # a building whose distance was never told
    else:
        raise IllegalAction(t("{house}'s buildings stand {sites} marches from its capital: say "
                              "which one was lost", house=house.name,
                              sites=join([str(d) for d in sites])), rule=rule,
                            field="lost_distance")
    sites.remove(distance)
    return with_sites(house, tuple(sites))


def award(house: House, source: str, count: int = 1) -> House:
    """Give ``count`` golden Xadlas from ``source`` (a GOLDEN_SOURCES key)."""
    assert source in GOLDEN_SOURCES
    return replace(house, golden=house.golden + (source,) * count)


def trade_full_dials(house: House, rulings: Mapping[str, str]) -> tuple[House, list[str]]:
    """Ruling T4: a dial at 21 or more gives 11 back for a golden Xadla (repeat while >= 21;
    ``once``: one trade; ``back-to-10``: one trade that leaves the dial at 10)."""
    dials, events = list(house.dials), []
    for i, res in enumerate(RESOURCES):
        while dials[i] >= DIAL_TRADE_AT:
            before = dials[i]
            dials[i] = DIAL_TRADE_AT - DIAL_TRADE if rulings.get("T4") == "back-to-10" \
                else dials[i] - DIAL_TRADE
            house = award(house, "dial21")
            events.append(t("{house}'s {resource} reached {before}: 11 traded for a golden "
                            "Xadla, dial now {now} ({rule}; ruling T4)", house=house.name,
                            resource=RESOURCE_WORDS[res], before=before, now=dials[i],
                            rule=R_XADLAS))
            if rulings.get("T4") == "once":
                break
    return replace(house, dials=tuple(dials)), events


def gain(house: House, gains: Mapping[str, int], rulings: Mapping[str, str]
         ) -> tuple[House, list[str]]:
    """Add resources to the dials, then apply the 21 rule (ruling T4)."""
    dials = tuple(d + gains.get(r, 0) for r, d in zip(RESOURCES, house.dials))
    return trade_full_dials(replace(house, dials=dials), rulings)


def pay(house: House, cost: Mapping[str, int], what: str, rule: str) -> House:
    """Take ``cost`` from the dials, or refuse naming every resource that is short."""
    short = [t("{amount} (has {has})", amount=amount(r, cost[r]), has=house.dial(r))
             for r in RESOURCES if cost.get(r, 0) > house.dial(r)]
    if short:
        raise IllegalAction(t("{house} cannot pay for {what}: needs {short}", house=house.name,
                              what=what, short=join(short)), rule=rule)
    return replace(house, dials=tuple(d - cost.get(r, 0) for r, d in zip(RESOURCES, house.dials)))


def cost_text(cost: Mapping[str, int]) -> Text:
    """A cost in words, "2 lumber + 2 mining" (it reads back with ``costs.parse_cost``)."""
    parts = [amount(r, n) for r, n in cost.items() if n]
    return join(parts, " + ") if parts else t("nothing")


def put_house(game: TradeWarzState, seat: int, house: House) -> TradeWarzState:
    houses = list(game.houses)
    houses[seat] = house
    return replace(game, houses=tuple(houses))
