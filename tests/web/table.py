"""Drive a game through the web layer the way a phone does: forms, CSRF token, page version;
and the tables, forms and files the web tests share."""
from __future__ import annotations

import html
import io
import json
import re
import urllib.parse

from sqlalchemy import select

from companion import store
from companion.games import get_game
from companion.store.db import Action, Game
from tests.table_helpers import csrf_of

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

    def asked(self, kind: str) -> str:
        """The page with the form of ``kind``'s panel drawn (?show=: its panel's link, or the
        page's script as the panel opens; the page every phone reloads leaves it out)."""
        resp = self.client.get(f"{self.path}?show={kind}")
        assert resp.status_code == 200
        return resp.get_data(as_text=True)

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
            from companion.store.db import session
            token = self.path.rsplit("/", 1)[-1]
            game = session().query(Game).filter_by(play_token=token).one()
            return list(session().query(Action).filter_by(game_id=game.id).order_by(Action.seq))

    def state(self):
        from companion import store
        from companion.games import get_game
        with self.app.app_context():
            from companion.store.db import session
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


def seat(name, initiative, **kw):
    """A Hadara player's setup fields."""
    return {"name": name, "initiative": initiative, "side": "A", "coins": 5, "income": 2,
            "military": 3, "culture": 1, "food": 2, **kw}


def quick_data(client, **extra):
    """The Hadara quick pad's fields for two players (``extra``: fields changed)."""
    data = {"csrf_token": csrf_of(client, "/quick/hadara?players=2"),
            "players-0-name": "Ana", "players-0-coins": 13, "players-0-tracks__culture": 7,
            "players-0-tracks__income": 0, "players-0-tracks__military": 0,
            "players-0-tracks__food": 2, "players-0-colonies": "5, 7",
            "players-0-silver_1": "culture", "players-0-cards__red__count": 2,
            "players-0-cards__red__points": 6,
            "players-1-name": "Ben", "players-1-coins": 4, "players-1-tracks__culture": 0,
            "players-1-tracks__income": 0, "players-1-tracks__military": 0,
            "players-1-tracks__food": 0}
    data.update(extra)
    return data


def quick(client, **extra):
    """The TradeWarz quick pad sent for three houses (``extra``: fields changed)."""
    data = {"csrf_token": csrf_of(client, "/quick/tradewarz?players=2")}
    rows = [("Amber", 3, 2, 4, 1, 1, 2, 1, 5), ("Basalt", 4, 1, 3, 1, 2, 1, 0, 2),
            ("Cedar", 2, 1, 5, 0, 0, 0, 0, 0)]
    fields = ("name", "golden_xadlas", "silver_xadlas", "soldiers", "tech_strength",
              "settlements", "villages", "castles", "farthest_build")
    for i, row in enumerate(rows):
        data.update({f"players-{i}-{f}": v for f, v in zip(fields, row)})
    data.update(extra)
    return client.post("/quick/tradewarz", data=data)


CITIES = [{"name": "Ana", "city": "athens"}, {"name": "Ben", "city": "sparta"},
          {"name": "Cy", "city": "olympia"}]


def made(app, slug: str, setup: dict) -> Game:
    with app.app_context():
        return store.create_game(get_game(slug), setup)


def hadara_of_three(client, app) -> WebTable:
    return WebTable.create(client, app, "hadara", [
        {"name": n, "initiative": i, "side": "A", "coins": 10, "income": 1, "military": 0,
         "culture": 0, "food": 3} for n, i in (("Ana", 2), ("Ben", 1), ("Chen", 3))])


def phone(app, table: WebTable) -> WebTable:
    """Another phone at the table: its own cookies, the same play link."""
    return WebTable(app.test_client(), app, table.path)


def form(page: str, kind: str) -> tuple[str, dict[str, str]]:
    """The first form on a page that ends at ``kind``: where it posts and its hidden values."""
    found = re.search(
        rf'<form method="post" action="([^"]*/(?:do|confirm)/{kind})"[^>]*>(.*?)</form>',
        page, re.S)
    assert found, f"no {kind} form"
    return found.group(1), dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">',
                                           found.group(2)))


def post(table: WebTable, action: str, values: dict, **extra):
    return table.client.post(action, data={**values, **extra})


def to_colony_step(table: WebTable) -> None:
    for _ in range(5):
        for seat in range(3):
            table.do("sell", player=seat)
    table.do("next", anyway="1")
    table.do("income")
    assert "phase A: Take a colony" in table.page


THREE = CITIES  # (three Hexemonia players)


PLAY_DEFAULTS = {"produces": "none", "output": 0, "shield": 0, "gear": "none", "pay_from": ""}


class HxTable(WebTable):
    """WebTable for Hexemonia, whose hex fields include one called ``kind``."""

    def act(self, action, expect=303, version=None, **data):
        """Post an action as a browser would: fields left alone send their default."""
        spec = get_game("hexemonia").actions[action]
        defaults = {f.name: f.default for f in spec.fields  # (an unticked box sends nothing)
                    if f.default is not None and f.kind not in ("player", "bool")}
        data = {**defaults, **data}
        payload = {"csrf_token": self.csrf,
                   "version": self.version if version is None else version, **data}
        resp = self.client.post(f"{self.path}/do/{action}", data=payload)
        assert expect is None or resp.status_code == expect, (action, data, resp.status_code,
                                            resp.get_data(as_text=True)[:3000])
        self.refresh()
        return resp

    def play(self, name, kind, nature, cost, expect=303, **extra):
        c, h, g = cost
        return self.act("play_hex", expect, **{**PLAY_DEFAULTS, "name": name, "kind": kind,
                                               "nature": nature, "cost_citizens": c,
                                               "cost_hoplites": h, "cost_gold": g, **extra})

    def myth(self, name, nature, host, expect=303, **extra):
        return self.act("play_myth", expect, **{**PLAY_DEFAULTS, "name": name,
                                                "nature": nature, "host": host, **extra})

    def close_turn(self):
        self.act("political_check", anyway="y")  # (whether or not B and C were done)
        self.act("end_turn")


