"""What an attack would do before it is made: the calculator behind the war form (rulebook,
Azione bellica; rulings H5, H6, H14). Nothing here changes the state."""
from __future__ import annotations

from dataclasses import dataclass

from ..core import IllegalAction, t
from .data import MAX_MYTHS
from .model import Cubes, HexemoniaState
from .shorthand import parse_names, parse_sources
from .terms import ACTION_WORDS, word
from .turn import take_cubes
from .war import RULE, Attack, plan_attack


@dataclass(frozen=True)
class AttackPreview:
    """An attack worked out on the live game.

    ``plan`` is the arithmetic (defence, shield, fewest units, losses, survivors); ``gold`` and
    ``myth`` go over with the hex; ``twin`` means the attacker already has this Polis (the hex is
    discarded, the cubes join theirs); ``fourth_myth`` means a Myth must be discarded;
    ``problem`` says why the attack cannot be made as entered ("" when it can).
    """

    attacker: str
    defender: str
    target: str
    plan: Attack
    gold: int
    myth: str
    twin: bool
    fourth_myth: bool
    problem: str


def preview_attack(state: HexemoniaState, opponent: int, target: str, adjacent: str = "",
                   pay_from: str = "") -> AttackPreview:
    """The active player's attack on ``opponent``'s hex ``target`` with the cubes named in
    ``pay_from`` (empty: only the defence and the fewest units are of interest).

    Raises IllegalAction when the question itself is wrong (no such opponent or hex, notation);
    a refusal the attack would meet (missing cubes, second attack, gold) goes in ``problem``.
    """
    me = state.active
    if opponent == me or not 0 <= opponent < len(state.players):
        raise IllegalAction(t("choose an opponent to attack"), rule=RULE, field="opponent")
    attacker, defender = state.players[me], state.players[opponent]
    sources = parse_sources(pay_from, "pay_from")
    forces = sum((c for _, c in sources), Cubes())
    plan = plan_attack(defender, target, parse_names(adjacent),
                       Cubes(forces.citizens, forces.hoplites), state.rulings)
    hex_ = defender.find(target)
    myth = next((m.name for m in defender.myths if m.host == hex_.id), "")
    twin = hex_.kind == "polis" and any(h.kind == "polis" and h.name == hex_.name
                                        for h in attacker.hexes)
    return AttackPreview(attacker.name, defender.name, hex_.id, plan, hex_.cubes.gold, myth,
                         twin, bool(myth) and len(attacker.myths) >= MAX_MYTHS,
                         _problem(state, opponent, sources, forces))


def _problem(state: HexemoniaState, opponent: int, sources, forces: Cubes) -> str:
    if state.action not in ("", "war") or state.checked:
        if not state.action:
            return t("this turn's action is already over")
        return t("this turn's action is already {action}",
                 action=word(ACTION_WORDS, state.action))
    if opponent in state.attacked:
        return t("{name} was already attacked this turn", name=state.players[opponent].name)
    if forces.gold:
        return t("gold never fights")
    try:
        take_cubes(state.players[state.active], sources, field="pay_from", rule=RULE)
    except IllegalAction as err:
        return err.message
    return ""
