"""The web layer: generic over the games registry; each game adds templates, not plumbing."""
from __future__ import annotations

from flask import Flask, jsonify, render_template, request, session
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import HTTPException

from ..games import GAMES
from .widgets import fast_input

csrf = CSRFProtect()

MY_GAMES_LIMIT = 50


def remember_game(token: str) -> None:
    """Add a game link to this device's list (the games list shows only these)."""
    known = session.get("games", [])
    if known[:1] == [token]:
        return  # already first: leave the session (and its cookie) untouched
    mine = [t for t in known if t != token]
    session["games"] = ([token] + mine)[:MY_GAMES_LIMIT]


def wants_json() -> bool:
    return (request.is_json or request.accept_mimetypes.best == "application/json"
            or request.path.startswith("/api/"))


def init_app(app: Flask) -> None:
    csrf.init_app(app)
    from . import pagecache
    pagecache.init_app(app)
    from . import api, pages, play
    app.register_blueprint(pages.bp)
    app.register_blueprint(play.bp)
    app.register_blueprint(api.bp)
    from . import hexemonia  # Hexemonia: attack calculator, play forms filled from known hexes
    app.register_blueprint(hexemonia.bp)
    from . import tradewarz  # TradeWarz: end-of-Spring preview, battle calculator, box defaults
    app.register_blueprint(tradewarz.bp)
    from . import reference  # rules reference, rulings, search, "Can I do this?"
    reference.register(app)
    csrf.exempt(api.bp)
    app.jinja_env.globals["GAMES"] = GAMES
    app.jinja_env.globals["fast_input"] = fast_input
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True

    @app.errorhandler(CSRFError)
    def _csrf(err: CSRFError):
        message = ("This page was open too long or came from elsewhere (missing security token). "
                   "Reload and try again.")
        if wants_json():
            return jsonify(errors=[{"field": "csrf_token", "message": message}]), 400
        return render_template("error.html", code=400, message=message), 400

    @app.errorhandler(HTTPException)
    def _http(err: HTTPException):
        message = err.description or err.name
        if wants_json():
            return jsonify(errors=[{"field": "", "message": message}]), err.code
        return render_template("error.html", code=err.code, message=message), err.code

    @app.after_request
    def _headers(resp):
        resp.headers.setdefault("X-Content-Type-Options", "nosniff")
        resp.headers.setdefault("Referrer-Policy", "same-origin")
        resp.headers.setdefault(
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
            "connect-src 'self'; frame-ancestors 'none'")
        return resp
