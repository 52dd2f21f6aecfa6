"""Text is checked where it enters: every form post and every JSON body, whichever view reads it,
is refused (400, naming each field) when a text holds a character no text may hold
(``games.core.characters``: a lone UTF-16 surrogate, NUL, the other control characters but tab
and line breaks). A database cannot store some of them, a page cannot say others; refused here,
no view, reader or store meets them. Files (a game's, a group's) are checked by their reader,
which names the entry and field the same way (``gamefile.read_json``)."""
from __future__ import annotations

import contextlib

from flask import Flask, jsonify, render_template, request

from ..games.core import Problem
from ..games.core.characters import MAX_PROBLEMS, RULE, problem, problems_in, refused_in, shown
from .device import wants_json
from .i18n import say

#: the methods whose body a view may store
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def sent_problems() -> list[Problem]:
    """Each field of this request's form or JSON body holding a refused character."""
    found: list[Problem] = []
    for name, values in request.form.lists():
        for value in (name, *values):
            if (char := refused_in(value)) is not None:
                found.append(problem(shown(name), char))
                break
    if request.is_json:
        # (nested deeper than the parser goes: the view refuses it)
        with contextlib.suppress(RecursionError):
            found += problems_in(request.get_json(silent=True))
    return found[:MAX_PROBLEMS]


def _refuse_text():
    if request.method not in WRITES:
        return None
    found = sent_problems()
    if not found:
        return None
    messages = [p.message for p in found]
    if wants_json():
        return jsonify(ok=False, rule=RULE, error="; ".join(map(str, messages)),
                       errors=[{"field": p.field, "message": p.message} for p in found],
                       said="; ".join(say(m) for m in messages)), 400
    return render_template("error.html", code=400,
                           message="; ".join(say(m) for m in messages)), 400


def init_app(app: Flask) -> None:
    app.before_request(_refuse_text)
