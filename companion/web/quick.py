"""A phone's taps, recorded before Flask: the page's script sends every action as
``POST /g/<token>/do/<kind>`` with a form body and ``Accept: application/json``, and at a table of
five that is the one write the server does all evening. This WSGI layer records such a tap with
the same checks the Flask view makes (the session cookie, the CSRF token, the play link, the
rules) and the same code (:func:`play.record_tap`), without Flask's request and routing
machinery, which cost as much as the recording itself.

It answers only a tap it records. Anything else goes on to Flask unchanged, its body put back:
another content type, a missing or wrong CSRF token, a watch link, an unknown action, and every
refusal by the rules (nothing was stored, so the view checks it again and answers with its
message, in the reader's language). The layer may only ever accept less than the view does.
"""
from __future__ import annotations

import hmac
import io
import re
from typing import Any, Callable, Iterable
from urllib.parse import parse_qsl, urlsplit

import orjson
from flask import Flask
from itsdangerous import BadData, URLSafeTimedSerializer
from werkzeug.http import parse_cookie

from .. import store
from ..games import GAMES
from ..games.core import RulesError
from .forms import form_values
from .play import record_tap, seat_in, tap_answer, version_sent

TAP = re.compile(r"/g/([A-Za-z0-9_-]{1,64})/do/([a-z_]{1,40})\Z")
FORM = "application/x-www-form-urlencoded"
MAX_BODY = 8 * 1024  # a tap's form is a few hundred bytes; larger ones go to Flask
MAX_FIELDS = 200
CSRF_SALT = "wtf-csrf-token"  # Flask-WTF's: its tokens are checked here as it checks them


class QuickTaps:
    """WSGI middleware recording the page's own taps (see the module's words)."""

    def __init__(self, wsgi_app: Callable, app: Flask) -> None:
        self.wsgi_app = wsgi_app
        self.app = app
        self._signer: tuple[Any, URLSafeTimedSerializer] | None = None

    def __call__(self, environ: dict[str, Any], start_response: Callable) -> Iterable[bytes]:
        if (environ.get("REQUEST_METHOD") == "POST"
                and environ.get("HTTP_ACCEPT") == "application/json"
                and environ.get("CONTENT_TYPE", "").partition(";")[0].strip() == FORM):
            found = TAP.match(environ.get("PATH_INFO", ""))
            body = _body(environ) if found else None
            if body is not None:
                answer = self.record(environ, body, *found.groups())
                if answer is not None:
                    start_response("200 OK", [("Content-Type", "application/json"),
                                              ("Content-Length", str(len(answer))),
                                              ("Vary", "Cookie")])
                    return [answer]
                environ["wsgi.input"] = io.BytesIO(body)  # as it came, for Flask
        return self.wsgi_app(environ, start_response)

    def record(self, environ: dict[str, Any], body: bytes, token: str,
               kind: str) -> bytes | None:
        """The JSON answer of a tap recorded, or None (nothing stored) for Flask to answer."""
        form = _form(body)
        if form is None:
            return None
        with self.app.app_context():
            kept = self._session(environ)
            if not self._csrf_passes(environ, kept, form):
                return None
            ref = store.find_ref(token, to_write=True)
            if ref is None or not ref.can_play or kind not in GAMES[ref.slug].actions:
                return None
            values = form_values(GAMES[ref.slug].spec(kind), form)
            try:
                done = record_tap(ref, kind, values, seat_in(kept, ref.id), version_sent(form))
            except RulesError:
                return None
            return orjson.dumps(tap_answer(done)) + b"\n"

    def _session(self, environ: dict[str, Any]) -> dict[str, Any]:
        """The phone's session as Flask reads it: its signed cookie's values, or nothing when
        the cookie is missing, altered or expired."""
        app = self.app
        value = parse_cookie(environ.get("HTTP_COOKIE", "")).get(app.config["SESSION_COOKIE_NAME"])
        serializer = app.session_interface.get_signing_serializer(app)
        if not value or serializer is None:
            return {}
        try:
            data = serializer.loads(value, max_age=int(
                app.permanent_session_lifetime.total_seconds()))
        except BadData:
            return {}
        return data if isinstance(data, dict) else {}

    def _csrf_passes(self, environ: dict[str, Any], kept: dict[str, Any],
                     form: dict[str, str]) -> bool:
        """Flask-WTF's check of a form's CSRF token (CSRFProtect.protect), for a token sent in
        the form: signed with the app's key, not older than the time limit, the session's own,
        and over HTTPS a referrer from this host."""
        config = self.app.config
        if not (config["WTF_CSRF_ENABLED"] and config["WTF_CSRF_CHECK_DEFAULT"]):
            return True
        if "POST" not in config["WTF_CSRF_METHODS"]:
            return True
        name = config["WTF_CSRF_FIELD_NAME"]
        sent, known = form.get(name), kept.get(name)
        if not sent or not isinstance(known, str):
            return False
        try:
            token = self._csrf_signer().loads(sent, max_age=config.get("WTF_CSRF_TIME_LIMIT",
                                                                       3600))
        except BadData:
            return False
        if not isinstance(token, str) or not hmac.compare_digest(known, token):
            return False
        if environ.get("wsgi.url_scheme") == "https" and config["WTF_CSRF_SSL_STRICT"]:
            return _same_origin(environ.get("HTTP_REFERER", ""),
                                f"https://{environ.get('HTTP_HOST', '')}/")
        return True

    def _csrf_signer(self) -> URLSafeTimedSerializer:
        key = self.app.config.get("WTF_CSRF_SECRET_KEY") or self.app.secret_key
        kept = self._signer
        if kept is None or kept[0] != key:
            kept = self._signer = (key, URLSafeTimedSerializer(key, salt=CSRF_SALT))
        return kept[1]


def _body(environ: dict[str, Any]) -> bytes | None:
    """A small body, read whole (None when its length is missing or too large: Flask reads it)."""
    raw = environ.get("CONTENT_LENGTH", "")
    if not raw.isdecimal() or not 0 < int(raw) <= MAX_BODY:
        return None
    return environ["wsgi.input"].read(int(raw))


def _form(body: bytes) -> dict[str, str] | None:
    """A form body's fields, the first value of each name (as Flask's ``request.form.get``),
    or None when it is not plain UTF-8 form encoding (Werkzeug keeps a broken escape as it
    came: Flask reads those)."""
    try:
        pairs = parse_qsl(body.decode(), keep_blank_values=True, errors="strict",
                          max_num_fields=MAX_FIELDS)
    except (UnicodeDecodeError, ValueError):
        return None
    form: dict[str, str] = {}
    for name, value in pairs:
        form.setdefault(name, value)
    return form


def _same_origin(url: str, other: str) -> bool:
    a, b = urlsplit(url), urlsplit(other)
    try:
        return (a.scheme, a.hostname, a.port) == (b.scheme, b.hostname, b.port)
    except ValueError:  # a port that is not a number
        return False


def init_app(app: Flask) -> None:
    app.wsgi_app = QuickTaps(app.wsgi_app, app)
