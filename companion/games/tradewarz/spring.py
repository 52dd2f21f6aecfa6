"""The end of Spring in one tap: yearly income, Xadlas, the 21 rule and the end check.

``preview_spring`` is pure and shows every house's breakdown step by step (in the order of ruling
T5); ``apply_spring`` applies the same computation and starts the next year.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..core import IllegalAction, Text, replace, t, tn
from .data import CAPITAL_INCOME, RESOURCES, SILO_RESOURCES, TECHS
from .model import House, TradeWarzState, award, trade_full_dials, xadlas
from .support import map_room, recruit_problems
from .terms import RESOURCE_WORDS, join, soldiers, trading_posts
from .terms import castles as castle_count
from .terms import villages as village_count

R_INCOME = "TradeWarz rulebook, Easy resource calculation guide"
R_CAPITAL = "TradeWarz rulebook, The Capital City (sponsorship at the end of every year)"
R_POSTS = "TradeWarz rulebook, Trading posts"
R_XADLAS = "TradeWarz rulebook, Getting Xadlas"
R_DURATION = "TradeWarz rulebook, Game duration"
R_ALLIANCE = "TradeWarz rulebook, Forming alliances"
R_MECHANICS = "TradeWarz rulebook, Game mechanics"
R_CARAVANS = "TradeWarz rulebook, Buy Tech: Economy (Donkey, Mule and Elephant caravans)"


@dataclass(frozen=True)
class SpringLine:
    """One step of one house's end of Spring: what it got and the rule behind it. ``step`` is
    the numbered name ("2. Free soldier") for running text; a numbered list shows ``number``
    and ``title`` (a step may say several things, e.g. two dials at 21: same number)."""

    step: str
    house: str
    text: str
    rule: str
    number: int = 0
    title: str = ""


@dataclass(frozen=True)
class SpringPreview:
    """Every house's breakdown in step order, the boards after it, and the end check."""

    order: tuple[str, ...]
    keys: tuple[str, ...]
    lines: tuple[SpringLine, ...]
    houses: tuple[House, ...]
    missing: tuple[str, ...]
    game_end: str

    def for_house(self, name: str) -> tuple[SpringLine, ...]:
        return tuple(line for line in self.lines if line.house == name)

    @property
    def titles(self) -> tuple[Text, ...]:
        """The steps' names without their numbers (for a numbered list)."""
        return tuple(STEPS[key][0] for key in self.keys)


def _add(house: House, gains: dict[str, int]) -> House:
    return replace(house, dials=tuple(d + gains.get(r, 0) for r, d in zip(RESOURCES, house.dials)))


def _fmt(gains: dict[str, int]) -> Text:
    parts = [t("{resource} +{n}", resource=RESOURCE_WORDS[r], n=n) for r, n in gains.items() if n]
    return join(parts) if parts else t("nothing")


def _income(game: TradeWarzState, seat: int, house: House) -> tuple[House, list[str], str]:
    """Capital, villages, castles, silos, tech income and caravans (gold beside the posts)."""
    gains = dict.fromkeys(RESOURCES, 0)
    notes = []
    held_elsewhere = house.capital_held_by is not None and game.rulings["T15"] == "literal"
    capitals = [] if held_elsewhere else [house.name]
    if game.rulings["T15"] == "literal":
        capitals += [h.name for h in game.houses if h.capital_held_by == seat]
    for r, n in CAPITAL_INCOME.items():
        gains[r] += n * len(capitals)
    notes.append(t("capital of {names}", names=join(capitals)) if capitals else
                 t("capital occupied (T15)"))
    villages = house.villages - (house.castles if game.rulings["T16"] == "castle-only" else 0)
    gains["gold"] += villages + 2 * house.castles
    notes.append(t("{villages} x1 + {castles} x2 gold (T16, T7)",
                   villages=village_count(villages), castles=castle_count(house.castles)))
    for r, n in zip(SILO_RESOURCES, house.silos):
        gains[r] += n
    notes.append(t("silos {gains}", gains=_fmt(dict(zip(SILO_RESOURCES, house.silos)))))
    for tech in (TECHS[x] for x in house.techs):
        for r, n in tech.income:
            gains[r] += n
        if tech.income:
            notes.append(t("{tech} {gains}", tech=tech.name, gains=_fmt(dict(tech.income))))
        gold, res = tech.caravan
        if gold or res:
            if tech.id == "mule_caravans" and game.rulings["T8"] == "two-gold":
                gold = 2
            gains["gold"] += gold
            area = house.area_of(tech.id)
            if area:
                gains[area] += res
            notes.append(t("{tech} gold +{gold}, {n} from its area (T8)", tech=tech.name,
                           gold=gold, n=res) if not area else
                         t("{tech} gold +{gold}, {resource} +{n} from its army's area (T8)",
                           tech=tech.name, gold=gold, n=res, resource=RESOURCE_WORDS[area]))
    return _add(house, gains), [t("{gains} ({notes})", gains=_fmt(gains),
                                  notes=join(notes, "; "))], R_INCOME


