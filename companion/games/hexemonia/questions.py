"""Hexemonia's 'Can I do this?': is a hex active, can it be attacked with these units, does the
Philosopher move and who revolts. Each answer asks the moves' own checks (``Hex.is_active``,
``war.check_attack``, ``politics.preview_check``), so a question and its action cannot disagree."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Answer, FieldSpec, Question, RulesError, not_now, replace, t
from .data import ACROPOLIS
from .model import Cubes, HexemoniaState
from .politics import check_political, preview_check
from .shorthand import parse_names
from .terms import NONE, RESOURCE_WORDS, commas, cube_words
from .war import Attack, check_attack, plan_attack

ACTIVE_RULE = "Hexemonia rulebook, Gli esagoni"
WAR_RULE = "Hexemonia rulebook, Azione bellica (War); ruling H14"
POLITICS_RULE = "Hexemonia rulebook, D) Verificare la situazione politica; ruling H9"


def _cubes(c: Cubes) -> str:
    """Cubes counted in words, one of a kind in the singular ("1 citizen", not "1 citizens")."""
    return cube_words(c.citizens, c.hoplites, c.gold)


def is_hex_active(state: HexemoniaState, seat: int, hex_id: str) -> Answer:
    """A hex is active when its cubes cover its printed cost in every resource."""
    player = state.players[seat]
    found = player.find(hex_id)
    if found is None:
        return Answer(False, t("No: {name} has no hex called {hex}", name=player.name,
                               hex=repr(hex_id)),
                      ((t("hexes"), commas(h.id for h in player.hexes)),), ACTIVE_RULE)
    short = [t("{resource} {n}", resource=RESOURCE_WORDS[r], n=need - have)
             for r, need, have in zip(RESOURCE_WORDS, found.cost.as_tuple(),
                                      found.cubes.as_tuple()) if have < need]
    summary = (t("Yes: {hex} is active", hex=found.id) if not short else
               t("No: {hex} is short of {short}", hex=found.id, short=commas(short)))
    return Answer(not short, summary, ((t("printed cost"), _cubes(found.cost)),
                                       (t("cubes on it"), _cubes(found.cubes))), ACTIVE_RULE)


def can_attack(state: HexemoniaState, defender: int, target: str, adjacent: str,
               hoplites: int, citizens: int, source: str = ACROPOLIS) -> Answer:
    """War: may the active player attack ``target`` now with these units taken from ``source``?

    Asks the attack's own checks (:func:`war.check_attack`): the turn's action, one attack per
    opponent, the cubes being there, and strictly more units than D + 2 × shield (ruling H14).
    """
    forces = Cubes(citizens=citizens, hoplites=hoplites)
    data = {"opponent": defender, "target": target, "adjacent": adjacent,
            "pay_from": f"{source or ACROPOLIS}: {citizens}c {hoplites}h"}
    try:
        plan = plan_attack(state.players[defender], target, parse_names(adjacent), forces,
                           state.rulings)
    except RulesError as err:
        return Answer(False, t("No: {reason}", reason=err.message), (), WAR_RULE)
    numbers = _attack_numbers(plan, forces.units)
    yes = t("Yes: {units} units beat the {held} needed to hold", units=forces.units,
            held=plan.needed - 1)
    now = _refusal(state, data)
    if now is None:
        return Answer(True, yes, numbers, WAR_RULE)
    later = _at_the_action(state)
    then = None if later is None else _refusal(later, data)
    if later is None or then == now:  # the turn's step is not what stops it
        return Answer(False, t("No: {reason}", reason=now), numbers, WAR_RULE)
    return Answer(False, not_now(now, [then] if then else [], yes), numbers, WAR_RULE)


def _refusal(state: HexemoniaState, data: Mapping[str, Any]) -> Any:
    """What the attack's own checks refuse with in ``state`` (None: it is accepted)."""
    try:
        check_attack(state, data)
    except RulesError as err:
        return err.message
    return None


def _at_the_action(state: HexemoniaState) -> HexemoniaState | None:
    """The table at the active player's action (C) in a turn: phase A done, no action chosen
    yet and no political check made, the boards as they are now (None once the game is over).
    An attack asked before it, or after the turn's action was another, is read against it."""
    if state.over:
        return None
    return replace(state, took=True, action="", checked=False,
                   attacked=state.attacked if state.action == "war" else ())


def _attack_numbers(plan: Attack, units: int) -> tuple[tuple[str, Any], ...]:
    numbers = ((t("defence on the hex"), _cubes(plan.defenders)),
               (t("shield"), t("{shield} ({source})", shield=plan.shield,
                               source=plan.shield_from or t("no active Fortification"))),
               (t("your units"), units), (t("units needed"), plan.needed))
    if plan.succeeds:
        numbers += ((t("units lost"), plan.loss), (t("survivors"), _cubes(plan.survivors)))
    return numbers


def philosopher_moves(state: HexemoniaState) -> Answer:
    """Political check: the active player takes the Philosopher with strictly more political
    hexes than everyone else; then every other player's hexes revolt (rulings H9, H13)."""
    check = preview_check(state)
    names = [p.name for p in state.players]
    numbers = tuple((t("{name}: political hexes", name=n), c)
                    for n, c in zip(names, check.counts))
    moves = check.new_holder >= 0
    revolts = tuple((t("{name} revolts", name=names[i]),
                     commas(t("{hex} loses {cubes}", hex=r.hex, cubes=_cubes(r.discard))
                             for r in rs))
                    for i, rs in enumerate(check.revolts) if rs)
    if moves:
        numbers += revolts or ((t("revolts"), NONE),)
    yes = t("Yes: {name} takes the Philosopher", name=names[check.new_holder]) if moves else ""
    try:
        check_political(state)
    except RulesError as err:
        if state.over or state.checked:  # this turn's check is over: nothing comes
            return Answer(False, t("No: {reason}", reason=err.message), numbers, POLITICS_RULE)
        # asked before phase A is done: the check comes later this turn
        then = [] if moves else [t("the Philosopher does not move")]
        return Answer(False, not_now(err.message, then, yes), numbers, POLITICS_RULE)
    if not moves:
        return Answer(False, t("No: the Philosopher does not move this turn"), numbers,
                      POLITICS_RULE)
    return Answer(True, yes, numbers, POLITICS_RULE)


_PLAYER = FieldSpec("player", t("Player"), "player")


def _attack(state: Any, d: Mapping[str, Any]) -> Answer:
    return can_attack(state, d["player"], d["target"], d["adjacent"], d["hoplites"],
                      d["citizens"], d.get("source") or ACROPOLIS)


QUESTIONS = (
    Question("active", t("Is this hex active?"), ACTIVE_RULE,
             (_PLAYER, FieldSpec("hex", t("Hex"), "text")),
             lambda s, d: is_hex_active(s, d["player"], d["hex"])),
    Question("attack", t("Can this hex be attacked with these units?"), WAR_RULE,
             (FieldSpec("player", t("Defender"), "player"), FieldSpec("target", t("Hex"), "text"),
              FieldSpec("adjacent", t("Defender's hexes next to it (comma separated)"), "text",
                        required=False, limit=200),
              FieldSpec("hoplites", t("Hoplites"), high=99),
              FieldSpec("citizens", t("Citizens"), high=99),
              FieldSpec("source", t("Your hex the units come from (empty: the Acropolis)"),
                        "text", required=False, limit=200)), _attack),
    Question("philosopher", t("Does the Philosopher move this turn, and who revolts?"),
             POLITICS_RULE, (), lambda s, d: philosopher_moves(s)),
)
