"""Fixtures of the durability tests."""
from __future__ import annotations

import pytest

from companion import create_app


@pytest.fixture
def two_processes(tmp_path):
    """Two apps on one database, each with its own kept states, as two server processes."""
    config = {"TESTING": True, "SECRET_KEY": "test-key",
              "DATABASE_URL": f"sqlite:///{tmp_path / 'shared.sqlite'}", "CREATE_TABLES": True}
    apps = create_app(config), create_app(config)
    yield apps
    for app in apps:
        app.extensions["db_engine"].dispose()
