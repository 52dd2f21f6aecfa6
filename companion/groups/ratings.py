"""A group's ratings and head-to-head, worked out from its plays alone, each time they are shown:
a corrected play (its game corrected after the end), or a play taken away, changes them.

Ratings are openskill's (Plackett-Luce: any number of players, shared places, and an
uncertainty that shrinks with every play), per game, the plays taken in the order played.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from openskill.models import PlackettLuce

from .stats import PlayFacts

#: a cautious rating is this many uncertainties below the middle value (openskill's ordinal)
CAUTION = 3


@dataclass(frozen=True)
class Rating:
    """A player's skill at one game: the middle value, its uncertainty and the plays it rests
    on."""

    player: int
    mu: float
    sigma: float
    plays: int

    @property
    def cautious(self) -> float:
        """The value the list is ordered by: a player of few plays is not put above one whose
        skill the plays have shown."""
        return self.mu - CAUTION * self.sigma


def ratings(plays: Iterable[PlayFacts], game: str) -> tuple[Rating, ...]:
    """Every player's rating at ``game`` after ``plays`` (oldest first), best first."""
    model = PlackettLuce()
    now: dict[int, object] = {}
    counts: Counter = Counter()
    for play in plays:
        seats = play.seats
        if play.game != game or len(seats) < 2 or len({s.player for s in seats}) < len(seats):
            continue  # (a play needs two players, each once, to say who beat whom)
        teams = [[now.get(s.player) or model.rating()] for s in seats]
        rated = model.rate(teams, ranks=[s.place for s in seats])
        for seat, (rating,) in zip(seats, rated, strict=True):
            now[seat.player] = rating
            counts[seat.player] += 1
    out = [Rating(p, r.mu, r.sigma, counts[p]) for p, r in now.items()]
    return tuple(sorted(out, key=lambda r: (-r.cautious, r.player)))


@dataclass(frozen=True)
class HeadToHead:
    """Two players' plays together (any game): how often each placed above the other, and how
    often they shared a place."""

    a: int
    b: int
    plays: int
    a_above: int
    b_above: int

    @property
    def tied(self) -> int:
        return self.plays - self.a_above - self.b_above


def head_to_head(plays: Iterable[PlayFacts], a: int, b: int) -> HeadToHead:
    """Players ``a`` and ``b`` compared in every play they both took part in."""
    together = a_above = b_above = 0
    for play in plays:
        place = {s.player: s.place for s in play.seats}
        if a == b or a not in place or b not in place:
            continue
        together += 1
        a_above += place[a] < place[b]
        b_above += place[b] < place[a]
    return HeadToHead(a, b, together, a_above, b_above)
