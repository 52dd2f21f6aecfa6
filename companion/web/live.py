"""The live-update check, answered before Flask: every idle phone at the table asks
``GET /g/<token>/v`` about every 1.5 seconds, so this one request is served by a small WSGI layer
with one indexed query and no session, CSRF, template or ORM work.

Anything it does not answer itself (an unknown token, another path, a HEAD with a body...) goes on
to the Flask app unchanged, which keeps the 404 page and its language.
"""
from __future__ import annotations

import re
from typing import Any, Callable, Iterable

from sqlalchemy.engine import Engine

from ..store import lookup_token

TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}\Z")
# As the Flask view answers, with a CSP for data (this response is never a document); the other
# security headers are added around both by web.SecurityHeaders.
HEADERS = [("Cache-Control", "no-cache"), ("Content-Security-Policy", "default-src 'none'")]


class LiveVersions:
    """WSGI middleware: ``/g/<token>/v`` → the game's version as JSON with an ETag, or 304 when
    the phone's ``If-None-Match`` already holds it."""

    def __init__(self, wsgi_app: Callable, engine: Engine) -> None:
        self.wsgi_app = wsgi_app
        self.engine = engine

    def __call__(self, environ: dict[str, Any], start_response: Callable) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if (environ.get("REQUEST_METHOD") == "GET" and path.startswith("/g/")
                and path.endswith("/v") and TOKEN.match(path[3:-2])):
            ref = lookup_token(self.engine, path[3:-2])
            if ref is not None:
                return self.answer(environ, start_response, ref.version)
        return self.wsgi_app(environ, start_response)

    @staticmethod
    def answer(environ: dict[str, Any], start_response: Callable,
               version: int) -> Iterable[bytes]:
        etag = f'"{version}"'
        headers = [("ETag", etag)] + HEADERS
        if environ.get("HTTP_IF_NONE_MATCH") == etag:
            start_response("304 NOT MODIFIED", headers)
            return [b""]
        body = b'{"version":%d}' % version
        start_response("200 OK", headers + [("Content-Type", "application/json"),
                                            ("Content-Length", str(len(body)))])
        return [body]


def init_app(app) -> None:
    app.wsgi_app = LiveVersions(app.wsgi_app, app.extensions["db_engine"])
