"""Hadara's final scoring ("End of the Game") and the tie-break of ruling HAD-1.

The same code scores a live game (facts taken from its state) and the quick score pad / score API
(facts entered by the table).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..core import (
    Placing,
    Result,
    ScoreLine,
    ScoreSheet,
    Standing,
    Text,
    ceil_half,
    places_of,
    rank,
    resolve_rulings,
    t,
    tn,
)
from .data import COLOURS, TRACKS
from .model import HadaraState, Player
from .rulings import RULINGS
from .terms import COLOUR_WORDS, TRACK_WORDS

END = "Hadara rulebook, End of the Game"
PURPLE = "Hadara rulebook, Buy 1 Card"  # where a purple card's effect is told

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
    #: points of purple effects on final scoring, as the table counted them (none: no line)
    effect_points: tuple[int, ...] = ()


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
        silver_medals=player.silver, gold_medals=player.gold,
        effect_points=tuple(c.effect_points for c in player.purples
                            if c.effect_changes == "scoring"))


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
             sets=tn("{n} set of five colours", "{n} sets of five colours", sets),
             medals=tn("{n} gold medal", "{n} gold medals", medals))


@_WORDS
def _coins_detail(coins: int) -> Text:
    return tn("{n} coin ÷ 5 = {points}, {left} left over",
              "{n} coins ÷ 5 = {points}, {left} left over", coins, points=coins // 5,
              left=coins % 5)


def sets_of_five(counts: Mapping[str, int]) -> int:
    """Complete sets of five differently coloured cards (ruling HAD-3: purple is a colour)."""
    return min(counts.get(c, 0) for c in COLOURS)


# The score pad's line labels, made once (every pad of every game and API call shows them).
_COLONIES, _STATUES, _SILVER, _GOLD, _CARDS, _COINS, _EFFECTS = (
    t("Colonies"), t("Statues"), t("Silver medals"), t("Gold medals"), t("Cards"), t("Coins"),
    t("Purple effects"))


def line_points(f: Facts) -> tuple[int, ...]:
    """The points of each line of ``score_lines``, in its order, without their words (the
    standing after every step of a game reads only these)."""
    silver = sum(ceil_half(max(f.tracks.get(tr, 0), 0)) for tr in f.silver_medals)
    return (sum(f.colonies), sum(f.statues) + sum(f.face_down_tiles), silver,
            7 * sets_of_five(f.card_counts) * f.gold_medals, sum(f.card_points.values()),
            f.coins // 5) + ((sum(f.effect_points),) if f.effect_points else ())


def score_lines(f: Facts) -> tuple[ScoreLine, ...]:
    """The six lines of the score pad for one player, and a seventh for a player whose purple
    cards' effects change final scoring (their points as the table counted them)."""
    silver = tuple((tr, f.tracks.get(tr, 0)) for tr in f.silver_medals)
    sets = sets_of_five(f.card_counts)
    cards = tuple((c, f.card_points.get(c, 0)) for c in COLOURS if f.card_counts.get(c, 0))
    points = line_points(f)
    return (
        ScoreLine("colonies", _COLONIES, points[0], _sum_detail(tuple(f.colonies)), END),
        ScoreLine("statues", _STATUES, points[1],
                  _statue_detail(tuple(f.statues), tuple(f.face_down_tiles)), END),
        ScoreLine("silver_medals", _SILVER, points[2], _silver_detail(silver), END),
        ScoreLine("gold_medals", _GOLD, points[3], _gold_detail(sets, f.gold_medals),
                  END + "; HAD-3"),
        ScoreLine("cards", _CARDS, points[4], _cards_detail(cards), END),
        ScoreLine("coins", _COINS, points[5], _coins_detail(f.coins), END),
    ) + ((ScoreLine("purple_effects", _EFFECTS, points[6],
                    _sum_detail(tuple(f.effect_points)), PURPLE),) if f.effect_points else ())


def tiebreak_coins(f: Facts, reading: str) -> int:
    """Ruling HAD-1: the coins compared when totals tie."""
    return f.coins % 5 if reading == "remainder" else f.coins


def score_facts(facts: Sequence[Facts], rulings: Mapping[str, str]) -> Result:
    """Score pad and ranking for the given players (in seat order)."""
    readings = resolve_rulings(RULINGS, rulings)
    sheets = tuple(ScoreSheet(f.name, score_lines(f),
                              {"coins": tiebreak_coins(f, readings["HAD-1"])}) for f in facts)
    ranking: tuple[Placing, ...] = rank(sheets, ("coins",))
    return Result("hadara", sheets, ranking, dict(readings))  # every ruling, as applied


def score_state(state: HadaraState) -> Result:
    return score_facts([facts_of(p) for p in state.players], state.rulings)


def standing(state: HadaraState) -> Standing:
    """Each player's score if the game ended now: final scoring ("End of the Game") on the
    current boards, and the places it gives with the tie-break of ruling HAD-1."""
    reading = resolve_rulings(RULINGS, state.rulings)["HAD-1"]
    facts = [facts_of(p) for p in state.players]
    totals = tuple(sum(line_points(f)) for f in facts)
    return Standing(totals, places_of([(total, tiebreak_coins(f, reading))
                                       for total, f in zip(totals, facts, strict=True)]))
