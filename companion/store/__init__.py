"""The store: what happened at each table, kept in the database.

A game is its setup plus an append-only log of actions; its state is the fold of that log through
the rules. The package holds, by what it stores:

- ``links``: a game's play and watch links and join code, and the game a link or code opens;
- ``log``: the log read back, the state it folds to (kept per process by version), its words;
- ``recording``: a new game, and each tap as one unit of work (``tap``: the write opened, the
  game locked, the entry and what it implies stored, committed);
- ``writes``: a write tried again after a real conflict (``attempts``);
- ``box``: box data, the values a table entered from its components, for its owner's games
  and (but for house rules) the server's;
- ``box_file``: a box as a file, out and in;
- ``files``: game files in and out (export, import).

Callers use the names below (``store.record``, ``store.find_game``…); the modules are the
package's own business.
"""
from .box import (
    HOUSE_RULE,
    SERVER_BOX,
    box_entries,
    box_follows_game,
    box_owner,
    box_settled,
    game_box,
    game_box_values,
)
from .box_file import box_file, load_box, read_box_file
from .db import session
from .files import EXPORT_FORMAT, export_game, import_game, read_export
from .links import find_by_code, find_game, new_join_code, new_token, version_by_link
from .log import (
    Snapshot,
    Step,
    entries_of,
    my_last,
    recent_rows,
    rows_of,
    said_at,
    snapshot_of,
    state_of,
    undo_preview,
)
from .recording import AFTER_RECORD, Before, Recorded, Tap, create_game, record, tap
from .writes import attempts

__all__ = [
    "AFTER_RECORD", "EXPORT_FORMAT", "HOUSE_RULE", "SERVER_BOX", "Before", "Recorded", "Snapshot",
    "Step", "Tap", "attempts", "box_entries", "box_file", "box_follows_game", "box_owner",
    "box_settled", "create_game", "entries_of", "export_game", "find_by_code", "find_game",
    "game_box", "game_box_values", "import_game", "load_box", "my_last", "new_join_code",
    "new_token", "read_box_file", "read_export", "recent_rows", "record", "rows_of", "said_at",
    "session", "snapshot_of", "state_of", "tap", "undo_preview", "version_by_link",
]
