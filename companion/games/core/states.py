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
    unknown = changes.keys() - _fields(type(state))
    if unknown:
        raise TypeError(f"{type(state).__name__} has no field {', '.join(sorted(unknown))}")
    copy = object.__new__(type(state))
    copy.__dict__.update(state.__dict__)
    copy.__dict__.update(changes)
    return copy
