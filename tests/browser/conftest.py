"""Real-browser fixtures: Debian's Chromium driven by Playwright against a live server started
here (werkzeug in a thread on 127.0.0.1, temporary SQLite). Nothing leaves that origin: the
browser resolves no other host name, and every context records each request it sends to any
other address (a listener, not an interception: an intercepted request waits on this process,
and Playwright turns the browser's cache off for it).

Every test's tables start on a fresh server's box (``LiveServer.fresh_box``): a server keeps
what every table taught it (issue 49), and one worker's tests share one server, so without it a
table would be offered whatever the tests before it on that worker happened to teach, and its
touches and forms would depend on the order the tests were dealt in. The counts are a newcomer's
on a fresh server; a test of a known box teaches it first, in the test.

Never run ``playwright install``: the browser is the system's (``scripts/system-deps.sh``).
"""
from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from sqlalchemy import delete
from werkzeug.serving import make_server

from companion import create_app
from companion.store.db import BoxData, BoxSighting, write_session

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
LOOPBACK = "127.0.0.1"
SHOTS = ROOT / "test-artifacts" / "screenshots"
DOC_SHOTS = ROOT / "docs" / "screenshots"

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
TABLET = {"viewport": {"width": 1024, "height": 768}, "device_scale_factor": 1,
          "is_mobile": True, "has_touch": True}
VIEWPORTS = {"phone": PHONE, "tablet": TABLET}

# What a page is expected to show may come a few seconds late while the suite's other worker
# keeps the cores busy (the tests run on every core): a wait, never a measure of speed.
expect.set_options(timeout=10_000)


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `bash scripts/system-deps.sh` (as root)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "timeout": 30_000,
            "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--no-first-run",
                     f"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE {LOOPBACK}"]}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict, live_server) -> dict:
    """What every context shares; the device (phone, tablet) comes from ``open_context``."""
    args = {k: v for k, v in browser_context_args.items() if k not in PHONE}
    return {**args, "base_url": live_server.url, "locale": "en-GB",
            "service_workers": "block"}


class LiveServer:
    """The app on a free loopback port, in a daemon thread, over a temporary SQLite file."""

    def __init__(self, db_path: Path) -> None:
        self.app = create_app({"TESTING": True, "SECRET_KEY": "browser-tests",
                               "DATABASE_URL": f"sqlite:///{db_path}", "CREATE_TABLES": True})
        self.server = make_server(LOOPBACK, 0, self.app, threaded=True)
        self.url = f"http://{LOOPBACK}:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.outside: list[str] = []  # requests a page tried to send elsewhere

    def prepare(self, context: Any) -> None:
        """A context as every test opens one: each request it sends anywhere but this server
        recorded, and its clock Playwright's (time flows as usual; a test that lets a moment
        pass moves it on instead of waiting)."""
        def seen(request: Any) -> None:
            url = request.url
            if url != self.url and not url.startswith(self.url + "/") \
                    and not url.startswith("data:"):
                self.outside.append(url)
        context.on("request", seen)
        context.clock.install()

    def fresh_box(self) -> None:
        """Forget every value the server's tables taught (the box data of every owner, the
        server's too, and the sightings they are worked out from): the box of a fresh server.
        A table's games stay; only what it offers from the box is gone."""
        with self.app.app_context(), write_session() as s:
            s.execute(delete(BoxSighting))
            s.execute(delete(BoxData))
            s.commit()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("live") / "browser.sqlite")
    server.thread.start()
    yield server
    server.server.shutdown()
    server.thread.join(timeout=5)
    server.app.extensions["db_engine"].dispose()


@pytest.fixture
def open_context(new_context, live_server):
    """``open_context("phone")`` -> a watched browser context with that viewport, on a server
    whose box is fresh when the test starts (its own tables then teach it as they play)."""
    live_server.fresh_box()
    made = []

    def _open(kind: str = "phone", **extra: Any):
        ctx = new_context(**{**VIEWPORTS[kind], **extra})
        ctx.set_default_timeout(10_000)
        live_server.prepare(ctx)
        made.append(ctx)
        return ctx

    yield _open
    assert live_server.outside == [], f"requests left the server's origin: {live_server.outside}"


def shot(page: Any, name: str, *, doc: bool = False, always: bool = False) -> None:
    """Save a screenshot for humans (git-ignored) when SCREENSHOTS=1, or ``always`` (what a
    failing check saw); with ``doc``, also the small copy committed under docs/screenshots (only
    when UPDATE_DOC_SCREENSHOTS=1, so tests never dirty the tree)."""
    import os
    updating = doc and os.environ.get("UPDATE_DOC_SCREENSHOTS") == "1"
    if always or updating or os.environ.get("SCREENSHOTS") == "1":
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    if updating:
        DOC_SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(DOC_SHOTS / f"{name}.png"), scale="css")


@pytest.fixture(scope="session")
def base_url(live_server) -> str:
    """Overrides pytest-playwright's (a class-based fixture that pytest 9 warns about)."""
    return live_server.url
