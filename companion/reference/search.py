"""Full-text search over the registered games' references and rulings, with SQLite FTS5.

The index lives in an in-memory database built from the reference data and the rulings of the
registered games. The ``porter`` stemmer over ``unicode61 remove_diacritics 2`` makes plurals and
accents match ("colonies" finds "colony", "citta" finds "città").

There is one index per language: the sections and rulings as the reader reads them (``said``
turns library words into the reader's language), so an Italian or Chinese reader finds their own
words. Chinese has no spaces between words: each CJK character is indexed as a word of its own,
and a run of them in a query is looked up as a phrase (adjacent characters). A plain question
("how many coins do I start with?") rarely has every word in a section: when no section has them
all, any of its words will do, best matches first (bm25 weighs common words down).
"""
from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from . import REFERENCES

MAX_RESULTS = 30
MAX_QUERY = 100
_WORD = re.compile(r"\w+", re.UNICODE)
_CJK = re.compile(r"([\u3400-\u9fff\uf900-\ufaff])")
_CJK_RUN = re.compile(r"^[\u3400-\u9fff\uf900-\ufaff]+$")


# Words of a plain question that say nothing about the rules (English, Italian; Chinese
# characters that are only question or grammar words): left out when any word will do.
_ASKING_WORDS = """
a an the and or of to in on at by for with from is are be do does did i me my we our you your
can may must how many much what when where which who why if it its this that there get gets
have has start any some one not
il lo la i gli le un una uno di da del della dei delle con su per tra fra e o è sono ho hai
ha si ci mi ti come quanto quanti quante quanta cosa che chi quando dove perché posso può
all alla allo inizio non
"""
_ASKING = frozenset(_ASKING_WORDS.split())
_ASKING_CJK = frozenset("的吗么什时有多少我是了在怎样呢吧啊可以能会要")


def spaced(text: str) -> str:
    """Text with a space around each CJK character, so each is a word to the tokenizer."""
    return _CJK.sub(r" \1 ", text)


@dataclass(frozen=True)
class Hit:
    """One search result: a reference section or a ruling, with a highlighted excerpt."""

    slug: str
    kind: str  # "section" or "ruling"
    ref_id: str
    title: str
    excerpt: str  # text with [[ and ]] around matches (escaped and marked up by the page)


def _documents(rulings: Mapping[str, Mapping], said: Callable[[object], str]
               ) -> Iterable[tuple[str, str, str, str, str]]:
    for slug, ref in REFERENCES.items():
        for sec in ref.sections:
            text = " ".join(said(p) for p in sec.body)
            yield slug, "section", sec.id, spaced(said(sec.title)), spaced(f"{text} {sec.cites}")
    for slug, known in rulings.items():
        for rid, r in known.items():
            readings = " ".join(f"{k}: {said(v)}" for k, v in r.readings.items())
            yield (slug, "ruling", rid, spaced(f"{rid}: {said(r.question)}"),
                   spaced(f"{readings} {said(r.why)}"))


class Index:
    """An FTS5 index per language, rebuilt when the set of registered rulings changes."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._dbs: dict[str, sqlite3.Connection] = {}
        self._signature: tuple = ()

    @staticmethod
    def _build(rulings: Mapping[str, Mapping], said: Callable[[object], str]
               ) -> sqlite3.Connection:
        db = sqlite3.connect(":memory:", check_same_thread=False)
        db.execute("CREATE VIRTUAL TABLE docs USING fts5(slug UNINDEXED, kind UNINDEXED, "
                   "ref_id, title, body, tokenize = 'porter unicode61 remove_diacritics 2')")
        db.executemany("INSERT INTO docs VALUES (?, ?, ?, ?, ?)",
                       list(_documents(rulings, said)))
        db.commit()
        return db

    def ensure(self, rulings: Mapping[str, Mapping], language: str = "en",
               said: Callable[[object], str] = str) -> sqlite3.Connection:
        signature = tuple(sorted((s, tuple(r)) for s, r in rulings.items()))
        with self._lock:
            if signature != self._signature:
                self._dbs, self._signature = {}, signature
            if language not in self._dbs:
                self._dbs[language] = self._build(rulings, said)
            return self._dbs[language]

    def search(self, query: str, rulings: Mapping[str, Mapping], *, slug: str = "",
               language: str = "en", said: Callable[[object], str] = str) -> list[Hit]:
        """Sections and rulings matching every word of ``query`` (the last word as a prefix,
        so results appear while typing), best first; when none has them all, those with any
        of them (a plain question), best first. ``language``/``said``: the reader's."""
        db = self.ensure(rulings, language, said)
        for match in (to_match(query), to_match(query, any_word=True)):
            if not match:
                return []
            sql = ("SELECT slug, kind, ref_id, title, snippet(docs, 4, '[[', ']]', ' … ', 16) "
                   "FROM docs WHERE docs MATCH ?")
            args: list = [match]
            if slug:
                sql += " AND slug = ?"
                args.append(slug)
            sql += " ORDER BY bm25(docs, 0, 0, 5.0, 3.0, 1.0) LIMIT ?"
            args.append(MAX_RESULTS)
            with self._lock:
                rows = db.execute(sql, args).fetchall()
            if rows:
                return [Hit(slug_, kind, ref_id, _unspaced(title), _unspaced(excerpt))
                        for slug_, kind, ref_id, title, excerpt in rows]
        return []


def _unspaced(text: str) -> str:
    """Indexed text back as written: no spaces between CJK characters (or around marks)."""
    cjk = "\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef"
    text = re.sub(rf" *((?:\[\[|\]\])?[{cjk}](?:\[\[|\]\])?) *", r"\1", text)
    return text


def to_match(query: str, *, any_word: bool = False) -> str:
    """An FTS5 query from what a player typed: every word must appear (``any_word``: any one
    of them, words of one letter left out); each word is quoted so no character has an FTS5
    meaning; the last one also matches as a prefix. A run of CJK characters is a phrase (the
    characters next to each other); with ``any_word``, any two of them next to each other."""
    words = _WORD.findall(spaced_runs((query or "")[:MAX_QUERY]))[:8]
    parts = []
    for w in words:
        if _CJK_RUN.match(w):
            chars = list(w)
            if any_word and len(chars) > 2:
                parts.extend(_phrase(chars[i:i + 2]) for i in range(len(chars) - 1)
                             if not set(chars[i:i + 2]) <= _ASKING_CJK)
            else:
                parts.append(_phrase(chars))
        elif not any_word or (len(w) > 1 and w.lower() not in _ASKING):
            parts.append(f'"{w}"')
    if not parts:
        return ""
    last = words[-1]
    if not any_word and len(last) > 2 and not _CJK_RUN.match(last):
        parts[-1] = f'("{last}" OR "{last}"*)'
    return (" OR " if any_word else " AND ").join(parts[:16])


def _phrase(chars: list[str]) -> str:
    return '"' + " ".join(chars) + '"'


def spaced_runs(text: str) -> str:
    """Text with CJK runs kept apart from the letters next to them (a run is one phrase)."""
    return re.sub(r"([\u3400-\u9fff\uf900-\ufaff]+)", r" \1 ", text)


INDEX = Index()
