"""TradeWarz pages beside the generic game page: the end-of-Spring preview, the battle calculator,
the setup form prefilled with this server's box data, and the helpers its board template calls.

Views stay thin: the rules library computes (``preview_spring``, ``plan_battle``, ``win_chance``);
these pages only read and show. Nothing here changes a game: applying goes through the generic
``POST /g/<token>/do/<kind>``.
"""
from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import Blueprint, abort, render_template, request

from ... import store
from ...games import get_game
from ...games.core import RulesError, t
from ...games.tradewarz import (
    TECHS,
    UNVERIFIED,
    economy,
    parse_cards,
    plan_battle,
    preview_spring,
    win_chance,
)
from ...games.tradewarz.battle import battle_may_follow
from ...games.tradewarz.costs import box_unit, recruit_cost, tech_refusal
from ...games.tradewarz.data import (
    COST_SHAPES,
    DEFAULT_SEASONS,
    GOLDEN_SOURCES,
    LIMITS,
    MAX_SUPER_UNITS,
    RESOURCES,
    SILO_RESOURCES,
    TREES,
)
from ...games.tradewarz.model import House, cost_text, silver_xadlas, soldier_cap, xadlas
from ...games.tradewarz.model import TradeWarzState as TwGame
from ...games.tradewarz.now import choices_now, unpaid_builds
from ...games.tradewarz.offers import (
    SILOS_ON,
    battle_defaults,
    battle_sites,
    building_silos,
    card_choices,
    offered_costs,
    offered_techs,
    pay_fields,
)
from ...games.tradewarz.setup import UNVERIFIED_HELP, season_die
from ...games.tradewarz.terms import (
    COLOUR_WORDS,
    DIE_WORDS,
    ITEM_WORDS,
    RESOURCE_WORDS,
    ROLE_WORDS,
    SIDE_WORDS,
    SITE_WORDS,
    TOKEN_WORDS,
    TREE_WORDS,
    join,
    season_word,
)
from ...games.tradewarz.turns import YEARLY
from .. import taps
from ..forms import pick_value
from ..views.play import open_game, viewer_seat

SLUG = "tradewarz"
bp = Blueprint(SLUG, __name__)


