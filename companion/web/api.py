"""The public JSON API (DESIGN.md, "The score API"). It changes nothing, so it takes no CSRF token."""
from __future__ import annotations

from flask import Blueprint, jsonify, request

from ..games import GAMES, get_game
from ..games.core import RulesError, result_to_json

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
