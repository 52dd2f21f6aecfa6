"""Whether a rules reference read in Italian or Chinese still holds English (issue 48): the
checks the web and browser tests share. A paragraph is still English when it is the English one,
holds one of its sentences, or keeps most of its words; words the Italian catalogs say elsewhere
(names, the Italian edition's terms, ids such as HAD-1) may stay."""
from __future__ import annotations

import re
from functools import cache

from babel.messages.pofile import read_po

from companion.reference import REFERENCES
from companion.web.i18n import TRANSLATIONS


def words(text: str) -> set[str]:
    """The words of three letters or more (Latin letters), lower case: what an English
    sentence left in a page would share with its English original."""
    return {w.lower() for w in re.findall(r"[A-Za-z]{3,}", text)}


@cache
def kept_words(slug: str) -> frozenset[str]:
    """Words a translation may keep from the English: those the Italian catalogs of the game and
    of the web say elsewhere (names, the Italian edition's terms, ids such as HAD-1), not in the
    reference's own paragraphs."""
    paragraphs = {str(p) for sec in REFERENCES[slug].sections for p in sec.body}
    found: set[str] = set()
    for area in (slug, "web"):
        with (TRANSLATIONS / area / "it" / "LC_MESSAGES" / "messages.po").open("rb") as fh:
            for msg in read_po(fh, locale="it"):
                if msg.id and msg.id not in paragraphs and msg.string and msg.string != msg.id:
                    strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
                    found |= {w for s in strings for w in words(s)}
    return frozenset(found)


def sentences(text: str) -> list[str]:
    """An English paragraph's sentences and clauses of five words or more."""
    parts = re.split(r"(?<=[.;:])\s+|\s*\(\s*|\s*\)\s*", text)
    return [p.strip(" .;:") for p in parts if len(p.split()) >= 5]


def english_left(said: str, english: str, kept: frozenset[str] = frozenset()) -> list[str]:
    """What of an English paragraph is still English in its translation: the whole paragraph,
    a sentence of it (three English words or more), or most of its words (``kept``: words a
    translation may keep)."""
    if said == english:
        return [english]
    left = [s for s in sentences(english) if s in said and len(words(s) - kept) >= 3]
    en = words(english) - kept
    shared = en & words(said)
    if len(en) > 3 and len(shared) > 0.5 * len(en):
        left.append(f"{len(shared)} of {len(en)} English words: {sorted(shared)}")
    return left


def english_in_reference(slug: str, said: dict[str, list[str]], page_text: str = "") -> list[str]:
    """What is still English in a game's reference as a page shows it: ``said`` maps each
    section's id to its body paragraphs as shown; ``page_text`` is the whole page's text (no
    English paragraph anywhere on it)."""
    problems = []
    for sec in REFERENCES[slug].sections:
        shown, english = said.get(sec.id), [str(p) for p in sec.body]
        if shown is None or len(shown) != len(english):
            problems.append(f"{sec.id}: {len(english)} paragraphs, {shown!r} shown")
            continue
        for n, (s, e) in enumerate(zip(shown, english)):
            problems += [f"{sec.id} ¶{n + 1}: {left}"
                         for left in english_left(s, e, kept_words(slug))]
            if e in page_text:
                problems.append(f"{sec.id} ¶{n + 1}: the English paragraph is on the page")
    return problems
