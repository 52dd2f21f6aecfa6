"""Signed values (the session cookie, CSRF tokens) as itsdangerous signs them, for less work.

itsdangerous derives the signing key from the secret again (one HMAC) for every signature it
makes or checks, and through its lazy SHA-1 wrapper Python's ``hmac`` takes its slow pure-Python
path. A tap checks two signatures and a page reload makes one: here each key is derived once per
process, and SHA-1 is given to ``hmac`` as OpenSSL's own function. The signatures are the same
bytes (tests/web/test_fast_paths.py compares them with Flask's and Flask-WTF's).
"""
from __future__ import annotations

import hashlib
from typing import Any

from itsdangerous import TimestampSigner, URLSafeTimedSerializer
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


def serializer(keys: Any, salt: str, **kwargs: Any) -> URLSafeTimedSerializer:
    """A URL-safe timed serializer as itsdangerous makes it (SHA-1, and its key derivation
    unless ``signer_kwargs`` names one), signing with :class:`KeptKeys`."""
    signer_kwargs = {"digest_method": hashlib.sha1, **kwargs.pop("signer_kwargs", {})}
    return URLSafeTimedSerializer(keys, salt=salt, signer=KeptKeys, signer_kwargs=signer_kwargs,
                                  **kwargs)
