"""A table walked through the web layer as real phones would walk it: a game set up through its
setup form (random box values and rulings), one phone seated at each player (each in one of the
three languages), random legal taps sent from the phone of the player they are for (now and
then from another phone, confirmed), take-backs, changes, undos and redos; and, every few steps,
every page a phone can open, read the way a table reads it (every pad adds up; the live pad
scores as the quick pad and the score API do for the same facts)."""
from __future__ import annotations

import html
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from companion import store
from companion.games import GameRules
from companion.games.core import RULING, FieldSpec, RulesError, in_force
from companion.store.db import Game, session
from tests.properties.tablegen import FACTS_OF, valid_setup, walk_candidate, walk_value

LANGS = ("en", "it", "zh")
CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
VERSION = re.compile(r'data-version="(\d+)"')
#: answers a page may give instead of 200, each the refusal its route documents
REFUSALS = {
    "card": {404},  # the share card is drawn for a finished game only (web/views/card.py)
    "change": {403},  # a step holding another player's secret, from another phone (play.py)
}


@dataclass
class Found:
    """What a walk saw go wrong: each page that answered badly, each pad that did not add up."""

    problems: list[str] = field(default_factory=list)

    def add(self, where: str, what: str) -> None:
        self.problems.append(f"{where}: {what}")


# ---------------------------------------------------------------------- setting the table up

def random_setup(rules: GameRules, players: int, rnd: random.Random) -> dict[str, Any]:
    """A setup ``rules.new_game`` accepts, with random box values where the rules leave them
    open (small numbers most of the time); the generic valid one when none drawn is."""
    for _ in range(60):
        setup: dict[str, Any] = {f.name: _setup_value(f, rnd, 0) for f in rules.setup_fields}
        setup["players"] = [{f.name: _setup_value(f, rnd, i) for f in rules.player_fields}
                            for i in range(players)]
        try:
            rules.new_game(setup)
        except RulesError:
            continue
        return setup
    return valid_setup(rules, players)


def _setup_value(f: FieldSpec, rnd: random.Random, seat: int) -> Any:
    if f.kind == "text":
        return f"P{seat + 1}" if f.name == "name" else (f.default or "")
    if not f.required and f.default is not None and rnd.random() < 0.5:
        return f.default
    return walk_value(rnd, f, ())


def setup_form(rules: GameRules, setup: dict[str, Any], readings: dict[str, str],
               csrf: str) -> dict[str, str]:
    """The setup page's fields for ``setup`` and the rulings' ``readings``, as a browser sends
    them (an unticked box left out)."""
    data = {"csrf_token": csrf, **{f"ruling_{rid}": r for rid, r in readings.items()}}
    for f in rules.setup_fields:
        data.update(_form_field(f.name, f.kind, setup.get(f.name)))
    for i, p in enumerate(setup["players"]):
        for f in rules.player_fields:
            data.update(_form_field(f"players-{i}-{f.name.replace('.', '__')}", f.kind,
                                    p.get(f.name)))
    return data


def _form_field(name: str, kind: str, value: Any) -> dict[str, str]:
    if kind == "bool":
        return {name: "y"} if value else {}
    return {} if value is None else {name: str(value)}


def tap_form(spec_fields: tuple[FieldSpec, ...], clean: dict[str, Any]) -> dict[str, str]:
    """An action's clean values as its form sends them."""
    out: dict[str, str] = {}
    for f in spec_fields:
        if f.name in clean:
            out.update(_form_field(f.name, f.kind, clean[f.name]))
    return out


# ------------------------------------------------------------------------------ the phones

class Phone:
    """A browser of its own (cookies, session, language), seated or not."""

    def __init__(self, app, lang: str):
        self.client, self.lang = app.test_client(), lang
        self.client.get(f"/lang/{lang}")
        self.csrf = ""

    def get(self, path: str):
        resp = self.client.get(path)
        text = resp.get_data(as_text=True) if resp.mimetype.startswith("text/") else ""
        found = CSRF.search(text)
        if found:
            self.csrf = found.group(1)
        return resp

    def post(self, path: str, data: dict[str, str]):
        if not self.csrf:
            self.get("/")
        return self.client.post(path, data={"csrf_token": self.csrf, **data})


