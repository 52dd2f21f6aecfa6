"""Behind a reverse proxy (README "Production"): the app learns the client's address and scheme
from X-Forwarded-For/-Proto only when told how many proxies to trust, and sends Secure cookies when
told to."""
from __future__ import annotations

from flask import jsonify, request

from companion import create_app

FORWARDED = {"X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https"}
PROXY = {"REMOTE_ADDR": "127.0.0.1"}  # the proxy's own connection


def seen_by_the_app(app) -> dict:
    """What a view sees of a request sent through a proxy that set the forwarding headers."""
    @app.get("/_seen")
    def seen():
        return jsonify(addr=request.remote_addr, scheme=request.scheme)
    return app.test_client().get("/_seen", headers=FORWARDED, environ_base=PROXY).get_json()


def app_with(tmp_path, **config):
    return create_app({"TESTING": True, "SECRET_KEY": "proxy-test", "CREATE_TABLES": True,
                       "DATABASE_URL": f"sqlite:///{tmp_path / 'p.sqlite'}", **config})


def test_with_proxy_fix_on_the_client_address_and_scheme_follow_x_forwarded_headers(tmp_path):
    app = app_with(tmp_path, PROXY_FIX_X_FOR=1, PROXY_FIX_X_PROTO=1)
    assert seen_by_the_app(app) == {"addr": "203.0.113.7", "scheme": "https"}


def test_with_proxy_fix_off_a_client_cannot_claim_another_address_or_scheme(tmp_path):
    app = app_with(tmp_path)  # the default: nothing in front is trusted
    assert seen_by_the_app(app) == {"addr": "127.0.0.1", "scheme": "http"}


def test_proxy_fix_and_secure_cookies_are_set_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("FLASK_SECRET_KEY", "proxy-env-test")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'env.sqlite'}")
    monkeypatch.setenv("FLASK_PROXY_FIX_X_FOR", "1")
    monkeypatch.setenv("FLASK_PROXY_FIX_X_PROTO", "1")
    monkeypatch.setenv("FLASK_SESSION_COOKIE_SECURE", "true")
    monkeypatch.setenv("FLASK_CREATE_TABLES", "true")
    app = create_app()
    try:
        assert seen_by_the_app(app) == {"addr": "203.0.113.7", "scheme": "https"}
        home = app.test_client().get("/", headers=FORWARDED, environ_base=PROXY)
        assert "; Secure" in home.headers["Set-Cookie"]
    finally:
        app.extensions["db_engine"].dispose()
