"""The heavy values this process keeps (``groups.kept``): a group's statistics, and the files
of groups and games, each drawn once per version of what it holds. Their sizes are the settings
GROUP_FILES_BYTES and GROUP_STATS_KEPT (0 keeps nothing)."""
from __future__ import annotations

from flask import current_app

from ..admission import stepping_aside
from ..groups import kept


def kept_values() -> kept.Kept:
    """This app's kept statistics and files."""
    found = current_app.extensions.get("group_kept")
    if found is None:
        config = current_app.config
        found = current_app.extensions.setdefault("group_kept", kept.Kept(
            int(config.get("GROUP_FILES_BYTES", kept.FILES_BYTES)),
            int(config.get("GROUP_STATS_KEPT", kept.STATS_KEPT)), aside=stepping_aside))
    return found


def kept_file(key: tuple, draw) -> bytes:
    """A file (``draw()``'s text) drawn once per what ``key`` names and kept: a group's, or a
    game's export (sharing.py: by game, version and the seat whose secrets it holds)."""
    return kept_values().file(key, lambda: draw().encode())
