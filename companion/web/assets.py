"""The page's script and style sheet as phones get them: minified by webassets into
``static/gen/`` (the script by calmjs.parse, which also shortens its local names; the style
sheets by rcssmin), from the commented sources in ``static/``. Every phone fetches them with the
first page, on a cheap data plan; the sources keep their comments (the script's explain why it
does what it does), the phones get far fewer bytes.

``build`` runs once before the server's processes start (``companion.serving.serve``), and again in
an app whose minified copies are missing or older than their sources (a developer's or a test's
app), so a serving process never writes a file another one is sending. A link carries the
copy's hash (``?v=``), so a phone never keeps a stale one."""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

from calmjs.parse import es5
from calmjs.parse.unparsers.es5 import minify_print
from flask import Flask
from webassets import Bundle, Environment
from webassets.filter import Filter, register_filter

from ..games import GAMES, game_folder


class ShortNames(Filter):
    """The script minified with its local names shortened (its global ones kept): smaller than
    rjsmin makes it, which only drops spaces and comments."""

    name = "calmjs"

    def output(self, _in, out, **_kw):
        out.write(minify_print(es5(_in.read()), obfuscate=True, obfuscate_globals=False))


register_filter(ShortNames)

#: what the pages load: name -> (source in static/, filter, minified copy in static/). Every page
#: loads app.js and app.css; a game's own style sheet (``game_sheets``) is loaded by the pages
#: of a game of it only, table.css by the pages for the middle of the table, pages.css by every
#: page but a game's own: the page every phone reloads at the table carries only its own rules.
ASSETS = {"js": ("app.js", "calmjs", "gen/app.js"), "css": ("app.css", "rcssmin", "gen/app.css"),
          "pages": ("pages.css", "rcssmin", "gen/pages.css"),
          "table": ("table.css", "rcssmin", "gen/table.css"),
          # the service worker (web/views/offline.py serves it at /sw.js), minified like the script
          "sw": ("sw.js", "calmjs", "gen/sw.js"),
          # a finished game's card shared as an image: loaded with the card only (story.html)
          "card": ("card.js", "calmjs", "gen/card.js")}


#: what the pages load as it came from npm (already minified, and ES2015, which calmjs.parse cannot
#: read): name -> its copy in static/, written by `make vendor` from the version package-lock.json
#: pins. The script's morphing library, loaded before the script on a game's page.
VENDORED = {"morph": "vendor/idiomorph.min.js"}


def game_sheets(static: Path) -> dict[str, tuple[str, str, str]]:
    """Each registered game's own style sheet, found by its name: ``<slug>.css`` in ``static``,
    else in the ``static`` folder beside the game's rules (a game without one has none)."""
    found = {}
    for slug in GAMES:
        folder = game_folder(slug)
        here = [static / f"{slug}.css"] + ([folder / "static" / f"{slug}.css"] if folder else [])
        source = next((p for p in here if p.exists()), None)
        if source is not None:
            name = source.name if source.parent == static else str(source)
            found[slug] = (name, "rcssmin", f"gen/{slug}.css")
    return found


def _assets(static: Path) -> dict[str, tuple[str, str, str]]:
    return {**ASSETS, **game_sheets(static)}


def _environment(static: Path) -> Environment:
    env = Environment(directory=str(static), url="/static")
    env.cache = False  # (webassets' cache folder would be one more thing written at serving time)
    env.manifest = False
    for name, (source, minifier, output) in _assets(static).items():
        env.register(name, Bundle(source, filters=minifier, output=output))
    return env


def build(static: Path, *, force: bool = False) -> None:
    """Write the minified copies that are missing or older than their sources, each written
    aside and then renamed into place: a process reading one while a server starting next to
    it builds them again reads the whole old copy or the whole new one, never half a file."""
    env = _environment(static)
    for name, (source, _, output) in _assets(static).items():
        made = static / output
        # (this file names the minifiers: a copy made before it changed is stale too)
        newest = max((static / source).stat().st_mtime, Path(__file__).stat().st_mtime)
        if force or not made.exists() or made.stat().st_mtime < newest:
            made.parent.mkdir(exist_ok=True)
            aside = made.resolve().with_name(f".{made.name}.{os.getpid()}")
            env[name].output = str(aside)
            env[name].build(force=True)
            os.replace(aside, made)


def init_app(app: Flask) -> None:
    """Build what is stale, and give the templates ``asset_url(name)`` and ``asset_names``."""
    static = Path(app.static_folder)
    build(static)
    urls = {}
    for name, (_, _, output) in _assets(static).items():
        digest = hashlib.sha256((static / output).read_bytes()).hexdigest()[:12]
        urls[name] = f"{app.static_url_path}/{output}?v={digest}"
    for name, copy in VENDORED.items():
        digest = hashlib.sha256((static / copy).read_bytes()).hexdigest()[:12]
        urls[name] = f"{app.static_url_path}/{copy}?v={digest}"
    app.jinja_env.globals["asset_url"] = urls.__getitem__
    app.jinja_env.globals["asset_names"] = frozenset(urls)
