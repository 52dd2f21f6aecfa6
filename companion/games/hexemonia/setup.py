"""Reading a new game's setup (rulebook, Preparazione): players, cities, options, tile data."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core import Checker, replace, resolve_rulings, t
from .data import (
    CITIES,
    CITIES_BY_COUNT,
    COUNT_ICONS,
    FATE_UNCOUNTED,
    KINDS,
    NATURES,
    TERRAIN_HEXES,
    CityInfo,
    fate_pile,
)
from .model import HexemoniaState, Player, city_table
from .rulings import RULINGS
from .terms import CITY_WORDS, commas, word

RULE = "Hexemonia rulebook, Preparazione (Setup)"


def read_setup(setup: Mapping[str, Any]) -> HexemoniaState:
    """Check a setup, listing every problem, and build the first state.

    Seats are in clockwise order; the first player sits left of the Last Player marker. In a
    2-player game both Acropolis tiles are face up, and revolts are the optional advanced rule
    (off unless asked for); with 3 or 4 players they are always played.
    """
    check = Checker()
    setup = setup if isinstance(setup, Mapping) else {}
    players = _read_players(setup, check)
    count = max(len(players), 1)
    rulings = resolve_rulings(RULINGS, setup.get("rulings"), check)
    # REGOLE AVANZATE PER 2 GIOCATORI: with 2 players revolts are an advanced rule, off unless
    # the table asks for them; with 3-4 they are not optional (a form's unticked box is ignored).
    revolts = count != 2 or check.boolean(setup, "revolts", "", default=False)
    last = _read_last(setup, count, check)
    fate = _read_fate(setup, count, check)
    cities = _read_cities(setup, rulings, check)
    check.raise_if_any(rule=RULE)
    players = tuple(replace(p, revealed=count == 2) for p in players)
    return HexemoniaState(players, rulings, fate, last, revolts, cities,
                          active=(last + 1) % count)


def icon_counts(setup: Mapping[str, Any], check: Checker) -> dict[int, int]:
    """The hexes of each player-count icon the table counted (box data), where given."""
    return {n: check.integer(setup, f"icon_{n}", "", high=TERRAIN_HEXES, label=t(
        "terrain hexes with the player-count icon {n}", n=n))
            for n in COUNT_ICONS if setup.get(f"icon_{n}") not in ("", None)}


def _read_fate(setup: Mapping[str, Any], count: int, check: Checker) -> int:
    """The Fate pile after dealing, derived from the player count and the hexes put back in the
    box (those whose icon is for more players; rulebook, Preparazione). A pile size typed by
    hand (a game file made before the app derived it) must fit in the box and agree with the
    derivation when the icon counts are given too. Without the counts a game still starts: its
    pile is uncounted, and the take that empties it says so (a first game is never refused
    for tiles nobody counted yet)."""
    icons = icon_counts(setup, check)
    if count not in CITIES_BY_COUNT:
        return 1  # the player list is wrong; its own problem says so
    missing = [n for n in COUNT_ICONS if n > count and n not in icons]
    put_back = sum(icons.get(n, 0) for n in COUNT_ICONS if n > count)
    derived = None if missing else fate_pile(count, put_back)
    if setup.get("fate") not in ("", None, 0):
        typed = check.integer(setup, "fate", "", low=1, high=fate_pile(count, 0),
                              label=t("the Fate pile"))
        counted = any(n > count for n in icons)
        if counted and derived is not None and typed != derived:
            check.add("fate", t("the Fate pile holds {derived} hexes with these icon counts, "
                                "not {typed}", derived=derived, typed=typed))
        return typed
    if missing:
        return FATE_UNCOUNTED
    if derived < 1:
        check.add(f"icon_{COUNT_ICONS[0]}", t(
            "{put_back} hexes put back in the box leave no Fate pile for {n} players",
            put_back=put_back, n=count))
        return 1
    return derived


def _read_last(setup: Mapping[str, Any], count: int, check: Checker) -> int:
    """The seat (0-based) holding the Last Player marker; empty: the last seat listed."""
    if setup.get("last_player") in ("", None):
        return count - 1
    seat = check.integer(setup, "last_player", "", default=count - 1, high=9)
    if seat >= count:
        check.add("last_player", t("the Last Player marker must go to one of the {count} "
                                   "seats, not seat {seat}", count=count, seat=seat + 1))
        return count - 1
    return seat


def _read_players(setup: Mapping[str, Any], check: Checker) -> tuple[Player, ...]:
    raw = setup.get("players")
    if not isinstance(raw, list) or not 2 <= len(raw) <= 4:
        check.add("players", t("Hexemonia needs 2 to 4 players"))
        return ()
    out, names = [], set()
    for i, data in enumerate(raw):
        path = f"players[{i}]"
        data = data if isinstance(data, Mapping) else {}
        name = check.text(data, "name", path)
        # left empty, the player enters their face-down Acropolis on their own phone
        city = "" if data.get("city") in ("", None) else check.choice(data, "city", path,
                                                                        CITIES)
        if name.casefold() in names:
            check.add(f"{path}.name", t("two players are called {name}", name=name))
        names.add(name.casefold())
        out.append(Player(name, city))
    check_cities([d.get("city") if isinstance(d, Mapping) else None for d in raw], check)
    return tuple(out)


def check_cities(cities: Sequence[Any], check: Checker) -> None:
    """Each Acropolis once, and only those in the box for this many players (rulebook,
    Preparazione). The setup, the score API and the quick pad all check cities here; a city
    that is no city at all is reported by its own field, not again as a duplicate."""
    allowed = CITIES_BY_COUNT.get(len(cities), CITIES)
    seen: set[str] = set()
    for i, city in enumerate(cities):
        if city not in CITIES:
            continue
        path = f"players[{i}].city"
        if city in seen:
            check.add(path, t("{city} is already taken; each Acropolis is unique",
                              city=word(CITY_WORDS, city)))
        elif city not in allowed:
            check.add(path, t("with {n} players the cities are {cities}", n=len(cities),
                              cities=commas(CITY_WORDS[c] for c in allowed)))
        seen.add(city)


def _read_cities(setup: Mapping[str, Any], rulings: Mapping[str, str],
                 check: Checker) -> tuple[tuple[str, CityInfo], ...]:
    """The table's overrides of city tiles (nature, bonus kind, bonus points), if any."""
    out = []
    for city, base in city_table(rulings).items():
        nature = check.choice(setup, f"{city}_nature", "", ("",) + NATURES, default="")
        kind = check.choice(setup, f"{city}_bonus_kind", "", ("", "myth") + KINDS, default="")
        points = check.integer(setup, f"{city}_bonus_points", "", default=0, high=9)
        if nature or kind or points:
            out.append((city, CityInfo(nature or base.nature, kind or base.bonus_kind,
                                       points or base.bonus_points,
                                       base.unverified and not (nature and kind and points),
                                       t("entered by the table"))))
    return tuple(out)

