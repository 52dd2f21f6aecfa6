"""The short text notation the table uses in action fields for cubes, moves and hex lists.

- cubes: ``2c 1h 3g`` (c = citizens, h = hoplites, g = gold; full words work too);
- sources: ``Acropolis: 2c 1g; Pascolo: 1h`` (where cubes come from);
- moves: ``Acropolis > Pascolo: 1c; Asty > Acropolis: 2g``;
- swaps: ``Pascolo: h; Asty: c`` (h = 2 citizens become 1 hoplite, c = the reverse);
- lists: ``Mura, Falange``; per-player picks: ``Ben: Asty; Cy: Acropolis``.
"""
from __future__ import annotations

import re

from ..core import IllegalAction, t
from .data import ACROPOLIS
from .model import Cubes

_AMOUNT = re.compile(r"(\d+)\s*([a-z]+)")
_LETTERS = {"c": 0, "citizen": 0, "citizens": 0, "h": 1, "hoplite": 1, "hoplites": 1,
            "g": 2, "gold": 2,
            # the Italian edition's words, for tables playing in Italian
            "cittadino": 0, "cittadini": 0, "oplita": 1, "opliti": 1, "oro": 2, "ori": 2}
#: the Acropolis as tables write it in the languages the app speaks
_ACROPOLIS = {"acropolis", "acropoli", "卫城"}


def place(name: str) -> str:
    """A hex name as typed, with the Acropolis under its one spelling (any language)."""
    name = name.strip()
    return ACROPOLIS if name.casefold() in _ACROPOLIS else name


def cubes_text(cubes: Cubes) -> str:
    """Cubes in this notation, as a form's chip sends them: ``1h 2c`` (none: ``0c``)."""
    parts = [f"{n}{letter}" for n, letter in ((cubes.hoplites, "h"), (cubes.citizens, "c"),
                                              (cubes.gold, "g")) if n]
    return " ".join(parts) or "0c"


def parse_cubes(text: str, field: str = "") -> Cubes:
    """Read ``2c 1h 3g`` into cubes; raise IllegalAction naming the part it cannot read."""
    counts = [0, 0, 0]
    rest = _AMOUNT.sub(lambda m: _count(m, counts, text, field), text.casefold())
    if rest.strip(" ,+"):
        raise IllegalAction(t("cannot read the cubes {text}; write e.g. '2c 1h 1g'",
                              text=repr(text)),
                            rule="Notation", field=field)
    return Cubes(*counts)


def _count(match: re.Match, counts: list[int], text: str, field: str) -> str:
    word = match.group(2)
    if word not in _LETTERS:
        raise IllegalAction(t("cannot read {part} in {text}; use c, h or g",
                              part=repr(match.group(0)), text=repr(text)),
                            rule="Notation", field=field)
    counts[_LETTERS[word]] += int(match.group(1))
    return ""


def _parts(text: str) -> list[str]:
    return [p.strip() for p in re.split(r"[;\n]", text or "") if p.strip()]


def _split(part: str, sep: str, text: str, field: str, example: str) -> tuple[str, str]:
    if sep not in part:
        raise IllegalAction(t("cannot read {part} in {text}; write e.g. '{example}'",
                              part=repr(part), text=repr(text), example=example),
                            rule="Notation", field=field)
    left, right = part.split(sep, 1)
    return left.strip(), right.strip()


def parse_sources(text: str, field: str = "") -> tuple[tuple[str, Cubes], ...]:
    """Read ``Acropolis: 2c 1g; Pascolo: 1h`` into (hex, cubes) pairs."""
    out = []
    for part in _parts(text):
        where, amount = _split(part, ":", text, field, "Acropolis: 2c 1g")
        out.append((place(where), parse_cubes(amount, field)))
    return tuple(out)


def parse_moves(text: str, field: str = "") -> tuple[tuple[str, str, Cubes], ...]:
    """Read ``Acropolis > Pascolo: 1c; Asty > Acropolis: 2g`` into (from, to, cubes) triples."""
    out = []
    for part in _parts(text):
        route, amount = _split(part, ":", text, field, "Acropolis > Pascolo: 1c")
        start, end = _split(route, ">", text, field, "Acropolis > Pascolo: 1c")
        out.append((place(start), place(end), parse_cubes(amount, field)))
    return tuple(out)


def parse_swaps(text: str, field: str = "") -> tuple[tuple[str, str], ...]:
    """Read ``Pascolo: h; Asty: c`` into (hex, direction) pairs; direction is "h" or "c"."""
    out = []
    for part in _parts(text):
        where, way = _split(part, ":", text, field, "Pascolo: h")
        way = way.casefold()[:1]
        if way not in ("h", "c"):
            raise IllegalAction(t("in {part} write h (2 citizens become 1 hoplite) or c "
                                  "(1 hoplite becomes 2 citizens)", part=repr(part)),
                                rule="Notation", field=field)
        out.append((place(where), way))
    return tuple(out)


def parse_names(text: str) -> tuple[str, ...]:
    """Read ``Mura, Falange`` into names."""
    return tuple(place(n) for n in re.split(r"[,;\n]", text or "") if n.strip())


def parse_picks(text: str, field: str = "") -> dict[str, str]:
    """Read ``Ben: Asty; Cy: Acropolis`` into {player name (casefolded): hex}."""
    out = {}
    for part in _parts(text):
        who, where = _split(part, ":", text, field, "Ben: Acropolis")
        out[who.casefold()] = place(where)
    return out
