"""The page's script and style sheet reach phones minified (companion/web/assets.py): the pages
link the minified copies, which are fewer bytes than the commented sources and follow them when
a source changes."""
from __future__ import annotations

import os
import re
from pathlib import Path

from companion.web.assets import build

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
    (static / "app.css").write_text("body { color : red ; }\n")
    build(static)
    first = (static / "gen" / "app.js").read_text()
    assert "comment" not in first and "41" in first
    (static / "app.js").write_text("var answer = 42;\n")
    later = (static / "gen" / "app.js").stat().st_mtime + 5
    os.utime(static / "app.js", (later, later))
    build(static)
    assert "42" in (static / "gen" / "app.js").read_text()