class Helpers:
    """What the board template asks of a TradeWarz state (read-only)."""

    RESOURCES, SILO_RESOURCES, TREES, LIMITS = RESOURCES, SILO_RESOURCES, TREES, LIMITS
    MAX_SUPER_UNITS, UNVERIFIED_HELP, YEARLY = MAX_SUPER_UNITS, UNVERIFIED_HELP, YEARLY
    TECHS = TECHS
    RESOURCE_WORDS, TREE_WORDS, TOKEN_WORDS, ITEM_WORDS = (RESOURCE_WORDS, TREE_WORDS,
                                                           TOKEN_WORDS, ITEM_WORDS)
    SITE_WORDS, ROLE_WORDS, SIDE_WORDS = SITE_WORDS, ROLE_WORDS, SIDE_WORDS
    DIE_WORDS, COLOUR_WORDS = DIE_WORDS, COLOUR_WORDS
    season = staticmethod(season_word)
    preview = staticmethod(preview_spring)
    soldier_cap = staticmethod(soldier_cap)
    season_die = staticmethod(season_die)
    unpaid_builds = staticmethod(unpaid_builds)

    @staticmethod
    def now(state: TwGame) -> Any:
        """The one-tap choices of the house whose turn it is (``now.choices_now``)."""
        return choices_now(get_game(SLUG), state)

    @staticmethod
    def xadlas(state: TwGame, house: House) -> tuple[int, int, int]:
        """Golden, silver and all Xadlas of a house."""
        return len(house.golden), silver_xadlas(house, state.rulings), xadlas(house,
                                                                               state.rulings)

    @staticmethod
    def golden_sources(house: House) -> list[str]:
        return [t("{n} × {source}", n=n, source=GOLDEN_SOURCES[s])
                for s, n in Counter(house.golden).items()]

    @staticmethod
    def tokens_left(house: House) -> list[tuple[str, int, int]]:
        """(action, left this year, yearly limit) for each season action (Game mechanics)."""
        return [(k, n - house.tokens.count(k), n) for k, n in YEARLY.items()]

    @staticmethod
    def unverified_seasons(state: TwGame) -> set[int]:
        """Seasons whose name is still the shipped placeholder (the lost season)."""
        return {i for i, n in enumerate(state.season_names)
                if n == DEFAULT_SEASONS[i] and n not in ("Summer", "Fall", "Winter", "Spring")}

    @staticmethod
    def die_entered(game: Any) -> bool:
        return (game.setup or {}).get("fifth_season_die") in ("blue", "red")

    @staticmethod
    def costs(state: TwGame) -> list[tuple[Any, Any, Any]]:
        """(item, cost text or "", note) for every cost printed only on the components."""
        rows = []
        for item in COST_SHAPES:
            text = Helpers.cost_of(state, item)
            note = UNVERIFIED_HELP if text and text == _guess(item) else ""
            rows.append((ITEM_WORDS[item], text, note))
        return rows

    @staticmethod
    def cost_of(state: TwGame, item: str) -> Any:
        cost = state.cost_of(item)
        return cost_text(dict(zip(RESOURCES, cost))) if cost else ""

    @staticmethod
    def unknown_costs(state: TwGame, items: tuple[str, ...]) -> Any:
        """Items whose cost the box data lacks (their actions ask what was paid), in words."""
        unknown = [ITEM_WORDS[i] for i in items if state.cost_of(i) is None]
        return join(unknown) if unknown else ""

    @staticmethod
    def recruit_unit(state: TwGame, house: House) -> Any:
        """One soldier's price at the capital gate (box data), recruitment techs included
        (Recruit)."""
        return cost_text(recruit_cost(house, 1, at_building=False, costs=dict(state.costs)))

    @staticmethod
    def reading(state: TwGame, rid: str) -> Any:
        """The reading a game follows for a ruling, in words (never its key)."""
        return get_game("tradewarz").rulings[rid].readings[state.rulings[rid]]

    @staticmethod
    def university_unit(state: TwGame) -> Any:
        """What each level of a university costs, times its level (box data)."""
        return cost_text(box_unit(dict(state.costs), "university"))

    @staticmethod
    def tech_rows(state: TwGame, seat: int) -> list[tuple[Any, str, str]]:
        """Every tech with its owner, or why house ``seat`` may not buy it now (Buy Tech)."""
        owners = {x: h.name for h in state.houses for x in h.techs}
        return [(x, owners.get(x.id, ""), "" if x.id in owners else
                 tech_refusal(state.houses, seat, x.id)) for x in TECHS.values()]

    @staticmethod
    def known_techs(state: TwGame, seat: int) -> list[tuple[Any, str]]:
        """The one-tap choices of Buy a tech: (words, the button's value) for every tech house
        ``seat`` may buy now at a cost the box data knows (``economy.known_techs``), or at the
        cost this game paid by hand for its tree before (``offers.offered_techs``: the button
        pays it). The other techs stay in the typed form."""
        known = [(t("{tech} ({tree} {level}) · {cost}", tech=x.name, tree=TREE_WORDS[x.tree],
                    level=x.level, cost=cost_text(due)), pick_value({"tech": x.id}))
                 for x, due in economy.known_techs(state, seat)]
        return known + [
            (t("{tech} ({tree} {level}) · {cost}, as paid before in this game", tech=x.name,
               tree=TREE_WORDS[x.tree], level=x.level, cost=cost_text(due)),
             pick_value({"tech": x.id, **pay_fields(due)}))
            for x, due in offered_techs(state, seat)]

    @staticmethod
    def offered_costs(state: TwGame, item: str) -> list[tuple[Any, str]]:
        """The payments typed for ``item`` earlier in this game while the box data lacks its
        cost, as one-tap choices: (words, the button's value, which fills the pay fields)."""
        return [(cost_text(cost), pick_value(pay_fields(cost)))
                for cost in offered_costs(state, item)]

    @staticmethod
    def battle_link(state: TwGame) -> Any:
        """The heading of the battle the last March (or Retreat) may lead to, with the houses it
        starts with (a second army's after the first battle, with Superior logistics); "" when
        no move may lead to one now (a Retreat into a capital nobody holds among them)."""
        if not battle_may_follow(state):
            return ""
        mover = state.houses[state.mover].name
        if state.move == "retreat":
            return t("Battle after {house}'s Retreat", house=mover)
        if state.fought:
            return t("Battle: {house}'s second army (Superior logistics)", house=mover)
        if state.target is None:
            return t("Battle after {house}'s March", house=mover)
        return t("Battle: {house} marched on {other}", house=mover,
                 other=state.houses[state.target].name)

    @staticmethod
    def silo_words(counts: tuple[int, ...]) -> Any:
        """Silos by resource, in words ("wheat 1"; "none")."""
        told = [t("{resource} {n}", resource=RESOURCE_WORDS[r], n=n)
                for r, n in zip(SILO_RESOURCES, counts) if n]
        return join(told) if told else t("none")

    @staticmethod
    def battle_now(state: TwGame, seat: int | None) -> dict[str, Any] | None:
        """The battle the last March (or Retreat) may lead to, started from what the boards
        recorded, for the board's own form in view after the move: its words, the values it
        starts with (``battle_defaults``), each side's whole cards as one tap (a house's own
        deck on its own phone only) and where the armies may meet, one button each
        (``battle_sites``); None when no move may lead to a battle now."""
        words = Helpers.battle_link(state)
        if not words:
            return None
        values = battle_defaults(state, seat)
        defender = values.get("defender")
        return {"words": words, "values": values, "cards": _cards(state, seat, values),
                "sites": [(f"{site}.{post}" if post else site,
                           _site_words(state, defender, site, post))
                          for site, post in battle_sites(state, defender)],
                "mine": seat is not None and seat in (values["attacker"], defender)}

    @staticmethod
    def end_time(game: Any, state: TwGame) -> datetime | None:
        """When a time-limited game runs out: its start plus the minutes set (Game duration)."""
        if state.end_mode != "time" or game.created_at is None:
            return None
        start = game.created_at.replace(tzinfo=UTC)
        return start + timedelta(minutes=state.minutes)