def _posts_gold(game: TradeWarzState, seat: int, house: House) -> tuple[House, list[str], str]:
    """Trading posts: 1 gold each, 2 with the economy university at 3+ (T9); T6 for the pair."""
    level = house.university("economy")
    double = level >= 3 if game.rulings["T9"] == "at-least-3" else level == 3
    per = 2 if double else 1
    gold = per * len(house.posts)
    bonus = 1 if game.rulings["T6"] == "example" and len(house.posts) >= 2 else 0
    posts = trading_posts(len(house.posts))
    text = (t("gold +{gold} ({posts} x{per} + 1 for the pair, T6 example reading)",
              gold=gold + bonus, posts=posts, per=per) if bonus else
            t("gold +{gold} ({posts} x{per}; T6, T9)", gold=gold + bonus, posts=posts,
              per=per))
    return _add(house, {"gold": gold + bonus}), [text], R_POSTS


def _soldier(game: TradeWarzState, seat: int, house: House) -> tuple[House, list[str], str]:
    """One free soldier to the capital gate, two with One free annual recruit."""
    want = 1 + house.has_tech("free_annual_recruit")
    moved = min(want, house.reserve)
    gate = moved
    while moved and recruit_problems(house, moved, at_building=False):
        moved -= 1  # the gate and the support have room for fewer (Recruit; Support)
    house = replace(house, soldiers=house.soldiers + moved, reserve=house.reserve - moved)
    if moved == want:
        said = tn("{n} free soldier to the capital gate", "{n} free soldiers to the capital gate",
                  moved)
    elif moved < gate:
        said = tn("{n} free soldier to the capital gate (only {n}: {house} has room for {room} "
                  "on the map, 6 at the gate and those its buildings and capital support away "
                  "from it)", "{n} free soldiers to the capital gate (only {n}: {house} has room "
                  "for {room} on the map, 6 at the gate and those its buildings and capital "
                  "support away from it)", moved, house=house.name,
                  room=soldiers(map_room(house)))
    else:
        said = tn("{n} free soldier to the capital gate (only {n}: the reserve is empty)",
                  "{n} free soldiers to the capital gate (only {n}: the reserve is empty)",
                  moved)
    return house, [said], R_CAPITAL


def _morale(game: TradeWarzState, seat: int, house: House) -> tuple[House, list[str], str]:
    """A morale card for each capital the house holds: under T15 literal the occupier takes a
    captured capital's card with its other benefits (not its units)."""
    if game.rulings["T15"] != "literal":
        return replace(house, morale=house.morale + 1), [t("1 morale card")], R_CAPITAL
    held = [h.name for h in game.houses if h.capital_held_by == seat]
    n = (house.capital_held_by is None) + len(held)
    said = tn("{n} morale card (capital of {names}; T15)",
              "{n} morale cards (capital of {names}; T15)", n, names=join(
        ([house.name] if house.capital_held_by is None else []) + held)) if n else \
        t("no morale card: its capital is occupied (T15)")
    return replace(house, morale=house.morale + n), [said], R_CAPITAL


