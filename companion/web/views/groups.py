"""Game nights on the web: a group's page (players, games, plays), seating from the group, the
quick score pad saved to a group, a play's page with its BG Stats link, the statistics with
their charts, and the files out and in."""
from __future__ import annotations

import io
import math
from datetime import datetime
from typing import NamedTuple

import segno
from flask import (
    Blueprint,
    Response,
    abort,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import get_locale

from ... import groups, store
from ...games import GAMES, get_game
from ...games.core import RulesError, t
from ...groups import checks, files
from ...groups import out as group_out
from ...groups.ratings import head_to_head, ratings
from ...groups.stats import facts_of, game_stats, player_stats, ruling_counts
from ...store.db import LEGACY_BOX, Game, box_owner_name
from .. import charts, story
from ..device import my_games, share_url
from ..forms import errors_of, quick_count, table_form_class, table_payload
from ..i18n import say
from ..kept_files import kept_file, kept_values

bp = Blueprint("groups", __name__, url_prefix="/group")
MY_GROUPS_LIMIT = 20
PER_PAGE = 50  # plays, and games, on one page of the group's (a group may have thousands)


@bp.app_template_filter("line_label")
def _line_label(label) -> str:
    """A play's score line label in the reader's language (``{{ ln.label | line_label }}``)."""
    return say(groups.line_label(label))


@bp.app_context_processor
def _group_of_game() -> dict:
    """``group_of_game(game)`` in every template: the group a game belongs to, if any."""
    return {"group_of_game": groups.group_of_game}


def remember_group(token: str) -> None:
    """Keep a group's link on this device (the home page lists these)."""
    known = [x for x in session.get("groups", []) if x != token]
    session["groups"] = ([token] + known)[:MY_GROUPS_LIMIT]


def my_groups() -> list:
    found = (groups.find_group(x) for x in session.get("groups", []) if isinstance(x, str))
    return [g for g in found if g is not None]


def _open(token: str):
    group = groups.find_group(token)
    if group is None:
        abort(404, description=t("No group has this link."))
    remember_group(token)
    return group


def _problem(err: RulesError) -> list:
    return [p.message if not p.field else t("{field}: {message}", field=p.field,
                                             message=p.message) for p in err.problems]


# -------------------------------------------------------------------------- making, finding

@bp.post("/new")
def new():
    try:
        group = groups.create_group(request.form.get("name", ""))
    except RulesError as err:
        return render_template("index.html", games=my_games(), groups=my_groups(),
                               group_error=_problem(err)), 422
    remember_group(group.token)
    return redirect(url_for("groups.page", link=group.token), 303)


@bp.post("/import")
def import_group():
    """A group file from any server becomes a new group here (players, plays, games)."""
    upload = request.files.get("file")
    raw = upload.read() if upload is not None and upload.filename else \
        request.form.get("json", "").encode()
    try:
        group = files.import_group(store.read_export(raw))
    except RulesError as err:
        return render_template("index.html", games=my_games(), groups=my_groups(),
                               group_error=[t("Not imported: {reason}",
                                              reason=err.message)]), 422
    remember_group(group.token)
    return redirect(url_for("groups.page", link=group.token), 303)


def group_asked():
    """The group a setup page was opened from (``?group=<link>``), if any."""
    token = request.args.get("group", "")
    return groups.find_group(token) if token else None


def box_owner_of(group) -> str:
    """Whose box data and house rules a setup from ``group`` starts from: the group's; without
    a group, those kept before box data belonged to groups (read-only), then the server's
    (never its house rules: every table keeps its own)."""
    return LEGACY_BOX if group is None else box_owner_name(group.id, None)


def seated_asked(group) -> list:
    """The group players tapped so far, in the order tapped (``?seat=3,1,...``): clockwise."""
    by_id = {p.id: p for p in groups.players_of(group) if not p.retired}
    ids = [checks.as_number(x) for x in request.args.get("seat", "").split(",")[:20]]
    seen, chosen = set(), []
    for pid in ids:
        if pid in by_id and pid not in seen:
            seen.add(pid)
            chosen.append(by_id[pid])
    return chosen


def seat_on_form(form, seated) -> None:
    for row, player in zip(form.players, seated, strict=False):
        row.form["name"].data = player.name


# ------------------------------------------------------------------------------ the page

@bp.get("/<link>")
def page(link: str):
    group = _open(link)
    return render_template("group.html", **_page_of(group), error=request.args.get("error"))


def _page_of(group) -> dict:
    """What the group's page shows: its players, and a page of its plays and of its games
    (``?plays=`` and ``?games=``: page numbers, newest first)."""
    plays = _paged("plays", groups.plays_count(group))
    games = _paged("games", groups.games_count(group))
    pages = {"plays": plays, "games": games}
    for name, at in pages.items():  # plain links, each keeping the other list's page
        asked = {n: p["number"] for n, p in pages.items() if p["number"] > 1 and n != name}
        for link, number in (("newer", at["number"] - 1), ("older", at["number"] + 1)):
            at[link] = url_for("groups.page", link=group.token, **asked, **{name: number}) \
                + f"#{name}" if 1 <= number <= at["pages"] else None
    return {"group": group, "players": groups.players_of(group), "names": groups.names_of(group),
            "plays": groups.plays_of(group, start=plays["start"], count=PER_PAGE),
            "games": groups.games_of(group, start=games["start"], count=PER_PAGE),
            "pages": pages, "url": _share_url(group.token)}


def _paged(name: str, total: int) -> dict:
    """The page ``?<name>=`` asks for, within the pages there are: a page number that is not
    one (or beyond the last) shows the first (or the last)."""
    pages = max(1, math.ceil(total / PER_PAGE))
    raw = request.args.get(name, "")
    asked = int(raw) if raw.isascii() and raw.isdecimal() and len(raw) < 10 else 1
    number = min(max(asked, 1), pages)
    return {"number": number, "pages": pages, "start": (number - 1) * PER_PAGE}


def _share_url(token: str) -> str:
    game_url = share_url(token)
    return game_url[:-len(url_for("play.game_page", token=token))] + url_for("groups.page",
                                                                             link=token)


@bp.get("/<link>/qr.svg")
def qr(link: str):
    group = _open(link)
    buf = io.BytesIO()
    segno.make(_share_url(group.token), error="m").save(
        buf, kind="svg", scale=1, border=4, omitsize=True, xmldecl=False,
        title="QR code of this group's link", dark="#000", light="#fff")
    resp = Response(buf.getvalue(), mimetype="image/svg+xml")
    resp.headers["Cache-Control"] = "private, max-age=3600"
    return resp


def _players_action(link: str, work):
    group = _open(link)
    try:
        work(group)
    except RulesError as err:
        return render_template("group.html", **_page_of(group), errors=_problem(err)), 422
    return redirect(url_for("groups.page", link=link) + "#players", 303)


def _pid(name: str = "player"):
    value = checks.as_number(request.form.get(name, ""))
    return value if type(value) is int else None


@bp.post("/<link>/players")
def add_player(link: str):
    return _players_action(link, lambda g: groups.add_player(
        g, request.form.get("name", ""), request.form.get("mark", "")))


@bp.post("/<link>/players/rename")
def rename_player(link: str):
    return _players_action(link, lambda g: groups.rename_player(
        g, _pid(), request.form.get("name", ""), request.form.get("mark", "")))


@bp.post("/<link>/players/retire")
def retire_player(link: str):
    return _players_action(link, lambda g: groups.retire_player(
        g, _pid(), request.form.get("retired", "1") == "1"))


@bp.post("/<link>/players/merge")
def merge_players(link: str):
    return _players_action(link, lambda g: groups.merge_players(g, _pid(), _pid("into")))


# ------------------------------------------------------------------------------- plays

@bp.get("/<link>/play/<int:play_id>")
def play(link: str, play_id: int):
    group = _open(link)
    found = groups.play_of(group, play_id)
    if found is None:
        abort(404, description=t("This group has no such play."))
    names = groups.names_of(group)
    game = found.game_id and store.session().get(Game, found.game_id)
    steps = request.args.get("steps") == "1"
    return render_template("group_play.html", group=group, play=found, names=names,
                           rules=get_game(found.slug), game=game, steps=steps,
                           story=game and story.chart(game, steps=steps),
                           bg_stats=group_out.bg_stats_link(found, group, names))


@bp.post("/<link>/play/<int:play_id>/note")
def note(link: str, play_id: int):
    group = _open(link)
    try:
        groups.set_note(group, play_id, request.form.get("note", ""))
    except RulesError as err:
        abort(422, description=err.message)
    return redirect(url_for("groups.play", link=link, play_id=play_id), 303)


@bp.route("/<link>/quick/<slug>", methods=["GET", "POST"])
def quick(link: str, slug: str):
    """The quick score pad for a play the app did not follow, saved to the group."""
    group = _open(link)
    if slug not in GAMES:
        abort(404, description=t("Unknown game {slug}; this server knows {games}.",
                                 slug=repr(slug), games=", ".join(sorted(GAMES))))
    rules = get_game(slug)
    form = table_form_class(rules, "quick")()
    seated = seated_asked(group)
    if request.method == "GET":
        seat_on_form(form, seated)
    errors: list = []
    if request.method == "POST":
        if form.validate():
            options, players = table_payload(rules, form, "quick")
            try:
                result = rules.score_payload(rules.quick_payload(options, players))
                saved = groups.add_quick_play(
                    group, slug, result, first=request.form.get("first", ""),
                    day=request.form.get("date", ""), duration=request.form.get("duration"),
                    note=request.form.get("note", ""))
            except RulesError as err:
                errors = _problem(err)
            else:
                return redirect(url_for("groups.play", link=link, play_id=saved.id), 303)
        else:
            errors = errors_of(form, lambda n: t("Player {n}", n=n))
    # the players asked first, or as many as were seated
    count = quick_count(rules) or (len(seated) if len(seated) >= rules.min_players else None)
    return render_template("group_quick.html", group=group, rules=rules, form=form,
                           errors=errors, offered=groups.players_of(group), seated=seated,
                           count=count,
                           today=datetime.now().date().isoformat()), 422 if errors else 200


# ---------------------------------------------------------------------------- statistics

@bp.get("/<link>/stats")
def stats(link: str):
    """The statistics page, drawn once per version of the group, language and address asked
    (the page links to itself in each language) and kept: it holds no phone's own values."""
    group = _open(link)
    key = ("stats.html", group.id, group.version, str(get_locale()), request.full_path)
    return Response(kept_file(key, lambda: _stats_page(group)), mimetype="text/html")


def _stats_page(group) -> str:
    found = kept_values().stats(("stats", group.id, group.version), lambda: _worked_out(group))
    names, people, per_game = found["names"], found["people"], found["per_game"]
    win_chart = charts.bars([(names[p.player].name, p.win_rate,
                              f"{round(100 * p.win_rate)}% ({p.wins}/{p.plays})")
                             for p in people], say(t("Win rate")))
    over_time = {g.game: charts.lines(
        [(names[p.player].name, [n for _, n in p.over_time[g.game]])
         for p in people if g.game in p.over_time], say(t("Scores over time")))
        for g in per_game}
    labels = {line: _line_label(label) for line, label in found["labels"].items()}
    return render_template("group_stats.html", group=group, names=names, people=people,
                           per_game=per_game, rulings=found["rulings"], labels=labels,
                           rated=found["rated"],
                           versus=_versus(found["plays"], {p.player for p in people}),
                           win_chart=win_chart, over_time=over_time, GAMES=GAMES)


def _worked_out(group) -> dict:
    """The group's numbers and its players' names as they are drawn from the same read (kept
    per version of the group: the same in every language)."""
    kept_plays = groups.plays_of(group)
    # oldest first: plays of one day keep the order they were played in
    plays = [facts_of(p.played_at.date(), p.slug, p.record) for p in reversed(kept_plays)]
    people = [player_stats(plays, p.id) for p in groups.players_of(group)]
    people = [p for p in people if p.plays]
    per_game = [game_stats(plays, slug) for slug in GAMES if any(p.game == slug for p in plays)]
    names = {pid: Named(p.name, p.mark) for pid, p in groups.names_of(group).items()}
    return {"plays": plays, "people": people, "per_game": per_game, "names": names,
            "rulings": _choosable(ruling_counts(plays)),
            "rated": {g.game: ratings(plays, g.game) for g in per_game},
            "labels": {(p.slug, ln["id"]): ln["label"] for p in kept_plays
                       for seat in p.record["players"] for ln in seat["lines"]}}


class Named(NamedTuple):
    """A player's name and mark as the statistics show them (kept: not a database row)."""

    name: str
    mark: str


def _versus(plays: list, known: set[int]):
    """The head-to-head of the two players the page asks for (?a=&b=), if both have plays."""
    a, b = (request.args.get(k, "") for k in ("a", "b"))
    if not (a.isdecimal() and b.isdecimal() and len(a) < 12 and len(b) < 12):
        return None
    a, b = int(a), int(b)
    return head_to_head(plays, a, b) if a != b and {a, b} <= known else None


def _choosable(counts: dict) -> dict:
    """The counts of the rulings a table can read more than one way, in their games' order."""
    out = {}
    for slug, ids in counts.items():
        known = get_game(slug).rulings
        chosen = {rid: ids[rid] for rid in known if rid in ids and len(known[rid].readings) > 1}
        if chosen:
            out[slug] = chosen
    return out