class WalkedTable:
    """One game at one server, its phones, and what the walk found."""

    def __init__(self, app, rules: GameRules, setup: dict[str, Any], readings: dict[str, str],
                 *, group: str = ""):
        self.app, self.rules, self.setup = app, rules, setup
        n = len(setup["players"])
        self.phones = [Phone(app, LANGS[i % 3]) for i in range(max(n, 3))]
        host = self.phones[0]
        url = f"/new/{rules.slug}?players={n}" + (f"&group={group}" if group else "")
        host.get(url)
        resp = host.client.post(url, data=setup_form(rules, setup, readings, host.csrf))
        assert resp.status_code == 303, resp.get_data(as_text=True)[:3000]
        self.path = urlsplit(resp.headers["Location"]).path
        self.token = self.path.rsplit("/", 1)[1]
        for seat, phone in enumerate(self.phones[:n]):
            phone.get(self.path)
            seated = phone.post(f"{self.path}/seat", {"seat": str(seat)})
            assert seated.status_code == 303
        self.found = Found()
        self.taps = 0

    # -- the table as the server keeps it
    def game(self) -> Game:
        return session().query(Game).filter_by(play_token=self.token).one()

    def state(self) -> Any:
        with self.app.app_context():
            return store.state_of(self.game())

    def entries(self) -> list[Any]:
        with self.app.app_context():
            return store.entries_of(store.rows_of(session(), self.game().id))

    def version(self) -> int:
        with self.app.app_context():
            return self.game().version

    def watch_token(self) -> str:
        with self.app.app_context():
            return self.game().watch_token

    # -- taps
    def send(self, phone: Phone, suffix: str, data: dict[str, str], what: str) -> int:
        """A tap's POST from ``phone`` with the page's version; the answer's status. A 500 (or
        any answer no route documents) is a finding."""
        path = suffix if suffix.startswith("/") else f"{self.path}/{suffix}"
        resp = phone.post(path, {"version": str(self.version()), **data})
        self.said = said(resp)
        # a change: 404 for a step taken back, 403 for another player's secret (play.py)
        documented = (303, 409, 422, 404, 403) if what.startswith("change") \
            else (303, 409, 422)
        if resp.status_code not in documented:
            self.found.add(what, f"{resp.status_code} {self.said}")
        return resp.status_code

    def tap(self, rnd: random.Random, tries: int = 50) -> bool:
        """One random legal action (the rules library judges the candidates), sent from the
        phone of the player it is for, or now and then from another phone, confirmed for its
        player; False when no candidate drawn was legal."""
        state, rules = self.state(), self.rules
        names = rules.player_names(state)
        kinds = [k for k in rules.available(state) if k != RULING or rnd.random() < 0.1]
        for _ in range(tries if kinds else 0):
            kind = rnd.choice(kinds)
            raw = {**walk_candidate(rules, kind, names, rnd)}
            if kind == RULING:  # switched on the rulings page, as a table does
                return self.switch_ruling(rnd, raw)
            if kind != RULING and rnd.random() < 0.5:
                raw.update(rules.step_fields(state, kind))
            try:
                clean = rules.check_action(state, kind, raw)
                rules.apply(state, kind, clean)
            except RulesError:
                continue
            if rules.unconfirmed(state, kind, clean):
                continue  # (the page asks first; the same tap confirmed comes by another draw)
            return self._send_tap(rnd, state, kind, clean)
        return False

    def switch_ruling(self, rnd: random.Random, raw: dict[str, Any]) -> bool:
        phone = rnd.choice(self.phones[:len(self.setup["players"])])
        phone.get(f"/rules/{self.rules.slug}/rulings?game={self.token}")
        self.send(phone, f"/rules/{self.rules.slug}/rulings/{self.token}",
                  {k: str(v) for k, v in raw.items()}, "ruling")
        self.taps += 1
        return True

    def _send_tap(self, rnd: random.Random, state: Any, kind: str, clean: dict) -> bool:
        rules = self.rules
        subjects = rules.subjects(state, kind, clean)
        seat = subjects[0] if subjects else rnd.randrange(len(rules.player_names(state)))
        spec = rules.spec(kind)
        data = {k: str(v) for k, v in tap_form(spec.fields, clean).items()}
        if subjects and not spec.own_phone and rnd.random() < 0.15:
            other = (seat + 1) % len(rules.player_names(state))
            status = self.send(self.phones[other], f"do/{kind}",
                               {**data, "confirm_for": str(seat)}, f"{kind} for another")
        else:
            status = self.send(self.phones[seat], f"do/{kind}", data, kind)
        if status != 303:
            self.found.add(kind, f"a legal tap {clean} was answered {status}: {self.said}")
        self.taps += 1
        return True

    def change_something(self, rnd: random.Random) -> None:
        """A take-back, an undo, a redo, or a past step changed to other legal-looking values;
        refusals (a later step would break) are answers the table reads, not findings."""
        entries = [e for e in self.entries() if e.kind not in ("undo", "redo", "void", "amend")]
        if not entries:
            return
        phone = rnd.choice(self.phones[:len(self.setup["players"])])
        roll = rnd.random()
        if roll < 0.4:
            target = rnd.choice(entries[-6:])
            self.send(phone, "void", {"targets": str(target.seq)}, "take back")
        elif roll < 0.6:
            self.send(phone, "undo", {}, "undo")
        elif roll < 0.7:
            self.send(phone, "redo", {}, "redo")
        else:
            target = rnd.choice(entries[-6:])
            if target.kind not in self.rules.actions:
                return
            page = phone.get(f"{self.path}/change/{target.seq}")
            if page.status_code not in (200, 403, 404):
                self.found.add("change page", str(page.status_code))
                return
            names = self.rules.player_names(self.state())
            data = dict(target.data)
            spec = self.rules.spec(target.kind)
            if spec.fields:
                f = rnd.choice(spec.fields)
                data[f.name] = walk_value(rnd, f, names)
            form = {k: str(v) for k, v in tap_form(spec.fields, data).items()}
            self.send(phone, f"change/{target.seq}", form, f"change {target.kind}")


