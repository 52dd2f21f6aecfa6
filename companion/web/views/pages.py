"""The games list, new games, joining by code, the quick score pad and the box data page."""
from __future__ import annotations

from urllib.parse import urlsplit

from flask import (
    Blueprint,
    abort,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _l

from ... import groups, store
from ...games import GAMES, get_game
from ...games.core import RulesError, t
from .. import quickshare
from ..device import my_games, remember_game
from ..forms import errors_of, quick_count, table_form_class, table_payload
from ..i18n import read_typed
from . import box_files
from . import groups as group_pages
from .play import open_game
from .reference import house_rule_defaults, payload_rescore

bp = Blueprint("pages", __name__)


def _rules(slug: str):
    if slug not in GAMES:
        abort(404, description=t("Unknown game {slug}; this server knows {games}.",
                                 slug=repr(slug), games=", ".join(sorted(GAMES))))
    return get_game(slug)


@bp.get("/lang/<code>")
def language(code: str):
    """Switch this browser's language (kept in a cookie) and go back to the page it came from."""
    from ..i18n import COOKIE, COOKIE_AGE, LANGUAGES
    if code not in LANGUAGES:
        abort(404, description=_l("Unknown language; choose one of {codes}.").format(
            codes=", ".join(LANGUAGES)))
    resp = redirect(_local_path(request.args.get("next", "")) or url_for("pages.index"), 303)
    resp.set_cookie(COOKIE, code, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
    return resp


def _local_path(back: str) -> str | None:
    """``back`` when it is a path on this server, else None (no open redirect). Browsers and
    Werkzeug drop tabs and newlines from a URL, so ``/<tab>/evil.example`` would become
    ``//evil.example``: no whitespace or control character passes, nor a backslash (read as a
    slash by browsers), nor anything a URL parser reads a scheme or a host in."""
    if not back.startswith("/") or back.startswith("//") or "\\" in back:
        return None
    if any(c.isspace() or not c.isprintable() for c in back):
        return None
    parts = urlsplit(back)
    return back if not (parts.scheme or parts.netloc) else None


@bp.get("/manifest.webmanifest")
def manifest():
    """The web app manifest: a phone can add the companion to its home screen (when the server
    is reached over HTTPS) and open it full screen, in the reader's language."""
    def icon(size: str, kind: str, name: str) -> dict[str, str]:
        return {"src": url_for("static", filename=f"icons/{name}"), "sizes": size, "type": kind}
    body = {"name": str(_l("Table companion")), "short_name": str(_l("Companion")),
            "description": str(_l("Keeps the books for a board game on the players' phones.")),
            "start_url": url_for("pages.index"), "scope": "/", "display": "standalone",
            "background_color": "#fbfaf7", "theme_color": "#8a4b0f",
            "icons": [icon("any", "image/svg+xml", "icon.svg"),
                      icon("192x192", "image/png", "icon-192.png"),
                      icon("512x512", "image/png", "icon-512.png")]}
    resp = jsonify(body)
    resp.mimetype = "application/manifest+json"
    return resp


@bp.get("/favicon.ico")
def favicon():
    """Browsers ask for /favicon.ico whatever the page links: the small PNG icon."""
    return redirect(url_for("static", filename="icons/icon-192.png"), 301)


@bp.get("/")
def index():
    return render_template("index.html", games=my_games(), groups=group_pages.my_groups())


@bp.post("/join")
def join():
    game = store.find_by_code(request.form.get("code", ""))
    if game is None:
        return render_template("index.html", games=[], join_error=t(
            "No game has this code. A join code is 8 letters and digits, shown on the host's "
            "game page; it stops working when the game is over or after a day without play "
            "(the game's link and QR code keep working).")), 404
    remember_game(game.play_token)
    return redirect(url_for("play.game_page", token=game.play_token), 303)


@bp.post("/import")
def import_game():
    """A game exported from any server (GET /g/<token>/export.json) becomes a new game here, with
    new links, the same state and the same history. The file is read as strictly as taps are:
    a refusal (422) names the entry and field at fault, and nothing is stored."""
    upload = request.files.get("file")
    raw = upload.read() if upload is not None and upload.filename else \
        request.form.get("json", "").encode()
    try:
        game = store.import_game(store.read_export(raw))
    except RulesError as err:
        return render_template("index.html", games=my_games(),
                               import_error=t("Not imported: {reason}", reason=err.message)), 422
    remember_game(game.play_token)
    return redirect(url_for("play.game_page", token=game.play_token), 303)


def _setup_defaults(rules, box, owner: str) -> dict:
    """What the setup form starts with: the game's values from the box data of the group it is
    set up from, and that group's house rules (a table can still pick another reading)."""
    defaults = rules.setup_defaults((b.category, b.key, b.value) for b in box)
    defaults.update({f"ruling_{rid}": reading
                     for rid, reading in house_rule_defaults(rules.slug, owner).items()
                     if len(rules.rulings[rid].readings) > 1})
    return defaults


@bp.route("/new/<slug>", methods=["GET", "POST"])
def new_game(slug: str):
    rules = _rules(slug)
    group = group_pages.group_asked()  # set up from a group: its players offered, tap to seat
    owner = group_pages.box_owner_of(group)  # without one, only what was kept before groups
    box = store.box_entries(slug, owner)
    form = table_form_class(rules, "setup")(data=_setup_defaults(rules, box, owner))
    seated = group_pages.seated_asked(group) if group else []
    if request.method == "GET":
        group_pages.seat_on_form(form, seated)
    errors: list[str] = []
    if request.method == "POST":
        if form.validate():
            options, players = table_payload(rules, form, "setup")
            options = {k: read_typed(v, slug, rules.typed_words) for k, v in options.items()}
            setup = {**options, "players": players}
            try:  # the game, its group and the group's box data: stored together or not
                game, group = groups.set_up_game(
                    rules, setup, rules.box_records_of_setup(setup), group=group,
                    new_group=request.form.get("new_group", "").strip())
            except RulesError as err:
                errors = [p.message if not p.field else t("{field}: {message}",
                                                          field=field_words(form, p.field),
                                                          message=p.message)
                          for p in err.problems]
            else:
                remember_game(game.play_token)
                if group is not None:
                    group_pages.remember_group(group.token)
                return redirect(url_for("play.game_page", token=game.play_token), 303)
        else:
            errors = errors_of(form, lambda n: t("Seat {n}", n=n))
    known = {b.key: b.value for b in box if b.category == "setup card"}
    # how many play: asked (``?players=``), or the group players seated, whichever is more
    count = min(max(quick_count(rules) or 0, len(seated)), rules.max_players) or None
    count = count if rules.setup_count_first and count and count >= rules.min_players else None
    return render_template("new.html", rules=rules, form=form, errors=errors, box=box,
                           known=known, group=group, seated=seated, count=count,
                           unused=rules.setup_unused(count) if count else (),
                           offered=groups.players_of(group) if group else []), \
        422 if errors else 200


def field_words(form, field: str):
    """A setup problem's field as the form names it (its label; a seat's field after the
    seat's number), not its key: a table reads words, never ``icon_3``."""
    if field in form._fields and field != "players":
        return form[field].label.text
    seat, _, key = field.partition("].")
    if seat.startswith("players[") and seat[8:].isdecimal() and key:
        row = form.players.entries[int(seat[8:])].form if int(seat[8:]) < len(
            form.players.entries) else None
        if row is not None and key in row._fields:
            return t("{row}: {field}", row=t("Seat {n}", n=int(seat[8:]) + 1),
                     field=row[key].label.text)
    return field


@bp.route("/quick/<slug>", methods=["GET", "POST"])
def quick(slug: str):
    rules = _rules(slug)
    form = table_form_class(rules, "quick")()
    errors: list[str] = []
    result = rescore = shared = facts = None
    if request.method == "POST":
        if form.validate():
            options, players = table_payload(rules, form, "quick")
            payload = rules.quick_payload(options, players)
            try:
                result = rules.score_payload(payload)
                rescore = payload_rescore(rules, payload)
                facts = quickshare.pack(payload)
                shared = quickshare.link(slug, facts)
            except RulesError as err:
                errors = [p.message if not p.field else t("{field}: {message}", field=p.field,
                                                          message=p.message)
                          for p in err.problems]
        else:
            errors = errors_of(form, lambda n: t("Player {n}", n=n))
    return render_template("quick.html", rules=rules, form=form, errors=errors,
                           result=result, rescore=rescore, count=quick_count(rules),
                           shared=shared, facts=facts), 422 if errors else 200


@bp.get("/quick/<slug>/shared")
def quick_shared(slug: str):
    """A quick score pad as the phone that scored it shared it: read-only, its facts carried by
    the link and scored again here like every other path (the score API's checks)."""
    rules = _rules(slug)
    payload = quickshare.unpack(request.args.get("facts", ""))
    if payload is None:
        abort(400, description=t("This score pad link is damaged or cut short; ask for it "
                                 "again."))
    try:
        result = rules.score_payload(payload)
    except RulesError as err:
        abort(422, description=err.message)
    return render_template("quick_shared.html", rules=rules, result=result,
                           shared=quickshare.link(slug, request.args["facts"]),
                           facts=request.args["facts"])


@bp.get("/quick/<slug>/shared.svg")
def quick_shared_qr(slug: str):
    """The QR code of a shared score pad's link, for the other phones at the table."""
    _rules(slug)
    facts = request.args.get("facts", "")
    drawn = quickshare.qr(quickshare.link(slug, facts)) \
        if quickshare.unpack(facts) is not None else None
    if drawn is None:
        abort(404)
    return drawn


@bp.get("/box/<slug>")
def box(slug: str, error: str | None = None):
    """The server's box: every value a table of this server taught (and box files loaded into
    it), offered to every later game under its group's own (a group's is at
    /group/<link>/box/<slug>, a game's at /g/<token>/box)."""
    rules = _rules(slug)
    return render_template("box.html", rules=rules, owner="server", error=error,
                           file_url=url_for("pages.box_download", slug=slug),
                           load_url=url_for("pages.load_box", slug=slug),
                           entries=store.box_entries(slug, store.SERVER_BOX,
                                                     with_conflicts=True)), \
        422 if error else 200


@bp.get("/box/<slug>.json")
def box_download(slug: str):
    """The server's box as a file (``store.box_file``), to load on another server."""
    _rules(slug)
    return box_files.download(slug, store.SERVER_BOX)


@bp.post("/box/<slug>/load")
def load_box(slug: str):
    """Another server's box file loaded into this server's box."""
    _rules(slug)
    error = box_files.load(slug, store.SERVER_BOX)
    return box(slug, error) if error else redirect(url_for("pages.box", slug=slug), 303)


@bp.get("/g/<token>/box")
def game_box(token: str):
    """The box data a game's table sees: its group's, or its own when it has no group."""
    game, _ = open_game(token)
    group = groups.group_of_game(game)
    file_url = url_for("groups.box_download", link=group.token, slug=game.slug) if group \
        else url_for("pages.box_download", slug=game.slug)
    return render_template("box.html", rules=get_game(game.slug), group=group,
                           owner="group" if group else "game", file_url=file_url,
                           entries=store.game_box(game, with_conflicts=True))
