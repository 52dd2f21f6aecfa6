"""A group's finished game becomes its play, in the write that finishes it (``play_follows_game``,
a hook of the store's write path), with the record a play keeps (``record_of``): each seat's
player, score lines, total and place, and the rulings read."""
from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..games import get_game
from ..games.core import Result, RulesError, Text
from ..store import AFTER_RECORD, entries_of, rows_of
from ..store.db import Game, GroupGame, Play
from .checks import DURATION_LIMIT
from .writing import changed


def record_of(result: Result, seats: Sequence[int], first: int) -> dict[str, Any]:
    """A play's record from a score pad: each seat's group player, name, whether they went
    first, score lines, total, place and what decided it; and the rulings read."""
    placed = {name: (p.place, p.decided_by) for p in result.ranking for name in p.names}
    players = []
    for i, sheet in enumerate(result.sheets):
        place, decided = placed[sheet.name]
        players.append({"player": seats[i], "name": sheet.name, "seat": i + 1,
                        "first": i == first, "total": sheet.total, "place": place,
                        "decided_by": decided,
                        "lines": [{"id": ln.id, "label": label_key(ln.label),
                                   "points": ln.points} for ln in sheet.lines]})
    return {"players": players, "rulings": dict(result.rulings)}


def label_key(label: Any) -> str:
    """A score line's label as a play keeps it: its msgid (the catalogs' key, which reads as
    English), said in the reader's language when shown (``line_label``). Every game's labels are
    words without values, so the English words plays kept before are their msgids already."""
    return label.template if isinstance(label, Text) and not label.params else str(label)


def line_label(label: Any) -> Text:
    """A kept score line's label as words to say in the reader's language (a label the
    catalogs do not know, from another server's file, reads as it was kept)."""
    return Text(label if isinstance(label, str) else str(label))


def play_follows_game(s: Session, game: Game, version: int, state: Any,
                      last: datetime, *, versioned: bool = True) -> None:
    """A group's game and its play agree, in the transaction ``s`` that wrote the game's step
    ``version`` (at ``last``), leading to ``state``: the step that finishes the game makes its
    play; a correction after the end makes it again (its note kept); a step taken back that
    means the game is not finished takes the play away. A game of no group has no play.
    ``versioned``: the group's version counts the change (only migration 0010 does without:
    it runs before groups had versions, and before any server kept anything of them)."""
    gg = s.get(GroupGame, game.id)
    if gg is None:
        return
    rules = get_game(game.slug)
    row = s.scalar(select(Play).where(Play.game_id == game.id))
    if not rules.is_over(state):
        if row is not None:
            s.delete(row)
            if versioned:
                changed(s, gg.group_id)
        return
    minutes = max(0, int((last - game.created_at).total_seconds() // 60))
    record = record_of(rules.score(state), gg.seats, rules.first_seat(state))
    values = {"played_at": last.replace(microsecond=0),
              "duration_min": min(minutes, DURATION_LIMIT),
              "record": {**record, "version": version}}
    if row is None:
        s.add(Play(group_id=gg.group_id, game_id=game.id, slug=game.slug, source="tracked",
                   **values))
    else:
        for key, value in values.items():
            setattr(row, key, value)
    if versioned:
        changed(s, gg.group_id)


def _play_follows_step(s: Session, game: Game, version: int, before: Any, state: Any,
                       last: datetime) -> None:
    """A group's play after one step of its game: a step that neither ends the game nor comes
    after its end leaves the play as it was (there is none), without a read."""
    rules = get_game(game.slug)
    if rules.is_over(before) or rules.is_over(state):
        play_follows_game(s, game, version, state, last)


AFTER_RECORD.append(_play_follows_step)


def catch_up_plays(s: Session) -> int:
    """The one-off catch-up for games finished before plays were recorded as they finished
    (migration 0010): each game of a group whose play is missing or older than its log gets
    it, in ``s`` (the caller commits). Returns how many games were looked at again."""
    made = dict(s.execute(select(Play.game_id, Play.record).where(Play.game_id.is_not(None)))
                .all())
    seen = 0
    for gg in list(s.scalars(select(GroupGame))):
        game = s.get(Game, gg.game_id)
        if (made.get(game.id) or {}).get("version", -1) == game.version:
            continue  # its play is up to date
        rows = rows_of(s, game.id)
        try:
            state = get_game(game.slug).fold(game.setup, entries_of(rows))
        except (RulesError, KeyError):
            continue  # a game the rules cannot read (nor would its page open): left as it is
        play_follows_game(s, game, game.version, state,
                          rows[-1].at if rows else game.updated_at, versioned=False)
        seen += 1
    s.flush()
    return seen
