"""Hexemonia's additions to the generic game page: the attack calculator, a play form filled from
a known hex, and the template helpers its board uses (revolt preview, known hexes, gears).

Both pages are the generic game page (``play._context``) with one panel opened and filled, so a
phone keeps the whole board in view; the actions themselves still go through ``play.act``.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, jsonify, request

from ... import store
from ...games.core import RulesError, t
from ...games.hexemonia import (
    ACROPOLIS,
    CITIES_BY_COUNT,
    GEARS,
    RESOURCES,
    Cubes,
    find_known,
    known_hexes,
    play_values,
    preview_attack,
    preview_check,
    terms,
)
from ...games.hexemonia.shorthand import cubes_text
from ..device import wants_json
from ..forms import pick_value
from ..views import play

bp = Blueprint("hexemonia", __name__, url_prefix="/g")
ATTACK_FIELDS = ("opponent", "target", "adjacent", "pay_from", "discard_myth")


@bp.app_template_global("hx_check")
def political_preview(state: Any):
    """What the political check would do now (the board shows it before the one tap)."""
    return preview_check(state)


@bp.app_template_global("hx_known")
def known(remembered: list[tuple[str, str, Any]]) -> list[dict[str, Any]]:
    """The hexes a play form can be filled with: the digest's, then ``remembered``, the box data
    of the game's group (or of the game itself, without a group: the view's ``box()``)."""
    return known_hexes(remembered)


@bp.app_template_global("hx_played")
def played(remembered: list[tuple[str, str, Any]]) -> list[tuple[Any, str]]:
    """The one-tap choices of "play a hex": (words, the button's value) for every hex the table
    entered before (box data, not the digest's guesses) whose type, nature and cost it knows;
    the button fills the play form's fields with them (``forms.PICK``)."""
    entered = {key.casefold() for category, key, _ in remembered if category == "hex"}
    out = []
    for entry in known_hexes(remembered):
        cost = entry.get("cost")
        if entry["name"].casefold() not in entered or not entry.get("kind") or \
                not entry.get("nature") or not isinstance(cost, (list, tuple)) or len(cost) != 3:
            continue
        _, values = play_values(entry)
        words = t("{name} · {kind}, {nature} · cost {citizens}/{hoplites}/{gold}",
                  name=entry["name"], kind=term("kind", entry["kind"]),
                  nature=term("nature", entry["nature"]), citizens=cost[0], hoplites=cost[1],
                  gold=cost[2])
        out.append((words, pick_value(values)))
    return out


@bp.app_template_global("hx_gears")
def gears():
    return GEARS


@bp.app_template_global("hx_takes")
def takes() -> list[tuple[Any, str]]:
    """Phase A's ways, one button each: (words, the button's value, ``forms.PICK``)."""
    out = [(t("A: take 2 hexes"), pick_value({"hexes": 2, "resource": "none"}))]
    return out + [(t("A: 1 hex + {cube}", cube=terms.cube_words(
        *(int(x == r) for x in RESOURCES))), pick_value({"hexes": 1, "resource": r}))
        for r in RESOURCES]


@bp.app_template_global("hx_cities")
def cities(count: int) -> tuple[str, ...]:
    """The Acropolis tiles dealt with ``count`` players (Preparazione)."""
    return CITIES_BY_COUNT.get(count, ())


_TERMS = {"city": terms.CITY_WORDS, "nature": terms.NATURE_WORDS, "kind": terms.KIND_WORDS,
          "resource": terms.RESOURCE_WORDS, "action": terms.ACTION_WORDS}


@bp.app_template_global("hx_term")
def term(group: str, key: Any) -> Any:
    """A Hexemonia term by key for the board to show with ``| say``:
    ``hx_term('nature', h.nature)``; an unknown key (typed by a table) comes back as it is."""
    return terms.word(_TERMS[group], key)


def _open(token: str):
    """A Hexemonia game by link (play.open_game), 404 for another game's."""
    game, can_play = play.open_game(token)
    if game.slug != "hexemonia":
        abort(404, description=t("No Hexemonia game has this link."))
    return game, can_play


@bp.get("/<token>/hexemonia/attack-preview")
def attack_preview(token: str):
    """The attack calculator: defence, shield, the fewest units, losses and what survives."""
    game, can_play = _open(token)
    state = store.state_of(game)
    args = attack_question()
    seat = int(args["opponent"]) if args["opponent"].isdecimal() and len(args["opponent"]) < 3 \
        else -1
    try:
        result = preview_attack(state, seat, args["target"], args["adjacent"], args["pay_from"])
    except RulesError as err:
        result, problem, status = None, err, 422
    else:
        problem, status = None, 200
    if wants_json():
        return jsonify(_attack_json(result, problem)), status
    values = {**args, "opponent": seat}
    return play._game_page(game, can_play, failed="attack", values=values,
                           attack_preview=result, attack_problem=problem,
                           attack_args=args), status


def attack_question() -> dict[str, str]:
    """The calculator's question as the attack reads it. Its page sends chips: ``hex`` (the
    seat and hex attacked, ``1:Pascolo``), ``near`` (each Fortification touching it, the same
    way) and the units from the Acropolis (``h``, ``c``); a typed field (``pay_from`` for units
    from other hexes, ``adjacent``) and the API's ``opponent``/``target`` are read as they are."""
    args = {k: request.args.get(k, "", type=str)[:200] for k in ATTACK_FIELDS}
    seat, _, target = request.args.get("hex", "", type=str)[:200].partition(":")
    if seat.isdecimal() and target:
        args["opponent"], args["target"] = seat, target
    near = [name for who, _, name in (n[:200].partition(":")
                                      for n in request.args.getlist("near")[:20])
            if who == args["opponent"] and name]
    args["adjacent"] = ", ".join(filter(None, [*near, args["adjacent"]]))[:200]
    units = [request.args.get(k, "", type=str) for k in ("h", "c")]
    if not args["pay_from"] and any(u.isdecimal() and 0 < int(u) < 100 for u in units):
        h, c = (int(u) if u.isdecimal() and len(u) < 3 else 0 for u in units)
        args["pay_from"] = f"{ACROPOLIS}: {cubes_text(Cubes(c, h))}"
    return args


@bp.app_template_global("hx_fewest")
def fewest(state: Any, plan: Any) -> list[tuple[Any, str]]:
    """The fewest forces that win (the calculator's answer) that the active player's Acropolis
    holds, each as a one-tap attack: (words, the button's value, ``forms.PICK``)."""
    acropolis = state.players[state.active].acropolis
    return [(Cubes(c, h).words(),
             pick_value({"pay_from": f"{ACROPOLIS}: {cubes_text(Cubes(c, h))}"}))
            for h, c in plan.options if h <= acropolis.hoplites and c <= acropolis.citizens]


@bp.app_template_global("hx_cubes_text")
def notation(cubes: Any) -> str:
    """Cubes as an attack's field reads them (a survivors chip's value)."""
    return cubes_text(cubes)


@bp.app_template_global("hx_places")
def places(player: Any) -> list[tuple[str, Any]]:
    """The places of a city that hold cubes, the Acropolis first: (name, cubes), as the
    Strategy chips name them (Myths hold none)."""
    return [(ACROPOLIS, player.acropolis), *((h.id, h.cubes) for h in player.hexes)]


@bp.app_template_global("hx_cube_words")
def cube_words(count: int, letter: str) -> Any:
    """``count`` cubes of the resource ``letter`` (c, h, g) names, in words (a chip's)."""
    return Cubes(**{{"c": "citizens", "h": "hoplites", "g": "gold"}[letter]: count}).words()


def _attack_json(result, problem) -> dict[str, Any]:
    if result is None:
        return {"ok": False, "error": problem.message, "rule": problem.rule,
                "field": problem.field}
    plan = result.plan
    return {"ok": not result.problem, "problem": result.problem, "target": result.target,
            "defence": plan.needed - 1, "shield": plan.shield, "shield_from": plan.shield_from,
            "needed": plan.needed, "options": [list(o) for o in plan.options],
            "forces": plan.forces.units, "succeeds": plan.succeeds, "loss": plan.loss,
            "survivors": vars(plan.survivors), "choices": [vars(c) for c in plan.choices],
            "gold": result.gold, "myth": result.myth,
            "twin": result.twin, "fourth_myth": result.fourth_myth}


@bp.get("/<token>/hexemonia/fill")
def fill(token: str):
    """The game page with the play form filled from a known hex (catalogue or box data)."""
    game, can_play = _open(token)
    name = request.args.get("name", "", type=str)[:200]
    entry = find_known(known(store.game_box_values(game)), name)
    if entry is None:
        abort(404, description=t("No known hex is called {name}; fill the form from the tile.",
                                 name=repr(name)))
    kind, values = play_values(entry)
    return play._game_page(game, can_play, failed=kind, values=values, filled=entry)
