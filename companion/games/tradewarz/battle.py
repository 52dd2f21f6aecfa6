"""The battle action: read both armies from the form and the boards, resolve, apply the outcome.

The winner takes a golden Xadla; both sides lose their casualties (back to the reserve); a castle,
a capital, a trading post or a building changes hands or falls (Marching: Battle; Build: Castle;
The Capital City; rulings T3, T10, T15).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core import IllegalAction, replace, t
from .data import SILO_RESOURCES
from .model import Card, House, TradeWarzState, award, put_house
from .odds import Army, BattleResult, parse_cards, resolve, take_from_deck, tech_bonus
from .offers import remember_cards
from .support import CAPITAL_GATE, army_away_problem, away_room
from .table import remove_building
from .terms import SITE_WORDS, TOKEN_WORDS, morale_cards
from .terms import soldiers as soldier_count

R_BATTLE = "TradeWarz rulebook, Marching: Battle"
R_MARCH = "TradeWarz rulebook, Marching: Battle (STEP 1)"
R_GATE = "TradeWarz rulebook, The Capital City; ruling T23"
R_LOGISTICS = "TradeWarz rulebook, Buy Tech: Economy (Superior logistics)"


def _card(data: Mapping[str, Any], side: str) -> Card:
    return tuple(data.get(f"{side}_card_{x}", 0) for x in "skb")  # type: ignore[return-value]


def _size_problem(game: TradeWarzState, house: House, soldiers: int, where: str
                  ) -> IllegalAction | None:
    """An army is one squad (3, 4 with One more unit); a capital's defenders are every soldier
    at its gate, 6 at most (ruling T23; ``where`` "gate"); an army away from its capital (not
    "gate" nor "home") is no bigger than the house's support (``support.army_away_problem``)."""
    if where == "gate" and game.rulings.get("T23", "gate") == "gate":
        return None if soldiers <= CAPITAL_GATE else IllegalAction(
            t("the capital gate holds at most 6 soldiers ({asked} entered)", asked=soldiers),
            rule=R_GATE)
    if soldiers > house.squad_size:
        return IllegalAction(t("a squad holds at most {n} soldiers ({asked} entered)",
                               n=house.squad_size, asked=soldiers),
                             rule="TradeWarz rulebook, Recruit" +
                             ("; ruling T23" if where == "gate" else ""))
    return army_away_problem(house, soldiers) if where == "away" else None


def _army(game: TradeWarzState, seat: int, side: str, data: Mapping[str, Any], site: str,
          where: str = "away") -> Army:
    """One side as entered, checked against its house's board; ``where`` it stands: "gate"
    (defending its own capital), "home" (retaking it after a Retreat) or "away"."""
    house = game.houses[seat]
    soldiers, unit = data[f"{side}_soldiers"], data.get(f"{side}_super", "") or ""
    if soldiers > house.soldiers:
        raise IllegalAction(t("{house} has {soldiers} on the map, not {asked}",
                              house=house.name, soldiers=soldier_count(house.soldiers),
                              asked=soldiers), rule=R_BATTLE)
    size = _size_problem(game, house, soldiers, where)
    if size is not None:
        raise size
    if unit and unit not in house.super_units:
        raise IllegalAction(t("{house} does not own that super unit", house=house.name),
                            rule=R_BATTLE)
    if data.get(f"{side}_morale_cards", 0) > house.morale:
        raise IllegalAction(t("{house} holds {cards}", house=house.name,
                              cards=morale_cards(house.morale)), rule=R_BATTLE)
    bonus, _ = tech_bonus(house, attacking=side == "attacker", site=site,
                          rulings=game.rulings)
    morale = tuple(data.get(f"{side}_morale_{x}", 0) for x in "skb")
    return Army(soldiers, _card(data, side), bonus, unit, morale)  # type: ignore[arg-type]


def _check_site(game: TradeWarzState, a: int, d: int, site: str, data: Mapping[str, Any]) -> None:
    attacker, defender = game.houses[a], game.houses[d]
    if game.alliance_of(a) and game.alliance_of(a) == game.alliance_of(d):
        raise IllegalAction(t("{a} and {d} are allies: their armies meet without a battle",
                              a=attacker.name, d=defender.name),
                            rule="TradeWarz rulebook, Forming alliances")
    if site == "castle" and defender.castles < 1:
        raise IllegalAction(t("{house} holds no castle", house=defender.name), rule=R_BATTLE)
    if site == "trading_post" and data.get("post", 0) not in defender.posts:
        raise IllegalAction(t("{house} does not hold trading post {post}", house=defender.name,
                              post=data.get("post", 0)), rule="TradeWarz rulebook, Trading posts")
    if data["attacker_soldiers"] < 1:
        raise IllegalAction(t("an attacking army needs at least one soldier"), rule=R_BATTLE)
    if data["defender_soldiers"] < 1 and site not in ("castle", "capital"):
        raise IllegalAction(t("an unguarded settlement or village is raided, not fought for"),
                            rule="TradeWarz rulebook, Raiding villages and settlements")


