"""The war action (rulebook, Azione bellica; digest §A4.3, rulings H5, H6, H14): the attack
calculator, the attack itself with its conquest, and the preview behind the war form."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import IllegalAction, replace, t
from .actions import choose_action
from .box import twin_polis
from .cubes import take_cubes
from .data import ACROPOLIS, MAX_MYTHS
from .model import Cubes, Hex, HexemoniaState, Myth, Player
from .shorthand import parse_cubes, parse_names, parse_sources
from .terms import commas

RULE = "Hexemonia rulebook, Azione bellica (War)"


@dataclass(frozen=True)
class Attack:
    """An attack worked out in citizen-units (1 hoplite = 2 citizens; gold never fights).

    ``needed`` is the fewest units that win (strictly more than defence + 2 × shield, H14);
    ``options`` the smallest forces that reach it as (hoplites, citizens); on success the
    attacker loses ``loss`` units and ``survivors`` go onto the conquered hex, one of the mixes
    in ``choices`` that the rulebook lets the attacker choose between (ruling H23).
    """

    defenders: Cubes
    shield: int
    shield_from: str
    forces: Cubes
    needed: int
    options: tuple[tuple[int, int], ...]
    succeeds: bool
    loss: int
    survivors: Cubes
    choices: tuple[Cubes, ...] = ()


def smallest_forces(needed: int) -> tuple[tuple[int, int], ...]:
    """Each way to field at least ``needed`` units with no unit wasted: (hoplites, citizens)."""
    return tuple((h, max(0, needed - 2 * h)) for h in range(-(-needed // 2) + 1))


def _pay(forces: Cubes, citizens: int, hoplites: int) -> Cubes:
    """What is left of ``forces`` once they lose ``citizens`` and ``hoplites`` kind for kind; a
    kind they lack is paid with the other (1 hoplite = 2 citizens, the odd citizen back as
    change from the supply, as in the rulebook's example 4)."""
    kept_h = forces.hoplites - min(forces.hoplites, hoplites)
    citizens += 2 * (hoplites - min(forces.hoplites, hoplites))
    kept_c = forces.citizens - min(forces.citizens, citizens)
    short = citizens - min(forces.citizens, citizens)
    return Cubes(kept_c + short % 2, kept_h - -(-short // 2))


def survivor_choices(defenders: Cubes, shield: int, forces: Cubes) -> tuple[Cubes, ...]:
    """Every mix of survivors the rulebook allows (ruling H23): the attacker loses the same
    citizens and hoplites as the defence, plus the shield in hoplites or twice as many citizens,
    as they choose. The first pays the shield in hoplites, as the rulebook words it."""
    out: list[Cubes] = []
    for paid_in_hoplites in range(shield, -1, -1):
        left = _pay(forces, defenders.citizens + 2 * (shield - paid_in_hoplites),
                    defenders.hoplites + paid_in_hoplites)
        if min(left.as_tuple()) >= 0 and left not in out:
            out.append(left)
    return tuple(out)


def attack(defenders: Cubes, shield: int, forces: Cubes, shield_from: str = "") -> Attack:
    """Work out an attack on a hex holding ``defenders`` behind a ``shield`` with ``forces``.

    The defence is D = citizens + 2 × hoplites; the attack needs more than D + 2 × shield. The
    attacker loses D + 2 × shield units, kind for kind (see :func:`survivor_choices`).
    """
    defence = defenders.units + 2 * shield
    forces = Cubes(forces.citizens, forces.hoplites)
    succeeds = forces.units > defence
    choices = survivor_choices(defenders, shield, forces) if succeeds else ()
    return Attack(Cubes(defenders.citizens, defenders.hoplites), shield, shield_from, forces,
                  defence + 1, smallest_forces(defence + 1), succeeds, defence if succeeds else 0,
                  choices[0] if choices else Cubes(), choices)


def either(mixes: Sequence[Cubes]) -> Any:
    """Mixes of cubes as alternatives in words: "2 citizens or 1 hoplite"."""
    out: Any = mixes[-1].words() if mixes else t("nothing")
    for mix in reversed(mixes[:-1]):
        out = t("{first} or {rest}", first=mix.words(), rest=out)
    return out


def choose_survivors(plan: Attack, target: Hex, chosen: Cubes | None = None) -> Attack:
    """The plan with the survivors chosen: ``chosen`` when the attacker names a mix (it must be
    one the rulebook allows), else the first mix that leaves the conquered hex active."""
    if chosen is None:
        active = [c for c in plan.choices
                  if (c + Cubes(gold=target.cubes.gold)).covers(target.cost)]
        return replace(plan, survivors=(active or [plan.survivors])[0])
    if chosen not in plan.choices:
        raise IllegalAction(t("{chosen} cannot survive this attack; the attacker may keep "
                              "{choices}", chosen=chosen.words(), choices=either(plan.choices)),
                            rule=f"{RULE}; ruling H23", field="survivors")
    return replace(plan, survivors=chosen)


def shield_for(defender: Player, target: Hex, adjacent: Sequence[str],
               rulings: Mapping[str, str]) -> tuple[int, str]:
    """The highest shield among the ACTIVE Fortifications touching ``target`` (H5, H6).

    ``adjacent`` names the defender's hexes that touch the target, as the table sees them.
    """
    best, source = 0, ""
    candidates = [defender.find(a) for a in adjacent if a.casefold() != ACROPOLIS.casefold()]
    if rulings.get("H5") == "self":
        candidates.append(target)
    for h in candidates:
        if h and h.kind == "fortification" and h.is_active and h.shield > best:
            best, source = h.shield, h.id
    return best, source


def plan_attack(defender: Player, target_id: str, adjacent: Sequence[str], forces: Cubes,
                rulings: Mapping[str, str]) -> Attack:
    """The attack calculator on a live city: checks the names, then :func:`attack`."""
    target = defender.find(target_id)
    if target is None:
        values = dict(name=defender.name, hex=repr(target_id))
        raise IllegalAction(t("{name} has no hex called {hex} (the Acropolis can never be "
                              "attacked)", **values)
                            if target_id.casefold() == ACROPOLIS.casefold() else
                            t("{name} has no hex called {hex}", **values),
                            rule=RULE, field="target")
    unknown = [a for a in adjacent if a.casefold() != ACROPOLIS.casefold()
               and (defender.find(a) is None or defender.find(a) is target)]
    if unknown:
        raise IllegalAction(t("{hexes}: not a hex next to {hex} in {name}'s city",
                              hexes=commas(unknown), hex=target.id, name=defender.name),
                            rule=RULE, field="adjacent")
    shield, source = shield_for(defender, target, adjacent, rulings)
    return choose_survivors(attack(target.cubes, shield, forces, source), target)


def conquer(attacker: Player, defender: Player, target_id: str, result: Attack, turn: int,
            discard_myth: str = "") -> tuple[Player, Player, str]:
    """Move the conquered hex (with survivors, its gold and any Myth token) to the attacker.

    A Polis the attacker already has is discarded and its cubes join the attacker's own; a
    fourth Myth makes the attacker discard one (``discard_myth``). Returns both players and a
    note for the history.
    """
    target = defender.find(target_id)
    myth = next((m for m in defender.myths if m.host == target.id), None)
    defender = replace(defender, hexes=tuple(h for h in defender.hexes if h is not target),
                       myths=tuple(m for m in defender.myths if m is not myth))
    cubes = result.survivors + Cubes(gold=target.cubes.gold)
    twin = twin_polis(attacker.hexes, target.name) if target.kind == "polis" else None
    if twin is not None:
        attacker = attacker.with_cubes(twin.id, twin.cubes + cubes)
        host = twin.id
        note = t("duplicate Polis {hex} discarded; cubes join yours", hex=target.name)
    else:
        host = attacker.new_hex_id(target.name)
        placed = replace(target, id=host, cubes=cubes, placed_turn=turn)
        attacker, note = replace(attacker, hexes=attacker.hexes + (placed,)), ""
    if myth is not None:
        attacker = _take_myth(attacker, replace(myth, host=host), discard_myth)
    return attacker, defender, note


def _take_myth(attacker: Player, myth: Myth, discard: str) -> Player:
    myths = attacker.myths + (myth,)
    if len(myths) <= MAX_MYTHS:
        return replace(attacker, myths=myths)
    names = [m.name for m in myths]
    if not discard or discard.casefold() not in (n.casefold() for n in names):
        raise IllegalAction(t("{name} would hold a fourth Myth ({myth}); name the one to "
                              "discard: {myths}", name=attacker.name, myth=myth.name,
                              myths=commas(names)), rule=RULE + "; ruling H4", field="discard_myth")
    return replace(attacker, myths=tuple(m for m in myths
                                         if m.name.casefold() != discard.casefold()))


def check_attack(state: HexemoniaState, data: Mapping[str, Any], *, strength: bool = True
                 ) -> tuple[HexemoniaState, Player, Cubes, Attack]:
    """Every check of an attack, in order; raises IllegalAction naming the first refusal.

    The attack itself and "Can I do this?" both call it, so they cannot disagree. Returns the
    state with war chosen as the turn's action, the attacker once the forces have left their
    hexes, the forces and the plan. ``strength=False`` leaves out the one check the attack
    calculator shows as numbers (does the attack beat the defence).
    """
    seat, me = data["opponent"], state.active
    if seat == me or not 0 <= seat < len(state.players):
        raise IllegalAction(t("choose an opponent to attack"), rule=RULE, field="opponent")
    state = choose_action(state, "war")
    defender = state.players[seat]
    if seat in state.attacked:
        raise IllegalAction(t("{name} was already attacked this turn; one attack per "
                              "opponent per turn", name=defender.name), rule=RULE, field="opponent")
    attacker, forces = take_cubes(state.players[me], parse_sources(data["pay_from"], "pay_from"),
                                  field="pay_from", rule=RULE)
    if forces.gold:
        raise IllegalAction(t("gold never fights; attack with citizens and hoplites"),
                            rule=RULE, field="pay_from")
    result = plan_attack(defender, data["target"], parse_names(data.get("adjacent") or ""),
                         forces, state.rulings)
    if strength and not result.succeeds:
        raise IllegalAction(_too_weak(forces, result), rule=f"{RULE}; ruling H14",
                            field="pay_from")
    if result.succeeds and (data.get("survivors") or "").strip():
        result = choose_survivors(result, defender.find(data["target"]),
                                  parse_cubes(data["survivors"], "survivors"))
    return state, attacker, forces, result


def make_attack(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """War: one attack per opponent per turn; the attack must beat the defence (H14)."""
    state, attacker, _, result = check_attack(state, data)
    seat = data["opponent"]
    attacker, defender, _ = conquer(attacker, state.players[seat], data["target"], result,
                                    state.turn, data.get("discard_myth") or "")
    state = state.with_player(state.active, attacker).with_player(seat, defender)
    return replace(state, attacked=state.attacked + (seat,))


def _too_weak(forces: Cubes, result):
    """Why an attack fails, with the numbers (ruling H14)."""
    if result.shield:
        return t("{units} units do not beat {defence} + 2 × shield {shield} ({source}): at "
                 "least {needed} are needed", units=forces.units,
                 defence=result.defenders.units, shield=result.shield,
                 source=result.shield_from, needed=result.needed)
    return t("{units} units do not beat {defence}: at least {needed} are needed",
             units=forces.units, defence=result.defenders.units, needed=result.needed)


@dataclass(frozen=True)
class AttackPreview:
    """An attack worked out on the live game.

    ``plan`` is the arithmetic (defence, shield, fewest units, losses, survivors); ``gold`` and
    ``myth`` go over with the hex; ``twin`` means the attacker already has this Polis (the hex is
    discarded, the cubes join theirs); ``fourth_myth`` means a Myth must be discarded;
    ``problem`` says why the attack cannot be made as entered ("" when it can);
    ``alternatives`` the other survivors the attacker may choose, in words (ruling H23).
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
    alternatives: Any = None


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
    twin = hex_.kind == "polis" and twin_polis(attacker.hexes, hex_.name) is not None
    return AttackPreview(attacker.name, defender.name, hex_.id, plan, hex_.cubes.gold, myth,
                         twin, bool(myth) and len(attacker.myths) >= MAX_MYTHS,
                         _problem(state, opponent, target, adjacent, pay_from),
                         either([c for c in plan.choices if c != plan.survivors]))


def _problem(state: HexemoniaState, opponent: int, target: str, adjacent: str,
             pay_from: str) -> str:
    """The refusal the attack as entered would meet, other than its strength ("" when none)."""
    try:
        check_attack(state, {"opponent": opponent, "target": target, "adjacent": adjacent,
                             "pay_from": pay_from}, strength=False)
    except IllegalAction as err:
        return err.message
    return ""
