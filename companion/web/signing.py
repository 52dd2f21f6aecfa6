"""Signed values (the session cookie, CSRF tokens) as itsdangerous signs them, for less work.

itsdangerous derives the signing key from the secret again (one HMAC) for every signature it
makes or checks, and through its lazy SHA-1 wrapper Python's ``hmac`` takes its slow pure-Python
path. A tap checks two signatures and a page reload makes one: here each key is derived once per
process, and SHA-1 is given to ``hmac`` as OpenSSL's own function. The signatures are the same
bytes (tests/web/test_fast_paths.py compares them with Flask's and Flask-WTF's).
"""
from __future__ import annotations

import hashlib
import threading
import time
from collections import OrderedDict
from functools import lru_cache
from typing import Any

from itsdangerous import SignatureExpired, TimestampSigner, URLSafeTimedSerializer
from itsdangerous.encoding import want_bytes

_KEPT_LIMIT = 64  # (secret, salt) pairs: a handful in any app


class KeptKeys(TimestampSigner):
    """itsdangerous' timestamp signer, deriving each (secret, salt) key once per process."""

    _keys: dict[tuple, bytes] = {}

    def derive_key(self, secret_key: str | bytes | None = None) -> bytes:
        secret = self.secret_keys[-1] if secret_key is None else want_bytes(secret_key)
        at = (secret, self.salt, self.key_derivation, self.digest_method)
        key = self._keys.get(at)
        if key is None:
            if len(self._keys) >= _KEPT_LIMIT:
                self._keys.clear()
            key = self._keys[at] = super().derive_key(secret)
        return key


def serializer(keys: Any, salt: str, *, payloads: Any = None,
               key_derivation: str | None = None) -> URLSafeTimedSerializer:
    """A URL-safe timed serializer as itsdangerous makes it (SHA-1; its own key derivation
    unless one is named; ``payloads`` dumps and loads what is signed, JSON by default), signing
    with :class:`KeptKeys`. Made once per set of arguments, so a change of keys makes a new one
    (and :class:`Seen` keeps what each one checked apart)."""
    return _made(tuple(keys) if isinstance(keys, list) else keys, salt, payloads, key_derivation)


@lru_cache(maxsize=32)
def _made(keys: Any, salt: str, payloads: Any, key_derivation: str | None
          ) -> URLSafeTimedSerializer:
    signer_kwargs: dict[str, Any] = {"digest_method": hashlib.sha1}
    if key_derivation is not None:
        signer_kwargs["key_derivation"] = key_derivation
    return URLSafeTimedSerializer(keys, salt=salt, serializer=payloads, signer=KeptKeys,
                                  signer_kwargs=signer_kwargs)


class Seen:
    """Signed texts already checked, kept by their exact text with their value and time of
    signing: a phone sends the same session cookie and CSRF token with every request, so each is
    checked (base64, HMAC, JSON) once per process and serializer, and afterwards only its age.
    Only what passed is kept. The values are shared between requests: read them, never change
    them (the quick layer only reads)."""

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        self.kept: OrderedDict[tuple[Any, str], tuple[Any, int]] = OrderedDict()
        self.lock = threading.Lock()

    def loads(self, serializer: URLSafeTimedSerializer, signed: str,
              max_age: int | None) -> Any:
        """``serializer.loads(signed, max_age=max_age)``; raises itsdangerous' BadData."""
        at = (serializer, signed)  # (the serializer itself: its keys, and never another's)
        with self.lock:
            hit = self.kept.get(at)
            if hit is not None:
                self.kept.move_to_end(at)
        if hit is None:
            value, when = serializer.loads(signed, max_age=max_age, return_timestamp=True)
            hit = (value, int(when.timestamp()))
            with self.lock:
                self.kept[at] = hit
                while len(self.kept) > self.size:
                    self.kept.popitem(last=False)
        elif max_age is not None and not 0 <= int(time.time()) - hit[1] <= max_age:
            raise SignatureExpired("signature too old")  # as itsdangerous says, in short
        return hit[0]
