"""The rules reference of every game, and the map from a rule citation to its section.

The reference is data in this package (never read from the shared rule digests at run time). A
citation is the ``rule`` text the rules library attaches to actions, refusals and score lines,
e.g. ``"Hadara rulebook, Take a Colony"``, ``"TradeWarz rulebook, Trading; ruling T17"`` or a bare
ruling id such as ``"HAD-1"``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..games.core.reference import STAGES, Reference, Section
from ..games.hadara import reference as hadara
from ..games.hexemonia import reference as hexemonia
from ..games.tradewarz import reference as tradewarz

REFERENCES: dict[str, Reference] = {r.slug: r for r in (
    hadara.REFERENCE, tradewarz.REFERENCE, hexemonia.REFERENCE)}

RULING_ID = re.compile(r"\b(HAD-\d+|T\d+|H\d+)\b")
_PARENS = re.compile(r"\s*\([^)]*\)\s*")


def slug_of_ruling(ruling_id: str) -> str:
    """The game a ruling id belongs to: HAD-* Hadara, T* TradeWarz, H* Hexemonia."""
    if ruling_id.startswith("HAD-"):
        return "hadara"
    return "tradewarz" if ruling_id.startswith("T") else "hexemonia"


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
        ruling = RULING_ID.search(part)
        game, rest = _game_of(part)
        if game:
            current = game
        if ruling and (not game or not rest.strip() or rest.lower().startswith("ruling")):
            rid = ruling.group(1)
            out.append((part, Target(slug_of_ruling(rid), ruling=rid)))
            continue
        ref = REFERENCES.get(current)
        found = _lookup(ref, rest) if ref else ""
        out.append((part, Target(current, section=found) if found else None))
    return out


def resolve(citation: str, slug: str = "") -> Target | None:
    """Where a citation leads: the first of its parts that names a section or a ruling."""
    return next((t for _, t in resolve_parts(citation, slug) if t is not None), None)


__all__ = ["REFERENCES", "STAGES", "Reference", "Section", "Target", "resolve",
           "resolve_parts", "slug_of_ruling"]