def _site_words(state: TwGame, defender: int | None, site: str, post: int) -> Any:
    """A place a battle is fought, as its button says it."""
    if site == "field":
        return t("In the field")
    if site == "trading_post":
        return t("At trading post {post}", post=post)
    if defender is None:
        return t("At a {place}", place=SITE_WORDS[site])
    return t("At {house}'s {place}", house=state.houses[defender].name, place=SITE_WORDS[site])


def _guess(item: str) -> str:
    text = UNVERIFIED.get(f"cost_{item}", "")
    order = {r: i for i, r in enumerate(RESOURCES)}
    parts = sorted((p.strip() for p in text.split("+") if p.strip()),
                   key=lambda p: order.get(p.split()[-1], 9))
    return " + ".join(parts)


def _landing(state: TwGame, kind: str, seat: int | None) -> str | None:
    """After a March or a Retreat, a phone without script lands on the battle's own form, where
    static/tradewarz.js brings it (on the phones of its houses; a phone with no seat taps for
    the house that moved), not on the mover's board far below it."""
    if kind not in ("march", "retreat"):
        return None
    now = Helpers.battle_now(state, state.mover if seat is None else seat)
    return "tw-battle-now" if now and now["mine"] else None


@bp.record_once
def _globals(state) -> None:
    state.app.jinja_env.globals["tw"] = Helpers
    taps.LANDINGS[SLUG] = _landing


# ------------------------------------------------------------------------ end of Spring

def _tradewarz(token: str) -> tuple[Any, bool, TwGame]:
    game, can_play = open_game(token)
    if game.slug != SLUG:
        abort(404, description=t("This page belongs to TradeWarz games only."))
    return game, can_play, store.state_of(game)


