"""Languages: every word of the interface has an Italian and a Chinese translation, templates keep
no words outside translation calls, and the language follows the browser or the reader's choice."""
from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from jinja2 import Environment

from companion.web import i18n

TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != "en"]
FIELDS = re.compile(r"\{([^{}!:]*)[^{}]*\}")
PERCENT = re.compile(r"%\((\w+)\)[sd]")


def catalog(area: str, lang: str):
    with i18n.po_path(area, lang).open("rb") as fh:
        return read_po(fh, locale=lang)


def placeholders(text: str) -> set[str]:
    """Brace fields (the library's t()) and %(name)s fields (templates' _())."""
    return (set(FIELDS.findall(text.replace("{{", "").replace("}}", "")))
            | {f"%{name}" for name in PERCENT.findall(text)})


@pytest.mark.parametrize("area", list(i18n.areas()))
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_word_in_the_code_has_a_translation_in_each_shipped_catalog(area, lang, extracted):
    words = catalog(area, lang)
    missing = []
    for message in extracted(area):
        if not message.id:
            continue
        entry = words.get(message.id, message.context)
        text = entry.string if entry else None
        if not text or (isinstance(text, tuple) and not all(text)) or entry.fuzzy:
            missing.append((message.id, message.locations[:1]))
    assert missing == [], f"{len(missing)} words without a {lang} translation in {area}"


@pytest.mark.parametrize("area", list(i18n.areas()))
@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_exactly_the_placeholders_of_the_english(area, lang):
    wrong = []
    for entry in catalog(area, lang):
        if not entry.id or not entry.string or isinstance(entry.id, tuple):
            continue
        if placeholders(entry.id) != placeholders(entry.string):
            wrong.append((entry.id, entry.string))
        try:
            fields = {k for k in placeholders(entry.id) if not k.startswith("%")}
            if fields:
                entry.string.format(**dict.fromkeys(fields, "x"))
        except (KeyError, IndexError, ValueError) as err:
            wrong.append((entry.id, f"{entry.string} ({err})"))
    assert wrong == []


@pytest.mark.parametrize("area", list(i18n.areas()))
def test_catalogs_hold_no_words_the_code_no_longer_uses(area, extracted):
    used = {m.id for m in extracted(area) if m.id}
    for lang in TRANSLATED:
        stale = [e.id for e in catalog(area, lang) if e.id and e.id not in used]
        assert stale == [], f"{lang} {area}: run `make catalogs-update`"


# ------------------------------------------------------------------ words outside translations

HOLE = "\x00"  # stands for a Jinja expression or statement in the template's literal text
WORDY_ATTRIBUTES = {"title", "placeholder", "aria-label", "alt", "label"}
LETTER = re.compile(r"[^\W\d_]")


class _Words(HTMLParser):
    """Collects literal words a reader would see: text outside script/style, and the
    attributes a screen shows or reads aloud."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
        for name, value in attrs:
            if name in WORDY_ATTRIBUTES and value and LETTER.search(value.replace(HOLE, "")):
                self.found.append(f"<{tag} {name}={value!r}>")
            if (tag == "input" and name == "value" and dict(attrs).get("type") in
                    ("submit", "button") and value and LETTER.search(value.replace(HOLE, ""))):
                self.found.append(f"<input value={value!r}>")

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skip = max(0, self.skip - 1)

    def handle_data(self, data):
        if not self.skip and LETTER.search(data.replace(HOLE, "")):
            self.found.append(data.strip())


def literal_words(source: str) -> list[str]:
    env = Environment(extensions=["jinja2.ext.i18n"])
    parts = []
    for _, kind, value in env.lex(source):
        parts.append(value if kind == "data" else HOLE)
    # A hole stands for any text: squeeze a run of holes into one.
    html = re.sub(HOLE + "+", HOLE, "".join(parts))
    parser = _Words()
    parser.feed(html)
    parser.close()
    return parser.found


TEMPLATES = sorted((i18n.ROOT / "templates").rglob("*.html"))


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(i18n.ROOT)))
def test_templates_show_no_words_outside_translation_calls(path: Path):
    assert literal_words(path.read_text()) == []


def test_the_template_check_finds_bare_words_and_passes_translated_ones():
    assert literal_words("<p>Coins: {{ n }}</p>") == ["Coins: \x00"]
    assert literal_words('<a title="Open">{{ _("Open") }}</a>') == ["<a title='Open'>"]
    assert literal_words("<p>{{ _('Coins') }}: {{ n }} · {% if x %}{{ y }}{% endif %}</p>") == []


def test_the_extraction_reads_each_areas_own_words_and_no_other_areas(extracted):
    web, hadara = extracted("web"), extracted("hadara")
    said = web.get("The method is not allowed for the requested URL.")
    assert said is not None and said.locations[0][0] == "companion/web/__init__.py"
    assert web.get("Epoch {epoch}, phase {phase}: {step}") is None
    found = hadara.get("Epoch {epoch}, phase {phase}: {step}")
    assert found is not None and found.locations[0][0] == "companion/games/hadara/guide.py"
    extras = {path for m in hadara for path, _ in m.locations if "/extras/" in path}
    assert extras == {"companion/web/extras/hadara.py"}
    games = [f"{folder}/{slug}/" for slug in i18n.areas() if slug != "web"
             for folder in ("companion/games", "templates/games")]
    assert not [path for m in web for path, _ in m.locations
                if "/extras/" in path or path.startswith(tuple(games))]
