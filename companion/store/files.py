"""Game files in and out: a game exported as JSON (its setup and whole log, without the hidden
information of other players) and a file imported as a new game, every entry checked again."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..games import GameRules, gamefile, get_game, hidden
from ..games.core import IllegalAction, Text, t, words_to_json
from .db import Game, session, utcnow, write_session
from .links import new_join_code, new_token
from .log import entries_of, rows_of, state_of
from .recording import _ADD_ACTION

EXPORT_FORMAT = gamefile.FORMAT


def export_game(game: Game, seat: int | None = None) -> dict[str, Any]:
    """A game as plain JSON data: its setup and its whole log (no link tokens: importing it makes
    a new game with new links), without the hidden information of any player but ``seat``'s
    (set to null and named under ``hidden``: such a file cannot be imported)."""
    rows = rows_of(session(), game.id)
    export = {"format": EXPORT_FORMAT, "game": game.slug, "title": game.title,
              "setup": game.setup, "version": game.version,
              "created_at": game.created_at.isoformat(),
              "actions": [{"seq": r.seq, "kind": r.kind, "data": r.data, "by": r.by,
                           **gamefile.as_exported(r.text, r.words),
                           "rule": r.rule, "is_correction": r.is_correction,
                           "at": r.at.isoformat()} for r in rows]}
    secrets = get_game(game.slug).secrets(game.setup, entries_of(rows), state_of(game))
    return hidden.leave_out(export, secrets, seat)


def read_export(raw: bytes) -> Any:
    """An uploaded export file as JSON, bounded (see ``gamefile.read_json``); raises
    IllegalAction."""
    return gamefile.read_json(raw)


def _import_rows(rules: GameRules, setup: Mapping[str, Any], first: Any, actions: Any
                 ) -> list[dict[str, Any]]:
    """The file's log as it would have been recorded tap by tap from the state ``first``: each
    entry checked by the rules' reader against the state before it, stored with its clean
    values and the rules' words (never the file's); rows for ``_ADD_ACTION``."""
    return [{"seq": e.seq, "kind": e.kind, "data": e.data, "by": e.by, "text": str(e.text),
             "words": words_to_json(e.text) if isinstance(e.text, Text) else None,
             "rule": e.rule, "at": e.at, "once": None, "is_correction": e.is_correction}
            for e in gamefile.Replay(rules, first, setup).read(actions)]


def import_game(payload: Any) -> Game:
    """Store an exported game as a new game with new links. Its setup and every entry of its log
    are read and checked as a new game's setup and a tap are, so a file that breaks a rule or a
    limit is refused (IllegalAction naming the entry and field) and nothing is stored."""
    if not isinstance(payload, dict) or payload.get("format") != EXPORT_FORMAT:
        raise IllegalAction(t("this is not a game export (expected format {format})",
                              format=EXPORT_FORMAT), field="format")
    hidden.refuse_left_out(payload)
    try:
        rules = get_game(str(payload.get("game"))[:40])
    except KeyError as err:
        raise IllegalAction(str(err.args[0]), field="game") from None
    setup, first = gamefile.read_setup(rules, payload.get("setup"))
    rows = _import_rows(rules, setup, first, payload.get("actions"))
    names = rules.player_names(first)
    title = payload.get("title") if isinstance(payload.get("title"), str) else ""
    title = title.strip() or f"{rules.title}: {', '.join(names)}"
    game = Game(slug=rules.slug, play_token=new_token(), watch_token=new_token(),
                join_code=new_join_code(), title=title[:200], setup=setup,
                version=len(rows), created_at=utcnow(),
                updated_at=rows[-1]["at"] if rows else utcnow())
    with write_session() as s:  # the game and its log in one transaction
        s.add(game)
        s.flush()
        if rows:  # (one statement for all: no ORM object per row)
            s.execute(_ADD_ACTION, [{**row, "game_id": game.id} for row in rows])
        s.commit()
    return game