@bp.get("/g/<token>/tradewarz/spring")
def spring(token: str):
    """The end of Spring for every house, step by step in the order of ruling T5, before it is
    applied (one button then applies exactly this)."""
    game, can_play, state = _tradewarz(token)
    return render_template("games/tradewarz/spring.html", game=game, state=state, token=token,
                           can_play=can_play, preview=preview_spring(state),
                           due=state.phase == "spring_end")


# ------------------------------------------------------------------- battle calculator

def _asked(spec) -> dict[str, str]:
    """The calculator's fields as sent: a number typed in the box beside its chips wins over
    the chip; a whole card tapped (``<side>_card``, "s/k/b") fills the card values not sent."""
    asked = {f.name: v for f in spec.fields
             if (v := next((x for x in request.args.getlist(f.name) if x != ""), None))
             is not None}
    # a place tapped on the board's battle form: the site, and after a dot its trading post
    site, _, post = request.args.get("where", "")[:20].partition(".")
    if site:
        asked["site"] = site
        if post:
            asked["post"] = post
    for side in ("attacker", "defender"):
        try:
            card = parse_cards(request.args.get(f"{side}_card", "")[:12])
        except ValueError:
            continue
        for x, n in zip("skb", card[0] if len(card) == 1 else ()):
            asked.setdefault(f"{side}_card_{x}", str(n))
    return asked


def _odds(state: TwGame, plan, seat: int | None, clean: dict) -> Any:
    """Chances from the recorded deck of the house this phone sits at (its own cards only)."""
    decks = {}
    for side in ("attacker", "defender"):
        house = state.houses[clean[side]]
        if seat == clean[side] and (house.deck or house.used):
            decks[f"{side}_deck"], decks[f"{side}_used"] = house.deck, house.used
    if not decks:
        return None
    return win_chance(plan.attacker, plan.defender, site=plan.site, rulings=state.rulings,
                      **decks)


@bp.get("/g/<token>/tradewarz/battle")
def battle(token: str):
    """Battle calculator (changes nothing): both armies with every source of strength, kills and
    blocks, the winner (T3 on ties), the casualties and the odds; then the form that applies it."""
    game, can_play, state = _tradewarz(token)
    rules = get_game(SLUG)
    spec = rules.spec("battle")
    asked = _asked(spec)
    seat = viewer_seat(game, can_play)
    plan = odds = error = None
    clean: dict[str, Any] = {}
    # what the form shows is what is worked out: the March's start, then what was sent
    values = {**battle_defaults(state, seat), **asked}
    if asked:
        try:
            clean = rules.check_action(state, "battle", values)
            plan = plan_battle(state, clean)
            odds = _odds(state, plan, seat, clean)
        except RulesError as err:
            error = err
    status = 422 if error else 200
    # the silos of a building taken or destroyed, when the builds recorded leave one answer
    silos = building_silos(state.houses[clean["defender"]], clean["site"]) \
        if plan and clean.get("site") in SILOS_ON else None
    return render_template("games/tradewarz/battle.html", game=game, state=state, token=token,
                           can_play=can_play, spec=spec, values=values, clean=clean, plan=plan,
                           odds=odds, error=error, seat=seat, silos=silos,
                           names=rules.player_names(state),
                           cards=_cards(state, seat, values),
                           supers={x for h in state.houses for x in h.super_units}), status


def _cards(state: TwGame, seat: int | None, values: dict[str, Any]) -> dict[str, list[str]]:
    """Each side's whole cards offered as one tap ("s/k/b"): this phone's own recorded deck on
    its own side, the cards seen in this game's battles and the rulebook's printed ones."""
    out = {}
    for side in ("attacker", "defender"):
        own = seat is not None and str(values.get(side)) == str(seat)
        deck = state.houses[seat].deck if own else ()
        out[side] = ["/".join(map(str, c)) for c in card_choices(state, deck)]
    return out
