"""The page's script and style sheet reach phones minified (companion/web/assets.py): the pages
link the minified copies, which are fewer bytes than the commented sources and follow them when
a source changes."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from companion import store
from companion.games import GAMES, get_game
from companion.web.assets import ASSETS, build
from tests.table_helpers import sample_setup

ROOT = Path(__file__).resolve().parents[2]
LINKS = re.compile(r'(?:href|src)="(/static/gen/app\.(?:css|js))\?v=(\w+)"')


def test_pages_load_the_minified_script_and_style_sheet_not_the_sources(client):
    page = client.get("/").get_data(as_text=True)
    linked = dict(LINKS.findall(page))
    assert set(linked) == {"/static/gen/app.css", "/static/gen/app.js"}
    assert "/static/app.js" not in page and "/static/app.css" not in page
    for url in linked:
        source = (ROOT / "static" / url.rsplit("/", 1)[1]).read_bytes()
        with client.get(url) as served:
            assert served.status_code == 200
            assert 0 < len(served.data) < 0.95 * len(source), url
    with client.get("/static/gen/app.js") as served:
        js = served.get_data(as_text=True)
    assert "// " not in js and "fetch(" in js  # comments gone, the code kept


def test_a_changed_source_is_minified_again_and_linked_under_a_new_version(tmp_path):
    static = tmp_path / "static"
    static.mkdir()
    (static / "app.js").write_text("// a comment\nvar answer = 41 + 1;\n")
    for source, _, _ in ASSETS.values():
        if source.endswith(".css"):
            (static / source).write_text("body { color : red ; }\n")
        elif source != "app.js":
            (static / source).write_text("var other = 1;\n")
    build(static)
    first = (static / "gen" / "app.js").read_text()
    assert "comment" not in first and "41" in first
    (static / "app.js").write_text("var answer = 42;\n")
    later = (static / "gen" / "app.js").stat().st_mtime + 5
    os.utime(static / "app.js", (later, later))
    build(static)
    assert "42" in (static / "gen" / "app.js").read_text()


SHEETS = re.compile(r'<link rel="stylesheet" href="/static/gen/(\w+)\.css\?v=\w+">')


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_games_pages_load_its_own_style_sheet_and_no_other_games(app, client, slug):
    """A phone's page of one game never carries another game's style rules (page weight,
    issue 15); the pages for the middle of the table load theirs."""
    with app.app_context():
        game = store.create_game(get_game(slug), sample_setup(get_game(slug), 3))
    own = ["app"] + ([slug] if (ROOT / "static" / f"{slug}.css").exists() else [])
    assert SHEETS.findall(client.get(f"/g/{game.play_token}").get_data(as_text=True)) == own
    for page in ("/history", "/score"):
        html = client.get(f"/g/{game.play_token}{page}").get_data(as_text=True)
        assert SHEETS.findall(html) == own + ["pages"], page
    for page in ("/table", "/board-view"):
        html = client.get(f"/g/{game.play_token}{page}").get_data(as_text=True)
        assert SHEETS.findall(html) == own + ["table"], page
    assert SHEETS.findall(client.get("/").get_data(as_text=True)) == ["app", "pages"]


def test_what_only_other_pages_use_is_not_in_the_game_pages_style_sheet():
    """pages.css styles forms and lists of other pages (each of its rules is scoped by one of
    these classes); none is drawn by a game's own page (game.html and what it includes), which
    does not load pages.css."""
    css = (ROOT / "static" / "pages.css").read_text()
    scoped = ("inline", "box-values", "grid", "list", "seat", "setup", "story", "share-card",
              "visually-hidden", "qr", "alert")
    rules = re.findall(r"([^{}]+)\{", re.sub(r"/\*.*?\*/", "", css, flags=re.S))
    assert rules and all(any(f".{c}" in r for c in scoped) for r in rules), rules
    templates = ROOT / "templates"
    games = templates / "games"
    game_page = [templates / "game.html", *games.rglob("board.html"), *games.rglob("*_panel.html"),
                 *games.rglob("_*.html")]
    drawn = "\n".join(p.read_text() for p in game_page)
    for name in scoped[:-1]:  # an alert on the game page has no list (the rule styles a <ul>)
        assert not re.search(rf'class="(?:[^"]* )?{name}[ "]', drawn), name
    assert not re.search(r'class="alert"[^>]*><ul', drawn)


def test_the_minified_script_shortens_its_local_names_and_still_parses(client, tmp_path):
    import shutil
    import subprocess
    with client.get("/static/gen/app.js") as served:
        js = served.get_data(as_text=True)
    source = (ROOT / "static" / "app.js").read_text()
    for local in ("keepLastView", "askNow", "schedule"):  # the script's own functions
        assert f"function {local}(" in source and local not in js, local
    assert "document.getElementById" in js  # the browser's names are kept
    node = shutil.which("node")
    if node:  # (installed by `make system-deps`)
        (tmp_path / "app.js").write_text(js)
        assert subprocess.run([node, "--check", str(tmp_path / "app.js")]).returncode == 0
