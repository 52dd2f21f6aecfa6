"""Setting up a TradeWarz table: houses in player order, how the game ends, seasons, box data."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Checker, FieldSpec, resolve_rulings, t
from .costs import check_shape, parse_cost
from .data import COST_SHAPES, DEFAULT_SEASONS, RED_SEASONS, RESOURCES, UNVERIFIED
from .model import House, TradeWarzState
from .rulings import RULINGS
from .terms import COLOUR_WORDS, COST_LABELS

R_SETUP = "TradeWarz rulebook, Game duration; Choosing a house"
UNVERIFIED_HELP = t("unverified — check your components")
END_MODES = (("years", t("a number of years")), ("xadlas", t("a Xadla target")),
             ("time", t("a time limit (the season in play is finished)")))



def _cost_help(item: str, shape: tuple[int, ...]) -> object:
    """The help of a cost field: the printed amounts, and whether the default is a guess."""
    amounts = " + ".join(map(str, shape))
    where = UNVERIFIED_HELP if f"cost_{item}" in UNVERIFIED else t("from the box")
    if item.startswith("tech"):
        return t("amounts {amounts} per tech level, e.g. '2 lumber + 2 mining'; {where}",
                 amounts=amounts, where=where)
    if item == "university":
        return t("amounts {amounts} per university level (level n pays n times it); {where}",
                 amounts=amounts, where=where)
    if item == "recruit":
        return t("amounts {amounts} per soldier (double at a building); {where}",
                 amounts=amounts, where=where)
    return t("amounts {amounts}, e.g. '2 lumber + 2 mining'; {where}", amounts=amounts,
             where=where)


SETUP_FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("end_mode", t("How the game ends"), "choice", choices=END_MODES, default="years"),
    FieldSpec("years", t("Years (year-based game)"), low=1, high=50, required=False, default=4,
              help=t("the rulebook suggests 4 for a first game")),
    FieldSpec("xadla_target", t("Xadla target"), low=1, high=60, required=False, default=6,
              help=t("the rulebook suggests 6 for a first game")),
    FieldSpec("minutes", t("Time limit in minutes"), low=10, high=4000, required=False,
              default=150, help=t("the rulebook advises at least 150 for a first game")),
    FieldSpec("alliances", t("Alliances allowed"), "bool", required=False, default=True),
    FieldSpec("season_names", t("Seasons in order"), "text", required=False, limit=120,
              default=UNVERIFIED["season_names"],
              help=t("Summer first, Spring last; one season's name was lost: {unverified}",
                     unverified=UNVERIFIED_HELP)),
    FieldSpec("fifth_season_die", t("Die of the season whose name was lost"), "choice",
              choices=(("", t("not checked: follow ruling T18")), ("blue", t("blue")),
                       ("red", t("red"))),
              required=False, default="",
              help=t("as printed on your action board; unknown: ruling T18 decides")),
) + tuple(
    FieldSpec(f"cost_{item}", COST_LABELS[item], "text",
              required=False, limit=80, default=UNVERIFIED.get(f"cost_{item}", ""),
              help=_cost_help(item, shape))
    for item, shape in COST_SHAPES.items())

PLAYER_FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("name", t("House"), "text"),
    FieldSpec("colour", t("Colour"), "choice", choices=tuple(COLOUR_WORDS.items()),
              required=False, default="", usual=1),
)


def new_game(setup: Mapping[str, Any]) -> TradeWarzState:
    """Check a setup and return the first state (every dial at 6, two soldiers at the gate).

    Players are listed in player order. Raises InvalidInput listing every problem.
    """
    check = Checker()
    if not isinstance(setup, Mapping):
        setup = {}
        check.add("", t("the setup must be an object"))
    houses = _houses(check, setup.get("players"))
    mode = check.choice(setup, "end_mode", "", [m for m, _ in END_MODES], default="years")
    numbers = {f.name: check.integer(setup, f.name, "", default=f.default, low=f.low,
                                     high=f.high)
               for f in SETUP_FIELDS if f.kind == "int"}
    allowed = check.boolean(setup, "alliances", "", default=True)
    seasons = _seasons(check, setup)
    rulings = resolve_rulings(RULINGS, setup.get("rulings"), check)
    # the die read off the components is a fact; ruling T18 only settles it while unknown (a
    # form always sends the T18 select too, so the two cannot be required to agree)
    die = "" if setup.get("fifth_season_die") is None else check.choice(
        setup, "fifth_season_die", "", ["", "blue", "red"])
    rulings["T18"] = die or rulings["T18"]
    costs = _costs(check, setup)
    check.raise_if_any(rule=R_SETUP)
    return TradeWarzState(houses, rulings, seasons, mode, numbers["minutes"],
                          numbers["xadla_target"], numbers["years"], allowed, costs)


def _houses(check: Checker, players: Any) -> tuple[House, ...]:
    if not isinstance(players, list) or not 2 <= len(players) <= 6:
        check.add("players", t("TradeWarz needs 2 to 6 houses"))
        players = players[:6] if isinstance(players, list) else []
    houses, seen = [], {"name": set(), "colour": set()}
    for i, p in enumerate(players):
        path = f"players[{i}]"
        name = check.text(p, "name", path)
        colour = check.text(p, "colour", path, required=False)
        for key, value in (("name", name), ("colour", colour)):
            if value and value.lower() in seen[key]:
                check.add(f"{path}.{key}", t("two houses cannot share the name {value}",
                                             value=repr(value)) if key == "name" else
                          t("two houses cannot share the colour {value}", value=repr(value)))
            seen[key].add(value.lower())
        houses.append(House(name or f"House {i + 1}", colour))
    return tuple(houses)


def _seasons(check: Checker, setup: Mapping) -> tuple[str, ...]:
    text = check.text(setup, "season_names", "", limit=120, required=False)
    names = tuple(n.strip() for n in (text or ", ".join(DEFAULT_SEASONS)).split(","))
    if len(names) != 5 or not all(names) or len({n.lower() for n in names}) != 5:
        check.add("season_names", t("season_names needs five different names separated by "
                                    "commas (a year has five seasons)"))
        return DEFAULT_SEASONS
    if names[0].lower() != "summer" or names[-1].lower() != "spring":
        check.add("season_names", t("the year starts with Summer and ends with Spring"))
    return names


def _costs(check: Checker, setup: Mapping) -> tuple[tuple[str, tuple[int, ...]], ...]:
    out = []
    for item in COST_SHAPES:
        key = f"cost_{item}"
        default = UNVERIFIED.get(key, "")
        text = setup.get(key, default) if isinstance(setup, Mapping) else default
        if not text:
            continue
        if not isinstance(text, str):
            check.add(key, t("{key} must be text such as '2 lumber + 2 mining'", key=key))
            continue
        try:
            cost = parse_cost(text)
        except ValueError as err:  # (the problem's field names it: its label on a form)
            check.add(key, err.args[0])
            continue
        problem = check_shape(item, cost)
        if problem:
            check.add(key, problem)
            continue
        out.append((item, tuple(cost.get(r, 0) for r in RESOURCES)))
    return tuple(out)


def season_die(game: TradeWarzState, season: int) -> str:
    """Red die in Summer and Spring, blue in Fall and Winter, ruling T18 for the lost one (Dice)."""
    name = game.season_names[season].lower()
    if name in RED_SEASONS:
        return "red"
    if name in ("fall", "autumn", "winter"):
        return "blue"
    return game.rulings["T18"]
