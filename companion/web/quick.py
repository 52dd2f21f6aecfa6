"""The table's hot requests, answered before Flask.

At a table of five, three requests are most of the evening's traffic: every phone reloads the
game page after each tap anywhere (``GET /g/<token>``), every tap is ``POST /g/<token>/do/<kind>``
from the page's script, and score pads call ``POST /api/v1/<game>/score``. This WSGI layer answers
the plain case of each with the same checks and the same code as the Flask views
(:func:`play.record_tap`, the page cache, the rules' ``score_payload``, the app's JSON encoder),
without Flask's request, routing and context machinery, which cost as much as the work itself.

It answers only what it can answer exactly as the view would, and passes everything else on to
Flask unchanged (a body it read is put back): a page not drawn yet, a phone whose session would
change (a first visit, a link not yet first in its list), a query string, another content type,
a missing or wrong CSRF token, a watch link, an unknown action or game, and every refusal by the
rules (nothing was stored, so the view checks it again and answers with its message, in the
reader's language). It may only ever accept less than the views do; tests compare its answers
with Flask's own (tests/web/test_quick_answers.py).
"""
from __future__ import annotations

import hmac
import io
import json
import re
from typing import Any, Callable, Iterable
from urllib.parse import parse_qsl, urlsplit

from flask import Flask
from itsdangerous import BadData, URLSafeTimedSerializer
from werkzeug.http import parse_cookie

from .. import i18n, store
from ..games import GAMES
from ..games.core import RulesError, result_to_json
from . import STANDARD_ERRORS, pagecache, signing
from .forms import form_values
from .play import page_key, record_tap, seat_in, tap_answer, version_sent

PAGE = re.compile(r"/g/([A-Za-z0-9_-]{1,64})\Z")
TAP = re.compile(r"/g/([A-Za-z0-9_-]{1,64})/do/([a-z_]{1,40})\Z")
SCORE = re.compile(r"/api/v1/([a-z_]{1,40})/score\Z")
FORM = "application/x-www-form-urlencoded"
JSON = "application/json"
MAX_BODY = 64 * 1024  # a tap's form is a few hundred bytes, a score pad's a few KB
MAX_FIELDS = 200
OK = "200 OK"
CSRF_SALT = "wtf-csrf-token"  # Flask-WTF's: its tokens are made and checked here as it does

Answer = tuple[str, list[tuple[str, str]], bytes]  # status, headers and body


