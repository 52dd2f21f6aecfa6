"""The web layer: generic over the games registry; each game adds templates, not plumbing."""
from __future__ import annotations

from flask import Flask, Response, current_app, jsonify, render_template, request
from flask.globals import request_ctx
from flask_wtf.csrf import CSRFError
from jinja2 import BaseLoader, ChoiceLoader, TemplateNotFound
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import HTTPException, ServiceUnavailable

from ..games import GAMES, game_folder
from ..games.core import t
from .device import once_key, wants_json
from .i18n import for_game, say
from .security import csrf

#: The views that read a whole exported file (a game's, a group's, a box's) take up to
#: IMPORT_MAX_BYTES; every other request stays within MAX_CONTENT_LENGTH.
FILE_IMPORTS = ("pages.import_game", "groups.import_group", "pages.load_box",
                "groups.load_box")

CSRF_MESSAGE = t("This page was open too long or came from elsewhere (missing security token), "
                 "so nothing was recorded. Reload the page and try again.")

DATABASE_MESSAGE = t("The server cannot store anything just now (its database refused), so "
                     "nothing was recorded. Try again in a minute; if it keeps failing, tell "
                     "whoever runs the server.")

# Werkzeug's own descriptions of the errors a reader can meet, marked so the error page says them
# in the reader's language (the English, and so the JSON, stays Werkzeug's); except a failure of
# the server's own (500), which says that nothing was recorded and what to do, since a phone's
# tap is answered with it too.
STANDARD_ERRORS = {
    400: t("The browser (or proxy) sent a request that this server could not understand."),
    403: t("You don't have the permission to access the requested resource. It is either "
           "read-protected or not readable by the server."),
    404: t("The requested URL was not found on the server. If you entered the URL manually "
           "please check your spelling and try again."),
    405: t("The method is not allowed for the requested URL."),
    413: t("The data value transmitted exceeds the capacity limit."),
    500: t("The server failed, so nothing was recorded. Try again in a moment; if it keeps "
           "failing, tell whoever runs the server."),
}



def _upload_limit(endpoint: str | None, _values: dict | None) -> None:
    """A group's file grows with its games (a whole 5-player game is ~90 KB): an import may send
    up to IMPORT_MAX_BYTES, as a file or pasted."""
    if endpoint in FILE_IMPORTS:
        limit = current_app.config["IMPORT_MAX_BYTES"]
        request.max_content_length = limit
        request.max_form_memory_size = limit


def _game_words(_endpoint: str | None, values: dict | None) -> None:
    """A page of one game by its name (a new game, a quick pad, its box data, the score API)
    reads that game's words first; a game's own link does the same once it is opened."""
    slug = (values or {}).get("slug") or (values or {}).get("game")
    if isinstance(slug, str):
        for_game(slug)


def _game_template(name: str):
    """``games/<slug>/<file>`` from the ``templates`` folder beside the game's rules, when the
    app's own templates have none (a game kept outside the app brings its board this way)."""
    parts = name.split("/")
    folder = game_folder(parts[1]) if len(parts) > 2 and parts[0] == "games" else None
    path = folder / "templates" / "/".join(parts[2:]) if folder else None
    if path is None or not path.is_file():
        return None
    mtime = path.stat().st_mtime
    return path.read_text(encoding="utf-8"), str(path), lambda: path.stat().st_mtime == mtime


class GameFolders(BaseLoader):
    """The templates games bring in their own folders (``_game_template``), listed too: the
    server compiles every game page template before its first request."""

    def get_source(self, environment, template: str):
        found = _game_template(template)
        if found is None:
            raise TemplateNotFound(template)
        return found

    def list_templates(self) -> list[str]:
        names = []
        for slug in GAMES:
            folder = game_folder(slug)
            base = folder / "templates" if folder else None
            if base is not None and base.is_dir():
                names += [f"games/{slug}/{p.relative_to(base).as_posix()}"
                          for p in base.rglob("*") if p.is_file()]
        return sorted(names)


def init_app(app: Flask) -> None:
    app.url_value_preprocessor(_upload_limit)  # (runs before the CSRF check reads the form)
    app.url_value_preprocessor(_game_words)
    from . import security  # CSRF check, security headers, no caching of pages
    security.init_app(app)
    from .views import api, changes, pages, play  # noqa: F401  (changes: the history's routes
    app.register_blueprint(pages.bp)                # of the play blueprint)
    app.register_blueprint(play.bp)
    from .views import sharing  # the game's link, QR code, table view, version check and export
    app.register_blueprint(sharing.bp)
    from .views import seating  # who holds which seat; asking before acting for another's turn
    app.register_blueprint(seating.bp)
    app.register_blueprint(api.bp)
    from .views import card  # a finished game's card to share: SVG and PNG
    app.register_blueprint(card.bp)
    from .views import box_files, group_files, groups  # noqa: F401  game nights (group_files: its
    app.register_blueprint(groups.bp)  # downloads, box_files: its box, routes of the same one)
    from . import extras  # each game's own pages, where it has some (web/extras/<slug>.py)
    for blueprint in extras.blueprints():
        app.register_blueprint(blueprint)
    from .views import reference  # rules reference, rulings, search, "Can I do this?"
    reference.register(app)
    from .views import offline  # the service worker that keeps each game's last view on the phone
    app.register_blueprint(offline.bp)
    app.jinja_env.globals["worker_scope"] = offline.scope
    csrf.exempt(api.bp)
    app.jinja_env.globals["GAMES"] = GAMES
    app.jinja_env.loader = ChoiceLoader([app.jinja_env.loader, GameFolders()])
    app.jinja_env.globals["once_key"] = once_key
    from . import assets  # the minified script and style sheet the pages load
    assets.init_app(app)
    from . import drawing  # the game page's shared parts; per-phone tokens put in each answer
    drawing.init_app(app)
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    from . import limits  # rate limits on the views above
    limits.init_app(app)
    from . import entry  # text no field may hold, refused (after the CSRF check and the rate
    entry.init_app(app)  # limits) before any view reads it

    # A script's request is answered with JSON: ``errors`` in English for machine clients,
    # ``said`` in the reader's language for the page's own script to show (as a refusal's).
    @app.errorhandler(CSRFError)
    def _csrf(err: CSRFError):
        message = CSRF_MESSAGE
        if wants_json():
            return jsonify(errors=[{"field": "csrf_token", "message": message}],
                           said=say(message)), 400
        return render_template("error.html", code=400, message=message), 400

    # A database that refuses to store (full disk, read-only file, down): 503, saying that
    # nothing was recorded, rather than the server's own failure.
    @app.errorhandler(OperationalError)
    def _database(err: OperationalError):
        app.logger.error("the database refused: %s", err.orig)
        return _http(ServiceUnavailable(description=DATABASE_MESSAGE, retry_after=30))

    @app.errorhandler(HTTPException)
    def _http(err: HTTPException):
        message = err.description or err.name
        if message == type(err).description and err.code in STANDARD_ERRORS:
            message = STANDARD_ERRORS[err.code]
        # the error's own headers (Retry-After, Allow), without its HTML content type
        headers = [(k, v) for k, v in err.get_headers() if k.lower() != "content-type"]
        if wants_json():
            return jsonify(errors=[{"field": "", "message": message}],
                           said=say(message)), err.code, headers
        if request_ctx.url_adapter is None:
            # Flask could not read the request's address (a host not among TRUSTED_HOSTS): the
            # page's links cannot be built, so the words alone
            return Response(say(message), err.code, headers, mimetype="text/plain")
        return render_template("error.html", code=err.code, message=message), err.code, headers


