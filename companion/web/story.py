"""How the game went: each game's story (``games.core.story``) worked out once per version in
each process, and its chart drawn by the server as SVG (no script; colours and dashes are SVG
attributes, which the pages' Content-Security-Policy allows) with a table of the same numbers
for screen readers."""
from __future__ import annotations

import threading
from bisect import bisect_left
from collections.abc import Sequence

from cachetools import LRUCache
from flask import current_app
from markupsafe import Markup, escape

from .. import store
from ..games import get_game
from ..games.core import t
from ..games.core.story import NOW, START, Story, StoryPoint, tell
from ..store.db import Game
from .charts import PALETTE
from .i18n import mark, say

#: stories kept per process, by (game, version): a table's phones all ask for the newest
STORIES_KEPT = 256
#: each player's line also told apart by its dashes (not by colour alone)
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4")
WIDTH, PLOT_H, LEFT, RIGHT, TOP = 320, 140, 30, 290, 12
#: beyond this many points a line is drawn without a dot at each
DOTS_UP_TO = 40


class _Stories:
    def __init__(self) -> None:
        self.kept: LRUCache = LRUCache(maxsize=STORIES_KEPT)
        self.lock = threading.Lock()  # (cachetools' caches are not thread-safe)


def story_of(game: Game) -> Story:
    """The game's story at its version: kept by this process, else told from its log once."""
    stories = current_app.extensions.setdefault("game_stories", _Stories())
    key = (game.id, game.version)
    with stories.lock:
        told = stories.kept.get(key)
    if told is None:
        log = [e for e in store.entries_of(store.rows_of(store.session(), game.id))
               if e.seq <= game.version]
        told = tell(get_game(game.slug), game.setup, log)
        with stories.lock:
            stories.kept[key] = told
    return told


def label_of(rules, point: StoryPoint) -> str:
    """A point's name on the chart: the start, the chapter it ended, now, or its step."""
    if point.ended == START:
        return say(t("Start"))
    if point.ended == NOW:
        return say(t("now"))
    if point.ended is not None:
        return say(rules.chapter_words(point.ended))
    return say(t("step {n}", n=point.step))


#: a player's colour chosen at setup (a TradeWarz house's), as its line is drawn: the app's own
#: colour of each word, dark enough to read on the page (white drawn grey)
HOUSE_COLOURS = {"yellow": "#8a6500", "red": "#b3261e", "blue": "#2456a6", "green": "#2e7d32",
                 "purple": "#6a3d9a", "orange": "#c25e00", "black": "#222222",
                 "white": "#8c8c8c"}


def house_colours(game: Game) -> tuple[str, ...]:
    """Each player's colour chosen at setup as the chart draws it, "" for a player without one
    (or with a colour typed in words the app does not know): drawn from the palette."""
    players = game.setup.get("players") if isinstance(game.setup, dict) else None
    return tuple(HOUSE_COLOURS.get(str(p.get("colour", "")).strip().lower(), "")
                 if isinstance(p, dict) else "" for p in players or ())


def chart(game: Game, *, steps: bool = False) -> Markup:
    """The story chart of ``game`` (its chapters, or every step) and its table."""
    rules = get_game(game.slug)
    story = story_of(game)
    points = story.steps if steps else story.chapters
    labels = [label_of(rules, p) for p in points]
    title = say(t("How the game went"))
    ends = [(p.step, label_of(rules, p)) for p in story.chapters
            if p.ended not in (None, START, NOW)] if steps else []
    return draw(story.names, points, labels, title, colours=house_colours(game),
                chapters=ends) + table(story.names, points, labels, title)


def _scale(points: Sequence[StoryPoint]) -> tuple[int, int]:
    values = [v for p in points for v in p.totals]
    low, high = min(0, *values), max(1, *values)
    return low, high if high > low else low + 1


def _place_of(points: Sequence[StoryPoint], step: int) -> float:
    """Where step ``step`` falls among the points (their index, between two when it was not
    sampled)."""
    steps = [p.step for p in points]
    i = bisect_left(steps, step)
    if i == 0 or i == len(steps) or steps[i] == step:
        return min(i, len(steps) - 1)
    return i - 1 + (step - steps[i - 1]) / (steps[i] - steps[i - 1])


