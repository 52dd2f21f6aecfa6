"""A group's statistics, worked out from its plays alone: plain numbers, no database, no web.

Places are the ranking's own (competition style, shared places kept): a player in place 1 won,
even when the place is shared; a player beats another when their place is better (lower).
"""
from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any


@dataclass(frozen=True)
class Seat:
    """One player's part of a play."""

    player: int
    first: bool
    total: int
    place: int
    lines: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayFacts:
    """What the statistics read of a play."""

    day: date
    game: str
    seats: tuple[Seat, ...]
    rulings: Mapping[str, str] = field(default_factory=dict)

    @property
    def winners(self) -> tuple[Seat, ...]:
        return tuple(s for s in self.seats if s.place == 1)


def facts_of(day: date, game: str, record: Mapping[str, Any]) -> PlayFacts:
    """A stored play record (see ``groups.record_of``) as facts."""
    seats = tuple(Seat(p["player"], bool(p["first"]), p["total"], p["place"],
                       {ln["id"]: ln["points"] for ln in p["lines"]})
                  for p in record["players"])
    return PlayFacts(day, game, seats, dict(record.get("rulings", {})))


# ------------------------------------------------------------------------------ per player

@dataclass(frozen=True)
class PlayerStats:
    player: int
    plays: int
    wins: int
    #: per game: (plays, average score, best score)
    games: Mapping[str, tuple[int, float, int]]
    #: per game: (day, total) in the order played
    over_time: Mapping[str, tuple[tuple[date, int], ...]]
    #: (player, times) of the one who beat this player most often, and the one they beat most
    beaten_most_by: tuple[int, int] | None
    beats_most: tuple[int, int] | None

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


def _most(counts: Counter) -> tuple[int, int] | None:
    """The most frequent key and its count; a tie goes to the lowest id (stable)."""
    if not counts:
        return None
    best = max(counts.values())
    return min(k for k, v in counts.items() if v == best), best


def player_stats(plays: Iterable[PlayFacts], player: int) -> PlayerStats:
    mine = sorted((p for p in plays if any(s.player == player for s in p.seats)),
                  key=lambda p: p.day)
    scores: dict[str, list[tuple[date, int]]] = defaultdict(list)
    beaten_by, beat = Counter(), Counter()
    wins = 0
    for play in mine:
        me = next(s for s in play.seats if s.player == player)
        wins += me.place == 1
        scores[play.game].append((play.day, me.total))
        for other in play.seats:
            if other.place < me.place:
                beaten_by[other.player] += 1
            elif other.place > me.place:
                beat[other.player] += 1
    games = {g: (len(v), sum(n for _, n in v) / len(v), max(n for _, n in v))
             for g, v in scores.items()}
    return PlayerStats(player, len(mine), wins, games,
                       {g: tuple(v) for g, v in scores.items()}, _most(beaten_by), _most(beat))


# -------------------------------------------------------------------------------- per game

@dataclass(frozen=True)
class GameStats:
    game: str
    plays: int
    average_winning: float
    #: (total, player, day), best first
    high_scores: tuple[tuple[int, int, date], ...]
    #: plays the first player won, of plays where the first player is known
    first_wins: int
    first_known: int
    #: what a first player would win by chance alone: the average of 1 / players
    first_expected: float
    #: per score line: in how many plays a winner had the most points of that line
    line_wins: Mapping[str, int]

    @property
    def first_rate(self) -> float:
        return self.first_wins / self.first_known if self.first_known else 0.0


HIGH_SCORES = 5


def game_stats(plays: Iterable[PlayFacts], game: str) -> GameStats:
    these = [p for p in plays if p.game == game]
    winning = [max(s.total for s in p.winners) for p in these if p.winners]
    highs = sorted(((s.total, s.player, p.day) for p in these for s in p.seats),
                   key=lambda h: (-h[0], h[2], h[1]))[:HIGH_SCORES]
    known = [p for p in these if any(s.first for s in p.seats)]
    first_wins = sum(any(s.first and s.place == 1 for s in p.seats) for p in known)
    expected = sum(1 / len(p.seats) for p in known) / len(known) if known else 0.0
    return GameStats(game, len(these), sum(winning) / len(winning) if winning else 0.0,
                     tuple(highs), first_wins, len(known), expected, _line_wins(these))


def _line_wins(plays: Sequence[PlayFacts]) -> dict[str, int]:
    counts: Counter = Counter()
    for play in plays:
        lines = {k for s in play.seats for k in s.lines}
        for line in lines:
            top = max(s.lines.get(line, 0) for s in play.seats)
            if top > 0 and any(w.lines.get(line, 0) == top for w in play.winners):
                # (a line nobody scored on is nobody's: 0-0-0 is no lead)
                counts[line] += 1
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


# ------------------------------------------------------------------------------ per ruling

def ruling_counts(plays: Iterable[PlayFacts]) -> dict[str, dict[str, dict[str, int]]]:
    """Per game and ruling: how many plays read it each way."""
    counts: dict[str, dict[str, Counter]] = defaultdict(lambda: defaultdict(Counter))
    for play in plays:
        for rid, reading in play.rulings.items():
            counts[play.game][rid][reading] += 1
    return {g: {r: dict(c) for r, c in sorted(rs.items())} for g, rs in sorted(counts.items())}
