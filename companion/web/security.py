"""What every answer and every form post gets, whichever view serves it: Flask-WTF's CSRF check
(refusing a malformed Referer as a CSRF error instead of failing), the security headers, and
``Cache-Control: private, no-store`` on every page (pages carry the CSRF token, the play link
and the join code); a body already in memory is handed to the server whole; the phone's signed
session cookie is read only by the requests whose views use it."""
from __future__ import annotations

import contextlib

from flask import Flask, Request, Response
from flask.globals import request_ctx
from flask.sessions import SecureCookieSessionInterface
from flask_wtf.csrf import CSRFProtect
from werkzeug.exceptions import HTTPException

NO_STORE = "private, no-store"

# Every answer's security headers, unless the view set its own (the version check's CSP).
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Content-Security-Policy":
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; frame-ancestors 'none'",
}


class RefererSafeCSRF(CSRFProtect):
    """Flask-WTF's CSRF protection, refusing as a CSRF error (400) a request whose Referer it
    cannot read: over HTTPS, Flask-WTF 1.3 compares the Referer's port with urllib, whose
    ``ValueError`` for a port such as ``:abc`` would otherwise escape as a 500."""

    def protect(self, apply_exemptions: bool = False) -> None:
        try:
            super().protect(apply_exemptions)
        except ValueError:
            self._error_response("The referrer header is malformed.")


csrf = RefererSafeCSRF()

# The views that read nothing of a phone's session: the phones' held version check (the answer is
# the same for every phone) and the static files.
SESSIONLESS = frozenset({"sharing.version", "static"})


class CookieSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, not opened for the SESSIONLESS views: checking the cookie's
    signature and reading it was a large share of a version check's CPU in the server (a check
    for every phone after every change), for a session the view never reads. Such a request has
    Flask's null session (it cannot be written: nothing is sent back)."""

    def open_session(self, app: Flask, request: Request):
        # (Flask matches the URL just after this; a request it cannot match opens one, as does
        # one whose address it could not read: a host not among TRUSTED_HOSTS, say)
        adapter, rule = request_ctx.url_adapter, None
        if adapter is not None:
            with contextlib.suppress(HTTPException):  # (a redirect too)
                rule, _ = adapter.match(return_rule=True)
        if rule is not None and rule.endpoint in SESSIONLESS:
            return None
        return super().open_session(app, request)


def init_app(app: Flask) -> None:
    """Check the CSRF token of every form post, and add the headers to every answer."""
    csrf.init_app(app)
    app.session_interface = CookieSessions()
    app.after_request(_headers)


def _headers(resp: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        resp.headers.setdefault(name, value)
    # An answer that chose its own caching (static files, the version check) keeps it.
    if "Cache-Control" not in resp.headers:
        resp.headers["Cache-Control"] = NO_STORE
    # A body already in memory goes to the server whole: Granian sends a list of bytes in one
    # call, and an iterator (werkzeug's default) chunk by chunk, taking the interpreter's lock for
    # each.
    if resp.is_sequence and all(isinstance(chunk, bytes) for chunk in resp.response):
        resp.direct_passthrough = True
    return resp
