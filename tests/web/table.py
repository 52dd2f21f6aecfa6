"""Drive a game through the web layer the way a phone does: forms, CSRF token, page version."""
from __future__ import annotations

import json
import re
import urllib.parse

from companion.db import Action, Game

VERSION = re.compile(r'data-version="(\d+)"')
CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')


class WebTable:
    def __init__(self, client, app, path: str):
        self.client, self.app, self.path = client, app, path
        self.page = ""
        self.refresh()

    @classmethod
    def create(cls, client, app, slug: str, players: list[dict], *, in_group: str = "",
               **options) -> WebTable:
        """A game set up through the setup page (from the group ``in_group``: its link token)."""
        url = f"/new/{slug}?players={len(players)}" + (f"&group={in_group}" if in_group else "")
        html = client.get(url).get_data(as_text=True)
        data = {"csrf_token": CSRF.search(html).group(1), **options}
        for i, p in enumerate(players):
            data.update({f"players-{i}-{k}": v for k, v in p.items()})
        resp = client.post(url, data=data)
        assert resp.status_code == 303, resp.get_data(as_text=True)[:2000]
        return cls(client, app, resp.headers["Location"])

    def refresh(self) -> str:
        resp = self.client.get(self.path)
        assert resp.status_code == 200
        self.page = resp.get_data(as_text=True)
        return self.page

    @property
    def version(self) -> int:
        return int(VERSION.search(self.page).group(1))

    @property
    def csrf(self) -> str:
        return CSRF.search(self.page).group(1)

    def do(self, kind: str, expect: int = 303, version: int | None = None, **data):
        payload = {"csrf_token": self.csrf,
                   "version": self.version if version is None else version, **data}
        resp = self.client.post(f"{self.path}/do/{kind}", data=payload)
        assert resp.status_code == expect, (kind, data, resp.status_code,
                                            resp.get_data(as_text=True)[:3000])
        self.refresh()
        return resp

    def post(self, suffix: str, expect: int = 303, **data):
        resp = self.client.post(f"{self.path}/{suffix}", data={"csrf_token": self.csrf,
                                                               "version": self.version, **data})
        assert resp.status_code == expect, resp.get_data(as_text=True)[:3000]
        self.refresh()
        return resp

    def rows(self) -> list[Action]:
        with self.app.app_context():
            from companion.db import session
            token = self.path.rsplit("/", 1)[-1]
            game = session().query(Game).filter_by(play_token=token).one()
            return list(session().query(Action).filter_by(game_id=game.id).order_by(Action.seq))

    def state(self):
        from companion import store
        from companion.games import get_game
        with self.app.app_context():
            from companion.db import session
            token = self.path.rsplit("/", 1)[-1]
            game = session().query(Game).filter_by(play_token=token).one()
            rows = store.rows_of(session(), game.id)
            return get_game(game.slug).fold(game.setup, store.entries_of(rows))


def upload_game(client, exported: dict):
    """POST /import of a game file, pasted in the home page's form (a body given as bytes: a
    large one built by the test client would be spooled to a file it never closes)."""
    page = client.get("/").get_data(as_text=True)
    body = urllib.parse.urlencode({"csrf_token": CSRF.search(page).group(1),
                                   "json": json.dumps(exported)}).encode()
    return client.post("/import", data=body,
                       content_type="application/x-www-form-urlencoded")


def new_group(client, name: str = "Family") -> str:
    """A group made from the home page: its link token."""
    html = client.get("/").get_data(as_text=True)
    resp = client.post("/group/new", data={"name": name, "csrf_token": CSRF.search(html).group(1)})
    assert resp.status_code == 303, resp.get_data(as_text=True)[:2000]
    return resp.headers["Location"].rstrip("/").rsplit("/", 1)[1]
