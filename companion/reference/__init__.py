"""The rules reference of every registered game, and the map from a rule citation to its section.

Each game's reference is data in its own package (``companion/games/<slug>/reference.py``, found
through the registry; never read from the shared rule digests at run time). A citation is the
``rule`` text the rules library attaches to actions, refusals and score lines, e.g.
``"Hadara rulebook, Take a Colony"``, ``"TradeWarz rulebook, Trading; ruling T17"`` or a bare
ruling id such as ``"HAD-1"``.
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache

from ..games import GAMES, game_module
from ..games.core.reference import STAGES, Reference, Section

_PARENS = re.compile(r"\s*\([^)]*\)\s*")


class _References(Mapping[str, Reference]):
    """The reference of every registered game that has one (the ``REFERENCE`` of its package's
    ``reference.py``), in the registry's order, read from the registry at each use."""

    def __getitem__(self, slug: str) -> Reference:
        module = game_module(slug, "reference")
        if module is None:
            raise KeyError(slug)
        return module.REFERENCE

    def __iter__(self) -> Iterator[str]:
        return (slug for slug in list(GAMES) if game_module(slug, "reference") is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)


REFERENCES: Mapping[str, Reference] = _References()


def slug_of_ruling(ruling_id: str, slug: str = "") -> str:
    """The game a ruling id belongs to, from the games' own rulings: ``slug`` (the game a citation
    comes from) when it has that ruling, else the first registered game that does, else ''."""
    if slug in GAMES and ruling_id in GAMES[slug].rulings:
        return slug
    return next((s for s, rules in GAMES.items() if ruling_id in rules.rulings), "")


def ruling_pattern() -> re.Pattern:
    """A pattern finding any registered game's ruling id as a word of its own."""
    return _pattern(tuple(sorted({rid for rules in GAMES.values() for rid in rules.rulings})))


@lru_cache(maxsize=8)
def _pattern(ids: tuple[str, ...]) -> re.Pattern:
    # the longest first, so that HAD-10 is never read as HAD-1; a pattern that matches nothing
    # when no game has a ruling
    alternatives = "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True)) or "(?!)"
    return re.compile(rf"(?<![\w-])({alternatives})(?![\w-])")


@dataclass(frozen=True)
class Target:
    """Where one part of a citation leads: a reference section or a ruling of a game."""

    slug: str
    section: str = ""
    ruling: str = ""


def _lookup(ref: Reference, text: str) -> str:
    """The section id whose aliases include ``text`` (tried: a bracketed sub-section, whole,
    without brackets, then the part before a colon), or ''."""
    key = text.strip().lower()
    inner = re.findall(r"\(([^)]*)\)", key)  # "Section (Sub-section)": the finer one first
    candidates = [i.strip() for i in inner] + [key, _PARENS.sub(" ", key).strip(),
                                               key.split(":")[0].strip()]
    for cand in candidates:
        for sec in ref.sections:
            if cand in sec.aliases or cand == sec.title.lower():
                return sec.id
    return ""


def _game_of(part: str) -> tuple[str, str]:
    """Split ``"<Game> rulebook, Section"`` into (slug, "Section"); ("", part) otherwise."""
    for slug, ref in REFERENCES.items():
        prefix = ref.rulebook.lower()
        low = part.lower()
        if low.startswith(prefix):
            return slug, part[len(prefix):].lstrip(" ,")
    return "", part


def resolve_parts(citation: str, slug: str = "") -> list[tuple[str, Target | None]]:
    """The parts of a citation (split on ';') with where each leads, or None when a part names
    nothing in the references. ``slug`` is the game the citation comes from, when known."""
    out: list[tuple[str, Target | None]] = []
    current = slug
    for raw in (citation or "").split(";"):
        part = raw.strip()
        if not part:
            continue
        ruling = ruling_pattern().search(part)
        game, rest = _game_of(part)
        if game:
            current = game
        if ruling and (not game or not rest.strip() or rest.lower().startswith("ruling")):
            rid = ruling.group(1)
            out.append((part, Target(slug_of_ruling(rid, current), ruling=rid)))
            continue
        ref = REFERENCES.get(current)
        found = _lookup(ref, rest) if ref else ""
        out.append((part, Target(current, section=found) if found else None))
    return out


def resolve(citation: str, slug: str = "") -> Target | None:
    """Where a citation leads: the first of its parts that names a section or a ruling."""
    return next((t for _, t in resolve_parts(citation, slug) if t is not None), None)


__all__ = ["REFERENCES", "STAGES", "Reference", "Section", "Target", "resolve",
           "resolve_parts", "ruling_pattern", "slug_of_ruling"]
