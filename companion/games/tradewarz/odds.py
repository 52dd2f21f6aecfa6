"""Battles (Marching: Battle): the calculator, the tech bonuses, the private decks and the odds.

Strength = soldiers + battle card + techs + super unit + morale (+ castle or capital for the
defender). The higher strength wins (a tie follows ruling T3). Each side loses the other side's
kills minus its own blocks, never below 0.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations

from ..core import t
from .data import CAPITAL_BONUS, CASTLE_BONUS, TECHS
from .model import Card, House
from .terms import battle_cards

SITES = ("field", "settlement", "village", "castle", "capital", "trading_post")
ZERO = (0, 0, 0)


@dataclass(frozen=True)
class Army:
    """One side of a battle as the table sees it before the reveal.

    ``card`` is the battle card played, ``tech`` the house's tech bonus for its role (see
    ``tech_bonus``), ``super_unit`` the id of the super unit marching with it, ``morale`` the
    morale cards' total (strength, kills, blocks).
    """

    soldiers: int
    card: Card = ZERO
    tech: Card = ZERO
    super_unit: str = ""
    morale: Card = ZERO


@dataclass(frozen=True)
class Side:
    """A side's totals and where every point came from: ``parts`` = (label, s, k, b)."""

    strength: int
    kills: int
    blocks: int
    parts: tuple[tuple[str, int, int, int], ...]
    lost_before: int


@dataclass(frozen=True)
class BattleResult:
    """Who won (``attacker``, ``defender`` or ``""`` under T3 no-victor) and the casualties."""

    attacker: Side
    defender: Side
    winner: str
    attacker_losses: int
    defender_losses: int
    notes: tuple[str, ...]


def tech_bonus(house: House, *, attacking: bool, site: str = "field",
               rulings: Mapping[str, str] | None = None) -> tuple[Card, tuple[str, ...]]:
    """Military techs count when attacking, engineering techs when defending (Buy Tech), for
    every army of the house on the whole map.

    Super units are left out: they count only for the army carrying them. Upgrade all fortified
    castles counts wherever the house defends (ruling T22), or only at a castle (castle-only).
    """
    castle_only = (rulings or {}).get("T22", "whole-map") == "castle-only"
    tree = "military" if attacking else "engineering"
    s = k = b = 0
    names = []
    for tech in (TECHS[x] for x in house.techs):
        if tech.tree != tree or tech.super_unit:
            continue
        if tech.id == "fortified_castles" and castle_only and site != "castle":
            continue
        s, k, b = s + tech.strength, k + tech.kills, b + tech.blocks
        if tech.strength or tech.kills or tech.blocks:
            names.append(tech.name)
    return (s, k, b), tuple(names)


def _side(army: Army, site_bonus: Card, site_label: str, lost_before: int) -> Side:
    parts = [(t("soldiers"), army.soldiers - lost_before, 0, 0), (t("battle card"), *army.card),
             (t("techs"), *army.tech)]
    if army.super_unit:
        unit = TECHS[army.super_unit]
        parts.append((unit.name, unit.strength, unit.kills, unit.blocks))
    parts += [(t("morale cards"), *army.morale), (site_label, *site_bonus)]
    parts = [p for p in parts if any(p[1:])]
    return Side(sum(p[1] for p in parts), sum(p[2] for p in parts), sum(p[3] for p in parts),
                tuple(parts), lost_before)


def _site_bonus(site: str, attacker: Army) -> tuple[Card, str, list[str]]:
    if site == "capital":
        return CAPITAL_BONUS, t("capital city"), []
    if site != "castle":
        return ZERO, "", []
    if attacker.super_unit and TECHS[attacker.super_unit].cancels_castle:
        name = TECHS[attacker.super_unit].name
        return (0, CASTLE_BONUS[1], 0), t("castle"), [
            t("{unit} cancels the castle's strength and block", unit=name)]
    return CASTLE_BONUS, t("castle"), []


def resolve(attacker: Army, defender: Army, *, site: str = "field",
            rulings: Mapping[str, str] | None = None) -> BattleResult:
    """Fight one battle (Marching: Battle; a castle adds 2/1/1, a capital 6/4/4; ruling T3)."""
    rulings = rulings or {}
    bonus, label, notes = _site_bonus(site, attacker)
    pre_a = min(_pre_kill(defender, "defending"), attacker.soldiers)
    pre_d = min(_pre_kill(attacker, "attacking"), defender.soldiers)
    a = _side(attacker, ZERO, "", pre_a)
    d = _side(defender, bonus, label, pre_d)
    if pre_a or pre_d:
        notes.append(t("before the battle: attacker loses {a}, defender loses {d} "
                       "(Trebuchet / Super cannons)", a=pre_a, d=pre_d))
    if a.strength > d.strength:
        winner = "attacker"
    elif d.strength > a.strength or rulings.get("T3", "defender") == "defender":
        winner = "defender"
        if a.strength == d.strength:
            notes.append(t("tied at {n}: the defender wins (ruling T3)", n=a.strength))
    else:
        winner = ""
        notes.append(t("tied at {n}: nobody wins and the attacker steps back (ruling T3)",
                       n=a.strength))
    loss_a = min(max(d.kills - a.blocks, 0), attacker.soldiers - pre_a) + pre_a
    loss_d = min(max(a.kills - d.blocks, 0), defender.soldiers - pre_d) + pre_d
    return BattleResult(a, d, winner, loss_a, loss_d, tuple(notes))


