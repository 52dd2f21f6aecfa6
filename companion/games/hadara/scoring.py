"""Hadara's final scoring ("End of the Game") and the tie-break of ruling HAD-1.

The same code scores a live game (facts taken from its state) and the quick score pad / score API
(facts entered by the table).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..core import (Checker, Placing, Result, Ruling, ScoreLine, ScoreSheet, rank,
                    resolve_rulings, ceil_half)
from .model import COLOURS, TRACKS, HadaraState, Player

END = "Hadara rulebook, End of the Game"
MAX_PLAYERS = 5

RULINGS = {
    "HAD-1": Ruling(
        "HAD-1",
        "A tie goes to the most leftover coins: coins left after paying for points, or all coins?",
        "remainder",
        {"remainder": "coins left after paying 5-coin lots for points (coins mod 5)",
         "all-coins": "every coin held at the end of the game"},
        "The rulebook has coins paid for points before the tie-break, so only the remainder is "
        "left over."),
    "HAD-2": Ruling(
        "HAD-2",
        "Does a card removed when feeding count as sold?",
        "no-coins",
        {"no-coins": "no coins; the card leaves play and its track values are taken away"},
        "Stated in Feed Your People; listed so the table sees why no coins were paid."),
    "HAD-3": Ruling(
        "HAD-3",
        "Is purple one of the five colours of a gold-medal set?",
        "purple-counts",
        {"purple-counts": "a set is one card each of yellow, red, blue, green and purple"},
        "The cards come in exactly five colours."),
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
        tracks={t: player.track(t) for t in TRACKS},
        card_counts={c: player.count(c) for c in COLOURS},
        card_points={c: sum(k.points for k in player.cards if k.colour == c) for c in COLOURS},
        colonies=tuple(c.points for c in player.colonies),
        statues=tuple(s.points for s in player.statues),
        face_down_tiles=tuple(s.tile_value for s in player.statues if not s.face_up),
        silver_medals=player.silver, gold_medals=player.gold)


def _sum_detail(values: Sequence[int]) -> str:
    return " + ".join(str(v) for v in values) if values else "none"


def sets_of_five(counts: Mapping[str, int]) -> int:
    """Complete sets of five differently coloured cards (ruling HAD-3: purple is a colour)."""
    return min(counts.get(c, 0) for c in COLOURS)


def score_lines(f: Facts) -> tuple[ScoreLine, ...]:
    """The six lines of the score pad for one player."""
    statue_pts = sum(f.statues) + sum(f.face_down_tiles)
    statue_detail = f"statues {_sum_detail(f.statues)}"
    if f.face_down_tiles:
        statue_detail += f"; face-down tiles {_sum_detail(f.face_down_tiles)}"
    silver = [(t, ceil_half(max(f.tracks.get(t, 0), 0))) for t in f.silver_medals]
    silver_detail = "; ".join(f"{t} {f.tracks.get(t, 0)} / 2 rounded up = {p}" for t, p in silver)
    sets = sets_of_five(f.card_counts)
    card_detail = ", ".join(f"{c} {f.card_points.get(c, 0)}" for c in COLOURS
                            if f.card_counts.get(c, 0))
    return (
        ScoreLine("colonies", "Colonies", sum(f.colonies), _sum_detail(f.colonies), END),
        ScoreLine("statues", "Statues", statue_pts, statue_detail, END),
        ScoreLine("silver_medals", "Silver medals", sum(p for _, p in silver),
                  silver_detail or "none", END),
        ScoreLine("gold_medals", "Gold medals", 7 * sets * f.gold_medals,
                  f"7 × {sets} set{'s' if sets != 1 else ''} of five colours × "
                  f"{f.gold_medals} gold medal{'s' if f.gold_medals != 1 else ''}", END + "; HAD-3"),
        ScoreLine("cards", "Cards", sum(f.card_points.values()), card_detail or "none", END),
        ScoreLine("coins", "Coins", f.coins // 5,
                  f"{f.coins} coins ÷ 5 = {f.coins // 5}, {f.coins % 5} left over", END),
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
        check.add(path, "each player must be an object")
        return Facts("", 0, {}, {}, {}, (), (), (), (), 0)
    tracks_raw = raw.get("tracks", {})
    if not isinstance(tracks_raw, Mapping):
        check.add(f"{path}.tracks", "tracks must be an object of income, military, culture, food")
        tracks_raw = {}
    for extra in set(tracks_raw) - set(TRACKS):
        check.add(f"{path}.tracks.{extra}", f"unknown track {extra!r}; tracks are "
                                             f"{', '.join(TRACKS)}")
    tracks = {t: check.integer(tracks_raw, t, f"{path}.tracks", default=0) for t in TRACKS}
    counts, points = _read_cards(check, raw.get("cards", {}), f"{path}.cards")
    silver = raw.get("silver_medals", [])
    if not isinstance(silver, list):
        check.add(f"{path}.silver_medals", "silver_medals must be a list of track names")
        silver = []
    if len(silver) > 2:
        check.add(f"{path}.silver_medals", f"{len(silver)} silver medals; a player buys at most 2 "
                                           "(Buy Silver or Gold Medals)")
    for i, t in enumerate(silver):
        if t not in TRACKS:
            check.add(f"{path}.silver_medals[{i}]", f"a silver medal names a track: "
                                                    f"{', '.join(TRACKS)}")
    return Facts(
        name=check.text(raw, "name", path),
        coins=check.integer(raw, "coins", path, default=0),
        tracks=tracks, card_counts=counts, card_points=points,
        colonies=check.int_list(raw, "colonies", path, max_items=5),
        statues=check.int_list(raw, "statues", path, max_items=4),
        face_down_tiles=check.int_list(raw, "face_down_tiles", path, max_items=4),
        silver_medals=tuple(t for t in silver[:2] if t in TRACKS),
        gold_medals=check.integer(raw, "gold_medals", path, default=0, high=2))


def _read_cards(check: Checker, raw: Any, path: str) -> tuple[dict, dict]:
    if not isinstance(raw, Mapping):
        check.add(path, "cards must be an object keyed by colour")
        raw = {}
    for extra in set(raw) - set(COLOURS):
        check.add(f"{path}.{extra}", f"unknown colour {extra!r}; colours are {', '.join(COLOURS)}")
    counts, points = {}, {}
    for colour in COLOURS:
        entry = raw.get(colour, {})
        if not isinstance(entry, Mapping):
            check.add(f"{path}.{colour}", f"{colour} must be an object with count and points")
            entry = {}
        counts[colour] = check.integer(entry, "count", f"{path}.{colour}", default=0, high=200)
        points[colour] = check.integer(entry, "points", f"{path}.{colour}", default=0)
    return counts, points


def parse_facts(payload: Any) -> tuple[list[Facts], dict[str, str]]:
    """Read a score request (DESIGN.md, "The score API"); raise InvalidInput listing every problem."""
    check = Checker()
    if not isinstance(payload, Mapping):
        check.add("", "the request body must be a JSON object with a players list")
        check.raise_if_any()
    players = payload.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= MAX_PLAYERS:
        check.add("players", f"players must be a list of 2 to {MAX_PLAYERS} players "
                             "(Hadara is for 2–5 players)")
        players = players[:MAX_PLAYERS] if isinstance(players, list) else []
    facts = [_read_player(check, raw, f"players[{i}]") for i, raw in enumerate(players)]
    names = [f.name for f in facts if f.name]
    for dup in sorted({n for n in names if names.count(n) > 1}):
        check.add("players", f"two players are called {dup!r}; names must differ")
    rulings = resolve_rulings(RULINGS, payload.get("rulings"), check)
    check.raise_if_any()
    return facts, rulings
