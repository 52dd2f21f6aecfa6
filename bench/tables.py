"""Tables built through HTTP only, as phones build them: a 5-player Hadara game set up on the
form and played by taps to epoch III, exported, and imported once per table; each of a table's
five phones opens the game with its own cookies and takes its own seat."""
from __future__ import annotations

import asyncio
import json
import random
import re
import urllib.parse
from dataclasses import dataclass, field

from .http import Phone, Response

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli")
VALUES = ("coins", "income", "military", "culture", "food")
COLOURS = ("yellow", "red", "blue", "green", "purple")  # what a Hadara correction changes
CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
VERSION = re.compile(r'data-version="(\d+)"')
FORM = {"Content-Type": "application/x-www-form-urlencoded"}
JSON_TAP = {**FORM, "Accept": "application/json"}  # what the page's script sends

WHEEL = ("wheel", {f"seat{n}": colour for n, colour in enumerate(COLOURS, start=1)})


def epoch(number: int) -> list[tuple[str, dict]]:
    """One Hadara epoch of the 5-player game: the first player sets the wheel (each seat's icon at
    a deck); in phase A every player sells a card a round, five rounds; phase A's steps are
    closed; in phase B the 25 face-up cards are taken (sold) in turn from the epoch's first
    player (the n-th lowest initiative: seat n-1 here), each naming its pile's colour, a pile
    emptied after another; phase B's steps are closed (a step that
    still expects a colony or a statue from someone, anyway: the page asks once)."""
    first = number - 1
    closes = [(kind, {"anyway": "y"} if kind == "next" else {})
              for kind in ("next", "income", "next", "next")]
    return ([WHEEL] + [("sell", {"player": p}) for _ in range(5) for p in range(5)]
            + closes
            + [("sell", {"player": (first + k) % 5, "colour": COLOURS[k // 5]})
               for k in range(25)]
            + closes + [("next", {"anyway": "y"}), ("next", {"anyway": "y"})])


# The template game: two epochs, and epoch III's wheel set (a table in the middle of an evening).
TO_EPOCH_THREE = epoch(1) + epoch(2) + [WHEEL]
EPOCH_ACTIONS = len(TO_EPOCH_THREE)


@dataclass
class Seat:
    """One seated phone: its connection and cookies, the page's CSRF token, the version its
    page shows, and a lock so that it sends one request at a time."""

    phone: Phone
    token: str
    index: int
    csrf: str
    version: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # The connection its held version check waits on (a browser opens another one for the
    # taps and pages meanwhile), with the same cookies.
    watcher: Phone | None = None

    def __post_init__(self) -> None:
        if self.watcher is None:
            self.watcher = Phone(self.phone.host, self.phone.port, self.phone.cookies)


@dataclass
class Table:
    """A game and the five phones seated at it."""

    token: str
    seats: list[Seat]
    undo: dict | None = None  # the correction that takes back the table's last one
    # When the phone that tapped had the answer of each version's tap (time.monotonic()): the
    # moment the change was recorded, from which the other phones' notice is timed.
    recorded: dict[int, float] = field(default_factory=dict)

    def next_tap(self, rng: random.Random) -> tuple[Seat, dict]:
        """The phone that taps the table's next correction and its fields: a random phone's +1
        to a value of its own player (a phone tapping for another player is asked first), then
        the same phone's -1, so that no value ever goes below where it started (which the rules
        refuse)."""
        if self.undo is not None:
            fields, self.undo = self.undo, None
            return self.seats[fields["player"]], fields
        seat = rng.choice(self.seats)
        fields = {"player": seat.index, "value": rng.choice(VALUES), "delta": 1}
        self.undo = {**fields, "delta": -1}
        return seat, fields


def _form(data: dict) -> bytes:
    return urllib.parse.urlencode(data).encode()


def _token_of(resp: Response, what: str) -> str:
    if resp.status != 303 or "/g/" not in resp.headers.get("location", ""):
        raise RuntimeError(f"{what}: expected a 303 to the game, got {resp.status}: "
                           f"{resp.body[:300]!r}")
    return resp.headers["location"].rsplit("/g/", 1)[1]


async def page(phone: Phone, path: str) -> str:
    """A page's HTML as a first-time browser gets it (no compression asked)."""
    resp = await phone.request("GET", path)
    if resp.status != 200:
        raise RuntimeError(f"GET {path}: {resp.status}")
    return resp.body.decode()


def tap_request(token: str, csrf: str, kind: str, fields: dict,
                version: int | None = None) -> tuple[str, dict[str, str], bytes]:
    """Path, headers and body of an action sent as the page's script sends it (URL-encoded form,
    JSON answer)."""
    data = {"csrf_token": csrf, **({"version": version} if version is not None else {}),
            **fields}
    return f"/g/{token}/do/{kind}", JSON_TAP, _form(data)


async def tap(phone: Phone, token: str, csrf: str, kind: str, fields: dict,
              version: int | None = None) -> Response:
    """Send one action as the page's script does."""
    return await phone.request("POST", *tap_request(token, csrf, kind, fields, version))


async def new_game(phone: Phone) -> str:
    """A 5-player Hadara game set up on the form (POST /new/hadara); its play token."""
    csrf = CSRF.search(await page(phone, "/new/hadara")).group(1)
    data = {"csrf_token": csrf}
    for i, name in enumerate(NAMES):
        data.update({f"players-{i}-name": name, f"players-{i}-initiative": i + 1,
                     f"players-{i}-side": "A", f"players-{i}-coins": 10,
                     f"players-{i}-income": 2, f"players-{i}-military": 1,
                     f"players-{i}-culture": 1, f"players-{i}-food": 2})
    return _token_of(await phone.request("POST", "/new/hadara", FORM, _form(data)), "new game")


async def play(phone: Phone, token: str, actions: list[tuple[str, dict]]) -> int:
    """Tap ``actions`` in order, each naming the version it saw; the game's version after."""
    html = await page(phone, f"/g/{token}")
    csrf, version = CSRF.search(html).group(1), int(VERSION.search(html).group(1))
    for kind, fields in actions:
        resp = await tap(phone, token, csrf, kind, fields, version)
        if resp.status != 200:
            raise RuntimeError(f"{kind} {fields}: {resp.status} {resp.body[:300]!r}")
        version = json.loads(resp.body)["version"]
    return version


async def epoch_three_export(phone: Phone) -> bytes:
    """The export (GET /g/<token>/export.json) of a 5-player game tapped to epoch III."""
    token = await new_game(phone)
    await play(phone, token, TO_EPOCH_THREE)
    html = await page(phone, f"/g/{token}")
    if "Epoch III" not in html and "epoch III" not in html:
        raise RuntimeError("the template game did not reach epoch III")
    resp = await phone.request("GET", f"/g/{token}/export.json")
    assert resp.status == 200, resp.status
    return resp.body


async def import_game(phone: Phone, export: bytes) -> str:
    """A new game from an export (POST /import, the home page's form); its play token."""
    csrf = CSRF.search(await page(phone, "/")).group(1)
    data = _form({"csrf_token": csrf}) + b"&json=" + urllib.parse.quote_from_bytes(export).encode()
    return _token_of(await phone.request("POST", "/import", FORM, data), "import")


async def seat(phone: Phone, token: str, index: int) -> Seat:
    """A phone opens the game (its session and CSRF token) and takes seat ``index``."""
    html = await page(phone, f"/g/{token}")
    csrf = CSRF.search(html).group(1)
    resp = await phone.request("POST", f"/g/{token}/seat", FORM,
                               _form({"csrf_token": csrf, "seat": index}))
    if resp.status != 303:
        raise RuntimeError(f"seat {index}: {resp.status} {resp.body[:300]!r}")
    return Seat(phone, token, index, csrf, int(VERSION.search(html).group(1)))


async def new_table(port: int, export: bytes) -> Table:
    """A table: the game imported by its first phone, then five phones seated."""
    phones = [Phone("127.0.0.1", port) for _ in NAMES]
    token = await import_game(phones[0], export)
    seats = [await seat(p, token, i) for i, p in enumerate(phones)]
    for p in phones:
        p.close()  # a phone's connection is opened again by its first check
    return Table(token, seats)


async def add_tables(port: int, export: bytes, tables: list[Table], count: int,
                     parallel: int = 4) -> None:
    """Grow ``tables`` to ``count`` tables, a few built at a time."""
    limit = asyncio.Semaphore(parallel)

    async def one() -> Table:
        async with limit:
            return await new_table(port, export)

    tables.extend(await asyncio.gather(*(one() for _ in range(count - len(tables)))))
