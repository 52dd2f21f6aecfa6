"""What keeps one client from wearing down the server or another table: rate limits per client
(Flask-Limiter), answered 429 in the reader's language.

The limits count requests per client (:func:`client_network`) in Flask-Limiter's own storage,
``RATELIMIT_STORAGE_URI``: by default each process's memory (``memory://``), so an address whose
requests reach several processes of the server gets up to one limit per process; a shared
service (``redis://…``) counts once for every process and server (README "Production"). Hosted,
nginx's ``limit_req`` counts the guessing and the files once in front of them all
(deploy/nginx.conf).
"""
from __future__ import annotations

import ipaddress
import math
import time
from datetime import timedelta

from flask import Flask, current_app, jsonify, render_template, request
from flask_babel import format_timedelta
from flask_limiter import Limiter, RateLimitExceeded

from ..games.core import t
from .i18n import say

# Requests per client address; each is a setting (a Flask-Limiter limit string, several joined
# by ";"). Five phones behind one home router share an address, so only guessing is held tight.
LIMITS = {
    # A join code is 40 bits: 10 tries a minute and 50 an hour let a whole table join with
    # typos, and leave a guesser 1,200 tries a day per address and process (docs/operations.md,
    # "Security in short", works out why that is still hopeless).
    "RATELIMIT_JOIN": "10 per minute;50 per hour",
    # A table makes a game or two an evening; a host trying setups makes a few a minute.
    "RATELIMIT_NEW_GAME": "30 per minute;300 per hour",
    "RATELIMIT_IMPORT": "30 per minute;300 per hour",
    # Taps (actions, undo, redo, take-backs and changes, ruling switches): a phone taps every
    # few seconds, bursts of corrections go faster; 4 a second for a minute and 1 a second for
    # an hour is ten times a busy table of five, and caps how fast one address can grow a
    # game's log.
    "RATELIMIT_TAPS": "240 per minute;3600 per hour",
    "RATELIMIT_SCORE_API": "300 per minute;3000 per hour",
    # Heavy reads (GET): a game's or a group's file is downloaded once in a while, a group's
    # statistics read a few times a game night; a loop of them would cost the other tables.
    "RATELIMIT_EXPORTS": "10 per minute;100 per hour",
    "RATELIMIT_GROUP_STATS": "30 per minute;300 per hour",
}

# The POST views each limit covers; the taps share one count.
LIMITED = {
    "pages.join": "RATELIMIT_JOIN",
    "pages.new_game": "RATELIMIT_NEW_GAME",
    "pages.import_game": "RATELIMIT_IMPORT",
    "play.act": "RATELIMIT_TAPS",
    "play.undo_redo": "RATELIMIT_TAPS",
    "play.void": "RATELIMIT_TAPS",
    "play.amend": "RATELIMIT_TAPS",
    "reference.switch_ruling": "RATELIMIT_TAPS",
    "api.score": "RATELIMIT_SCORE_API",
    # game nights: a group is made like a game, its file imported like one; a logged play and
    # each change to its players or notes count as taps
    "groups.new": "RATELIMIT_NEW_GAME",
    "groups.import_group": "RATELIMIT_IMPORT",
    "pages.load_box": "RATELIMIT_IMPORT",  # a box file, loaded like a game's file
    "groups.load_box": "RATELIMIT_IMPORT",
    "groups.quick": "RATELIMIT_TAPS",
    "groups.add_player": "RATELIMIT_TAPS",
    "groups.rename_player": "RATELIMIT_TAPS",
    "groups.retire_player": "RATELIMIT_TAPS",
    "groups.merge_players": "RATELIMIT_TAPS",
    "groups.note": "RATELIMIT_TAPS",
}

# The GET views each heavy-read limit covers (every file out shares one count).
LIMITED_READS = {
    "sharing.export": "RATELIMIT_EXPORTS",
    "groups.export": "RATELIMIT_EXPORTS",
    "groups.plays_json": "RATELIMIT_EXPORTS",
    "groups.plays_csv": "RATELIMIT_EXPORTS",
    "pages.box_download": "RATELIMIT_EXPORTS",
    "groups.box_download": "RATELIMIT_EXPORTS",
    "groups.stats": "RATELIMIT_GROUP_STATS",
}


def client_network(address: str | None = None) -> str:
    """The client the limits count: its IPv4 address, or its IPv6 /64 (``request.remote_addr``
    when no ``address`` is given; behind a proxy, the address ProxyFix gives it). A home or a
    phone network is given a whole /64 and its devices pick new addresses in it at will; an IPv4
    address written as IPv6 (``::ffff:a.b.c.d``) is that IPv4 address."""
    raw = request.remote_addr if address is None else address
    try:
        ip = ipaddress.ip_address(raw or "")
    except ValueError:
        return (raw or "unknown")[:64]  # (a Unix socket, a proxy's odd header)
    if ip.version == 6 and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    if ip.version == 6:
        return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))
    return str(ip)


def init_app(app: Flask) -> None:
    """Limit the views of :data:`LIMITED` (after the blueprints are registered), answer a
    refusal with 429."""
    for key, value in LIMITS.items():
        app.config.setdefault(key, value)
    app.config.setdefault("RATELIMIT_STORAGE_URI", "memory://")
    # Tests run hundreds of requests from one address: they switch the limits on themselves.
    app.config.setdefault("RATELIMIT_ENABLED", not app.testing)
    if not app.config["RATELIMIT_ENABLED"]:
        return
    limiter = Limiter(client_network, app=app, headers_enabled=False)
    for limited, method in ((LIMITED, "POST"), (LIMITED_READS, "GET")):
        for endpoint, key in limited.items():
            view = app.view_functions[endpoint]  # (a KeyError here: a view was renamed)
            limit = limiter.shared_limit(app.config[key], scope=key.lower(), methods=[method])
            app.view_functions[endpoint] = limit(view)
    app.register_error_handler(RateLimitExceeded, _refused)


def _refused(err: RateLimitExceeded):
    """429, saying in the reader's language how long to wait (and Retry-After, in seconds)."""
    from .device import wants_json
    wait = _seconds_to_wait()
    message = say(t("Too many requests from this network in a short time. Try again in {wait}.",
                    wait=_duration(wait)))
    if wants_json():
        resp = jsonify(errors=[{"field": "", "message": message}], said=message)
    else:
        resp = current_app.make_response(
            render_template("error.html", code=429, message=message))
    resp.status_code = 429
    resp.headers["Retry-After"] = str(wait)
    return resp


def _seconds_to_wait() -> int:
    """Whole seconds until the limit this request broke lets the next one through."""
    limiter = next(iter(current_app.extensions["limiter"]))
    broken = limiter.current_limit
    if broken is None:
        return 60
    return max(1, math.ceil(broken.reset_at - time.time()))


def _duration(seconds: int) -> str:
    """A wait in the reader's language: seconds up to two minutes, then whole minutes (rounded
    up, so a reader who waits as told is let through)."""
    if seconds > 120:
        seconds = math.ceil(seconds / 60) * 60
    return format_timedelta(timedelta(seconds=seconds), threshold=2)
