"""End-of-game scoring of Hexemonia (rulebook, Calcolo dei punti; digest §A4.2).

The score API, the quick score pad and the live game all build :class:`PlayerFacts` and score them
with :func:`score_sheet`, so every path gives the same numbers.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core import Checker, Result, ScoreLine, ScoreSheet, Standing, rank, replace, standing_of, t
from .data import CITIES, KINDS, MAX_MYTHS, NATURES, NO_CITY, CityInfo
from .facts import HexFact, MythFact, PlayerFacts
from .holdings import myth_problems, too_many_myths
from .model import HexemoniaState, city_table
from .setup import check_cities
from .terms import CITY_WORDS, NATURE_WORDS, active_kinds, commas, word

RULE = "Hexemonia rulebook, Calcolo dei punti (Scoring)"
TIEBREAKS = ("acropolis_nature", "acropolis_gold")

def facts_of(state: HexemoniaState) -> list[PlayerFacts]:
    """The end-of-game facts of a live game, as the score API would receive them."""
    return [PlayerFacts(p.name, p.city, p.acropolis.gold,
                        tuple(HexFact(h.kind, h.nature, h.is_active) for h in p.hexes),
                        tuple(MythFact(m.nature, p.is_myth_active(m)) for m in p.myths),
                        state.philosopher == i, state.revolts)
            for i, p in enumerate(state.players)]


def myth_trios(natures: Sequence[str]) -> int:
    """How many disjoint trios of three different natures ``natures`` can form.

    Taking one member from each of the three most common natures, again and again, gives the
    largest number of trios; with at most 3 Myths and the Acropolis it is 0 or 1.
    """
    counts = Counter(natures)
    trios = 0
    while len([n for n in counts.values() if n]) >= 3:
        for nature, _ in counts.most_common(3):
            counts[nature] -= 1
        trios += 1
    return trios


def _count(facts: PlayerFacts, kind: str) -> int:
    if kind == "myth":
        return sum(m.active for m in facts.myths)  # H2: the Acropolis is not counted here
    return sum(h.active and h.kind == kind for h in facts.hexes)


def score_sheet(facts: PlayerFacts, players: int, rulings: Mapping[str, str],
                city: CityInfo) -> ScoreSheet:
    """One player's score lines and tie-break values (digest §A4.2, rulings H2, H3, H19)."""
    chora, forts, polis = (_count(facts, k) for k in KINDS)
    members = [m.nature for m in facts.myths if m.active or rulings.get("H3") != "active"]
    acropolis = [city.nature] if city.nature else []  # "": face down, stands in for nothing
    trios = myth_trios(members + acropolis)
    with_philosopher = players == 2 and not facts.revolts and facts.philosopher
    bonus_count = _count(facts, city.bonus_kind)
    lines = (
        ScoreLine("chora_fortification", t("Active Chora and Fortifications"), chora + forts,
                  t("{chora} Chora + {forts}, 1 each", chora=chora,
                    forts=t("1 Fortification") if forts == 1 else
                    t("{n} Fortifications", n=forts)), RULE),
        ScoreLine("polis", t("Active Polis"), 2 * polis, t("{n} × 2", n=polis), RULE),
        ScoreLine("myth_trio", t("Myth trio"), 8 * trios, _trio_detail(members, city, trios),
                  f"{RULE}; rulings H2, H3", _nature_decides_trio(members, city)),
        ScoreLine("acropolis_gold", t("Gold on the Acropolis"), facts.acropolis_gold,
                  t("{n} × 1", n=facts.acropolis_gold), RULE),
        ScoreLine("philosopher", t("Philosopher"), 3 if with_philosopher else 0,
                  _philosopher_detail(facts, players), RULE),
        ScoreLine("city_bonus", t("City bonus"), city.bonus_points * bonus_count,
                  _bonus_detail(facts, city, bonus_count),
                  f"{RULE}; Acropoli reference; ruling H1", _unverified(city)),
    )
    return ScoreSheet(facts.name, lines, {"acropolis_nature": _nature_count(facts, city, rulings),
                                          "acropolis_gold": facts.acropolis_gold},
                      ("acropolis_nature",) if _unverified(city) else ())


def _unverified(city: CityInfo) -> bool:
    """Whether a revealed Acropolis's tile data is the digest's guess (ruling H1): its nature
    and bonus are then marked wherever they count, the tie-break (H19) included."""
    return city.unverified and bool(city.nature)


