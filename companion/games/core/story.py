"""A game's story: the standing (``GameRules.standing``) after each step of its log, and where
each chapter (Hadara's epoch, TradeWarz's year, Hexemonia's round) ended: the story chart's
points, from one walk of the log's entries in force."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .log import Entry, in_force

#: the most points a chart draws: a longer game's steps are sampled evenly, first and last kept
MAX_POINTS = 200
START, NOW = 0, -1  # a point's ``ended`` besides a chapter's number


@dataclass(frozen=True)
class StoryPoint:
    """The standing after ``step`` steps in force (0: the setup), the last of them log entry
    ``seq``; ``ended``: the chapter that step ended, START, NOW (the game so far), or None."""

    step: int
    seq: int
    totals: tuple[int, ...]
    ended: int | None = None


@dataclass(frozen=True)
class Story:
    """The players' names, the standing at the start, at each chapter's end and now
    (``chapters``), and after every step (``steps``, at most MAX_POINTS of them)."""

    names: tuple[str, ...]
    chapters: tuple[StoryPoint, ...]
    steps: tuple[StoryPoint, ...]
    over: bool


def tell(rules: Any, setup: Mapping[str, Any], log: Sequence[Entry]) -> Story:
    """The story of the game ``setup`` and ``log`` record (``rules`` a GameRules). Every step is
    applied, but the standing is worked out only where a chart shows it: at the steps sampled
    and at each chapter's end (an imported game may have tens of thousands of steps)."""
    entries = in_force(log)
    shown = set(sample(range(len(entries) + 1)))
    state = rules.new_game(setup)
    every = [StoryPoint(0, 0, rules.standing(state).totals, START)]
    chapters = [every[0]]
    chapter = rules.chapter(state)
    for n, entry in enumerate(entries, 1):
        state = rules.replay(state, [entry], stored=True)  # (a step refused today: left out)
        now = rules.chapter(state)
        if now == chapter and n not in shown:
            continue
        point = StoryPoint(n, entry.seq, rules.standing(state).totals,
                           chapter if now != chapter else None)
        if n in shown:
            every.append(point)
        if now != chapter:
            chapters.append(point)
        chapter = now
    over = rules.is_over(state)
    if chapters[-1].step != every[-1].step:  # the game so far, or the last chapter at the end
        chapters.append(StoryPoint(every[-1].step, every[-1].seq, every[-1].totals,
                                   chapter if over else NOW))
    return Story(tuple(rules.player_names(state)), sample(chapters), tuple(every), over)


def sample(points: Sequence[Any], limit: int = MAX_POINTS) -> tuple[Any, ...]:
    """At most ``limit`` of ``points``, evenly spread, the first and the last kept."""
    n = len(points)
    if n <= limit:
        return tuple(points)
    return tuple(points[round(i * (n - 1) / (limit - 1))] for i in range(limit))
