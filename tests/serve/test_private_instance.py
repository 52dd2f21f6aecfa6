"""The instance folder is its owner's alone (its database holds every game's play link, its
config the secret key): `make run` makes the folder and those in it 0700 and every file 0600,
those it writes and those an older install left readable, and it removes what servers before
kept there (the drawn pages, with one seat's hidden cards in them)."""
from __future__ import annotations

import stat
from pathlib import Path

from bench import cross_server
from bench.server import Server
from bench.slow_clients import one_game


def modes(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): stat.S_IMODE(p.stat().st_mode)
            for p in [folder, *folder.rglob("*")]}


def test_the_served_instance_folder_and_every_file_it_holds_are_the_owners_alone(tmp_path):
    instance = tmp_path / "instance"
    instance.mkdir(mode=0o755)
    instance.chmod(0o755)
    (instance / "drawings" / "006").mkdir(parents=True)
    (instance / "drawings" / "006" / "page.val").write_text("Ana's battle cards")
    (instance / "config.py").write_text("RATELIMIT_ENABLED = False\n")
    (instance / "config.py").chmod(0o644)
    database = f"sqlite:///{instance / 'companion.sqlite'}"
    token = one_game(database)  # (an older install's database: made readable by all)
    (instance / "companion.sqlite").chmod(0o644)
    with Server(database, tmp_path / "server.log", COMPANION_INSTANCE=str(instance)) as server:
        cross_server.Tapper(server.port, token).tap()  # a write: the log files are open
        seen = modes(instance)
    assert not (instance / "drawings").exists()
    assert {"companion.sqlite", "companion.sqlite-wal", "config.py"} <= set(seen)
    assert {name: mode for name, mode in seen.items()
            if mode != (0o700 if (instance / name).is_dir() else 0o600)} == {}
