"""A game's state is a frozen dataclass, and every action makes a changed copy of it."""
from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any, TypeVar

S = TypeVar("S")


@cache
def _fields(cls: type) -> frozenset[str]:
    return frozenset(f.name for f in dataclasses.fields(cls))


def replace(state: S, /, **changes: Any) -> S:
    """A copy of the frozen dataclass ``state`` with ``changes``, as ``dataclasses.replace``
    makes it but without running ``__init__`` again: a fold applies thousands of actions, and
    ``dataclasses.replace`` looking every field up again was four fifths of a long game's fold.
    The library's state classes have no ``__post_init__`` and no ``init=False`` field (a test
    keeps it so); an unknown field is refused as ``dataclasses.replace`` refuses it."""
    cls = type(state)
    if not _fields(cls).issuperset(changes):  # (no set built for a good call: it is the hot path)
        unknown = changes.keys() - _fields(cls)
        raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
    copy = object.__new__(cls)
    attributes = copy.__dict__
    attributes.update(state.__dict__)
    attributes.update(changes)
    return copy
