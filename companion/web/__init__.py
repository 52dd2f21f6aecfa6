"""The web layer: generic over the games registry; each game adds templates, not plumbing."""
from __future__ import annotations

import orjson
from flask import Flask, jsonify, render_template, request, session
from flask.sessions import SecureCookieSessionInterface
from itsdangerous import URLSafeTimedSerializer
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import HTTPException

from ..games import GAMES
from ..games.core import t
from . import signing
from .widgets import fast_input

csrf = CSRFProtect()

MY_GAMES_LIMIT = 50

CSRF_MESSAGE = t("This page was open too long or came from elsewhere (missing security token). "
                 "Reload and try again.")

# Werkzeug's own descriptions of the errors a reader can meet, marked so the error page says them
# in the reader's language (the English, and so the JSON, stays Werkzeug's).
STANDARD_ERRORS = {
    400: t("The browser (or proxy) sent a request that this server could not understand."),
    403: t("You don't have the permission to access the requested resource. It is either "
           "read-protected or not readable by the server."),
    404: t("The requested URL was not found on the server. If you entered the URL manually "
           "please check your spelling and try again."),
    405: t("The method is not allowed for the requested URL."),
    413: t("The data value transmitted exceeds the capacity limit."),
    500: t("The server encountered an internal error and was unable to complete your request. "
           "Either the server is overloaded or there is an error in the application."),
}

# What decided a place in the ranking, by tie-break id (DESIGN.md). The English shows the id, as
# the score pad always did; the catalogs give each language a word for it.
TIEBREAK_WORDS = {
    "coins": t("coins"),
    "golden_xadlas": t("golden_xadlas"),
    "strength": t("strength"),
    "empire": t("empire"),
    "farthest_build": t("farthest_build"),
    "acropolis_nature": t("acropolis_nature"),
    "acropolis_gold": t("acropolis_gold"),
}


def remember_game(token: str) -> None:
    """Add a game link to this device's list (the games list shows only these)."""
    known = session.get("games", [])
    if known[:1] == [token]:
        return  # already first: leave the session (and its cookie) untouched
    mine = [t for t in known if t != token]
    session["games"] = ([token] + mine)[:MY_GAMES_LIMIT]


def wants_json() -> bool:
    """An answer as JSON: for the API, a JSON body, or a client that asks for JSON first (the
    page's own script sends exactly ``Accept: application/json`` with every tap)."""
    if request.environ.get("HTTP_ACCEPT") == "application/json":
        return True
    return (request.is_json or request.accept_mimetypes.best == "application/json"
            or request.path.startswith("/api/"))


class _PlainJSON:
    """The session's values are plain JSON (this phone's link tokens, its CSRF token, its
    seats): written and read as such, without Flask's tagging of tuples, bytes and dates (the
    same bytes for plain values, so a cookie from before reads the same)."""

    @staticmethod
    def dumps(value) -> str:
        return orjson.dumps(value).decode()

    @staticmethod
    def loads(text):
        return orjson.loads(text)


class _Sessions(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, with the signing serializer made once per set of keys
    (Flask makes, and tries out, a new one on every request, twice when the session changes),
    signing as Flask does with each key derived once (:mod:`.signing`), and plain JSON inside."""

    serializer = _PlainJSON()

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        if not app.secret_key:
            return None
        keys = (*(app.config.get("SECRET_KEY_FALLBACKS") or ()), app.secret_key)  # newest last
        return signing.serializer(keys, self.salt, payloads=self.serializer,
                                  key_derivation=self.key_derivation)


def init_app(app: Flask) -> None:
    from .jsonout import JSONAnswers
    app.json = JSONAnswers(app)
    app.session_interface = _Sessions()
    csrf.init_app(app)
    from . import pagecache
    pagecache.init_app(app)
    from . import api, pages, play
    app.register_blueprint(pages.bp)
    app.register_blueprint(play.bp)
    from . import seating  # who holds which seat; asking before acting for another's turn
    app.register_blueprint(seating.bp)
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
    app.jinja_env.globals["TIEBREAK_WORDS"] = TIEBREAK_WORDS
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True

    @app.errorhandler(CSRFError)
    def _csrf(err: CSRFError):
        message = CSRF_MESSAGE
        if wants_json():
            return jsonify(errors=[{"field": "csrf_token", "message": message}]), 400
        return render_template("error.html", code=400, message=message), 400

    @app.errorhandler(HTTPException)
    def _http(err: HTTPException):
        message = err.description or err.name
        if message == type(err).description and err.code in STANDARD_ERRORS:
            message = STANDARD_ERRORS[err.code]
        if wants_json():
            return jsonify(errors=[{"field": "", "message": message}]), err.code
        return render_template("error.html", code=err.code, message=message), err.code



def secure(app: Flask) -> None:
    """Wrap the whole app, the version check layer included, in :class:`SecurityHeaders`."""
    app.wsgi_app = SecurityHeaders(app.wsgi_app)


# Every answer's security headers, unless the view set its own (the version check's CSP).
SECURITY_HEADERS = (
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "same-origin"),
    ("Content-Security-Policy",
     "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
     "connect-src 'self'; frame-ancestors 'none'"))


class SecurityHeaders:
    """WSGI middleware adding :data:`SECURITY_HEADERS` to the header list every answer starts
    with (plain tuples: cheaper than Flask's header object, on every request)."""

    def __init__(self, wsgi_app) -> None:
        self.wsgi_app = wsgi_app
        self.names = tuple((name.lower(), (name, value)) for name, value in SECURITY_HEADERS)

    def __call__(self, environ, start_response):
        def start(status, headers, exc_info=None):
            present = {name.lower() for name, _ in headers}
            headers.extend(pair for lower, pair in self.names if lower not in present)
            if exc_info is None:
                return start_response(status, headers)
            return start_response(status, headers, exc_info)
        return self.wsgi_app(environ, start)
