"""A group's files to download: its plays (JSON, CSV) and the whole group (JSON), each drawn
once per version of the group (and of its games, for the whole group) and kept."""
from __future__ import annotations

import json
from datetime import datetime

from flask import Response, current_app

from ... import groups
from ...groups import files
from ...groups import out as group_out
from ..kept_files import kept_file
from .groups import _open, bp


def _attachment(resp: Response, group, name: str) -> Response:
    """Downloaded as ``group-<day>-<name>``: each file of a group a name of its own (the plays
    and the whole group were both ``group-<day>.json``, the second saved over the first)."""
    day = datetime.now().strftime("%Y-%m-%d")
    resp.headers["Content-Disposition"] = f'attachment; filename="group-{day}-{name}"'
    return resp


def _kept_file(group, kind: str, draw, *, games: tuple = ()) -> bytes:
    """A file of the group, drawn once per version of the group (and of its games, when the
    file holds them) and kept."""
    return kept_file((kind, group.id, group.version, games), draw)


@bp.get("/<link>/plays.json")
def plays_json(link: str):
    group = _open(link)
    body = _kept_file(group, "plays.json",
                      lambda: current_app.json.dumps(group_out.plays_data(group)))
    return _attachment(Response(body, mimetype="application/json"), group, "plays.json")


@bp.get("/<link>/plays.csv")
def plays_csv(link: str):
    group = _open(link)
    body = _kept_file(group, "plays.csv", lambda: group_out.plays_csv(group))
    return _attachment(Response(body, mimetype="text/csv"), group, "plays.csv")


@bp.get("/<link>/export.json")
def export(link: str):
    group = _open(link)
    body = _kept_file(group, "export.json",
                      lambda: json.dumps(files.export_group(group), ensure_ascii=False),
                      games=groups.game_versions(group))
    return _attachment(Response(body, mimetype="application/json"), group, "all.json")