def _nature_decides_trio(members: Sequence[str], city: CityInfo) -> bool:
    """Whether an unverified Acropolis nature decides the Myth trio: another nature on the
    tile would make or unmake it."""
    trios = myth_trios([*members, city.nature])
    return _unverified(city) and any(myth_trios([*members, n]) != trios for n in NATURES)


def _philosopher_detail(facts: PlayerFacts, players: int) -> Any:
    if players != 2:
        return t("no points with {n} players", n=players)
    if facts.revolts:
        return t("no points: played with revolts (the advanced rule)")
    return t("3 (2 players, no revolts)") if facts.philosopher else \
        t("3 to the holder; not held")


def _trio_detail(members: Sequence[str], city: CityInfo, trios: int) -> str:
    nature = word(NATURE_WORDS, city.nature) if city.nature else t("face down")
    if not members:
        return t("no Myth: no trio (Acropolis {nature})", nature=nature)
    natures = commas(word(NATURE_WORDS, m) for m in members)
    if trios:
        out = t("Myths {natures} + Acropolis {nature}: 1 trio × 8", natures=natures,
                nature=nature)
    else:
        out = t("Myths {natures} + Acropolis {nature}: no trio (three different natures are "
                "needed)", natures=natures, nature=nature)
    if _nature_decides_trio(members, city):
        return t("{detail} (the Acropolis nature is unverified tile data)", detail=out)
    return out


def _bonus_detail(facts: PlayerFacts, city: CityInfo, count: int) -> str:
    if not facts.city:
        return t("the Acropolis was never entered")
    if not city.nature:
        return t("the Acropolis is still face down; its bonus counts once revealed")
    values = dict(city=word(CITY_WORDS, facts.city), hexes=active_kinds(city.bonus_kind, count),
                  points=city.bonus_points)
    if city.unverified:
        return t("{city}: {hexes} × {points} (unverified tile data)", **values)
    return t("{city}: {hexes} × {points}", **values)


def _nature_count(facts: PlayerFacts, city: CityInfo, rulings: Mapping[str, str]) -> int:
    """Ruling H19: active hexes (and active Myths by default) sharing the Acropolis's nature."""
    hexes = sum(h.active and h.nature == city.nature for h in facts.hexes)
    if rulings.get("H19") == "hexes-only":
        return hexes
    return hexes + sum(m.active and m.nature == city.nature for m in facts.myths)


HIDDEN_CITY = "hidden"
#: An Acropolis still face down: no nature, no bonus (``score_sheet`` reads "" as none).
HIDDEN = CityInfo("", "", 0, False, t("face down"))


def result_of(facts: Sequence[PlayerFacts], rulings: Mapping[str, str],
              cities: Mapping[str, CityInfo]) -> Result:
    """The score pad of ``facts``, each player's Acropolis read in ``cities``."""
    sheets = tuple(score_sheet(f, len(facts), rulings, cities[f.city]) for f in facts)
    return Result("hexemonia", sheets, rank(sheets, TIEBREAKS), dict(rulings))


def score_state(state: HexemoniaState) -> Result:
    """The score pad of a live game; while it runs, an Acropolis still face down adds nothing
    (its bonus, its nature in a Myth trio and in the tie-break would give it away)."""
    cities = {c: state.city_info(c) for c in city_table(state.rulings)}
    facts = facts_of(state)
    for i, p in enumerate(state.players):
        if not (p.revealed or state.over):
            facts[i] = replace(facts[i], city=HIDDEN_CITY)
    return result_of(facts, state.rulings, {**cities, HIDDEN_CITY: HIDDEN, "": NO_CITY})


def standing(state: HexemoniaState) -> Standing:
    """Each player's points if the game ended now (active hexes, Myth trios, the gold on the
    Acropolis, the city bonus and the Philosopher) and the places they give; an Acropolis still
    face down counts nothing until revealed, as on the score pad."""
    return standing_of(score_state(state))


def round_of(state: HexemoniaState) -> int:
    """The round a turn belongs to: every player takes one turn a round, clockwise."""
    return (state.turn - 1) // len(state.players) + 1


# ------------------------------------------------------------------------------ score API input

#: every key the score API reads (docs/guide.md, "Score API", lists them): any other is refused
#: by name, so a typo ("philosophr") never scores as nothing
REQUEST_KEYS = ("players", "revolts", "rulings")
PLAYER_KEYS = ("name", "city", "acropolis_gold", "hexes", "myths", "philosopher")
HEX_KEYS = ("kind", "nature", "active")
MYTH_KEYS = ("nature", "active")