def hexemonia_table(client, app, players=THREE, **options):
    return HxTable.create(client, app, "hexemonia", players,  # a Fate pile of 12 hexes
                          **{"icon_3": 2, "icon_4": 29, "revolts": "y", **options})


def page_text(resp):
    return html.unescape(resp.get_data(as_text=True))


def war_table(client, app):
    """A Hexemonia table where Ana can make war on Ben (his Pascolo, next to his Falange)."""
    t = hexemonia_table(client, app)
    t.act("take", hexes=1, resource="hoplites")
    t.close_turn()
    t.act("take", hexes=1, resource="hoplites")
    t.play("Pascolo", "chora", "economic", (1, 0, 0))
    t.play("Falange", "fortification", "military", (0, 1, 0), shield=1)
    t.close_turn()
    t.act("take", hexes=2)
    t.close_turn()
    t.act("take", hexes=1, resource="hoplites")  # Ana: 2 citizens, 2 hoplites, 1 gold
    return t


def score_pad(html):
    """{label: [points per player]} and the totals, read from the rendered score pad."""
    rows = {}
    row = r'<tr><th>([^<]+)(?:<small class="rule">.*?</small>)?</th>(.*?)</tr>'  # label, its rule
    for label, cells in re.findall(row, html, re.S):
        rows[label.strip()] = [int(n) for n in re.findall(r"<summary>(-?\d+)</summary>", cells)]
    totals = re.search(r'<tr class="total"><th>Total</th>(.*?)</tr>', html, re.S).group(1)
    return rows, [int(n) for n in re.findall(r"<td>(-?\d+)</td>", totals)]


def stored_rows(app) -> tuple:
    """Everything an import could store: the games and the actions tables, row by row."""
    with app.app_context():
        s = store.session()
        return (tuple(s.execute(select(Game.id, Game.title, Game.version)).all()),
                tuple(s.execute(select(Action.game_id, Action.seq, Action.data)).all()))


def import_body(client, body: str | bytes, *, upload: bool = False, language: str = "en"):
    data = {"csrf_token": csrf_of(client)}
    if upload:
        data["file"] = (io.BytesIO(body if isinstance(body, bytes) else body.encode()), "g.json")
    else:
        data["json"] = body if isinstance(body, str) else body.decode()
    return client.post("/import", data=data, headers={"Accept-Language": language},
                       content_type="multipart/form-data" if upload else None)


def hadara_with_box(*players):
    """A Hadara game stored with the box data of its setup (in an app context)."""
    rules = get_game("hadara")
    setup = {"players": list(players) or [seat("Ana", 1), seat("Ben", 2)]}
    return store.create_game(rules, setup, box=rules.box_records_of_setup(setup))


def to_statue_step(game):
    """Phase A of epoch I with every card sold, then closed up to the statue step."""
    for round_ in range(1, 6):
        for player in (0, 1):
            store.record(game.id, "sell", {"player": player, "round": round_})
    while (step := store.state_of(store.find_game(game.play_token)[0]).step) != "statue":
        store.record(game.id, "income" if step == "income" else "next", {})


BLUE = {"player": 0, "colour": "blue", "cost": 2, "culture": 1, "points": 1}


def round_trip(client, app, tmp_path) -> None:
    """The one game of ``app`` (a real played game), undone and redone once, exported and
    imported into another server: the same state and history there."""
    from companion import create_app
    with app.app_context():
        game = store.session().scalars(select(Game)).one()
        token = game.play_token
    path = f"/g/{token}"
    csrf = csrf_of(client, path)
    for step in ("undo", "redo"):  # the history's own entries travel too
        assert client.post(f"{path}/{step}", data={"csrf_token": csrf}).status_code == 303
    exported = client.get(f"{path}/export.json")
    assert exported.status_code == 200 and "hidden" not in exported.get_json()
    other = create_app({"TESTING": True, "SECRET_KEY": "other", "CREATE_TABLES": True,
                        "DATABASE_URL": f"sqlite:///{tmp_path / 'other.sqlite'}"})
    there = other.test_client()
    made = import_body(there, exported.get_data(), upload=True)
    assert made.status_code == 303, made.get_data(as_text=True)[-3000:]
    copy_token = made.headers["Location"].rsplit("/", 1)[-1]
    with other.app_context():
        copied, _ = store.find_game(copy_token)
        again = store.export_game(copied)
        copied_state = store.state_of(copied)
    assert again == {**exported.get_json(), "created_at": again["created_at"]}
    with app.app_context():
        assert copied_state == store.state_of(store.session().get(Game, game.id))
    assert there.get(f"/g/{copy_token}/history").get_data(as_text=True).count("<li") == \
        client.get(f"{path}/history").get_data(as_text=True).count("<li")
    other.extensions["db_engine"].dispose()
