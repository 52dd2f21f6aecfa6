"""Shared fixtures: an app on a temporary SQLite database, its client, and helpers to play."""
from __future__ import annotations

import re

import pytest

from companion import create_app


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "test-key",
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'test.sqlite'}",
                      "CREATE_TABLES": True})
    yield app
    app.extensions["db_engine"].dispose()


@pytest.fixture
def client(app):
    return app.test_client()


CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')


def csrf_of(client, path: str = "/") -> str:
    """The CSRF token a page hands out (tests send it like a browser would)."""
    html = client.get(path).get_data(as_text=True)
    match = CSRF.search(html)
    assert match, f"no CSRF token on {path}"
    return match.group(1)
