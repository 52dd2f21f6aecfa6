"""The public JSON API (DESIGN.md, "The score API").

It changes nothing, so it takes no CSRF token.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request

from ...games import GAMES, get_game
from ...games.core import Result, RulesError

bp = Blueprint("api", __name__, url_prefix="/api/v1")


@bp.post("/<game>/score")
def score(game: str):
    if game not in GAMES:
        return jsonify(errors=[{"field": "game", "message": (
            f"unknown game {game!r}; valid games: {', '.join(sorted(GAMES))}")}]), 404
    try:
        payload = request.get_json(silent=True)
    except RecursionError:  # nested deeper than the JSON parser goes: malformed for us
        payload = None
    if payload is None:
        return jsonify(errors=[{"field": "", "message": (
            "send a JSON object (Content-Type: application/json) with a players list")}]), 400
    try:
        result = get_game(game).score_payload(payload)
    except RulesError as err:
        return jsonify(errors=[{"field": p.field, "message": p.message}
                               for p in err.problems]), 400
    return jsonify(result_to_json(result))


def result_to_json(result: Result) -> dict[str, Any]:
    """The score API's response body (see DESIGN.md, "The score API")."""
    return {
        "game": result.game,
        "players": [
            {"name": s.name, "total": s.total,
             "lines": [{"id": ln.id, "label": ln.label, "points": ln.points,
                        "detail": ln.detail, "rule": ln.rule} for ln in s.lines]}
            for s in result.sheets],
        "ranking": [{"place": p.place, "names": list(p.names), "decided_by": p.decided_by}
                    for p in result.ranking],
        "rulings": dict(result.rulings),
    }