def _decks(game: TradeWarzState, seat: int, side: str, data: Mapping[str, Any]) -> House:
    house = game.houses[seat]
    if not (house.deck or house.used):
        return house
    burned = data.get(f"{side}_burned") or ""
    try:
        burn = parse_cards(burned)[0] if burned else None
        deck, used = take_from_deck(house, burn, _card(data, side), game.rulings)
    except ValueError as err:
        raise IllegalAction(err.args[0], rule="TradeWarz rulebook, Card setup: Battle cards; "
                            "ruling T12") from None
    return replace(house, deck=deck, used=used)


@dataclass(frozen=True)
class BattlePlan:
    """A battle as entered, checked against both boards but not applied (the calculator)."""

    attacker: Army
    defender: Army
    site: str
    retake: bool
    result: BattleResult


def plan_battle(game: TradeWarzState, data: Mapping[str, Any]) -> BattlePlan:
    """Check a battle entered at the table and resolve it without changing anything; raises
    IllegalAction naming the rule when the boards do not allow it (Marching: Battle)."""
    a, d, site = data["attacker"], data["defender"], data["site"]
    if a == d:
        raise IllegalAction(t("a house cannot fight itself"), rule=R_BATTLE)
    _check_site(game, a, d, site, data)
    retake = site == "capital" and game.houses[a].capital_held_by == d
    calc_site = "field" if retake else site  # the capital defends only its owner
    att = _army(game, a, "attacker", data, calc_site, "home" if retake else "away")
    dfd = _army(game, d, "defender", data, calc_site, "gate" if calc_site == "capital" else "away")
    return BattlePlan(att, dfd, calc_site, retake,
                      resolve(att, dfd, site=calc_site, rulings=game.rulings))


def battles_allowed(game: TradeWarzState) -> int:
    """Battles the last move may lead to: one, two after a March with Superior logistics (two
    armies march on one option, each may fight: Buy Tech: Economy)."""
    logistics = game.mover is not None and game.move == "march" and \
        game.houses[game.mover].has_tech("superior_logistics")
    return 2 if logistics else 1


def battle_may_follow(game: TradeWarzState) -> bool:
    """Whether the last move may still lead to a battle: a March not yet fought out
    (``battles_allowed``), or a Retreat into the house's own capital that another house holds."""
    if game.mover is None or len(game.fought) >= battles_allowed(game):
        return False
    return game.move != "retreat" or game.houses[game.mover].capital_held_by is not None


def check_origin(game: TradeWarzState, data: Mapping[str, Any]) -> None:
    """A battle follows the March of the house whose turn it was (STEP 1: use a March action,
    reach the other army, the battle starts), or its Retreat into its own capital held by the
    defender; one battle a move, two from a March with Superior logistics, each by other
    soldiers. Entries logged before battles named their origin are taken as recorded."""
    origin, a, d = data.get("origin"), data["attacker"], data["defender"]
    if origin is None:
        return
    house = game.houses[a]
    if game.mover is None:
        raise IllegalAction(t("a battle follows a March (or a Retreat into an occupied capital) "
                              "of the house whose turn it is; no house has just marched"),
                            rule=R_MARCH, field="attacker")
    if game.mover != a:
        raise IllegalAction(t("{mover} took the last March or Retreat: only its army can attack "
                              "now, not {house}'s", mover=game.houses[game.mover].name,
                              house=house.name), rule=R_MARCH, field="attacker")
    if origin != game.move:
        raise IllegalAction(t("{house}'s last season action was {move}, not {origin}",
                              house=house.name, move=TOKEN_WORDS[game.move],
                              origin=TOKEN_WORDS[origin]), rule=R_MARCH, field="origin")
    if origin == "retreat" and not (data["site"] == "capital" and house.capital_held_by == d):
        raise IllegalAction(t("after a Retreat, a battle is fought only for the house's own "
                              "capital, held by the defender"),
                            rule="TradeWarz rulebook, Retreat; The Capital City", field="site")
    _check_armies_left(game, house, data["attacker_soldiers"])


def _check_armies_left(game: TradeWarzState, house: House, soldiers: int) -> None:
    """The move has a battle left, and a second army is other soldiers than the first one's
    survivors, no more than may stand away from the capital with them (Superior logistics;
    Support)."""
    allowed, standing = battles_allowed(game), sum(game.fought)
    if len(game.fought) >= allowed:
        raise IllegalAction(
            t("{house}'s {move} has already led to its battle: a second battle from one March "
              "needs Superior logistics (two armies on one March option)", house=house.name,
              move=TOKEN_WORDS[game.move]) if allowed == 1 else
            t("{house}'s March has led to two battles, one for each army Superior logistics "
              "sends: another battle needs another March", house=house.name),
            rule=f"{R_MARCH}; {R_LOGISTICS}", field="attacker")
    room = min(house.soldiers, away_room(house)) - standing
    if game.fought and soldiers > room:
        raise IllegalAction(t("the first army of {house}'s March still has {soldiers} "
                              "standing; the second army is other soldiers, at most {room} "
                              "({house} has {total} on the map; {away} may stand away from "
                              "its capital)", house=house.name,
                              soldiers=soldier_count(standing), room=max(room, 0),
                              total=house.soldiers, away=away_room(house)),
                            rule=f"{R_LOGISTICS}; Recruit; Support", field="attacker_soldiers")


