"""Rule citations on a page: where a citation leads (a reference section or a ruling), its
address and its title in the reader's language (the ``rule_link`` filter and the ``rule_href``
and ``rule_title`` globals)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import request, url_for
from flask_babel import get_locale
from markupsafe import Markup, escape

from ..games import GAMES
from ..games.core import Text
from ..reference import REFERENCES, resolve, resolve_parts
from .i18n import mark, say


def rule_url(target, token: str = "") -> str:
    extra = {"game": token} if token else {}
    if target.ruling:
        return url_for("reference.rulings", slug=target.slug, _anchor=target.ruling, **extra)
    return url_for("reference.game_reference", slug=target.slug, _anchor=target.section,
                   **extra)


def _current_token() -> str:
    """The game token of the page being drawn (game, history, score, ask pages), if any."""
    args = request.view_args or {}
    return args.get("token") or request.args.get("game", "") or ""


def rule_href(citation: Any, slug: str = "") -> str:
    """The address a citation's first resolvable part leads to, or '' (a Jinja global)."""
    target = resolve(str(citation or ""), slug)
    return rule_url(target, _current_token()) if target else ""


def target_title(target) -> str:
    """What a link to a target shows in the reader's language: the section's title, or the
    ruling's id."""
    if target.ruling:
        return target.ruling
    sec = REFERENCES[target.slug].section(target.section)
    return say(sec.title) if sec is not None else target.section


def rule_title(citation: Any, slug: str = "") -> str:
    """The translated title of the section (or the ruling id) a citation leads to, or ''."""
    target = resolve(str(citation or ""), slug)
    return target_title(target) if target else ""


def _ruling_words(target, readings: Mapping[str, str]) -> str:
    """A ruling named with its words where a score pad cites it: the reading in force, or the
    question it settles ("HAD-3: a set is one card each of ...")."""
    ruling = GAMES[target.slug].rulings.get(target.ruling) if target.slug in GAMES else None
    if ruling is None:
        return ""
    reading = readings.get(target.ruling, ruling.default)
    return say(ruling.readings.get(reading, ruling.question))


def rule_link(citation: Any, slug: str = "", readings: Mapping[str, str] | None = None
              ) -> Markup:
    """A rule citation as links to its reference sections and rulings (a Jinja filter). Parts
    that name nothing in the references stay plain text. In English a link shows the citation
    itself (it names the printed rulebook's section); in another language, the translated title
    of the section it opens (or the ruling's id), once: two parts opening the same section
    would read as the same title twice. With ``readings`` (a score pad's), a ruling is named
    with its words, never by its id alone."""
    text = str(citation or "")
    token = _current_token()
    english = str(get_locale() or "en") == "en"
    pieces, shown = [], set()
    for part, target in resolve_parts(text, slug):
        if target is None:  # (words of the app's own, such as "History", in the reader's)
            pieces.append(escape(part if english else say(Text(part.strip()))))
        elif not english and target in shown:
            continue
        else:
            shown.add(target)
            words = part if english else target_title(target)
            if readings is not None and target.ruling:
                words = f"{words}: {_ruling_words(target, readings)}"
            pieces.append(Markup('<a class="rule-link" href="{}">{}</a>').format(
                rule_url(target, token), words))
    # each mark kept with the part before it: a link is a 44 px tap box, and a mark between
    # two of them stood alone on a line at a phone's width
    if len(pieces) < 2:
        return Markup("").join(pieces)
    end = mark("; ").rstrip()
    kept = [Markup('<span class="cite">{}{}</span>').format(piece, end) for piece in pieces[:-1]]
    return Markup(" ").join([*kept, pieces[-1]])


def tied_at(result, rules, placing) -> list[Any]:
    """The sheets a tie-break compared to place ``placing`` (a Jinja global for the pad): those
    with its total still tied when that tie-break came, every earlier one equal; the players an
    earlier tie-break already placed are not in its comparison."""
    first = next(s for s in result.sheets if s.name == placing.names[0])
    chain = list(rules.tiebreaks)
    earlier = chain[:chain.index(placing.decided_by)] if placing.decided_by in chain else []
    return [s for s in result.sheets if s.total == first.total and all(
        s.tiebreaks.get(k, 0) == first.tiebreaks.get(k, 0) for k in earlier)]
