"""Final ranking (Getting Xadlas; What happens in a tie) for a live game and for the score API
(whose facts ``quick.parse_facts`` reads).

Total = golden + silver Xadlas. Ties: golden Xadlas, then strength (soldiers + tech strength), then
empire (settlement 1, village 2, castle 4), then the farthest building; still tied is shared.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..core import (
    Placing,
    Result,
    ScoreLine,
    ScoreSheet,
    Standing,
    places_of,
    rank,
    replace,
    standing_of,
    t,
)
from .data import EMPIRE_WEIGHTS, GOLDEN_SOURCES
from .model import TradeWarzState, silver_xadlas
from .terms import castles, join, trading_posts

SLUG = "tradewarz"
TIEBREAKS = ("golden_xadlas", "strength", "empire", "farthest_build")
#: placings decided by how a Xadla-target game ended, in words for the pad
END_WORDS = {"target": t("first to reach the Xadla target"),
             "alliance": t("alliance victory: a shared win")}
R_XADLAS = "TradeWarz rulebook, Getting Xadlas"
R_TIE = "TradeWarz rulebook, What happens in a tie at the end of a game"


@dataclass(frozen=True)
class Facts:
    """One house's end-of-game facts (the score API's player object).

    ``villages`` counts every village tile, those under a castle included. ``golden_detail`` and
    ``silver_detail`` explain the Xadlas when the facts come from a live game. ``trading_posts``
    (optional in the score API) is None when not told: the silver Xadlas beyond the castles'
    are then the posts held.
    """

    name: str
    golden_xadlas: int
    silver_xadlas: int
    soldiers: int = 0
    tech_strength: int = 0
    settlements: int = 0
    villages: int = 0
    castles: int = 0
    farthest_build: int = 0
    golden_detail: str = ""
    silver_detail: str = ""
    trading_posts: int | None = None

    @property
    def strength(self) -> int:
        return self.soldiers + self.tech_strength

    @property
    def empire(self) -> int:
        w = EMPIRE_WEIGHTS
        return (w["settlements"] * self.settlements + w["villages"] * self.villages
                + w["castles"] * self.castles)


def sheet(f: Facts, rulings: Mapping[str, str]) -> ScoreSheet:
    """A house's score sheet: two lines (golden, silver) and its tie-break values.

    Under ruling T16 ``castle-only`` the villages under castles leave the empire count.
    """
    empire = f.empire
    if rulings.get("T16") == "castle-only":
        empire -= EMPIRE_WEIGHTS["villages"] * min(f.castles, f.villages)
    lines = (
        ScoreLine("golden_xadlas", t("Golden Xadlas"), f.golden_xadlas,
                  f.golden_detail or str(f.golden_xadlas), R_XADLAS),
        ScoreLine("silver_xadlas", t("Silver Xadlas"), f.silver_xadlas,
                  f.silver_detail or str(f.silver_xadlas), R_XADLAS + "; T7"),
    )
    return ScoreSheet(f.name, lines, {"golden_xadlas": f.golden_xadlas, "strength": f.strength,
                                      "empire": empire, "farthest_build": f.farthest_build})


def score_facts(facts: Sequence[Facts], rulings: Mapping[str, str]) -> Result:
    """Score pad and ranking from facts (the same code scores a live game)."""
    sheets = tuple(sheet(f, rulings) for f in facts)
    return Result(SLUG, sheets, rank(sheets, TIEBREAKS), dict(rulings))


def facts_from_state(game: TradeWarzState) -> list[Facts]:
    """The end-of-game facts of every house of a live game."""
    out = []
    for h in game.houses:
        sources = Counter(h.golden)
        # (a count before a source's words: "2 × battle won", no plural to get wrong)
        golden = join([t("{n} × {source}", n=n, source=GOLDEN_SOURCES[s])
                       for s, n in sources.items()]) if sources else t("none")
        silver = join([castles(h.castles), trading_posts(len(h.posts))])
        out.append(Facts(h.name, len(h.golden), silver_xadlas(h, game.rulings), h.soldiers,
                         h.tech_strength, h.settlements, h.villages, h.castles,
                         h.farthest_build, golden, silver, len(h.posts)))
    return out


def score_state(game: TradeWarzState) -> Result:
    """The score pad of a live game: the facts of its state through ``score_facts``. A game
    ended by reaching its Xadla target ranks the houses that reached it first (Game duration:
    the first to reach the total wins), an alliance that reached its target shares first place
    (Forming alliances); the others follow by total and tie-breaks."""
    result = score_facts(facts_from_state(game), game.rulings)
    if not game.won:
        return result
    names = {game.houses[i].name for i in game.won}
    first = [s for s in result.sheets if s.name in names]
    rest = [s for s in result.sheets if s.name not in names]
    top = (Placing(1, tuple(s.name for s in first), "alliance"),) if game.won_by == "alliance" \
        else tuple(replace(p, decided_by="target") if len(p.names) == len(first) else p
                   for p in rank(first, TIEBREAKS))
    after = tuple(replace(p, place=p.place + len(first)) for p in rank(rest, TIEBREAKS))
    return replace(result, ranking=top + after)


def standing(game: TradeWarzState) -> Standing:
    """Each house's Xadlas if the game ended now, and the places their tie-breaks give (golden
    Xadlas, strength, empire, farthest building); a game won on its target places as its pad."""
    if game.won:
        return standing_of(score_state(game))
    sheets = [sheet(Facts(h.name, len(h.golden), silver_xadlas(h, game.rulings), h.soldiers,
                          h.tech_strength, h.settlements, h.villages, h.castles,
                          h.farthest_build), game.rulings) for h in game.houses]
    return Standing(tuple(s.total for s in sheets),
                    places_of([(s.total, *(s.tiebreaks[k] for k in TIEBREAKS)) for s in sheets]))
