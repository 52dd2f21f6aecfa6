"""The Myths a Hexemonia table can hold at the end, checked on the whole table at once by the score
API and the quick score pad (``scoring.parse_players``). Each problem is a ``(field, words)``
pair; the words name the limit and the rulebook section it comes from.

- The box holds 51 terrain hexes, the 6 Myths among them (Materiale): the cities and Myths of
  a table hold no more (four always lie face up beside them, Preparazione).
- The box holds 6 Myths, each once (Materiale).
- A player has at most 3 Myths in front of them (B) Giocare un esagono Mito; ruling H4 reads the
  cap at once or over the game, and either way no player ends with more than 3).
- A Myth's token sits on a hex of the Myth's nature in its owner's city, never the Acropolis, and
  a Myth is active exactly while that hex is (B) Giocare un esagono Mito; a conquered hex takes
  its token along, Azione bellica). So an active Myth needs an active hex of its nature and an
  inactive one an inactive hex of its nature. Whether one hex may hold two tokens the rulebook
  does not say; a live game lets it, so no count of hosts is asked here.

A live game keeps each Myth's host hex and reads its activity off that hex, and its moves and
corrections check the host (``placing.check_host``), so its end facts meet these limits as made.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..core import Text, t
from .data import MAX_MYTHS, MYTHS_IN_BOX, NATURES, TERRAIN_HEXES
from .facts import MythFact, PlayerFacts
from .terms import NATURE_WORDS, word

Problems = list[tuple[str, Text]]


def too_many_myths(name: str, n: int) -> Text:
    """The words refusing ``n`` Myths in front of one player."""
    return t("{name} has {n} Myths; a player has at most {limit} in front of them (B) Giocare "
             "un esagono Mito; ruling H4)", name=name, n=n, limit=MAX_MYTHS)


def myth_problems(players: Sequence[PlayerFacts], told: Sequence[Sequence[bool]]) -> Problems:
    """Terrain hexes and Myths beyond the box, and Myths with no hex of their nature in the
    same state to hold their token. ``told[i][j]`` says whether player ``i``'s Myth ``j`` was
    read without a problem of its own (a Myth whose fields were refused is judged on them
    alone)."""
    out: Problems = []
    placed = sum(len(p.hexes) + len(p.myths) for p in players)
    if placed > TERRAIN_HEXES:
        out.append(("players", t("the box holds {limit} terrain hexes, the Myths among them; "
                                 "these cities and Myths hold {n} (Materiale)",
                                 limit=TERRAIN_HEXES, n=placed)))
    total = sum(len(p.myths) for p in players)
    if total > MYTHS_IN_BOX:
        out.append(("players", t("the box holds {limit} Myths, each once; these players have "
                                 "{n}", limit=MYTHS_IN_BOX, n=total)))
    for i, p in enumerate(players):
        for j, m in enumerate(p.myths):
            if told[i][j] and m.nature in NATURES:
                out += [(f"players[{i}].myths[{j}].{key}", w)
                        for key, w in _host_problems(p, m)]
    return out


def _host_problems(p: PlayerFacts, m: MythFact) -> list[tuple[str, Text]]:
    nature = word(NATURE_WORDS, m.nature)
    if any(h.nature == m.nature and h.active == m.active for h in p.hexes):
        return []
    if m.active:
        return [("active", t("an active {nature} Myth needs an active {nature} hex to hold its "
                             "token; {name} has none (B) Giocare un esagono Mito)",
                             nature=nature, name=p.name))]
    if not any(h.nature == m.nature for h in p.hexes):
        return [("nature", t("a {nature} Myth's token sits on a {nature} hex of its owner's "
                             "city; {name} has none (B) Giocare un esagono Mito)",
                             nature=nature, name=p.name))]
    return [("active", t("an inactive {nature} Myth's token sits on an inactive {nature} hex "
                         "(a Myth is active whenever the hex holding its token is); every "
                         "{nature} hex of {name} is active (B) Giocare un esagono Mito)",
                         nature=nature, name=p.name))]
