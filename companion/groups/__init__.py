"""Game nights: a group of people who play together, its players, its games and its plays.

The rooms of this package, each by concern (only ``plays``, ``finished`` and ``files`` write):

- ``plays``: the group, its players, the games set up from it and its plays, stored. Its
  functions are this package's own names (``groups.create_group``, ``groups.plays_of`` …).
- ``writing``: the write session and the group's version every change raises (``changed``).
- ``finished``: a finished game of a group becomes its play, in the write that finishes it.
- ``file_box``: a group file's box data, read against its games' logs.
- ``checks``: what a group's names, marks, notes, dates and durations may be, read the same way
  from a form and from a file.
- ``stats``: the statistics worked out from plays alone (pure: no database, no web).
- ``ratings``: ratings and head-to-head from the same plays (openskill).
- ``out``: a play as a "Send to BG Stats" link, the plays as CSV and JSON.
- ``kept``: the statistics and files of a group, worked out once per version and kept.
- ``files``: the whole group as one file another server imports with the same result.

The pages are ``companion.web.views.groups``; the charts ``companion.web.charts``.
"""
from .finished import catch_up_plays, label_key, line_label
from .plays import (
    add_player,
    add_quick_play,
    create_group,
    find_group,
    game_versions,
    games_count,
    games_of,
    group_of_game,
    join_game,
    merge_players,
    names_of,
    play_of,
    players_of,
    plays_count,
    plays_of,
    rename_player,
    retire_player,
    set_note,
    set_up_game,
)
from .writing import changed

__all__ = [
    "add_player", "add_quick_play", "catch_up_plays", "changed", "create_group", "find_group",
    "game_versions", "games_count", "games_of", "group_of_game", "join_game", "label_key",
    "line_label", "merge_players", "names_of", "play_of", "players_of", "plays_count",
    "plays_of", "rename_player", "retire_player", "set_note", "set_up_game",
]