def parse_players(payload: Any, check: Checker) -> list[PlayerFacts]:
    """Read the score API's players (DESIGN.md, "The score API"), collecting every problem."""
    data = payload if isinstance(payload, Mapping) else {}
    check.unknown_keys(data, REQUEST_KEYS, "")
    players = data.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        check.add("players", t("players must be a list of 2 to 4 players"))
        return []
    # revolts are the advanced rule with 2 players (off unless sent), never optional with 3-4
    revolts = check.boolean(data, "revolts", "", default=len(players) != 2)
    if not revolts and len(players) != 2:
        check.add("revolts", t("revolts can be left out only with 2 players, not {n}",
                               n=len(players)))
    out = [_parse_player(p, f"players[{i}]", revolts, check) for i, p in enumerate(players)]
    _check_unique(out, check)
    check_cities([p.get("city") if isinstance(p, Mapping) else None for p in players], check)
    for field, problem in myth_problems(out, [_myths_read(p, players[i]) for i, p in
                                              enumerate(out)]):
        check.add(field, problem)
    return out


def _parse_player(data: Any, path: str, revolts: bool, check: Checker) -> PlayerFacts:
    if not isinstance(data, Mapping):
        check.add(path, t("each player must be an object"))
        data = {}
    check.unknown_keys(data, PLAYER_KEYS, path)
    return PlayerFacts(
        check.text(data, "name", path), check.choice(data, "city", path, CITIES),
        check.integer(data, "acropolis_gold", path, default=0),
        tuple(HexFact(_kind(h, p, check), check.choice(h, "nature", p, NATURES),
                      check.boolean(h, "active", p, default=True))
              for p, h in _items(data, "hexes", path, 60, check, keys=HEX_KEYS)),
        tuple(MythFact(check.choice(m, "nature", p, NATURES),
                       check.boolean(m, "active", p, default=True))
              for p, m in _items(data, "myths", path, MAX_MYTHS, check, keys=MYTH_KEYS,
                                 too_many=lambda n: too_many_myths(str(data.get("name") or path),
                                                                   n))),
        check.boolean(data, "philosopher", path, default=False), revolts)


def _kind(h: Mapping, path: str, check: Checker) -> str:
    """A hex's kind; an inactive hex scores nothing whatever its kind, so it may leave it out
    (the quick pad's inactive Myths tell only the nature of the hex holding their token)."""
    if h.get("active") is False and "kind" not in h:
        return ""
    return check.choice(h, "kind", path, KINDS)


def _myths_read(facts: PlayerFacts, raw: Any) -> list[bool]:
    """Which of a player's Myths were read without a problem of their own."""
    return [isinstance(m, Mapping) and m.get("nature") in NATURES
            and isinstance(m.get("active", True), bool)
            for m in raw["myths"][:len(facts.myths)]] if facts.myths else []


def _items(data: Mapping, key: str, path: str, limit: int, check: Checker, *,
           keys: Sequence[str], too_many: Callable[[int], Any] | None = None) -> list:
    value = data.get(key, [])
    if not isinstance(value, list):
        check.add(f"{path}.{key}", t("{key} must be a list", key=key))
        return []
    if len(value) > limit:
        check.add(f"{path}.{key}", too_many(len(value)) if too_many else t(
            "{key} has {n} entries; at most {limit} allowed", key=key, n=len(value),
            limit=limit))
    out = []
    for i, item in enumerate(value[:limit]):
        if not isinstance(item, Mapping):
            check.add(f"{path}.{key}[{i}]", t("{key}[{i}] must be an object", key=key, i=i))
            item = {}
        check.unknown_keys(item, keys, f"{path}.{key}[{i}]")
        out.append((f"{path}.{key}[{i}]", item))
    return out


def _check_unique(players: list[PlayerFacts], check: Checker) -> None:
    seen_names = set()
    for i, p in enumerate(players):
        if p.name and p.name.casefold() in seen_names:
            check.add(f"players[{i}].name", t("two players are called {name}", name=p.name))
        seen_names.add(p.name.casefold())
    holders = [i for i, p in enumerate(players) if p.philosopher]
    for i in holders[1:]:
        check.add(f"players[{i}].philosopher", t("only one player can hold the Philosopher"))

