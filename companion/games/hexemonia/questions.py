"""Hexemonia's 'Can I do this?': is a hex active, can it be attacked with these units, does the
Philosopher move and who revolts. Built on the rules' own functions (war, politics)."""
from __future__ import annotations

from typing import Any, Mapping

from ..core import FieldSpec, RulesError
from ..questions import Answer, Question
from .model import Cubes, HexemoniaState
from .politics import preview_check
from .war import plan_attack

ACTIVE_RULE = "Hexemonia rulebook, Gli esagoni"
WAR_RULE = "Hexemonia rulebook, Azione bellica (War); ruling H14"
POLITICS_RULE = "Hexemonia rulebook, D) Verificare la situazione politica; ruling H9"


def _cubes(c: Cubes) -> str:
    return f"{c.citizens} citizens, {c.hoplites} hoplites, {c.gold} gold"


def is_hex_active(state: HexemoniaState, seat: int, hex_id: str) -> Answer:
    """A hex is active when its cubes cover its printed cost in every resource."""
    player = state.players[seat]
    found = player.find(hex_id)
    if found is None:
        return Answer(False, f"No: {player.name} has no hex called {hex_id!r}",
                      (("hexes", ", ".join(h.id for h in player.hexes) or "none"),), ACTIVE_RULE)
    short = [f"{n} {need - have}" for n, need, have in (
        ("citizens", found.cost.citizens, found.cubes.citizens),
        ("hoplites", found.cost.hoplites, found.cubes.hoplites),
        ("gold", found.cost.gold, found.cubes.gold)) if have < need]
    summary = (f"Yes: {found.id} is active" if not short else
               f"No: {found.id} is short of " + ", ".join(short))
    return Answer(not short, summary, (("printed cost", _cubes(found.cost)),
                                       ("cubes on it", _cubes(found.cubes))), ACTIVE_RULE)


def can_attack(state: HexemoniaState, defender: int, target: str, adjacent: str,
               hoplites: int, citizens: int) -> Answer:
    """War: the attack needs strictly more units than D + 2 × shield (ruling H14)."""
    forces = Cubes(citizens=citizens, hoplites=hoplites)
    names = [a.strip() for a in adjacent.split(",") if a.strip()]
    try:
        plan = plan_attack(state.players[defender], target, names, forces, state.rulings)
    except RulesError as err:
        return Answer(False, f"No: {err.message}", (), WAR_RULE)
    units = citizens + 2 * hoplites
    numbers = (("defence on the hex", _cubes(plan.defenders)),
               ("shield", f"{plan.shield} ({plan.shield_from or 'no active Fortification'})"),
               ("your units", units), ("units needed", plan.needed))
    if plan.succeeds:
        numbers += (("units lost", plan.loss), ("survivors", _cubes(plan.survivors)))
    summary = (f"Yes: {units} units beat the {plan.needed - 1} needed to hold" if plan.succeeds
               else f"No: {units} units; at least {plan.needed} are needed")
    return Answer(plan.succeeds, summary, numbers, WAR_RULE)


def philosopher_moves(state: HexemoniaState) -> Answer:
    """Political check: the active player takes the Philosopher with strictly more political
    hexes than everyone else; then every other player's hexes revolt (rulings H9, H13)."""
    check = preview_check(state)
    names = [p.name for p in state.players]
    numbers = tuple((f"{n}: political hexes", c) for n, c in zip(names, check.counts))
    if check.new_holder < 0:
        return Answer(False, "No: the Philosopher does not move this turn", numbers,
                      POLITICS_RULE)
    revolts = tuple((f"{names[i]} revolts", ", ".join(f"{r.hex} loses {_cubes(r.discard)}"
                                                     for r in rs))
                    for i, rs in enumerate(check.revolts) if rs)
    return Answer(True, f"Yes: {names[check.new_holder]} takes the Philosopher",
                  numbers + (revolts or (("revolts", "none"),)), POLITICS_RULE)


_PLAYER = FieldSpec("player", "Player", "player")


def _attack(state: Any, d: Mapping[str, Any]) -> Answer:
    return can_attack(state, d["player"], d["target"], d["adjacent"], d["hoplites"],
                      d["citizens"])


QUESTIONS = (
    Question("active", "Is this hex active?", ACTIVE_RULE,
             (_PLAYER, FieldSpec("hex", "Hex", "text")),
             lambda s, d: is_hex_active(s, d["player"], d["hex"])),
    Question("attack", "Can this hex be attacked with these units?", WAR_RULE,
             (FieldSpec("player", "Defender", "player"), FieldSpec("target", "Hex", "text"),
              FieldSpec("adjacent", "Defender's hexes next to it (comma separated)", "text",
                        required=False, limit=200),
              FieldSpec("hoplites", "Hoplites", high=99),
              FieldSpec("citizens", "Citizens", high=99)), _attack),
    Question("philosopher", "Does the Philosopher move this turn, and who revolts?",
             POLITICS_RULE, (), lambda s, d: philosopher_moves(s)),
)