def _posts_xadla(game: TradeWarzState, seat: int, house: House) -> tuple[House, list[str], str]:
    n = len(house.posts)
    ok = n >= 2 if game.rulings["T2"] == "two-or-more" else n == 2
    if not ok:
        return house, [t("no golden Xadla for posts ({n} held; T2)", n=n)], R_XADLAS
    return award(house, "posts"), [t("golden Xadla for holding {n} trading posts (T2)", n=n)], \
        R_XADLAS


def _dials12(game: TradeWarzState, seat: int, house: House) -> tuple[House, list[str], str]:
    low = 12 if game.rulings["T1"] == "at-least-12" else 13
    dials = join([t("{resource} {n}", resource=RESOURCE_WORDS[r], n=d)
                  for r, d in zip(RESOURCES, house.dials)])
    if min(house.dials) >= low:
        return award(house, "dials12"), [t("golden Xadla: every dial at {low}+ ({dials}; T1)",
                                           low=low, dials=dials)], R_XADLAS
    return house, [t("no golden Xadla: not every dial at {low}+ ({dials}; T1)", low=low,
                     dials=dials)], R_XADLAS


def _dial21(game: TradeWarzState, seat: int, house: House) -> tuple[House, list[str], str]:
    house, events = trade_full_dials(house, game.rulings)
    return house, events or [t("no dial at 21")], R_XADLAS


Step = Callable[[TradeWarzState, int, House], tuple[House, list[str], str]]
STEPS: dict[str, tuple[str, Step]] = {
    "income": (t("Income: capital, buildings, silos, techs"), _income),
    "posts_gold": (t("Gold from trading posts"), _posts_gold),
    "soldier": (t("Free soldier"), _soldier), "morale": (t("Morale card"), _morale),
    "posts_xadla": (t("Golden Xadla for two trading posts"), _posts_xadla),
    "dials12": (t("Golden Xadla for every dial at 12"), _dials12),
    "dial21": (t("Dials at 21 trade 11 for a golden Xadla"), _dial21),
}
#: ruling T5; the digest order ends with the 21 rule again because it holds at every moment (T4)
ORDERS = {
    "digest": ("income", "dial21", "dials12", "posts_xadla", "posts_gold", "soldier", "morale",
               "dial21"),
    "income-first": ("income", "posts_gold", "soldier", "morale", "posts_xadla", "dials12",
                     "dial21"),
    "formula": ("income", "posts_gold", "dial21", "dials12", "posts_xadla", "soldier", "morale",
                "dial21"),
}


def preview_spring(game: TradeWarzState) -> SpringPreview:
    """What the end of Spring gives each house, step by step in the order of ruling T5."""
    order = ORDERS[game.rulings["T5"]]
    houses, lines = list(game.houses), []
    for n, key in enumerate(order, 1):
        label, step = STEPS[key]
        for seat, house in enumerate(houses):
            houses[seat], texts, rule = step(game, seat, house)
            lines += [SpringLine(t("{n}. {step}", n=n, step=label), house.name, text, rule,
                                 n, label) for text in texts]
    missing = tuple(t("{house} holds {tech}: enter the resource of the area its army "
                      "occupies", house=h.name, tech=TECHS[x].name) for h in game.houses
                    for x in h.techs if TECHS[x].caravan != (0, 0) and not h.area_of(x))
    after = replace(game, houses=tuple(houses))
    end = end_reason(after, spring_done=True)
    return SpringPreview(tuple(t("{n}. {step}", n=n, step=STEPS[k][0])
                               for n, k in enumerate(order, 1)), order, tuple(lines),
                         tuple(houses), missing, end)


def apply_spring(game: TradeWarzState) -> TradeWarzState:
    """Apply the end of Spring and open the next year (tokens back, capitals freed: T15)."""
    if game.phase != "spring_end":
        raise IllegalAction(t("the end of Spring comes after every house has acted in Spring"),
                            rule=R_MECHANICS)
    preview = preview_spring(game)
    if preview.missing:
        raise IllegalAction(join(preview.missing, "; "), rule=R_CARAVANS)
    houses = tuple(replace(h, tokens=(), villages_this_year=0, capital_held_by=None)
                   for h in preview.houses)
    events = tuple(t("{house}: {text}", house=ln.house, text=ln.text)
                   for ln in preview.lines if "Xadla" in ln.text
                   and not ln.text.startswith("no "))
    # a game that ends here stays in its last year (no "year 4 of 3")
    year = game.year if preview.game_end else game.year + 1
    won, won_by = reached(replace(game, houses=houses)) if preview.game_end else ((), "")
    return replace(game, houses=houses, year=year, season=0, turn=0, mover=None, target=None,
                   move="", fought=(),
                   phase="over" if preview.game_end else "seasons", ended=preview.game_end,
                   events=events, won=won, won_by=won_by)


