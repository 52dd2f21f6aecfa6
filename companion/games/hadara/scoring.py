"""Hadara's final scoring ("End of the Game") and the tie-break of ruling HAD-1.

The same code scores a live game (facts taken from its state) and the quick score pad / score API
(facts entered by the table).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from collections.abc import Mapping, Sequence
from typing import Any

from ..core import (MAX_NUMBER, Checker, Placing, Result, Ruling, ScoreLine, ScoreSheet, Text,
                    ceil_half, rank, resolve_rulings, t)
from .model import COLOUR_WORDS, COLOURS, TRACK_WORDS, TRACKS, HadaraState, Player

END = "Hadara rulebook, End of the Game"
_KEYS = ", ".join(TRACKS)  # the score API's keys are shown as they are typed, in any language
MAX_PLAYERS = 5
_MOST_CARDS = 200  # of one colour, in the score API (a sanity limit, not a rule)

RULINGS = {
    "HAD-1": Ruling(
        "HAD-1",
        t("A tie goes to the most leftover coins: coins left after paying for points, or all "
          "coins?"),
        "remainder",
        {"remainder": t("coins left after paying 5-coin lots for points (coins mod 5)"),
         "all-coins": t("every coin held at the end of the game")},
        t("The rulebook has coins paid for points before the tie-break, so only the remainder is "
          "left over.")),
    "HAD-2": Ruling(
        "HAD-2",
        t("Does a card removed when feeding count as sold?"),
        "no-coins",
        {"no-coins": t("no coins; the card leaves play and its track values are taken away")},
        t("Stated in Feed Your People; listed so the table sees why no coins were paid.")),
    "HAD-3": Ruling(
        "HAD-3",
        t("Is purple one of the five colours of a gold-medal set?"),
        "purple-counts",
        {"purple-counts": t("a set is one card each of yellow, red, blue, green and purple")},
        t("The cards come in exactly five colours.")),
}


@dataclass(frozen=True)
class Facts:
    """What final scoring needs to know about one player."""

    name: str
    coins: int
    tracks: Mapping[str, int]
    card_counts: Mapping[str, int]
    card_points: Mapping[str, int]
    colonies: tuple[int, ...]
    statues: tuple[int, ...]
    face_down_tiles: tuple[int, ...]
    silver_medals: tuple[str, ...]
    gold_medals: int


def facts_of(player: Player) -> Facts:
    """A player's end-of-game facts, read from a live game's state."""
    return Facts(
        name=player.name, coins=player.coins,
        tracks={tr: player.track(tr) for tr in TRACKS},
        card_counts={c: player.count(c) for c in COLOURS},
        card_points={c: sum(k.points for k in player.cards if k.colour == c) for c in COLOURS},
        colonies=tuple(c.points for c in player.colonies),
        statues=tuple(s.points for s in player.statues),
        face_down_tiles=tuple(s.tile_value for s in player.statues if not s.face_up),
        silver_medals=player.silver, gold_medals=player.gold)


# The words of a score line depend only on a few small numbers (a colony's points, a track's
# value, a count of coins), so each phrase is made once per process and shared: Texts never
# change. Every pad and every score API call of every game shows the same few hundred phrases.
_WORDS = lru_cache(maxsize=1024)


@_WORDS
def _sum_detail(values: tuple[int, ...]) -> str:
    # a sum of printed numbers ("5 + 7") needs no words
    return " + ".join(str(v) for v in values) if values else t("none")


def _semicolons(parts: Sequence[Text]) -> Text:
    joined = parts[0]
    for more in parts[1:]:
        joined = t("{a}; {b}", a=joined, b=more)
    return joined


def _commas(parts: Sequence[Text]) -> Text:
    joined = parts[0]
    for more in parts[1:]:
        joined = t("{a}, {b}", a=joined, b=more)
    return joined


@_WORDS
def _statue_detail(statues: tuple[int, ...], tiles: tuple[int, ...]) -> Text:
    if tiles:
        return t("statues {statues}; face-down tiles {tiles}", statues=_sum_detail(statues),
                 tiles=_sum_detail(tiles))
    return t("statues {statues}", statues=_sum_detail(statues))


@_WORDS
def _silver_detail(tracks: tuple[tuple[str, int], ...]) -> Text:
    """``tracks``: (track, value) of each silver medal."""
    if not tracks:
        return t("none")
    return _semicolons([t("{track} {value} / 2 rounded up = {points}", track=TRACK_WORDS[tr],
                          value=value, points=ceil_half(max(value, 0))) for tr, value in tracks])


@_WORDS
def _cards_detail(points: tuple[tuple[str, int], ...]) -> Text:
    """``points``: (colour, points) of each colour the player has cards of."""
    if not points:
        return t("none")
    return _commas([t("{colour} {points}", colour=COLOUR_WORDS[c], points=p) for c, p in points])


@_WORDS
def _gold_detail(sets: int, medals: int) -> Text:
    return t("7 × {sets} × {medals}",
             sets=(t("{n} set of five colours", n=sets) if sets == 1
                   else t("{n} sets of five colours", n=sets)),
             medals=(t("{n} gold medal", n=medals) if medals == 1
                     else t("{n} gold medals", n=medals)))


@_WORDS
def _coins_detail(coins: int) -> Text:
    return t("{coins} coins ÷ 5 = {points}, {left} left over", coins=coins, points=coins // 5,
             left=coins % 5)


def sets_of_five(counts: Mapping[str, int]) -> int:
    """Complete sets of five differently coloured cards (ruling HAD-3: purple is a colour)."""
    return min(counts.get(c, 0) for c in COLOURS)


# The score pad's line labels, made once (every pad of every game and API call shows them).
_COLONIES, _STATUES, _SILVER, _GOLD, _CARDS, _COINS = (
    t("Colonies"), t("Statues"), t("Silver medals"), t("Gold medals"), t("Cards"), t("Coins"))


def score_lines(f: Facts) -> tuple[ScoreLine, ...]:
    """The six lines of the score pad for one player."""
    silver = tuple((tr, f.tracks.get(tr, 0)) for tr in f.silver_medals)
    sets = sets_of_five(f.card_counts)
    cards = tuple((c, f.card_points.get(c, 0)) for c in COLOURS if f.card_counts.get(c, 0))
    return (
        ScoreLine("colonies", _COLONIES, sum(f.colonies), _sum_detail(tuple(f.colonies)), END),
        ScoreLine("statues", _STATUES, sum(f.statues) + sum(f.face_down_tiles),
                  _statue_detail(tuple(f.statues), tuple(f.face_down_tiles)), END),
        ScoreLine("silver_medals", _SILVER, sum(ceil_half(max(v, 0)) for _, v in silver),
                  _silver_detail(silver), END),
        ScoreLine("gold_medals", _GOLD, 7 * sets * f.gold_medals,
                  _gold_detail(sets, f.gold_medals), END + "; HAD-3"),
        ScoreLine("cards", _CARDS, sum(f.card_points.values()), _cards_detail(cards), END),
        ScoreLine("coins", _COINS, f.coins // 5, _coins_detail(f.coins), END),
    )


def tiebreak_coins(f: Facts, reading: str) -> int:
    """Ruling HAD-1: the coins compared when totals tie."""
    return f.coins % 5 if reading == "remainder" else f.coins


def score_facts(facts: Sequence[Facts], rulings: Mapping[str, str]) -> Result:
    """Score pad and ranking for the given players (in seat order)."""
    readings = resolve_rulings(RULINGS, rulings)
    sheets = tuple(ScoreSheet(f.name, score_lines(f),
                              {"coins": tiebreak_coins(f, readings["HAD-1"])}) for f in facts)
    ranking: tuple[Placing, ...] = rank(sheets, ("coins",))
    return Result("hadara", sheets, ranking, {"HAD-1": readings["HAD-1"]})


def score_state(state: HadaraState) -> Result:
    return score_facts([facts_of(p) for p in state.players], state.rulings)


# --------------------------------------------------------------------------- reading facts

def _read_player(check: Checker, raw: Any, path: str) -> Facts:
    if not isinstance(raw, Mapping):
        check.add(path, t("each player must be an object"))
        return Facts("", 0, {}, {}, {}, (), (), (), (), 0)
    tracks_raw = raw.get("tracks", {})
    if not isinstance(tracks_raw, Mapping):
        check.add(f"{path}.tracks", t("tracks must be an object of {keys}", keys=_KEYS))
        tracks_raw = {}
    for extra in set(tracks_raw) - set(TRACKS):
        check.add(f"{path}.tracks.{extra}", t("unknown track {name}; tracks are {keys}",
                                              name=repr(extra), keys=_KEYS))
    where = f"{path}.tracks"
    tracks = {tr: check.integer(tracks_raw, tr, where, default=0) for tr in TRACKS}
    counts, points = _read_cards(check, raw.get("cards", {}), f"{path}.cards")
    silver = raw.get("silver_medals", [])
    if not isinstance(silver, list):
        check.add(f"{path}.silver_medals", t("silver_medals must be a list of track names"))
        silver = []
    if len(silver) > 2:
        check.add(f"{path}.silver_medals", t("{n} silver medals; a player buys at most 2 (Buy "
                                             "Silver or Gold Medals)", n=len(silver)))
    for i, tr in enumerate(silver):
        if tr not in TRACKS:
            check.add(f"{path}.silver_medals[{i}]", t("a silver medal names a track: {keys}",
                                                      keys=_KEYS))
    return Facts(
        name=check.text(raw, "name", path),
        coins=check.integer(raw, "coins", path, default=0),
        tracks=tracks, card_counts=counts, card_points=points,
        colonies=check.int_list(raw, "colonies", path, max_items=5),
        statues=check.int_list(raw, "statues", path, max_items=4),
        face_down_tiles=check.int_list(raw, "face_down_tiles", path, max_items=4),
        silver_medals=tuple(tr for tr in silver[:2] if tr in TRACKS),
        gold_medals=check.integer(raw, "gold_medals", path, default=0, high=2))


def _read_cards(check: Checker, raw: Any, path: str) -> tuple[dict, dict]:
    if not isinstance(raw, Mapping):
        check.add(path, t("cards must be an object keyed by colour"))
        raw = {}
    for extra in set(raw) - set(COLOURS):
        check.add(f"{path}.{extra}", t("unknown colour {name}; colours are {keys}",
                                       name=repr(extra), keys=", ".join(COLOURS)))
    counts, points = {}, {}
    for colour in COLOURS:
        entry = raw.get(colour, {})
        if type(entry) is dict:  # the common case first: two whole numbers in range
            count, pts = entry.get("count", 0), entry.get("points", 0)
            if (type(count) is int and type(pts) is int and 0 <= count <= _MOST_CARDS
                    and 0 <= pts <= MAX_NUMBER):
                counts[colour], points[colour] = count, pts
                continue
        elif not isinstance(entry, Mapping):
            check.add(f"{path}.{colour}", t("{key} must be an object with count and points",
                                            key=colour))
            entry = {}
        where = f"{path}.{colour}"
        counts[colour] = check.integer(entry, "count", where, default=0, high=_MOST_CARDS)
        points[colour] = check.integer(entry, "points", where, default=0)
    return counts, points


def parse_facts(payload: Any) -> tuple[list[Facts], dict[str, str]]:
    """Read a score request (DESIGN.md, "The score API"); raise InvalidInput listing every problem."""
    check = Checker()
    if not isinstance(payload, Mapping):
        check.add("", t("the request body must be a JSON object with a players list"))
        check.raise_if_any()
    players = payload.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= MAX_PLAYERS:
        check.add("players", t("players must be a list of 2 to {most} players (Hadara is for 2–5 "
                               "players)", most=MAX_PLAYERS))
        players = players[:MAX_PLAYERS] if isinstance(players, list) else []
    facts = [_read_player(check, raw, f"players[{i}]") for i, raw in enumerate(players)]
    names = [f.name for f in facts if f.name]
    for dup in sorted({n for n in names if names.count(n) > 1}):
        check.add("players", t("two players are called {name}; names must differ",
                               name=repr(dup)))
    rulings = resolve_rulings(RULINGS, payload.get("rulings"), check)
    check.raise_if_any()
    return facts, rulings