# --------------------------------------------------------------------------- the pages

def said(resp) -> str:
    """The words of an answer's refusal (its alert), or the start of its text."""
    text = resp.get_data(as_text=True)
    alert = re.search(r'role="alert"[^>]*>(.*?)</div>', text, re.S)
    words = re.sub(r"<[^>]+>", " ", alert.group(1) if alert else text[:300])
    return " ".join(html.unescape(words).split())[:400]


def pad_problems(text: str) -> list[str]:
    """Every score pad on a page whose columns do not add up to their totals, or whose rows
    have a cell too few or too many."""
    out = []
    for pad in re.findall(r'<table class="pad">(.*?)</table>', text, re.S):
        head = re.search(r"<thead><tr>(.*?)</tr></thead>", pad, re.S)
        players = len(re.findall(r"<th>", head.group(1))) - 1 if head else 0
        body = re.sub(r'<tr class="why">.*?</tr>', "", pad, flags=re.S)
        rows = re.findall(r"<tr>(.*?)</tr>", body.split("<tbody>", 1)[-1], re.S)
        total = re.search(r'<tr class="total">(.*?)</tr>', pad, re.S)
        if not total:
            out.append("a pad without its total row")
            continue
        totals = [_number(c) for c in re.findall(r"<td>(.*?)</td>", total.group(1), re.S)]
        sums = [0] * len(totals)
        for row in rows:
            cells = re.findall(r"<td>(.*?)</td>", row, re.S)
            label = re.search(r"<th>(.*?)(?:<small|</th>)", row, re.S)
            if not label or not html.unescape(label.group(1)).strip():
                out.append(f"a row without its label: {row[:120]}")
            if len(cells) != players:
                out.append(f"a row with {len(cells)} cells for {players} players")
            for i, c in enumerate(cells[:len(sums)]):
                sums[i] += _number(c)
        if sums != totals:
            out.append(f"rows add up to {sums}, totals say {totals}")
    return out


