"""A game page in parts, so that a live update carries only what changed: the parts are the
outermost elements with an id inside ``#game`` (each player's board, the guide, the latest
steps...); the rest of ``#game`` (the wrappers around them) is sent with every update.

Each drawing is scanned once (``marked``, a walk over its tags) and markers
put around ``#game`` and each part; each phone's answer then digests each part as filled in for
it (``Parts``), leaving out what differs from answer to answer (the CSRF token, the one-time keys)
and the version every form carries (the page's script sets it). The full page carries the
digests (``data-parts`` on ``#game``); a phone sends them back with its next update and gets
``#game`` with an empty stand-in for each part it has as it is now."""
from __future__ import annotations

import hashlib
import re
from typing import Any

GAME = "game"  # the id of the element the script morphs
# Elements without an end tag, and those the templates may leave open (closed by the next of
# the same kind or by their parent's end tag).
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "source", "track", "wbr"})
LEFT_OPEN = frozenset({"li", "p", "option", "tr", "td", "th", "dt", "dd"})
# An id a marker can carry (markers' words are [\w-]); an element with another id is no part.
PART_ID = re.compile(r"[\w-]{1,60}", re.ASCII)
# The version a form carries: the page's, set in place by the script on every update.
VERSION_FIELD = re.compile(r'name="version" value="\d+"')
#: the markers ``marked`` puts in a drawing (no ``per_phone`` value may take these names)
MARKERS = frozenset({"game", "parts", "part", "end", "gameend"})
#: what a phone sends with a live update: its ``data-parts`` (id:digest of each part)
HEADER = "X-Parts"


# A tag (start or end, its attributes with any quoted ">" in them) or a comment.
TAG = re.compile(r"""<!--.*?-->|<(/?)([a-zA-Z][^\s/>]*)([^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*)>""",
                 re.S)
ID = re.compile(r"""(?:^|\s)id\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""")
GAME_TAG = re.compile(r"""<[a-zA-Z][^>]*?\sid\s*=\s*["']?game["'\s/>]""")
# The elements whose content is not HTML, passed over whole.
RAW_TEXT = {"script": re.compile(r"</script", re.I), "style": re.compile(r"</style", re.I)}


def _scan(html: str) -> list[tuple[int, str]] | None:
    """Where ``#game`` and its parts start and end in a page: the offsets where each marker
    goes, or None when ``#game`` is not closed. A walk over the tags from ``#game`` on, keeping
    the open elements as a browser reads the templates' HTML: void elements, ``<x/>``, and the
    elements left open until the next of their kind or their parent's end."""
    found = GAME_TAG.search(html)
    if found is None:
        return None
    open_: list[tuple[str, str | None]] = []  # (tag, the part it opens, if any), from #game
    marks: list[tuple[int, str]] = []
    in_part, skip = False, 0

    def closed(at: int) -> bool:
        """The innermost open element ended at ``at``; True when that was ``#game``."""
        nonlocal in_part
        if open_.pop()[1] is not None:
            marks.append((at, "end"))
            in_part = False
        if not open_:
            marks.append((at, "gameend"))
        return not open_

    for m in TAG.finditer(html, found.start()):
        start = m.start()
        slash, tag, attrs = m.groups()
        if start < skip or tag is None:  # within a script or style, or a comment
            continue
        tag = tag.lower()
        if slash:  # an end tag closes the innermost open element of its kind, and those in it
            i = len(open_) - 1
            while i >= 0 and open_[i][0] != tag:
                i -= 1
            if i < 0:
                continue
            ends = (start,) * (len(open_) - 1 - i) + (m.end(),)
        elif tag in VOID:
            continue
        else:
            # (an element left open is ended by the next of its kind)
            if tag in LEFT_OPEN and open_ and open_[-1][0] == tag and closed(start):
                return marks
            ident = None
            if "id" in attrs and (has := ID.search(attrs)):
                ident = next(v for v in has.groups() if v is not None)
            part = None
            if not open_:
                marks += [(start, "game"), (m.end() - 1, "parts")]
            elif not in_part and ident and PART_ID.fullmatch(ident):
                part, in_part = ident, True
                marks.append((start, f"part:{ident}:{tag}"))
            open_.append((tag, part))
            if not attrs.endswith("/"):
                if tag in RAW_TEXT:
                    text_end = RAW_TEXT[tag].search(html, m.end())
                    skip = text_end.start() if text_end else len(html)
                continue
            ends = (m.end(),)  # <x/>: opened and closed at once
        if any(closed(at) for at in ends):  # the open elements ended, innermost first
            return marks
    return None


