"""Answers as small as a phone on a table's Wi-Fi can take them: compressed by Flask-Compress
(zstd, brotli or gzip, whichever the browser accepts first; pages, style sheets, scripts, JSON
and SVG), and the static files whose names carry their content's hash (``?v=``, see
``assets``) kept by the browser for a year: a new copy has a new name, so none goes stale."""
from __future__ import annotations

from flask import Flask, Response, request
from flask_compress import Compress

#: a versioned static file never changes under its name
KEPT = "public, max-age=31536000, immutable"

MIMETYPES = ["text/html", "text/css", "text/plain", "text/javascript", "application/javascript",
             "application/json", "application/manifest+json", "image/svg+xml", "text/csv"]


def init_app(app: Flask) -> None:
    """Register last of the answer's handlers that change its body: Flask runs them in the
    reverse order, so the body is compressed after every other handler is done with it."""
    app.config.setdefault("COMPRESS_MIMETYPES", MIMETYPES)
    app.config.setdefault("COMPRESS_MIN_SIZE", 500)  # below a packet's size it saves nothing
    app.after_request(_kept_when_versioned)
    Compress(app)


def _kept_when_versioned(resp: Response) -> Response:
    if request.endpoint == "static" and request.args.get("v") and resp.status_code == 200:
        resp.headers["Cache-Control"] = KEPT
    return resp
