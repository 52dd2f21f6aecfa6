"""Words for the people at the table: :class:`Text` (English that keeps its template and values,
so the web layer can say it in the reader's language), ``t`` to mark them, ``step`` for a guide
line linked to its rule, and the JSON form a game's log keeps them in."""
from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any


class Text(str):
    """Words for the people at the table. It reads as English, so logs, tests and JSON need nothing
    special, and it keeps its template and values so the web layer can say it in the reader's
    language (the catalogs live outside this pure library). Values may be numbers, names, other
    Texts, or lists of them."""

    template: str
    params: dict[str, Any]
    rule: str = ""  # set by step(): the rule section a guide line links to
    plural: str = ""  # set by tn(): the plural template (``template`` is then the singular)

    def __new__(cls, template: str, params: Mapping[str, Any] | None = None) -> Text:
        # Score pads and histories make thousands of these: every case stays cheap. The values
        # are kept as given (a dict nobody changes afterwards: t()'s own keyword arguments).
        if not params:
            made = super().__new__(cls, template)
            made.template, made.params = template, {}
            return made
        if type(params) is not dict:
            params = dict(params)
        english = params
        for value in params.values():
            if isinstance(value, (list, tuple)):
                english = {k: _english(v) for k, v in params.items()}
                break
        made = super().__new__(cls, template.format_map(english))
        made.template, made.params = template, params
        return made


def _english(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return value


def t(template: str, **params: Any) -> Text:
    """Mark words for translation: ``t("{name} has {coins} coins", name=n, coins=c)``. The
    template is the catalog's key, so build sentences with placeholders, never by joining."""
    return Text(template, params)


def tn(singular: str, plural: str, n: int, **params: Any) -> Text:
    """Words that count something, ngettext-style: ``tn("{n} coin", "{n} coins", n=c)``. The
    count is the value ``n``; English (and the web layer, in the reader's language, by that
    language's plural rule) picks the form the count needs."""
    return _plural_text(singular, plural, {**params, "n": n})


def _plural_text(singular: str, plural: str, params: Mapping[str, Any]) -> Text:
    made = Text(singular if params.get("n") == 1 else plural, params)
    made.template, made.plural = singular, plural
    return made


def step(text: Text, rule: str) -> Text:
    """A guide line that links to its rule: ``step(t("Pay income"), "Hadara rulebook, Income")``.
    ``rule`` is a citation in the same form as actions' and score lines' rules."""
    made = (_plural_text(text.template, text.plural, text.params) if text.plural
            else Text(text.template, text.params))
    made.rule = rule
    return made


#: words nest at most this deep (words inside words, or a list of them, is one level): the
#: rules' own never come near it. Deeper words (older versions quoted a taken-back step's words in
#: the take-back's, one level more per take-back of a take-back) are cut there, so reading,
#: saying and storing them never recurses far.
MAX_NESTING = 12
CUT = "…"  # what stands for words nested deeper than MAX_NESTING


def words_to_json(value: Any, depth: int = 0) -> Any:
    """A Text (or plain value) as JSON the store can keep and :func:`words_from_json` rebuilds
    (nested deeper than MAX_NESTING: cut)."""
    if isinstance(value, Text):
        if depth >= MAX_NESTING:
            return CUT
        out = {"t": value.template,
               "p": {k: words_to_json(v, depth + 1) for k, v in value.params.items()}}
        if value.plural:
            out["pl"] = value.plural
        return out
    if isinstance(value, (list, tuple)):
        return CUT if depth >= MAX_NESTING else [words_to_json(v, depth + 1) for v in value]
    return value


def words_are_plain(value: Any, depth: int = 0) -> bool:
    """True when stored words (from an imported file, say) use only plain ``{name}`` fields:
    a template is filled in with ``str.format``, so ``{x.attr}`` or ``{x[0]}`` must never come in
    from outside."""
    if depth > 5:
        return False
    if isinstance(value, list):
        return len(value) <= 50 and all(words_are_plain(v, depth + 1) for v in value)
    if isinstance(value, dict):
        template, params = value.get("t"), value.get("p", {})
        plural = value.get("pl", "")
        if not isinstance(template, str) or len(template) > 1000 or not isinstance(params, dict):
            return False
        if not isinstance(plural, str) or len(plural) > 1000 or (
                plural and type(params.get("n")) is not int):
            return False  # a plural's count is a whole number
        try:
            fields = [f for text in (template, plural)
                      for _, f, spec, conv in _FORMATTER.parse(text) if f is not None]
        except ValueError:
            return False
        return (all(f.isidentifier() and f in params for f in fields)
                and all(words_are_plain(v, depth + 1) for v in params.values()))
    return value is None or isinstance(value, (str, int, float))


_FORMATTER = string.Formatter()


def words_from_json(value: Any, depth: int = 0) -> Any:
    """Stored words (:func:`words_to_json`) as a Text again; words nested deeper than
    MAX_NESTING (stored by older versions) read as CUT there."""
    if isinstance(value, dict) and isinstance(value.get("t"), str):
        if depth >= MAX_NESTING:
            return CUT
        params = value.get("p") if isinstance(value.get("p"), dict) else {}
        params = {k: words_from_json(v, depth + 1) for k, v in params.items()}
        if isinstance(value.get("pl"), str) and value["pl"]:
            return _plural_text(value["t"], value["pl"], params)
        return Text(value["t"], params)
    if isinstance(value, list):
        return CUT if depth >= MAX_NESTING else [words_from_json(v, depth + 1) for v in value]
    return value