def draw(names: Sequence[str], points: Sequence[StoryPoint], labels: Sequence[str],
         title: str, *, frame: str = 'width="100%"', colours: Sequence[str] = (),
         chapters: Sequence[tuple[int, str]] = ()) -> Markup:
    """The chart: one line per player, its last value at its end, the x axis's first and last
    labels and the chapters' between (on a chart of steps, the first and the last only).
    ``frame``: its place and size (a page's width, or a box inside the share card);
    ``colours``: each player's own (``house_colours``), the palette's where there is none;
    ``chapters``: on a chart of steps, the step each chapter ended at and its name, drawn as a
    mark across the chart (one at either end of the chart is left out)."""
    low, high = _scale(points)
    step = (RIGHT - LEFT) / max(1, len(points) - 1)

    def x(i: int) -> float:
        return round(LEFT + i * step, 1)

    def y(v: int) -> float:
        return round(TOP + (high - v) / (high - low) * PLOT_H, 1)

    base = TOP + PLOT_H
    height = base + 34 + 16 * len(names)
    parts = [f'<svg class="chart story" viewBox="0 0 {WIDTH} {height}" {frame} '
             f'fill="currentColor" role="img" aria-label="{escape(title)}">'
             f'<title>{escape(title)}</title>',
             f'<line x1="{LEFT}" y1="{base}" x2="{RIGHT}" y2="{base}" stroke="#999"/>',
             f'<text x="{LEFT - 4}" y="{TOP + 4}" text-anchor="end" font-size="10">{high}</text>',
             f'<text x="{LEFT - 4}" y="{base}" text-anchor="end" font-size="10">{low}</text>']
    for at, label in chapters:
        place = _place_of(points, at)
        if 0 < place < len(points) - 1:
            mark = round(LEFT + place * step, 1)
            parts.append(f'<line class="chapter-end" x1="{mark}" y1="{TOP}" x2="{mark}" '
                         f'y2="{base}" stroke="#999" stroke-dasharray="2 3"/>'
                         f'<text x="{mark}" y="{TOP - 3}" text-anchor="middle" font-size="8">'
                         f'{escape(label)}</text>')
    shown = range(len(points)) if len(points) <= 8 else (0, len(points) - 1)
    for i in shown:
        anchor = "start" if i == 0 and len(points) > 1 else "end" if i == len(points) - 1 \
            else "middle"
        parts.append(f'<text x="{x(i)}" y="{base + 14}" text-anchor="{anchor}" font-size="9">'
                     f'{escape(labels[i])}</text>')
    for n, name in enumerate(names):
        own = colours[n] if n < len(colours) else ""
        colour, dash = own or PALETTE[n % len(PALETTE)], DASHES[n % len(DASHES)]
        coords = [(x(i), y(p.totals[n])) for i, p in enumerate(points)]
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<polyline class="series" data-player="{n}" points="'
                     + " ".join(f"{a},{b}" for a, b in coords)
                     + f'" fill="none" stroke="{colour}" stroke-width="2"{dashes}/>')
        if len(points) <= DOTS_UP_TO:
            parts.extend(f'<circle cx="{a}" cy="{b}" r="2.5" fill="{colour}"/>' for a, b in coords)
        last = points[-1].totals[n]
        parts.append(f'<text class="last" data-player="{n}" x="{RIGHT + 3}" '
                     f'y="{coords[-1][1] + 4}" font-size="10" fill="{colour}">{last}</text>')
        ly = base + 32 + 16 * n
        parts.append(f'<line x1="{LEFT}" y1="{ly - 4}" x2="{LEFT + 18}" y2="{ly - 4}" '
                     f'stroke="{colour}" stroke-width="2"{dashes}/>'
                     f'<text x="{LEFT + 24}" y="{ly}" font-size="12">{escape(name)}: {last}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def table(names: Sequence[str], points: Sequence[StoryPoint], labels: Sequence[str],
          title: str) -> Markup:
    """The chart's numbers as a table, for screen readers (hidden from the eye)."""
    head = "".join(f'<th scope="col">{escape(label)}</th>' for label in labels)
    rows = "".join(f'<tr data-player="{n}"><th scope="row">{escape(name)}</th>'
                   + "".join(f"<td>{p.totals[n]}</td>" for p in points) + "</tr>"
                   for n, name in enumerate(names))
    caption = escape(say(t("Each player's score as if the game had ended there")))
    # hidden by a box around it: a table is never narrower than its columns, so hidden itself
    # it still widened a phone's page
    return Markup(f'<div class="visually-hidden"><table class="story-numbers"><caption>'
                  f'{escape(title)}{mark(": ")}{caption}</caption><thead><tr><th scope="col">'
                  f'{escape(say(t("Player")))}</th>{head}</tr></thead><tbody>{rows}</tbody>'
                  "</table></div>")