def check_year(game: TradeWarzState, year: int) -> None:
    """The end of Spring names the year it ends (0: not named); once applied, the year is over
    and a second tap naming it is refused instead of ending the next year."""
    if year and year < game.year:
        raise IllegalAction(t("the end of Spring of year {year} was already applied; the table "
                              "is in year {now}", year=year, now=game.year), rule=R_MECHANICS,
                            field="year")
    if year > game.year:
        raise IllegalAction(t("year {year} has not begun; the table is in year {now}",
                              year=year, now=game.year), rule=R_MECHANICS, field="year")


def end_of_spring(game: TradeWarzState, data: Mapping[str, Any]
                  ) -> tuple[TradeWarzState, list[str]]:
    """The end-of-Spring action: the year it names, then ``apply_spring``."""
    check_year(game, data.get("year", 0))
    after = apply_spring(game)
    return after, list(after.events)


def alliance_target(game: TradeWarzState, members: int) -> int:
    """Ruling T13: members x target + 2 (a pair: 2 x 6 + 2 = 14)."""
    times = members if game.rulings["T13"] == "n-times" else 2
    return times * game.xadla_target + 2


def reached(game: TradeWarzState) -> tuple[tuple[int, ...], str]:
    """In a Xadla-target game, the houses that have just won and how: ``target`` (single houses
    at the target: the first to reach it wins, Game duration) or ``alliance`` (an alliance at
    its target, a shared win, Forming alliances); ``((), "")`` while nobody has."""
    if game.end_mode != "xadlas":
        return (), ""
    r = game.rulings
    # an allied house plays for the alliance target (2 x target + 2 can never be reached
    # without one member passing the single target, so that one must not end the game)
    best = tuple(i for i, h in enumerate(game.houses)
                 if xadlas(h, r) >= game.xadla_target and not game.alliance_of(i))
    if best:
        return best, "target"
    for members in game.alliances:
        if sum(xadlas(game.houses[i], r) for i in members) >= alliance_target(game,
                                                                              len(members)):
            return members, "alliance"
    return (), ""


def end_reason(game: TradeWarzState, *, spring_done: bool = False) -> str:
    """Why the game is over now, or an empty string (Game duration; Forming alliances). The
    rule it cites is in words of their own, so that a reader of another language reads the
    section's name in theirs inside the sentence."""
    duration = t("TradeWarz rulebook, Game duration")  # (R_DURATION, R_ALLIANCE in words)
    alliances = t("TradeWarz rulebook, Forming alliances")
    seats, how = reached(game)
    if how == "target":
        return t("{names} reached {target} Xadlas ({rule})",
                 names=join([game.houses[i].name for i in seats]),
                 target=game.xadla_target, rule=duration)
    if how == "alliance":
        total = sum(xadlas(game.houses[i], game.rulings) for i in seats)
        names = join([game.houses[i].name for i in seats], " and ")
        return t("the alliance of {names} reached {total} Xadlas (target {target}; "
                 "{rule}, T13)", names=names, total=total,
                 target=alliance_target(game, len(seats)), rule=alliances)
    if spring_done and game.end_mode == "years" and game.year >= game.years:
        return (t("{n} year played ({rule})", n=game.years, rule=duration) if game.years == 1
                else t("{n} years played ({rule})", n=game.years, rule=duration))
    if spring_done and game.end_mode == "time" and game.time_up:
        return t("time is up and the season is over ({rule})", rule=duration)
    return ""


__all__ = ["SpringLine", "SpringPreview", "preview_spring", "apply_spring", "end_reason",
           "reached",
           "check_year", "end_of_spring",
           "alliance_target"]