class QuickAnswers:
    """WSGI middleware answering the plain case of a page reload, a tap and a score call."""

    def __init__(self, wsgi_app: Callable, app: Flask) -> None:
        self.wsgi_app = wsgi_app
        self.app = app
        self._seen = signing.Seen()  # the cookies and tokens already checked (only read here)

    def __call__(self, environ: dict[str, Any], start_response: Callable) -> Iterable[bytes]:
        try:
            answer = self.answer(environ)
        except Exception:  # a page or a score call wrote nothing: the views answer it
            if self._propagates():
                raise
            self._log(environ)
            answer = None
        if answer is None:
            return self.wsgi_app(environ, start_response)
        status, headers, body = answer
        headers.append(("Content-Length", str(len(body))))
        start_response(status, headers)
        return [body]

    def answer(self, environ: dict[str, Any]) -> Answer | None:
        method, path = environ.get("REQUEST_METHOD"), environ.get("PATH_INFO", "")
        answer = None
        if method == "GET":
            found = PAGE.match(path)
            if found and not environ.get("QUERY_STRING"):
                answer = self.page(environ, found.group(1))
        elif method == "POST":
            if path.startswith("/g/"):
                found = TAP.match(path)
                if found and environ.get("HTTP_ACCEPT") == JSON:
                    answer = self.tap(environ, *found.groups())
            else:
                found = SCORE.match(path)
                if found and found.group(1) in GAMES:
                    answer = self.score(environ, found.group(1))
        return answer

    # ------------------------------------------------------------------------------ the lanes

    def page(self, environ: dict[str, Any], token: str) -> Answer | None:
        """A game page already drawn (play.game_page), for a phone that has this link first in
        its list and a CSRF token in its session (so its session stays as it is)."""
        cookies = parse_cookie(environ.get("HTTP_COOKIE", ""))
        kept = self._session(cookies)
        secret = kept.get(self.app.config["WTF_CSRF_FIELD_NAME"])
        games = kept.get("games")
        if not isinstance(secret, str) or not isinstance(games, list) or games[:1] != [token]:
            return None
        ref = store.lookup_token(self.app.extensions["db_engine"], token)
        if ref is None:
            return None
        language = i18n.language_of(cookies.get(i18n.COOKIE),
                                    environ.get("HTTP_ACCEPT_LANGUAGE", ""))
        drawn = self.app.extensions["page_cache"].get(
            page_key(ref.id, ref.version, environ, seat_in(kept, ref.id), language))
        if drawn is None:
            return None
        csrf = self._csrf_signer().dumps(secret)  # as Flask-WTF's generate_csrf
        headers = [("Content-Type", "text/html; charset=utf-8")]
        if pagecache.takes_gzip(environ.get("HTTP_ACCEPT_ENCODING", "")):
            body = drawn.gzipped(csrf)
            headers.append(("Content-Encoding", "gzip"))
        else:
            body = drawn.html(csrf).encode()
        headers.append(("Vary", "Accept-Encoding, Cookie"))
        return OK, headers, body

    def tap(self, environ: dict[str, Any], token: str, kind: str) -> Answer | None:
        """A tap recorded (play.act, as the page's script sends it). A failure answers as the
        view's would (it may have come after the write: the tap is not tried again)."""
        try:
            return self._tap(environ, token, kind)
        except Exception:
            if self._propagates():
                raise
            self._log(environ)
            return self._failed()

    def _tap(self, environ: dict[str, Any], token: str, kind: str) -> Answer | None:
        body = _body(environ, FORM)
        form = None if body is None else _form(body)
        if form is None:
            return None
        with self.app.app_context():
            kept = self._session(parse_cookie(environ.get("HTTP_COOKIE", "")))
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
        return self._json(tap_answer(done), vary=True)

    def score(self, environ: dict[str, Any], slug: str) -> Answer | None:
        """A score pad's final scores (api.score)."""
        body = _body(environ, JSON)
        if body is None:
            return None
        try:
            payload = json.loads(body)  # as Flask's get_json reads it
        except (ValueError, RecursionError):
            return None
        try:
            result = GAMES[slug].score_payload(payload)
        except RulesError:
            return None
        return self._json(result_to_json(result))

    # -------------------------------------------------------------------- what the lanes share

    def _json(self, value: Any, *, vary: bool = False, status: str = OK) -> Answer | None:
        body = self.app.json.encode(value)
        if body is None:
            return None
        headers = [("Content-Type", JSON)]
        if vary:  # the answer was read from the session (Flask says so for any such answer)
            headers.append(("Vary", "Cookie"))
        return status, headers, body

    def _failed(self) -> Answer:
        """The app's answer to a tap that failed (web.init_app's handler, for a script)."""
        return self._json({"errors": [{"field": "", "message": STANDARD_ERRORS[500]}]},
                          vary=True, status="500 INTERNAL SERVER ERROR")

    def _propagates(self) -> bool:
        """Whether a failure is raised rather than answered (Flask's own rule: tests, debug)."""
        propagate = self.app.config["PROPAGATE_EXCEPTIONS"]
        return self.app.testing or self.app.debug if propagate is None else propagate

    def _log(self, environ: dict[str, Any]) -> None:
        self.app.logger.exception("Exception on %s [%s]", environ.get("PATH_INFO"),
                                  environ.get("REQUEST_METHOD"))

    def _session(self, cookies) -> dict[str, Any]:
        """The phone's session as Flask reads it: its signed cookie's values, or nothing when
        the cookie is missing, altered or expired."""
        app = self.app
        value = cookies.get(app.config["SESSION_COOKIE_NAME"])
        serializer = app.session_interface.get_signing_serializer(app)
        if not value or serializer is None:
            return {}
        try:
            data = self._seen.loads(serializer, value,
                                    int(app.permanent_session_lifetime.total_seconds()))
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
            token = self._seen.loads(self._csrf_signer(), sent,
                                     config.get("WTF_CSRF_TIME_LIMIT", 3600))
        except BadData:
            return False
        if not isinstance(token, str) or not hmac.compare_digest(known, token):
            return False
        if environ.get("wsgi.url_scheme") == "https" and config["WTF_CSRF_SSL_STRICT"]:
            return _same_origin(environ.get("HTTP_REFERER", ""),
                                f"https://{environ.get('HTTP_HOST', '')}/")
        return True

    def _csrf_signer(self) -> URLSafeTimedSerializer:
        return signing.serializer(self.app.config.get("WTF_CSRF_SECRET_KEY")
                                  or self.app.secret_key, CSRF_SALT)


def _body(environ: dict[str, Any], content_type: str) -> bytes | None:
    """A small body of this type, read whole and put back for Flask (None when its type or
    length does not fit: Flask reads it)."""
    if environ.get("CONTENT_TYPE", "").partition(";")[0].strip() != content_type:
        return None
    raw = environ.get("CONTENT_LENGTH", "")
    if not raw.isdecimal() or not 0 < int(raw) <= MAX_BODY:
        return None
    body = environ["wsgi.input"].read(int(raw))
    environ["wsgi.input"] = io.BytesIO(body)  # as it came, for Flask if not answered here
    return body


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
    app.wsgi_app = QuickAnswers(app.wsgi_app, app)
