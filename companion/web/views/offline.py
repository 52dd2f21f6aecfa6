"""The cached last view (issue 22): the service worker that keeps, on each phone, the last page of
each game it opened and shows it, with an "offline" banner, when the server cannot be reached.
What it does is said in its source, ``static/sw.js``; this serves its minified copy
(``static/gen/sw.js``, web/assets.py).

It is served from the site's root so that its scope may be ``/g/`` (a worker may control pages
at or below its own folder; no ``Service-Worker-Allowed`` header is needed), as JavaScript, and
with ``no-cache``: a phone asks for it afresh on every check, so an update reaches it. The
security headers stay as for every answer: ``script-src 'self'`` (which ``worker-src`` falls
back to) lets the page register a worker of its own origin, and nothing else."""
from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, current_app, request

bp = Blueprint("offline", __name__)

WORKER = "gen/sw.js"
#: the pages the worker controls: the game pages, below /g/
SCOPE = "/g/"


@bp.get("/sw.js")
def worker() -> Response:
    """The worker's script (a few kilobytes, read each time: a new version is served at once),
    with its ETag: the browser's check for an update is answered 304 when nothing changed."""
    body = (Path(current_app.static_folder) / WORKER).read_bytes()
    resp = Response(body, mimetype="text/javascript")
    resp.headers["Cache-Control"] = "no-cache"
    resp.add_etag()
    return resp.make_conditional(request)


def scope() -> str:
    """The worker's scope as the page registers it (under the app's script root, if any)."""
    return request.script_root + SCOPE
