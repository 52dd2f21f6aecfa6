"""Score sheets explained line by line, the whole score pad, and the ranking with its tie-breaks."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property


@dataclass(frozen=True)
class ScoreLine:
    """One line of a player's score: what it counts, how many points, how, and by which rule.
    ``unverified``: the points rest on box data the table should check on its components."""

    id: str
    label: str
    points: int
    detail: str
    rule: str
    unverified: bool = False


@dataclass(frozen=True)
class ScoreSheet:
    """A player's score lines; ``tiebreaks`` holds the values the ranking may compare, and
    ``unverified`` the tie-breaks whose value rests on box data the table should check."""

    name: str
    lines: tuple[ScoreLine, ...]
    tiebreaks: Mapping[str, int] = field(default_factory=dict)
    unverified: tuple[str, ...] = ()

    @cached_property  # ranking and the pads read it many times; the sheet never changes
    def total(self) -> int:
        return sum(line.points for line in self.lines)


@dataclass(frozen=True)
class Placing:
    """A place (competition style: 1, 2, 2, 4) and what decided it: ``total``, a tie-break id, or
    ``shared`` when the tie stands."""

    place: int
    names: tuple[str, ...]
    decided_by: str


@dataclass(frozen=True)
class Result:
    """The whole score pad: sheets in seat order, the ranking, and the rulings with their
    readings."""

    game: str
    sheets: tuple[ScoreSheet, ...]
    ranking: tuple[Placing, ...]
    rulings: Mapping[str, str]

    @cached_property  # every pad reads it; the result never changes
    def rows(self) -> tuple[PadRow, ...]:
        """The pad's rows: one for every line any player has, in the order the sheets first
        give them, each with every sheet's line in seat order (None where a sheet has none), so
        a line one player lacks can never shift or hide another's."""
        order: dict[str, ScoreLine] = {}
        for sheet in self.sheets:
            for line in sheet.lines:
                order.setdefault(line.id, line)
        return tuple(PadRow(first, tuple(next((ln for ln in s.lines if ln.id == key), None)
                                         for s in self.sheets))
                     for key, first in order.items())


@dataclass(frozen=True)
class PadRow:
    """One row of the score pad: the line it shows (its label and rule, from the first sheet
    that has it) and each sheet's own line in seat order, None where a sheet has no such line."""

    line: ScoreLine
    cells: tuple[ScoreLine | None, ...]


def rank(sheets: Sequence[ScoreSheet], tiebreaks: Sequence[str]) -> tuple[Placing, ...]:
    """Rank by total, then each tie-break in order (higher is better); ties left stand as shared.

    A group tied on total is split by the first tie-break; any part still tied goes on to the next.
    A player alone at its value is placed by whatever split it off.
    """
    placings: list[Placing] = []

    def split(group: list[ScoreSheet], keys: Sequence[str], decided: str, start: int) -> None:
        if len(group) == 1:
            placings.append(Placing(start, (group[0].name,), decided))
            return
        if not keys:
            placings.append(Placing(start, tuple(s.name for s in group), "shared"))
            return
        key, rest = keys[0], keys[1:]
        values = sorted({s.tiebreaks.get(key, 0) for s in group}, reverse=True)
        place = start
        for value in values:
            part = [s for s in group if s.tiebreaks.get(key, 0) == value]
            split(part, rest, key, place)
            place += len(part)

    totals = sorted({s.total for s in sheets}, reverse=True)
    place = 1
    for total in totals:
        group = [s for s in sheets if s.total == total]
        split(group, tiebreaks, "total", place)
        place += len(group)
    return tuple(placings)


def ceil_half(n: int) -> int:
    """Half of ``n`` rounded up."""
    return -(-n // 2)


@dataclass(frozen=True)
class Standing:
    """Each player's score as if the game ended now (seat order), and the place the ranking
    would give each (competition style, its tie-breaks applied): the story chart's points."""

    totals: tuple[int, ...]
    places: tuple[int, ...]


def standing_of(result: Result) -> Standing:
    """The standing a score pad gives: its totals, and each sheet's place in its ranking."""
    placed = {name: p.place for p in result.ranking for name in p.names}
    return Standing(tuple(s.total for s in result.sheets),
                    tuple(placed[s.name] for s in result.sheets))


def places_of(keys: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """Competition-style places of players compared by ``keys`` (total, then each tie-break,
    higher is better): 1 + how many players are strictly ahead, as ``rank`` places them."""
    return tuple(1 + sum(other > mine for other in keys) for mine in keys)
