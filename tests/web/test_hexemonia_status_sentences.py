"""Hexemonia's status line keeps a space between its sentences (issue 49 item 5, the
Hexemonia phone review's P3 "Missing spaces": "Ana plays (turn 1).Fate pile: … .Last Player
marker: Cy."): whose turn, the fate pile and the Last Player marker read as three sentences."""
from __future__ import annotations

import re
from html import unescape

import pytest

from .table import THREE, HxTable

#: each language's status line on a new game of Ana, Ben and Cy
SAID = {"en": ("Ana plays (turn 1). Fate pile: not counted", "taken). Last Player marker: Cy."),
        "it": ("(turno 1). ", ". Segnalino ")}


def status(page: str) -> str:
    found = re.search(r'<section class="hx-status" id="hx-status">\s*<p>(.*?)</p>', page, re.S)
    return unescape(re.sub(r"<[^>]+>", "", found.group(1)))


@pytest.mark.parametrize("lang", sorted(SAID))
def test_the_status_lines_sentences_stand_apart(client, app, lang):
    table = HxTable.create(client, app, "hexemonia", THREE)
    client.get(f"/lang/{lang}")
    said = status(table.refresh())
    for part in SAID[lang]:
        assert part in said, said
    assert not re.search(r"\.\S", said), said
