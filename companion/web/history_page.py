"""A game's history page, a part at a time: newest first, at most PART_STEPS steps and about
PART_BYTES of words and tools, in two views (everyone's steps, or this phone's seat's), with plain
links to the older and the newer part (``?before=<seq>``, ``?after=<seq>``; ``?around=<seq>``
opens the part holding a step, as the links to a step do)."""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from cachetools import LRUCache
from flask import current_app, render_template, request

from ..games import get_game
from ..games.core import AMEND, REDO, UNDO, VOID, Fate, RulesError
from ..store import log_parts
from ..store.db import Action, Game
from ..store.log_parts import Mine
from .i18n import say

PART_STEPS = 100
#: steps newer than the one a link opens (``around``) shown above it, at most
AROUND_NEWER = PART_STEPS // 2
#: what a part's steps may weigh, their words and tools together (the page stays well under
#: 200 KB, whatever a phone's language and the steps' words)
PART_BYTES = 150_000
#: what one step's numbers, time, fate and buttons weigh besides its words (two forms)
STEP_BYTES = 1_100
#: an entry's words shown at most (a take-back of many steps names each of them)
WORDS_SHOWN = 2_000
MINE = "mine"
#: a seat's earlier steps its phone's game page offers to fix, at most
EARLIER_SHOWN = 3
#: own steps read to find them (some may be taken back, or an undo or a take-back)
EARLIER_READ = 12


@dataclass(frozen=True)
class Asked:
    """Which part a link asks for: the view, and the step it is placed by (before, after or
    around a step; none: the newest part)."""

    view: str = ""
    before: int | None = None
    after: int | None = None
    around: int | None = None


def _step_number(name: str) -> int | None:
    raw = request.args.get(name, "")
    return int(raw) if raw.isdecimal() and len(raw) < 10 else None


def asked() -> Asked:
    """The part the request's query string asks for (anything else there is left aside)."""
    return Asked(MINE if request.args.get("view") == MINE else "", _step_number("before"),
                 _step_number("after"), _step_number("around"))


@dataclass
class Part:
    """The steps a part shows, newest first, their words, and where the parts beside it start
    (None: there is none on that side)."""

    rows: list[Action] = field(default_factory=list)
    words: dict[int, str] = field(default_factory=dict)
    older: int | None = None  # ``before`` of the older part
    newer: int | None = None  # ``after`` of the newer part


def _words(row: Action) -> str:
    said = say(row.said)
    return said if len(said) <= WORDS_SHOWN else said[:WORDS_SHOWN - 1] + "…"


def _fill(queue: list[Action], words: dict[int, str]) -> list[Action]:
    """The steps of ``queue``, in its order, that fit in a part (at least one)."""
    kept, weight = [], 0
    for row in queue[:PART_STEPS]:
        said = _words(row)
        weight += len(said.encode()) + STEP_BYTES
        if kept and weight > PART_BYTES:
            break
        kept.append(row)
        words[row.seq] = said
    return kept


def read_part(game: Game, mine: Mine | None, place: Asked) -> Part:
    """The part ``place`` asks for: read with a LIMIT on each side of its step, and cut where
    the part is full, so each step shown is read and said once and no other is."""
    where = (game.id, game.slug, mine)
    older: list[Action] = []
    newer: list[Action] = []
    if place.around is not None:
        older = log_parts.older_than(*where, place.around + 1, PART_STEPS + 1)
        newer = log_parts.newer_than(*where, place.around, AROUND_NEWER)
        queue = older[:1] + newer + older[1:]  # the step first, then the newer, then older
    elif place.after is not None:
        queue = newer = log_parts.newer_than(*where, place.after, PART_STEPS + 1)
    else:
        queue = older = log_parts.older_than(*where, place.before, PART_STEPS + 1)
    part = Part()
    kept = {row.seq for row in _fill(queue, part.words)}
    part.rows = [r for r in reversed(newer) if r.seq in kept] + [r for r in older
                                                                 if r.seq in kept]
    lowest = part.rows[-1].seq if part.rows else (place.after or 0) + 1
    highest = part.rows[0].seq if part.rows else (place.before or 1) - 1
    if lowest > 1 and log_parts.has_older(*where, lowest):
        part.older = lowest
    if (part.rows or place.before is not None) and log_parts.has_newer(*where, highest):
        part.newer = highest
    return part


def changeable(row: Any) -> bool:
    """Whether an entry has values a table may change (an action or a correction)."""
    return row.kind not in (UNDO, REDO, VOID, AMEND)


def _seat_name(game: Game, seat: int) -> str:
    """The name a seat's phone signs with: its player's, as the setup seated them."""
    rules = get_game(game.slug)
    names = rules.player_names(rules.new_game(game.setup))
    return names[seat] if seat < len(names) else ""


class _Earlier:
    """Each seat's earlier steps by game version, kept by this process: every seated phone's
    answer names them, and they change only with the version."""

    def __init__(self) -> None:
        self.kept: LRUCache = LRUCache(maxsize=2_000)
        self.lock = threading.Lock()  # (cachetools' caches are not thread-safe)


def earlier_steps(game: Game, seat: int, name: str, last: int | None) -> list[tuple[int, Any]]:
    """A seat's steps in force before its newest (``last``, which its phone takes back or
    changes on its own), newest first: (number, words) of at most EARLIER_SHOWN that can be
    changed, each fixed from the game page in two taps (its form, then the right value)."""
    earlier = current_app.extensions.setdefault("earlier_steps", _Earlier())
    key = (game.id, game.version, seat, name)
    with earlier.lock:
        found = earlier.kept.get(key)
    if found is None:
        rows = log_parts.older_than(game.id, game.slug, Mine(seat, name), None, EARLIER_READ)
        fates = log_parts.fates_of(game.id, game.version) if rows else {}
        found = [(r.seq, r.said) for r in rows if changeable(r) and r.seq <= game.version
                 and (r.seq not in fates or fates[r.seq].in_force)]
        with earlier.lock:
            earlier.kept[key] = found
    return [(seq, said) for seq, said in found if seq != last][:EARLIER_SHOWN]


def render(game: Game, can_play: bool, seat: int | None, *, place: Asked | None = None,
           error: RulesError | None = None, offer: tuple[int, ...] = (), status: int = 200):
    """The history page: the part asked for (``place``, else the request's query string), each
    step with what became of it and, on a play link, what can be done to it. ``offer``: steps
    a refused change would break, offered to be taken back together with it."""
    place = place or asked()
    mine = Mine(seat, _seat_name(game, seat)) if place.view == MINE and seat is not None \
        else None
    part = read_part(game, mine, place) if mine is not None or place.view != MINE else Part()
    shown = {r.seq for r in part.rows}
    fates: dict[int, Fate] = {seq: fate for seq, fate in (
        log_parts.fates_of(game.id, game.version) if shown else {}).items() if seq in shown}
    return render_template("history.html", game=game, part=part, fates=fates,
                           can_play=can_play, view=place.view, mine=mine,
                           token=game.play_token if can_play else game.watch_token,
                           rules=get_game(game.slug), error=error, offer=offer,
                           changeable=changeable, steps=PART_STEPS), status
