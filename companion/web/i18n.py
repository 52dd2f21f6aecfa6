"""Languages: English, Italian and Simplified Chinese through Flask-Babel.

The rules library stays pure: it marks its words with ``companion.games.core.t`` (a ``Text`` that
reads as English and keeps its template and values). This module says them in the reader's
language: :func:`say` looks the template up in the catalogs and fills in the values, numbers
formatted for the language. Templates use ``_()`` for their own words and ``|say`` for the
library's.

One catalog folder per area (``translations/<area>/<lang>/LC_MESSAGES/messages.po``), so the
generic interface and each game keep their own words; Flask-Babel merges them. pybabel extracts
the words and updates the catalogs (``babel.cfg``, ``make catalogs-update``); :func:`compile_all`
compiles them (``make catalogs``).
"""
from __future__ import annotations

import re
from functools import cache, cached_property, lru_cache
from pathlib import Path
from typing import Any

import flask
from babel import Locale
from babel.lists import format_list
from babel.numbers import format_decimal
from flask import Flask, g, request
from flask_babel import Babel, get_locale, get_translations
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from ..games import GAMES, package_of
from ..games.core import Text

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "translations"

# Language code -> its name in that language (shown as is in every language, like on a menu).
LANGUAGES = {"en": "English", "it": "Italiano", "zh": "中文"}
COOKIE = "lang"
COOKIE_AGE = 400 * 24 * 3600  # browsers cap cookies at 400 days

# One catalog area per game this server ships, and "web" for everything else. A game's area owns,
# by convention, its rules package (companion/games/<slug>: the rules, its reference, its
# affects), its templates (templates/games/<slug>) and its extra pages (companion/web/extras/
# <slug>.py). The "web" area owns the rest of companion/ and templates/.
WEB = "web"
WEB_SOURCES = ("companion", "templates")


def game_sources(slug: str) -> tuple[str, ...]:
    """The sources (relative to the repository) of a game's catalog area."""
    return (f"companion/games/{slug}", f"templates/games/{slug}",
            f"companion/web/extras/{slug}.py")


def areas() -> dict[str, tuple[str, ...]]:
    """Each catalog area and its sources: "web", then every registered game whose package is
    one of this server's (companion/games/<slug>); a game registered from elsewhere (the test
    suite's) has no catalog, and its words read as English."""
    return {WEB: WEB_SOURCES, **{slug: game_sources(slug) for slug, rules in GAMES.items()
                                 if package_of(rules) == f"companion.games.{slug}"}}



def select_locale() -> Locale:
    """The reader's language: the one they chose (cookie), else the browser's, else English."""
    return _LOCALES[language_of(request.cookies.get(COOKIE),
                                request.environ.get("HTTP_ACCEPT_LANGUAGE", ""))]


def language_of(chosen: str | None, accept_language: str) -> str:
    """The code of the reader's language: ``chosen`` (the cookie's) when it is one of ours,
    else the browser's (its ``Accept-Language``), else English."""
    return chosen if chosen in LANGUAGES else _browser_language(accept_language)


_LOCALES = {code: Locale.parse(code) for code in LANGUAGES}  # (Flask-Babel takes them as they are)


@lru_cache(maxsize=256)
def _browser_language(header: str) -> str:
    """Our language a browser's ``Accept-Language`` prefers: one header is parsed once (every
    request of a phone sends the same one)."""
    return parse_accept_header(header, LanguageAccept).best_match(tuple(LANGUAGES), default="en")


def say(value: Any) -> str:
    """Library words in the reader's language. A Text is translated and filled in (its values
    said too; numbers in the language's format; lists joined the language's way); anything else
    is shown as it is (player names, numbers, plain strings)."""
    if isinstance(value, Text):
        said = (catalog().ungettext(value.template, value.plural, value.params["n"])
                if value.plural else catalog().ugettext(value.template))
        if not value.params:
            return said
        if said is value.template:  # (no entry: words strung together by punctuation alone)
            said = _punctuated(said, str(_locale()))
        params = {k: _value(v) for k, v in value.params.items()}
        try:
            return said.format(**params)
        except (KeyError, IndexError, ValueError):  # a catalog entry with wrong placeholders
            english = value.plural if value.plural and value.params["n"] != 1 else value.template
            return english.format(**params)  # (a test keeps them out of the catalogs)
    return value if isinstance(value, str) else _value(value)


#: the marks a language strings words together with where English has ", ", "; " and ": "
#: (a house's dials, "lumber 0, mining 0"): Chinese puts its full-width marks, with no space
MARKS = {"zh": ((", ", "，"), ("; ", "；"), (": ", "："))}
_FIELDS = re.compile(r"\{\w+\}")


#: the mark a language ends a sentence with where English puts ".": Chinese its full stop
STOPS = {"zh": "。"}


def mark(english: str) -> str:
    """The reader's language's mark where English strings words together with ``english``
    (", ", "; " or ": ") or ends a sentence it put together (".", a sentence's words said
    one by one): a template's own lists and sentences, and the code's (a Jinja global)."""
    if english == ".":
        return STOPS.get(str(_locale()), english)
    return dict(MARKS.get(str(_locale()), ())).get(english, english)


@lru_cache(maxsize=1024)
def _punctuated(template: str, language: str) -> str:
    """A template holding only fields and punctuation (``join``'s) with ``language``'s marks;
    any other template as it is."""
    marks = MARKS.get(language)
    if not marks or any(c.isalnum() for c in _FIELDS.sub("", template)):
        return template
    for mark, theirs in marks:
        template = template.replace(mark, theirs)
    return template


