"""Full-text search over the registered games' references and rulings, with SQLite FTS5.

The index lives in an in-memory database built from the reference data and the rulings of the
registered games. The ``porter`` stemmer over ``unicode61 remove_diacritics 2`` makes plurals and
accents match ("colonies" finds "colony", "citta" finds "città").
"""
from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from . import REFERENCES

MAX_RESULTS = 30
MAX_QUERY = 100
_WORD = re.compile(r"\w+", re.UNICODE)


@dataclass(frozen=True)
class Hit:
    """One search result: a reference section or a ruling, with a highlighted excerpt."""

    slug: str
    kind: str  # "section" or "ruling"
    ref_id: str
    title: str
    excerpt: str  # text with [[ and ]] around matches (escaped and marked up by the page)


def _documents(rulings: Mapping[str, Mapping]) -> Iterable[tuple[str, str, str, str, str]]:
    for slug, ref in REFERENCES.items():
        for sec in ref.sections:
            yield slug, "section", sec.id, sec.title, f"{sec.text} {sec.cites}"
    for slug, known in rulings.items():
        for rid, r in known.items():
            readings = " ".join(f"{k}: {v}" for k, v in r.readings.items())
            yield slug, "ruling", rid, f"{rid}: {r.question}", f"{readings} {r.why}"


class Index:
    """An FTS5 index, rebuilt when the set of registered rulings changes."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        self._signature: tuple = ()

    def _build(self, rulings: Mapping[str, Mapping]) -> None:
        db = sqlite3.connect(":memory:", check_same_thread=False)
        db.execute("CREATE VIRTUAL TABLE docs USING fts5(slug UNINDEXED, kind UNINDEXED, "
                   "ref_id, title, body, tokenize = 'porter unicode61 remove_diacritics 2')")
        db.executemany("INSERT INTO docs VALUES (?, ?, ?, ?, ?)", list(_documents(rulings)))
        db.commit()
        self._db = db

    def ensure(self, rulings: Mapping[str, Mapping]) -> None:
        signature = tuple(sorted((s, tuple(r)) for s, r in rulings.items()))
        with self._lock:
            if self._db is None or signature != self._signature:
                self._build(rulings)
                self._signature = signature

    def search(self, query: str, rulings: Mapping[str, Mapping], *, slug: str = ""
               ) -> list[Hit]:
        """Sections and rulings matching every word of ``query`` (the last word as a prefix,
        so results appear while typing), best first."""
        match = to_match(query)
        if not match:
            return []
        self.ensure(rulings)
        sql = ("SELECT slug, kind, ref_id, title, snippet(docs, 4, '[[', ']]', ' … ', 16) "
               "FROM docs WHERE docs MATCH ?")
        args: list = [match]
        if slug:
            sql += " AND slug = ?"
            args.append(slug)
        sql += " ORDER BY bm25(docs, 0, 0, 5.0, 3.0, 1.0) LIMIT ?"
        args.append(MAX_RESULTS)
        with self._lock:
            assert self._db is not None
            rows = self._db.execute(sql, args).fetchall()
        return [Hit(*row) for row in rows]


def to_match(query: str) -> str:
    """An FTS5 query from what a player typed: every word must appear; each word is quoted so
    no character has an FTS5 meaning; the last one also matches as a prefix."""
    words = _WORD.findall((query or "")[:MAX_QUERY])[:8]
    if not words:
        return ""
    parts = [f'"{w}"' for w in words]
    parts[-1] = f'("{words[-1]}" OR "{words[-1]}"*)' if len(words[-1]) > 2 else parts[-1]
    return " AND ".join(parts)


INDEX = Index()