def _number(cell: str) -> int:
    """The first number of a cell, its thousands written as the reader's language writes them
    (1,345 · 1.345 · 1 345)."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", cell))
    found = re.search(r"[-−]?\d+(?:[,.\u00a0\u202f' ]\d{3})*", text)
    return int(re.sub(r"\D", "", found.group(0))) * (-1 if found.group(0)[0] in "-−" else 1) \
        if found else 0


def pad_totals(text: str) -> list[int]:
    total = re.search(r'<table class="pad">.*?<tr class="total">(.*?)</tr>', text, re.S)
    return [_number(c) for c in re.findall(r"<td>(.*?)</td>", total.group(1), re.S)] \
        if total else []


def pages_of(table: WalkedTable) -> list[tuple[str, str]]:
    """(kind of page, path) of every page a phone of this table can open now."""
    p, rules, state = table.path, table.rules, table.state()
    shown = [k for k in rules.available(state) if k in rules.actions]
    entries = table.entries()
    pages = [("game", p), ("game", f"{p}?fix=1"), ("history", f"{p}/history"),
             ("history", f"{p}/history?view=mine"), ("score", f"{p}/score"),
             ("table", f"{p}/table"), ("board", f"{p}/board-view"),
             ("watch", f"/g/{table.watch_token()}"), ("export", f"{p}/export.json"),
             ("card", f"{p}/card.svg"), ("ask", f"{p}/ask"), ("seats", f"{p}/seats"),
             ("rules", f"/rules/{rules.slug}?game={table.token}"),
             ("rules", f"/rules/{rules.slug}/rulings?game={table.token}")]
    pages += [("game", f"{p}?show={k}") for k in shown]
    # and every panel's own link on the page (a house's or player's panel: ?show=trade.2)
    page = table.phones[0].get(p).get_data(as_text=True)
    links = sorted(set(re.findall(r'href="[^"?]*\?show=([\w.]+)', page)) - set(shown))
    pages += [("game", f"{p}?show={k}") for k in links]
    if entries:
        middle = entries[len(entries) // 2].seq
        pages += [("history", f"{p}/history?around={middle}"),
                  ("history", f"{p}/history?before={middle}")]
        changeable = [e for e in in_force(entries) if e.kind in rules.actions]
        if changeable:
            pages.append(("change", f"{p}/change/{changeable[-1].seq}"))
    return pages


def check_pages(table: WalkedTable, langs: tuple[str, ...] = LANGS) -> None:
    """Open every page on a phone in each language of ``langs``; every answer is 200 or its
    documented refusal, and every pad on it adds up."""
    for lang in langs:
        phone = next(ph for ph in table.phones if ph.lang == lang)
        for kind, path in pages_of(table):
            resp = phone.get(path)
            if resp.status_code != 200 and resp.status_code not in REFUSALS.get(kind, ()):
                table.found.add(f"{lang} {path}", f"answered {resp.status_code}")
                continue
            if resp.status_code == 200 and resp.mimetype == "text/html":
                for problem in pad_problems(resp.get_data(as_text=True)):
                    table.found.add(f"{lang} {path}", problem)


def check_scores_agree(table: WalkedTable, payload_of: Callable[[list, Any], dict],
                       quick_of: Callable[[list, Any], dict] | None) -> None:
    """The live pad's totals are the score API's (and the quick pad's) for the same facts,
    whenever those paths can be told them and accept them (a table in the middle of a game may
    hold what no finished table can, which they refuse, listing why)."""
    state = table.state()
    facts = FACTS_OF[table.rules.slug](state)
    live = table.phones[0].get(f"{table.path}/score")
    live_totals = pad_totals(live.get_data(as_text=True))
    payload = payload_of(facts, state, table.setup)
    if payload is None:
        return
    api = table.phones[0].client.post(f"/api/v1/{table.rules.slug}/score", json=payload)
    if api.status_code == 200:
        totals = [p["total"] for p in api.get_json()["players"]]
        if totals != live_totals:
            table.found.add("score API", f"totals {totals}, the live pad {live_totals}")
    elif api.status_code != 400 or not api.get_json().get("errors"):
        table.found.add("score API", f"answered {api.status_code}")
    elif table.rules.is_over(state):
        table.found.add("score API", f"refused a finished game's facts: {api.get_json()}")
    form = quick_of(facts, state, table.setup) if quick_of else None
    if form is None:
        return
    n = len(facts)
    phone = table.phones[0]
    phone.get(f"/quick/{table.rules.slug}?players={n}")
    quick = phone.post(f"/quick/{table.rules.slug}?players={n}", form)
    if quick.status_code == 200:
        text = quick.get_data(as_text=True)
        if pad_totals(text) != live_totals:
            table.found.add("quick pad", f"totals {pad_totals(text)}, live {live_totals}")
        for problem in pad_problems(text):
            table.found.add("quick pad", problem)
    elif quick.status_code != 422:
        table.found.add("quick pad", f"answered {quick.status_code}")
    elif api.status_code == 200:
        table.found.add("quick pad", "refused facts the score API scores: "
                        + re.sub(r"<[^>]+>", " ", quick.get_data(as_text=True))[-600:])


# ------------------------------------------------- the same facts for the quick pad and the API

def _readings(rules: GameRules, state: Any) -> dict[str, str]:
    chosen = getattr(state, "rulings", {}) or {}
    return {rid: chosen.get(rid, r.default) for rid, r in rules.rulings.items()}


def _quick_rulings(rules: GameRules, state: Any) -> dict[str, str]:
    return {f"ruling_{rid}": reading for rid, reading in _readings(rules, state).items()
            if len(rules.rulings[rid].readings) > 1}


def _numbers(values) -> str:
    return ", ".join(str(v) for v in values)


def hadara_payload(facts: list, state: Any, setup: dict) -> dict:
    from companion.games import get_game
    return {"rulings": _readings(get_game("hadara"), state), "players": [{
        "name": f.name, "coins": f.coins, "tracks": dict(f.tracks),
        "cards": {c: {"count": n, "points": f.card_points.get(c, 0)}
                  for c, n in f.card_counts.items()},
        "colonies": list(f.colonies), "statues": list(f.statues),
        "face_down_tiles": list(f.face_down_tiles), "silver_medals": list(f.silver_medals),
        "gold_medals": f.gold_medals, "effect_points": list(f.effect_points)} for f in facts]}


def hadara_quick(facts: list, state: Any, setup: dict) -> dict:
    from companion.games import get_game
    data = _quick_rulings(get_game("hadara"), state)
    for i, f in enumerate(facts):
        row = {"name": f.name, "coins": f.coins, "gold_medals": f.gold_medals,
               "colonies": _numbers(f.colonies), "statues": _numbers(f.statues),
               "face_down_tiles": _numbers(f.face_down_tiles),
               "effect_points": _numbers(f.effect_points),
               **{f"tracks__{tr}": v for tr, v in f.tracks.items()},
               **{f"cards__{c}__count": n for c, n in f.card_counts.items()},
               **{f"cards__{c}__points": v for c, v in f.card_points.items()},
               **{f"silver_{k + 1}": tr for k, tr in enumerate(f.silver_medals)}}
        data.update({f"players-{i}-{k}": str(v) for k, v in row.items()})
    return data


def tradewarz_payload(facts: list, state: Any, setup: dict) -> dict:
    from companion.games import get_game
    from companion.games.tradewarz.quick import FACT_FIELDS
    players = []
    for f in facts:
        p = {"name": f.name, **{k: getattr(f, k) for k in FACT_FIELDS}}
        if f.trading_posts is not None:
            p["trading_posts"] = f.trading_posts
        players.append(p)
    return {"rulings": _readings(get_game("tradewarz"), state), "players": players}


def tradewarz_quick(facts: list, state: Any, setup: dict) -> dict | None:
    from companion.games import get_game
    from companion.games.tradewarz.quick import FACT_FIELDS
    if any(f.trading_posts is not None for f in facts):
        return None  # the quick pad does not ask for posts: its facts would not be the same
    data = _quick_rulings(get_game("tradewarz"), state)
    for i, f in enumerate(facts):
        data.update({f"players-{i}-{k}": str(getattr(f, k)) for k in ("name", *FACT_FIELDS)})
    return data


def _usual_city_tiles(setup: dict) -> bool:
    """Whether the table left every city tile's printed values to the usual ones: the only
    ones the score API and the quick pad know (they are not told a tile's values)."""
    from companion.games.hexemonia.data import CITIES
    from companion.games.hexemonia.rules import CITY_VALUES
    return all(setup.get(f"{c}_{k}") in ("", None, 0) for c in CITIES for k in CITY_VALUES)


def hexemonia_payload(facts: list, state: Any, setup: dict) -> dict | None:
    from companion.games import get_game
    if not _usual_city_tiles(setup):
        return None
    return {"revolts": facts[0].revolts if facts else True,
            "rulings": _readings(get_game("hexemonia"), state), "players": [{
                "name": f.name, "city": f.city, "acropolis_gold": f.acropolis_gold,
                "philosopher": f.philosopher,
                "hexes": [{"nature": h.nature, "active": h.active, **({"kind": h.kind}
                                                                       if h.kind else {})}
                          for h in f.hexes],
                "myths": [{"nature": m.nature, "active": m.active} for m in f.myths]}
                for f in facts]}


def hexemonia_quick(facts: list, state: Any, setup: dict) -> dict | None:
    from companion.games import get_game
    if not _usual_city_tiles(setup):
        return None
    data = _quick_rulings(get_game("hexemonia"), state)
    if facts and facts[0].revolts:
        data["revolts"] = "y"
    for i, f in enumerate(facts):
        counts: dict[str, int] = {}
        for h in f.hexes:
            if h.active and h.kind:
                counts[f"{h.kind}_{h.nature}"] = counts.get(f"{h.kind}_{h.nature}", 0) + 1
        row = {"name": f.name, "city": f.city, "acropolis_gold": f.acropolis_gold,
               "myths": ", ".join(m.nature + ("" if m.active else " inactive")
                                  for m in f.myths), **counts}
        if f.philosopher:
            row["philosopher"] = "y"
        data.update({f"players-{i}-{k}": str(v) for k, v in row.items()})
    return data


#: slug -> (the score API's payload, the quick pad's fields) for a live state's facts
SAME_FACTS: dict[str, tuple[Callable, Callable]] = {
    "hadara": (hadara_payload, hadara_quick), "tradewarz": (tradewarz_payload, tradewarz_quick),
    "hexemonia": (hexemonia_payload, hexemonia_quick)}
