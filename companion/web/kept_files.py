"""The heavy values this process keeps (``groups.kept``): a group's statistics, and the files
of groups and games, each drawn once per version of what it holds. Their sizes are the settings
GROUP_FILES_BYTES and GROUP_STATS_KEPT (0 keeps nothing)."""
from __future__ import annotations

import contextlib
from collections.abc import Iterator

from flask import current_app

from ..groups import kept
from ..store.db import end_reading


@contextlib.contextmanager
def _reading_ended() -> Iterator[None]:
    """A request waiting for another's drawing, or for its turn to draw, ends its read of the
    database first (it holds no connection meanwhile; the drawing reads afresh)."""
    end_reading()
    yield


def kept_values() -> kept.Kept:
    """This app's kept statistics and files."""
    found = current_app.extensions.get("group_kept")
    if found is None:
        config = current_app.config
        found = current_app.extensions.setdefault("group_kept", kept.Kept(
            int(config.get("GROUP_FILES_BYTES", kept.FILES_BYTES)),
            int(config.get("GROUP_STATS_KEPT", kept.STATS_KEPT)), aside=_reading_ended))
    return found


def kept_file(key: tuple, draw) -> bytes:
    """A file (``draw()``'s text) drawn once per what ``key`` names and kept: a group's, or a
    game's export (sharing.py: by game, version and the seat whose secrets it holds)."""
    return kept_values().file(key, lambda: draw().encode())