def marked(html: str, mark: str) -> str:
    """``html`` with markers (``<mark>:<name>[:<words>];``) where ``#game`` starts (``game``), at
    the end of its start tag (``parts``: where its digests go), where each part starts
    (``part:<id>``) and ends (``end``), and where ``#game`` ends (``gameend``). A page whose
    ``#game`` the scan cannot close is left unmarked: it has no parts (answered whole)."""
    marks = _scan(html)
    if marks is None:
        return html
    out, pos = [], 0
    for at, name in sorted(marks, key=lambda m: m[0]):  # (stable: an end before a start)
        out += [html[pos:at], f"{mark}:{name};"]
        pos = at
    out.append(html[pos:])
    return "".join(out)


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=6).hexdigest()


class Parts:
    """One answer's parts while it is put together (drawing._for_phone): ``text`` for what
    is the same on every answer of this phone, ``value`` for a CSRF token or one-time key (left
    out of the digests), ``mark`` at each marker of ``marked``."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.said = ""  # the digests the answer carries (data-parts)
        self.inside = False  # within #game
        self.part: tuple[str, str, int, list[str]] | None = None  # (id, tag, start in out, text)
        self.done: list[tuple[str, str, int, int, str]] = []  # (id, tag, start, end, digest)
        self.game = self.slot = self.game_end = -1

    def text(self, text: str) -> None:
        self.out.append(text)
        if self.part is not None:
            self.part[3].append(VERSION_FIELD.sub("", text) if "version" in text else text)

    def value(self, text: str) -> None:
        self.out.append(text)

    def mark(self, name: str, words: tuple[str, ...]) -> None:
        if name == "game":
            self.game = len(self.out)
        elif name == "parts":
            self.slot, self.inside = len(self.out), True
            self.out.append("")
        elif name == "part" and self.inside:
            self.part = (words[0], words[1], len(self.out), [])
        elif name == "end" and self.part is not None:
            ident, tag, start, text = self.part
            self.done.append((ident, tag, start, len(self.out), _digest("".join(text))))
            self.part = None
        elif name == "gameend" and self.inside:
            self.game_end = len(self.out)
            self.said = " ".join(f"{ident}:{d}" for ident, _, _, _, d in self.done)
            self.out[self.slot] = f' data-parts="{self.said}"'
            self.inside = False

    def page(self) -> str:
        return "".join(self.out)

    def since(self, have: str) -> dict[str, Any]:
        """What a phone whose page has the parts ``have`` (id:digest ...) needs: ``game``, the
        whole of #game but for each part the phone has as it is now, which is an empty element
        of its tag and id marked ``data-same`` (the script leaves the phone's own in its place);
        ``parts``: the digests to send next time."""
        if self.game_end < 0:  # (a page with no parts: the page itself)
            return {"page": self.page()}
        theirs = dict(p.partition(":")[::2] for p in have.split(" ") if p)
        out, pos = [], self.game
        for ident, tag, start, end, digest in self.done:
            if theirs.get(ident) == digest:
                out += [*self.out[pos:start], f'<{tag} id="{ident}" data-same></{tag}>']
                pos = end
        out += self.out[pos:self.game_end]
        return {"parts": self.said, "game": "".join(out)}
