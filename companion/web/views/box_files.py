"""The box pages' files: a box downloaded as a file, and another server's box file loaded into
the server's box or a group's, read as strictly as the taps that would have taught it, with the
size limit of every other file a server takes in (IMPORT_MAX_BYTES); a refused file stores
nothing. The group's box page lives here too, beside its file."""
from __future__ import annotations

import json

from flask import Response, abort, redirect, render_template, request, url_for

from ... import store
from ...games import GAMES, get_game
from ...games.core import RulesError, t
from .groups import _open, box_owner_of, bp


def download(slug: str, owner: str) -> Response:
    """``owner``'s box of ``slug`` as a file to keep or to load on another server."""
    body = json.dumps(store.box_file(slug, owner), ensure_ascii=False, indent=1,
                      sort_keys=True)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": f'attachment; filename="{slug}-box.json"',
        "Cache-Control": "no-store"})


def load(slug: str, owner: str) -> str | None:
    """The box file sent (a file, or pasted) loaded into ``owner``'s box of ``slug``: None, or
    why it was refused (then nothing is stored)."""
    upload = request.files.get("file")
    raw = upload.read() if upload is not None and upload.filename else \
        request.form.get("json", "").encode()
    try:
        records = store.read_box_file(store.read_export(raw), slug)
        if records:
            store.load_box(owner, slug, records)
    except RulesError as err:
        return t("Not loaded: {reason}", reason=err.message)
    return None


# ------------------------------------------------------------------------ a group's box

def _group_and_game(link: str, slug: str):
    group = _open(link)
    if slug not in GAMES:
        abort(404, description=t("Unknown game {slug}; this server knows {games}.",
                                 slug=repr(slug), games=", ".join(sorted(GAMES))))
    return group


@bp.get("/<link>/box/<slug>", endpoint="box")
def group_box(link: str, slug: str, error: str | None = None):
    """The group's box data of one game: what its tables entered, offered in its next games
    before the server's (shown under it, marked)."""
    group = _group_and_game(link, slug)
    return render_template("box.html", rules=get_game(slug), group=group, owner="group",
                           error=error,
                           file_url=url_for("groups.box_download", link=link, slug=slug),
                           load_url=url_for("groups.load_box", link=link, slug=slug),
                           entries=store.box_entries(slug, box_owner_of(group),
                                                     with_conflicts=True)), \
        422 if error else 200


@bp.get("/<link>/box/<slug>.json", endpoint="box_download")
def group_box_download(link: str, slug: str):
    """The group's box (its own values, then the server's) as a file."""
    return download(slug, box_owner_of(_group_and_game(link, slug)))


@bp.post("/<link>/box/<slug>/load", endpoint="load_box")
def group_load_box(link: str, slug: str):
    """A box file (another server's, another group's) loaded into the group's box."""
    error = load(slug, box_owner_of(_group_and_game(link, slug)))
    return group_box(link, slug, error) if error else \
        redirect(url_for("groups.box", link=link, slug=slug), 303)