def read_typed(value: Any, slug: str, words: tuple[Text, ...]) -> Any:
    """A value a reader typed, with each of ``words`` in any of our languages read back as the
    rules' own word ("1 legname + 1 grano" -> "1 lumber + 1 wheat"): a table types in its
    language, the rules read the catalogs' English. Anything but text is left as it is."""
    if not isinstance(value, str) or not value or not words:
        return value
    found = _typed_words(slug, tuple(w.template for w in words))
    return found[0].sub(lambda m: found[1][m.group(0).lower()], value) if found else value


@lru_cache(maxsize=16)
def _typed_words(slug: str, templates: tuple[str, ...]):
    """A pattern matching every translation of ``templates`` (whole words where a language
    puts spaces between them), and each translation's English."""
    english: dict[str, str] = {}
    for lang in LANGUAGES:
        said = _game_catalog(slug, lang) if slug in areas() else None
        for template in templates:
            word = said.ugettext(template).strip().lower() if said else ""
            if word and word != template.lower():
                english.setdefault(word, template)
    if not english:
        return None
    parts = [rf"(?<!\w){re.escape(w)}(?!\w)" if all(ord(c) < 0x2E80 for c in w)
             else re.escape(w) for w in sorted(english, key=len, reverse=True)]
    return re.compile("|".join(parts), re.IGNORECASE), english


def catalog():
    """This request's catalog, looked up once a request: Flask-Babel finds it again through its
    context, domain and locale for every word, and a game page says a few hundred words. A
    request about one game (``for_game``) reads that game's words first; others read Flask-Babel's
    merge of every area."""
    found = g.get("catalog")
    if found is None:
        slug = g.get("game_slug")
        found = g.catalog = (_game_catalog(slug, str(_locale())) if slug in areas()
                             else get_translations())
    return found


def for_game(slug: str) -> None:
    """This request speaks of game ``slug``: its catalog's words win over another game's (Spring
    is a season in TradeWarz and a hex in Hexemonia, two words in Italian)."""
    if g.get("game_slug") != slug:
        g.game_slug = slug
        g.pop("catalog", None)


@lru_cache(maxsize=64)
def _game_catalog(slug: str, locale: str):
    """Game ``slug``'s catalog in ``locale``, falling back to the web's, then the other games'."""
    from babel.support import Translations
    order = [slug, WEB, *(a for a in areas() if a not in (slug, WEB))]
    merged = None
    for area in order:
        found = Translations.load(str(TRANSLATIONS / area), [locale])
        if merged is None:
            merged = found
        else:
            merged.add_fallback(found)
    return merged


def _value(value: Any) -> str:
    if isinstance(value, Text):
        return say(value)
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, int):
        return _decimal(value, _locale())
    if isinstance(value, (list, tuple)):
        items = [_value(v) for v in value]
        return format_list(items, locale=_locale()) if items else ""
    return str(value)


def _locale() -> Locale:
    return get_locale() or _LOCALES["en"]


@lru_cache(maxsize=4096)
def _decimal(value: int, locale: Locale) -> str:
    """A whole number in a language's format: a score pad says the same few numbers many times,
    and Babel works each one out afresh, at a cost the pages' many numbers made felt."""
    return format_decimal(value, locale=locale)


@cache
def _wtforms_catalog(locale: str):
    """WTForms' own messages in one language, loaded once per process (Flask-WTF would read the
    catalog file again on every request that builds a form)."""
    from babel import support
    from wtforms.i18n import messages_path
    return support.Translations.load(messages_path(), [locale], domain="wtforms")


class Request(flask.Request):
    """Flask's request, whose ``wtforms_translations`` (read by Flask-WTF when a form says one
    of WTForms' own messages) is this process's cached catalog, looked up only by a request
    that builds a form: the others never choose a language for it."""

    @cached_property
    def wtforms_translations(self):
        return _wtforms_catalog(str(_locale()))


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_DEFAULT_LOCALE", "en")
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", ";".join(
        str(TRANSLATIONS / area) for area in areas()))
    Babel(app, locale_selector=select_locale)
    app.request_class = Request
    app.jinja_env.filters["say"] = say
    # The templates' _() and ngettext, as Flask-Babel installs them, with the catalog looked up
    # once a request (``catalog``).
    app.jinja_env.install_gettext_callables(
        gettext=lambda s: catalog().ugettext(s),
        ngettext=lambda s, p, n: catalog().ungettext(s, p, n), newstyle=True)
    app.jinja_env.globals["LANGUAGES"] = LANGUAGES
    app.jinja_env.globals["current_language"] = lambda: str(_locale().language)
    app.jinja_env.globals["mark"] = mark


# ------------------------------------------------------------------------- catalog maintenance
# Words are extracted and the catalogs updated by pybabel (babel.cfg, `make catalogs-update`).

def po_path(area: str, lang: str) -> Path:
    return TRANSLATIONS / area / lang / "LC_MESSAGES" / "messages.po"


def compile_all() -> None:
    """Write the .mo files Flask-Babel reads (built, not committed). Not ``pybabel compile``: its
    format check reads a plural's first translation against the English singular, so it fails
    on a Chinese catalog, whose one form serves every count and names the plural's number."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for area in areas():
        for lang in LANGUAGES:
            path = po_path(area, lang)
            if not path.exists():
                continue
            with path.open("rb") as fh:
                catalog = read_po(fh, locale=lang)
            with path.with_suffix(".mo").open("wb") as fh:
                write_mo(fh, catalog)

