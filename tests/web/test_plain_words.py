"""No machine words reach players (issue 22, review P2–P4): every page of every game, played a
little (a ruling switched to its other reading, a step with a colony taken), is read as a
player reads it (its text, its labels and options, not its markup or code) and must show no
program identifier ("farthest_build"), no quoted key ("'all-coins'"), no Python list
("not [4]") and nothing from our own rules notes ("as in the rules digest", "bonus fits
example 7", "T5 = digest")."""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from companion.games import get_game
from tests.table_helpers import sample_setup

from .table import WebTable

#: what a player must never read, each with what it catches
MACHINE = {
    "an identifier with underscores": re.compile(r"\b[a-z]+_[a-z_]+\b"),
    "a quoted key": re.compile(r"'[a-z]+(?:[-_][a-z]+)+'"),
    "a Python list": re.compile(r"\[\s*(?:\d+|'[^']*')(?:\s*,\s*(?:\d+|'[^']*'))*\s*\]"),
    "our rules digest": re.compile(r"\bdigest\b", re.I),
    "an example number": re.compile(r"\bexample \d+\b", re.I),
    "a ruling's raw reading": re.compile(r"\b[A-Z]+-?\d+ = [a-z-]+\b"),
}


class Reader(HTMLParser):
    """The words of a page as a player meets them: text, and the attributes read out or shown
    (title, alt, placeholder, aria-label, value of a button), not scripts, styles or markup."""

    SHOWN = ("title", "alt", "placeholder", "aria-label")

    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skip += 1
        self.words += [v for k, v in attrs if k in self.SHOWN and v]

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.words.append(data.strip())


def machine_words(html: str) -> list[str]:
    reader = Reader()
    reader.feed(html)
    found = []
    for text in reader.words:
        for what, pattern in MACHINE.items():
            found += [f"{what}: {m.group(0)!r} in {text[:120]!r}" for m in pattern.finditer(text)]
    return found


def play_a_little(client, app, slug: str) -> WebTable:
    """A new game of ``slug`` with every ruling switched to a reading other than its default
    (the history and the score pad then name both), and for Hadara a colony taken."""
    rules = get_game(slug)
    setup = sample_setup(rules, 3)
    players = setup.pop("players")
    table = WebTable.create(client, app, slug, players, **setup)
    token = table.path.rsplit("/", 1)[-1]
    for rid, ruling in rules.rulings.items():
        other = [r for r in ruling.readings if r != ruling.default]
        if other:
            resp = client.post(f"/rules/{slug}/rulings/{token}", data={
                "csrf_token": table.csrf, "version": table.version, "ruling": rid,
                "reading": other[0]})
            assert resp.status_code == 303, resp.get_data(as_text=True)[:500]
            table.refresh()
    if slug == "hadara":
        for _ in range(5):
            for seat in range(len(players)):
                table.do("sell", player=seat)
        table.do("next")
        table.do("income")
        table.do("colony", player=0, requirement=0, points=1, choice="plunder", coins=1)
        assert "Take a colony" in table.page
    if slug == "hexemonia":  # to the play of a hex: its form fills from the known hexes
        spec = rules.actions["take"]
        table.do("take", **{f.name: f.default for f in spec.fields
                            if f.default is not None and f.kind not in ("player", "bool")}, hexes=2)
        assert 'id="hx-play"' in table.page
    return table


def pages(slug: str, path: str) -> list[str]:
    token = path.rsplit("/", 1)[-1]
    extra = {"hexemonia": [f"{path}/hexemonia/fill?name=Pascolo",
                                 f"{path}/hexemonia/fill?name=Falange"],
                   "tradewarz": [f"{path}/tradewarz/spring", f"{path}/tradewarz/battle"]}
    return ["/", f"/new/{slug}", f"/quick/{slug}?players=2", f"/box/{slug}", "/rules",
            f"/rules/{slug}",
            f"/rules/{slug}?game={token}", f"/rules/{slug}/rulings?game={token}", path,
            f"{path}/history", f"{path}/score", f"{path}/ask", f"{path}/table", f"{path}/seats",
            *extra.get(slug, ())]


@pytest.mark.parametrize("slug", ["hadara", "tradewarz", "hexemonia"])
def test_no_page_of_a_played_game_shows_machine_words(client, app, slug):
    table = play_a_little(client, app, slug)
    found = []
    for url in pages(slug, table.path):
        resp = client.get(url)
        assert resp.status_code == 200, url
        found += [f"{url}: {w}" for w in machine_words(resp.get_data(as_text=True))]
    assert found == [], "\n".join(found)


def test_a_tie_broken_on_the_quick_score_pad_is_named_in_words(client):
    """Three houses tied on points and golden Xadlas, strength and empire: the last tie-break,
    the building farthest from the capital, decides (and is named in words)."""
    from .table import quick
    same = {f"players-{i}-{f}": v for i in range(3) for f, v in (
        ("golden_xadlas", 2), ("silver_xadlas", 1), ("soldiers", 3), ("tech_strength", 1),
        ("settlements", 1), ("villages", 1), ("castles", 0))}
    far = {f"players-{i}-farthest_build": 3 + i for i in range(3)}
    html = quick(client, **same, **far).get_data(as_text=True)
    assert "tie broken by building farthest from the capital" in html
    assert machine_words(html) == []


@pytest.mark.parametrize("html", [
    "<p>tie broken by farthest_build</p>", "<li>Ruling HAD-1 switched to 'all-coins'</li>",
    "<p>may carve one statue needing at most 3, not [2]</p>",
    '<option value="">as in the rules digest</option>', "<p>Rulings applied: T5 = digest</p>",
    "<p>(economic; bonus fits example 7)</p>", '<input placeholder="hex_id">'])
def test_the_reader_catches_each_machine_word_the_reviews_found(html):
    assert machine_words(html)


def test_the_reader_leaves_code_and_markup_alone():
    assert machine_words('<div data-version-url="/g/x/v" class="close_step"><script>var a_b = '
                         '[1, 2];</script><p>Ana: 3 coins</p></div>') == []
