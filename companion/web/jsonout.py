"""JSON answers written by orjson: the score API's 30 score lines and every tap's answer are
encoded several times faster than by the standard library, the same JSON for a reader.

Only answers (``jsonify``) change: reading JSON stays the standard library's (its error for a
number too large is a clearer refusal), and so does ``tojson`` in templates (whose escaping for
scripts assumes the standard library's ASCII output). Anything orjson does not take (a type only
Flask's own encoder knows) falls back to Flask's encoder, and dates keep Flask's format.
"""
from __future__ import annotations

from typing import Any

import orjson
from flask import Response
from flask.json.provider import DefaultJSONProvider

_OPTIONS = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME


class JSONAnswers(DefaultJSONProvider):
    sort_keys = False  # keys in the order the code builds them (the score API's game, players…)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        if args and kwargs:
            raise TypeError("jsonify() takes either arguments or keywords, not both")
        obj = (args[0] if len(args) == 1 else list(args)) if args else (kwargs or None)
        body = self.encode(obj)
        if body is None:  # e.g. a number beyond 64 bits: Flask's encoder takes it
            return super().response(*args, **kwargs)
        return self._app.response_class(body, mimetype=self.mimetype)

    def encode(self, obj: Any) -> bytes | None:
        """An answer's body (as ``jsonify`` sends it), or None for what only Flask's encoder
        takes."""
        options = _OPTIONS | (orjson.OPT_INDENT_2 if self._app.debug else 0)
        try:
            return orjson.dumps(obj, default=self.default, option=options) + b"\n"
        except TypeError:
            return None