def _pre_kill(army: Army, role: str) -> int:
    """Kills before the battle: Trebuchet only when defending, Super cannons only when
    attacking (Buy Tech: engineering and military level 4)."""
    unit = TECHS[army.super_unit] if army.super_unit else None
    return unit.pre_kill if unit is not None and unit.fires_when == role else 0


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read a battle deck written as "4/1/1, 2/3/1" (strength/kills/blocks); ValueError if not."""
    cards = []
    for chunk in (c.strip() for c in text.replace(";", ",").split(",")):
        numbers = chunk.split("/")
        if len(numbers) != 3 or not all(n.strip().isdecimal() for n in numbers):
            raise ValueError(t("cannot read card {card}: write strength/kills/blocks, e.g. "
                               "4/1/1", card=repr(chunk)))
        s, k, b = (int(n) for n in numbers)
        if not 1 <= s <= 4 or k > 9 or b > 9:
            raise ValueError(t("card {card}: strength runs from 1 to 4", card=repr(chunk)))
        cards.append((s, k, b))
    return tuple(cards)


def draw_orders(deck: Sequence[Card], used: Sequence[Card],
                rulings: Mapping[str, str]) -> list[tuple[Card | None, Card]]:
    """Every equally likely (burned, played) pair from a deck (Battle cards; ruling T12)."""
    pool = list(deck)
    if len(pool) == 1 and rulings.get("T12") == "play-last":
        return [(None, pool[0])]
    if len(pool) < 2:
        pool += list(used)
    if len(pool) < 2:
        return [(None, card) for card in pool]
    return [(pool[i], pool[j]) for i, j in permutations(range(len(pool)), 2)]


@dataclass(frozen=True)
class Odds:
    """Exact chances over the burn-and-play orders of the deck(s) given, every other value as
    entered (the other side's card included): attacker wins, defender wins, nobody wins (T3)."""

    attacker: Fraction
    defender: Fraction
    nobody: Fraction


def win_chance(attacker: Army, defender: Army, *, site: str = "field",
               attacker_deck: Sequence[Card] | None = None,
               defender_deck: Sequence[Card] | None = None,
               attacker_used: Sequence[Card] = (), defender_used: Sequence[Card] = (),
               rulings: Mapping[str, str] | None = None) -> Odds:
    """Enumerate every burn/play order of the remaining deck(s); a side without a deck plays
    its ``card`` as given. Each order is equally likely (the decks are shuffled face down)."""
    rulings = rulings or {}
    a_orders = (draw_orders(attacker_deck, attacker_used, rulings) if attacker_deck is not None
                else [(None, attacker.card)])
    d_orders = (draw_orders(defender_deck, defender_used, rulings) if defender_deck is not None
                else [(None, defender.card)])
    wins = {"attacker": 0, "defender": 0, "": 0}
    for _, a_card in a_orders:
        for _, d_card in d_orders:
            result = resolve(_with_card(attacker, a_card), _with_card(defender, d_card),
                             site=site, rulings=rulings)
            wins[result.winner] += 1
    total = len(a_orders) * len(d_orders)
    if total == 0:
        raise ValueError(t("a deck with no cards at all cannot fight"))
    return Odds(Fraction(wins["attacker"], total), Fraction(wins["defender"], total),
                Fraction(wins[""], total))


def _with_card(army: Army, card: Card) -> Army:
    return Army(army.soldiers, card, army.tech, army.super_unit, army.morale)


def take_from_deck(house: House, burned: Card | None, played: Card,
                   rulings: Mapping[str, str]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The recorded deck and used pile after burning and playing (ruling T12 for a short deck).

    Raises ValueError naming a card the deck does not hold (never the cards it does hold).
    """
    deck, used = list(house.deck), list(house.used)
    if len(deck) < 2 and not (len(deck) == 1 and rulings.get("T12") == "play-last"):
        deck, used = deck + used, []
    for card in (c for c in (burned, played) if c is not None):
        if card not in deck:
            # the cards left stay private (any phone may enter a battle): only their number
            raise ValueError(t("{card} is not among the {cards} {house} has left (its own "
                               "phone lists them)", house=house.name,
                               cards=battle_cards(len(deck)), card="/".join(map(str, card))))
        deck.remove(card)
        used.append(card)
    return tuple(deck), tuple(used)
