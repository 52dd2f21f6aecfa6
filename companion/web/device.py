"""What the views share about the device asking: the kind of answer it wants, its own list of
games, a one-time key for its forms, and the address a phone on this network reaches us at.

Kept out of the package's ``__init__`` (which imports every view module to register it), so
a view module never imports the package that imports it."""
from __future__ import annotations

import secrets
import socket
from urllib.parse import urlsplit

from flask import current_app, request, session, url_for
from sqlalchemy import select

from .. import store
from ..store.db import Game

MY_GAMES_LIMIT = 50


def wants_json() -> bool:
    """An answer as JSON: for the API, a JSON body, or a client that asks for JSON first (the
    page's own script sends ``Accept: application/json`` with every tap)."""
    return (request.is_json or request.accept_mimetypes.best == "application/json"
            or request.path.startswith("/api/"))


def remember_game(token: str) -> None:
    """Add a game link to this device's list (the games list shows only these)."""
    known = session.get("games", [])
    if known[:1] == [token]:
        return  # already first: leave the session (and its cookie) untouched
    mine = [t for t in known if t != token]
    session["games"] = ([token] + mine)[:MY_GAMES_LIMIT]


def my_games() -> list[tuple[str, Game, bool]]:
    """This device's games (their links are kept in its session), newest first."""
    tokens = [t for t in session.get("games", []) if isinstance(t, str)][:MY_GAMES_LIMIT]
    games = []
    if tokens:
        rows = store.session().scalars(select(Game).where(
            Game.play_token.in_(tokens) | Game.watch_token.in_(tokens)))
        by_token = {}
        for g in rows:
            for t in (g.play_token, g.watch_token):
                by_token[t] = g
        games = [(t, by_token[t], t == by_token[t].play_token) for t in tokens if t in by_token]
    return games


def once_key() -> str:
    """A one-time key for a form that records an action: the same form sent twice (a double
    tap, a browser's resend) is stored once (``store.record``)."""
    return secrets.token_urlsafe(12)


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this machine alone (127.x, localhost, ::1): no phone reaches it."""
    host = (host or "").strip("[]")
    return host.startswith("127.") or host in ("localhost", "::1")


def lan_address() -> str:
    """The address other devices on this network reach us at (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def share_url(token: str) -> str:
    """The link phones at the table open: PUBLIC_URL when configured, else the address this page
    was asked at, with this machine's network address instead of localhost (a phone cannot
    reach the host's localhost)."""
    base = current_app.config.get("PUBLIC_URL") or request.host_url
    parts = urlsplit(base)
    # (a server listening on this machine alone, HOST=127.0.0.1, has no network address)
    if is_loopback(parts.hostname or "") and \
            not is_loopback(current_app.config.get("LISTEN_HOST", "")):
        port = f":{parts.port}" if parts.port else ""
        base = f"{parts.scheme}://{lan_address()}{port}/"
    return base.rstrip("/") + url_for("play.game_page", token=token)