def battle_action(game: TradeWarzState, data: Mapping[str, Any]
                  ) -> tuple[TradeWarzState, list[str]]:
    """Resolve a battle entered at the table and apply its outcome to both boards; the march
    it followed has led to its battle."""
    a, d, site = data["attacker"], data["defender"], data["site"]
    check_origin(game, data)
    plan = plan_battle(game, data)
    retake, result = plan.retake, plan.result
    if data.get("origin") is not None:  # this army's survivors stay out of the move's others
        game = replace(game, fought=game.fought + (
            data["attacker_soldiers"] - result.attacker_losses,))
    game = remember_cards(game, (_card(data, "attacker"), _card(data, "defender")))
    for seat, side in ((a, "attacker"), (d, "defender")):
        house = _decks(game, seat, side, data)
        used = data.get(f"{side}_morale_cards", 0)
        game = put_house(game, seat, replace(house, morale=house.morale - used))
    game, events = _casualties(game, a, d, result)
    return _outcome(game, a, d, site, retake, result, data, events)


def _casualties(game: TradeWarzState, a: int, d: int,
                result: BattleResult) -> tuple[TradeWarzState, list[str]]:
    for seat, lost in ((a, result.attacker_losses), (d, result.defender_losses)):
        h = game.houses[seat]
        game = put_house(game, seat, replace(h, soldiers=h.soldiers - lost,
                                             reserve=h.reserve + lost))
    att, dfd = game.houses[a], game.houses[d]
    events = [t("{a} {a_strength} against {d} {d_strength}; losses {a_losses} and {d_losses}",
                a=att.name, a_strength=result.attacker.strength, d=dfd.name,
                d_strength=result.defender.strength, a_losses=result.attacker_losses,
                d_losses=result.defender_losses), *result.notes]
    return game, events


def _outcome(game: TradeWarzState, a: int, d: int, site: str, retake: bool, result: BattleResult,
             data: Mapping[str, Any], events: list[str]) -> tuple[TradeWarzState, list[str]]:
    if not result.winner:
        return game, events
    win = a if result.winner == "attacker" else d
    survivors = data["attacker_soldiers"] - result.attacker_losses
    # a building falls with the battle; a castle, capital or post needs a survivor to hold it
    takes = result.winner == "attacker" and (survivors > 0 or site in ("settlement", "village"))
    if result.winner == "attacker" and survivors == 0 and site == "castle":
        events.append(t("the attacker won but has no survivor: the castle stays (ruling T10)"))
        if game.rulings["T10"] == "nothing":
            return game, events + [t("no Xadla for a victory without survivors (ruling T10)")]
    game = put_house(game, win, award(game.houses[win], "battle"))
    events.append(t("{house} wins a golden Xadla", house=game.houses[win].name))
    if takes:
        game, more = _take(game, a, d, site, retake, data)
        events += more
    return game, events


def _take(game: TradeWarzState, a: int, d: int, site: str, retake: bool, data: Mapping[str, Any]
          ) -> tuple[TradeWarzState, list[str]]:
    att, dfd = game.houses[a], game.houses[d]
    if site == "castle":
        silos = tuple(data.get(f"silo_{r}", 0) for r in SILO_RESOURCES)
        if any(x > y for x, y in zip(silos, dfd.silos)):
            raise IllegalAction(t("{house} has fewer silos than entered", house=dfd.name),
                                rule=R_BATTLE)
        dfd = replace(dfd, castles=dfd.castles - 1, villages=dfd.villages - 1,
                      castles_captured=min(dfd.castles_captured, dfd.castles - 1),
                      silos=tuple(y - x for x, y in zip(silos, dfd.silos)))
        att = replace(att, castles=att.castles + 1, villages=att.villages + 1,
                      castles_captured=att.castles_captured + 1,
                      silos=tuple(x + y for x, y in zip(silos, att.silos)))
        note = t("{house} captures the castle, its village, silos and silver Xadla",
                 house=att.name)
    elif site in ("settlement", "village"):
        dfd = remove_building(dfd, site, data, R_BATTLE)
        note = t("{house}'s {building} and its silos are destroyed", house=dfd.name,
                 building=SITE_WORDS[site])
    elif site == "capital" and retake:
        att = replace(att, capital_held_by=None)
        note = t("{house} retakes its capital", house=att.name)
    elif site == "capital":
        att = award(award(att, "capital"), "capital")
        dfd = replace(dfd, capital_held_by=a)
        note = t("{house} conquers {other}'s capital: two golden Xadlas (ruling T15)",
                 house=att.name, other=dfd.name)
    elif site == "trading_post":
        post = data["post"]
        dfd = replace(dfd, posts=tuple(p for p in dfd.posts if p != post))
        att = replace(att, posts=tuple(sorted(att.posts + (post,))))
        note = t("{house} takes trading post {post} and its silver Xadla from {other}",
                 house=att.name, post=post, other=dfd.name)
    else:
        return game, []
    return put_house(put_house(game, a, att), d, dfd), [note]
