"""The rules reference, the rulings pages, search, house rules and "Can I do this?".

Views stay thin: the reference is data (``companion.reference``), the answers come from the pure
question functions (``companion.games.<slug>.questions``), the switch of a ruling is an ordinary
"ruling" action recorded in the game's history.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import get_locale

from ... import store
from ...games import GAMES, get_game, questions_for
from ...games.core import RULING, RulesError, read_fields, t
from ...games.core.reference import STAGE_WORDS
from ...reference import REFERENCES, STAGES
from ...reference.affects import affected
from ...reference.search import INDEX
from ...store import HOUSE_RULE
from ...store.db import LEGACY_BOX
from ..citations import rule_href, rule_link, rule_title, tied_at
from ..forms import action_form
from ..i18n import say
from .play import once_sent, open_game, playing, signed_by, version_sent, viewer_seat

bp = Blueprint("reference", __name__)


def register(app) -> None:
    """Add the reference pages, the ``rule_link`` filter and the ``ruling_changes`` global."""
    app.register_blueprint(bp)
    app.jinja_env.filters["rule_link"] = rule_link
    app.jinja_env.globals["ruling_changes"] = ruling_changes
    app.jinja_env.globals["tied_at"] = tied_at
    app.jinja_env.globals["rule_href"] = rule_href
    app.jinja_env.globals["rule_title"] = rule_title
    app.jinja_env.globals["hit_title"] = hit_title
    app.jinja_env.globals["STAGE_WORDS"] = STAGE_WORDS
    app.jinja_env.globals["rules_home"] = rules_home


def rules_game(game=None) -> tuple[str, str]:
    """The link token and slug of the game a page belongs to (('', '') for none): the page's own
    token (a game's page, /g/<token>/...) or its ``?game=`` (a reference page opened from a
    game), when it opens ``game``; without ``game``, the game it opens is looked up."""
    token = (request.view_args or {}).get("token") or request.args.get("game", "")
    if not isinstance(token, str) or not token:
        return "", ""
    if game is None:
        found = store.find_game(token)
        game = found[0] if found else None
    elif token not in (getattr(game, "play_token", None), getattr(game, "watch_token", None)):
        return "", ""
    slug = getattr(game, "slug", None)
    return (token, slug) if slug in REFERENCES else ("", "")


def rules_home(game) -> str:
    """Where the header's Rules link leads on a page that shows ``game`` (a Jinja global): that
    game's reference opened with it (its "In this game" boxes), or with no game (None) the
    index of every game."""
    return rules_home_of(*rules_game(game)) if game is not None else rules_home_of("", "")


def rules_home_of(token: str, slug: str) -> str:
    if not token:
        return url_for("reference.rules_index")
    return url_for("reference.game_reference", slug=slug, game=token)


def _reference(slug: str):
    if slug not in REFERENCES or slug not in GAMES:
        abort(404, description=t("Unknown game {slug}; this server knows {games}.",
                                 slug=repr(slug), games=", ".join(sorted(REFERENCES))))
    return REFERENCES[slug]


def _game_of(slug: str, token: str | None):
    """The live game a reference page was opened from (?game=<token>), when it is this game."""
    found = store.find_game(token) if token else None
    if found is None or found[0].slug != slug:
        return None, False, None
    game, can_play = found
    return game, can_play, store.state_of(game)


def ruling_changes(result, rules, rescore=None) -> list[dict[str, Any]]:
    """For each ruling read differently from its default, the numbers it changed: score lines
    and places compared with the default reading (a Jinja global for the pad). ``rescore``
    scores the same facts again with some readings overridden (the quick pad gives it); without
    it, the live game the page shows is scored again."""
    out = []
    for rid, reading in (result.rulings or {}).items():
        ruling = rules.rulings.get(rid)
        if ruling is None or reading == ruling.default:
            continue
        if rescore is None:  # (looked up only when a reading differs: rarely)
            rescore = _live_rescore(rules) or (lambda readings: None)
        changes: list[str] = []
        base = rescore({rid: ruling.default})
        if isinstance(base, RulesError):  # a ruling on what a table can hold (T24)
            changes = [t("the default reading refuses these facts: {why}",
                         why=base.problems[0].message)]
        elif base is not None:
            changes = _differences(result, base)
        out.append({"id": rid, "reading": reading, "default": ruling.default,
                    "changes": changes})
    return out


def _live_rescore(rules):
    """Scoring the live game of this page with some readings overridden (None off a game)."""
    _, _, state = _game_of(rules.slug, (request.view_args or {}).get("token", ""))
    if state is None or not hasattr(state, "rulings"):
        return None
    return lambda readings: rules.score(replace(state, rulings={**state.rulings, **readings}))


def payload_rescore(rules, payload: dict[str, Any]):
    """Scoring a score request (the quick pad's) again with some readings overridden; the
    refusal instead when those readings refuse the facts."""
    def rescore(readings):
        try:
            return rules.score_payload(
                {**payload, "rulings": {**(payload.get("rulings") or {}), **readings}})
        except RulesError as err:
            return err
    return rescore


def _differences(now, base) -> list[str]:
    lines = []
    for s_now, s_base in zip(now.sheets, base.sheets):
        was_points = {ln.id: ln.points for ln in s_base.lines}
        for a in s_now.lines:
            if a.points != was_points.get(a.id, 0):
                lines.append(t("{name}, {line}: {points} (default {was})", name=s_now.name,
                               line=a.label, points=a.points, was=was_points.get(a.id, 0)))
    places = {n: p.place for p in now.ranking for n in p.names}
    was = {n: p.place for p in base.ranking for n in p.names}
    lines += [t("{name}: place {place} (default {was})", name=n, place=places[n], was=was[n])
              for n in places if was.get(n) != places[n]]
    return lines


def house_rule_defaults(slug: str, owner: str = LEGACY_BOX) -> dict[str, str]:
    """The readings a group (or a game without one: ``owner``) chose to keep for its next games
    of ``slug`` (box data "house rule"), limited to rulings and readings the game still knows."""
    rulings = GAMES[slug].rulings if slug in GAMES else {}
    out = {}
    for row in store.box_entries(slug, owner):
        reading = (row.value or {}).get("reading") if row.category == HOUSE_RULE else None
        if row.key in rulings and reading in rulings[row.key].readings:
            out[row.key] = reading
    return out


def _owner_of(game) -> str:
    """Whose house rules a rulings page shows: the game's group's (or the game's own)."""
    return LEGACY_BOX if game is None else store.box_owner(store.session(), game.id)


# ---------------------------------------------------------------------------------- pages

@bp.get("/rules")
def rules_index():
    token, slug = rules_game()  # opened from a game: its game's links keep it
    return render_template("reference/index.html", references=REFERENCES, token=token,
                           token_slug=slug, rules_link=rules_home_of(token, slug))


@bp.get("/rules/search")
def search():
    query = request.args.get("q", "")[:100]
    slug = request.args.get("game_slug", "")
    rulings = {s: g.rulings for s, g in GAMES.items()}
    hits = INDEX.search(query, rulings, slug=slug if slug in REFERENCES else "",
                        language=str(get_locale()), said=say)
    token, game_slug = rules_game()  # searched from a game's reference: its hits keep it
    return render_template("reference/search.html", query=query, hits=hits,
                           references=REFERENCES, token=token, token_slug=game_slug,
                           rules_link=rules_home_of(token, game_slug))


def hit_title(hit) -> str:
    """A search result's title in the reader's language (the index itself is English): the
    section's title, or the ruling's id and question."""
    if hit.kind == "ruling":
        ruling = GAMES[hit.slug].rulings.get(hit.ref_id) if hit.slug in GAMES else None
        if ruling is not None:
            return say(t("{id}: {question}", id=hit.ref_id, question=ruling.question))
    else:
        sec = REFERENCES[hit.slug].section(hit.ref_id) if hit.slug in REFERENCES else None
        if sec is not None:
            return say(sec.title)
    return hit.title


@bp.get("/rules/<slug>")
def game_reference(slug: str):
    ref = _reference(slug)
    game, can_play, state = _game_of(slug, request.args.get("game"))
    affects = {}
    if state is not None:
        rules = get_game(slug)
        result = rules.score(state)
        totals = [(s.name, ((t("total so far"), s.total),)) for s in result.sheets]
        affects = {sec.id: affected(slug, sec.affects, state, totals) for sec in ref.sections}
    return render_template("reference/game.html", ref=ref, stages=STAGES, game=game,
                           affects=affects, rules=get_game(slug),
                           token=request.args.get("game") if game else "")


@bp.get("/rules/<slug>/rulings")
def rulings(slug: str):
    _reference(slug)
    rules = get_game(slug)  # read at request time: rulings appear once a game registers them
    token = request.args.get("game", "")
    game, can_play, state = _game_of(slug, token)
    return render_template("reference/rulings.html", ref=REFERENCES[slug], rules=rules,
                           game=game, can_play=can_play, state=state, token=token,
                           house=house_rule_defaults(slug, _owner_of(game)))


@bp.post("/rules/<slug>/rulings/<token>")
def switch_ruling(slug: str, token: str):
    """Switch a ruling for a game (a "ruling" action in its history), and if asked remember the
    reading as a house rule for the next games of this game: its group's (or its own)."""
    rid, reading = request.form.get("ruling", ""), request.form.get("reading", "")
    remember = [(HOUSE_RULE, rid, {"reading": reading})] if request.form.get("remember") else []
    try:
        for attempt in store.attempts():
            with attempt, store.tap(token, once=once_sent()) as tap:
                if tap.game is None or tap.game.slug != slug or not tap.can_play:
                    abort(403, description=t("Only a play link can switch a ruling for its game."))
                game = playing(tap)
                tap.record(RULING, {"ruling": rid, "reading": reading}, by=signed_by(game),
                           version=version_sent(), box=remember)
    except RulesError as err:
        abort(409 if err.rule == "Concurrent phones" else 422, description=err.message)
    return redirect(url_for("reference.rulings", slug=slug, game=token, _anchor=rid), 303)


# ----------------------------------------------------------------------- can I do this?

@bp.get("/g/<token>/ask")
def ask(token: str):
    game, can_play = open_game(token)
    rules = get_game(game.slug)
    state = store.state_of(game)
    names = rules.player_names(state)
    asked = request.args.get("q", "")
    seat = viewer_seat(game, can_play)
    forms, answer, errors = [], None, []
    for q in questions_for(game.slug):
        mine = q.id == asked
        # (a box left unticked is not sent: false, as the rules read it); a question not asked
        # yet is about this phone's own player, where it has a seat (not a battle's two sides)
        sent = {**{f.name: False for f in q.fields if f.kind == "bool"},
                **request.args.to_dict()} if mine else \
            {"player": seat} if seat is not None else None
        forms.append((q, action_form(q.spec, names, sent, nobody=False)))
        if mine:
            try:
                answer = q.ask(state, read_fields(q.spec, request.args.to_dict(), len(names)))
            except RulesError as err:
                errors = [p.message for p in err.problems]
    return render_template("reference/ask.html", game=game, rules=rules, token=token,
                           forms=forms, asked=asked, answer=answer, errors=errors), \
        422 if errors else 200
