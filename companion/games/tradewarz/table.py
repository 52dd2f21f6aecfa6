"""Actions outside the turn order: posts, raids, morale, trades, alliances, decks.

Battles are in ``battle.py``, corrections in ``corrections.py``; the season moves in ``army.py``,
``building.py`` and ``economy.py``.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import IllegalAction, replace, t
from .data import (
    ALLIANCE_FEE,
    CANCEL_BATTLE_FEE,
    RESOURCES,
    SILO_RESOURCES,
    TECHS,
)
from .model import (
    House,
    TradeWarzState,
    gain,
    lose_site,
    pay,
    put_house,
    with_sites,
)
from .odds import parse_cards
from .terms import A_ITEM, RESOURCE_WORDS, TOKEN_WORDS, join
from .turns import refuse

R_POSTS = "TradeWarz rulebook, Trading posts"
R_ALLIANCE = "TradeWarz rulebook, Forming alliances"
R_MORALE = "TradeWarz rulebook, Card setup: Morale cards"
R_CAPITAL = "TradeWarz rulebook, The Capital City; ruling T15"
R_BATTLE = "TradeWarz rulebook, Marching: Battle"
R_CARAVANS = "TradeWarz rulebook, Buy Tech: Economy (Donkey, Mule and Elephant caravans)"
BUILDING_WORDS = {"settlement": t("settlement"), "village": t("village")}


def _silos(counts: tuple[int, ...]) -> object:
    return join([t("{resource} {n}", resource=RESOURCE_WORDS[r], n=n)
                 for r, n in zip(SILO_RESOURCES, counts)])


def _other(data: Mapping[str, Any], a: str, b: str) -> None:
    if data[a] == data[b]:
        raise IllegalAction(t("{a} and {b} must be two different houses", a=a, b=b),
                            rule="TradeWarz rulebook")


def check_post(game: TradeWarzState, post: int) -> None:
    """Only trading posts 1-3 are used with 2-3 houses, 1-4 with more (Trading posts)."""
    if post > game.post_count:
        raise IllegalAction(t("with {n} houses only trading posts 1 to {last} are used",
                              n=len(game.houses), last=game.post_count), rule=R_POSTS,
                            field="post")


def march_problems(game: TradeWarzState, seat: int) -> list[IllegalAction]:
    """Ruling T28: a post is taken by the house whose March has just put its soldier on it (a
    building on a post stands where that soldier already took it: Trading posts)."""
    if game.rulings.get("T28", "after-march") != "after-march":
        return []
    if game.mover == seat and game.move == "march":
        return []
    return [IllegalAction(t("a trading post is taken by the house whose soldier marches onto it: "
                            "{house} has not just marched (enter the post right after its "
                            "March; a post missed then is put right with Correct a trading "
                            "post)", house=game.houses[seat].name),
                          rule=R_POSTS + "; ruling T28", field="house")]


def hold_post(game: TradeWarzState, data: Mapping[str, Any]) -> tuple[TradeWarzState, list[str]]:
    """A house takes a trading post (a soldier on it, or a building); its silver Xadla follows.
    The post is the marching house's, right after its March (ruling T28)."""
    seat, post = data["house"], data["post"]
    check_post(game, post)
    holder = next((h for h in game.houses if post in h.posts), None)
    if holder is game.houses[seat]:
        raise IllegalAction(t("{house} already holds trading post {post}", house=holder.name,
                              post=post), rule=R_POSTS, field="post")
    if holder is not None:
        # a post changes hands only by a battle there or when its holder leaves it
        raise IllegalAction(t("trading post {post} is held by {holder}: it changes hands by a "
                              "battle there (Battle) or once {holder} leaves it (Leave a "
                              "trading post)", post=post, holder=holder.name), rule=R_POSTS,
                            field="post")
    refuse(march_problems(game, seat))
    house = game.houses[seat]
    house = replace(house, posts=tuple(sorted(house.posts + (post,))))
    return put_house(game, seat, house), [
        t("{house} holds trading post {post} and its silver Xadla", house=house.name, post=post)]


def leave_post(game: TradeWarzState, data: Mapping[str, Any]) -> tuple[TradeWarzState, list[str]]:
    """A house leaves a trading post: its silver Xadla goes back to the supply."""
    seat, post = data["house"], data["post"]
    house = game.houses[seat]
    if post not in house.posts:
        raise IllegalAction(t("{house} does not hold trading post {post}", house=house.name,
                              post=post), rule=R_POSTS)
    house = replace(house, posts=tuple(p for p in house.posts if p != post))
    return put_house(game, seat, house), [t("{house} left trading post {post}",
                                             house=house.name, post=post)]


def remove_building(house: House, building: str, data: Mapping[str, Any], rule: str) -> House:
    """Take a settlement or village and its silos off the map (raid or lost battle); its square
    leaves the house's sites, so the farthest building is one still standing."""
    count = house.settlements if building == "settlement" else house.villages - house.castles
    if count < 1:
        raise IllegalAction(t("{house} has no {building} without a castle to lose",
                              house=house.name, building=BUILDING_WORDS[building]), rule=rule)
    lost = tuple(data.get(f"silo_{r}", 0) for r in SILO_RESOURCES)
    if any(a > b for a, b in zip(lost, house.silos)):
        raise IllegalAction(t("{house} has silos {has}; cannot remove {lost}", house=house.name,
                              has=_silos(house.silos), lost=_silos(lost)), rule=rule)
    silos = tuple(b - a for a, b in zip(lost, house.silos))
    house = lose_site(house, data.get("lost_distance"), rule)
    if building == "settlement":
        return replace(house, settlements=house.settlements - 1, silos=silos)
    return replace(house, villages=house.villages - 1, silos=silos)


def capture_sites(game: TradeWarzState, before: TradeWarzState, data: Mapping[str, Any]
                  ) -> TradeWarzState:
    """After a battle: a castle that changed hands takes its square from the loser's sites to
    the winner's (marches from each one's capital, as the battle form tells them)."""
    a, d = data["attacker"], data["defender"]
    if game.houses[d].castles >= before.houses[d].castles:
        return game
    loser = lose_site(game.houses[d], data.get("lost_distance"), R_BATTLE)
    winner = game.houses[a]
    winner = with_sites(winner, winner.sites + (data.get("taken_distance") or 0,))
    return put_house(put_house(game, d, loser), a, winner)


def raid_problems(game: TradeWarzState, raider: int, seat: int) -> list[IllegalAction]:
    """A raid is made by the army of the house that has just marched, never on its own
    buildings nor on an ally's (Raiding villages and settlements; Forming alliances)."""
    rule = "TradeWarz rulebook, Raiding villages and settlements; ruling T14"
    out, name = [], game.houses[raider].name
    if raider == seat:
        out.append(IllegalAction(t("{house} cannot raid its own buildings", house=name),
                                 rule=rule, field="house"))
    elif game.alliance_of(raider) and game.alliance_of(raider) == game.alliance_of(seat):
        out.append(IllegalAction(t("{house} and {other} are allies: they march across each "
                                   "other's buildings without raiding them", house=name,
                                   other=game.houses[seat].name), rule=R_ALLIANCE,
                                 field="house"))
    if game.mover != raider or game.move != "march":
        out.append(IllegalAction(t("a raid happens on a March: {house} has not just marched",
                                   house=name), rule=rule, field="raider"))
    return out


def raid(game: TradeWarzState, data: Mapping[str, Any]) -> tuple[TradeWarzState, list[str]]:
    """An unguarded settlement or village marched onto (or over, T14) is destroyed; no Xadla.
    Entries logged before raids named their raider are taken as recorded."""
    seat, raider = data["house"], data.get("raider")
    rule = "TradeWarz rulebook, Raiding villages and settlements; ruling T14"
    if raider is not None:
        refuse(raid_problems(game, raider, seat))
    house = remove_building(game.houses[seat], data["building"], data, rule)
    if raider is None:
        said = t("{house} lost {building} to a raid", house=house.name,
                 building=A_ITEM[data["building"]])
    else:
        said = t("{raider} raided {house}'s {building}", raider=game.houses[raider].name,
                 house=house.name, building=BUILDING_WORDS[data["building"]])
    return put_house(game, seat, house), [said]


def play_morale(game: TradeWarzState, data: Mapping[str, Any]) -> tuple[TradeWarzState, list[str]]:
    """A morale card played outside a battle goes under the deck."""
    seat, house = data["house"], game.houses[data["house"]]
    if house.morale < 1:
        raise IllegalAction(t("{house} has no morale card", house=house.name), rule=R_MORALE)
    return put_house(game, seat, replace(house, morale=house.morale - 1)), []


def cancel_battle(game: TradeWarzState,
                  data: Mapping[str, Any]) -> tuple[TradeWarzState, list[str]]:
    """The Cancel battle morale card: its player pays the other side 2 gold (Cancel battle)."""
    _other(data, "house", "opponent")
    seat, other = data["house"], data["opponent"]
    house = game.houses[seat]
    if house.morale < 1:
        raise IllegalAction(t("{house} has no morale card", house=house.name), rule=R_MORALE)
    house = pay(house, {"gold": CANCEL_BATTLE_FEE}, t("cancelling a battle"),
                "TradeWarz rulebook, Cancel battle")
    game = put_house(game, seat, replace(house, morale=house.morale - 1))
    receiver, events = gain(game.houses[other], {"gold": CANCEL_BATTLE_FEE}, game.rulings)
    return put_house(game, other, receiver), [
        t("{house} cancelled the battle and paid {other} 2 gold", house=house.name,
          other=receiver.name), *events]


def trade(game: TradeWarzState, data: Mapping[str, Any]) -> tuple[TradeWarzState, list[str]]:
    """Two houses swap resources on their own terms (Trading; ruling T17 for when)."""
    _other(data, "house", "partner")
    a, b = data["house"], data["partner"]
    if game.rulings["T17"] == "active-turn" and game.phase != "seasons":
        raise IllegalAction(t("trades happen in the active house's turn, and no house has a "
                              "turn while the end of Spring is due"),
                            rule="TradeWarz rulebook, Trading; ruling T17")
    if game.rulings["T17"] == "active-turn" and game.turn not in (a, b):
        raise IllegalAction(t("trades happen in the active house's turn, with {house}",
                              house=game.houses[game.turn].name),
                            rule="TradeWarz rulebook, Trading; ruling T17")
    give = {r: data.get(f"give_{r}", 0) for r in RESOURCES}
    get = {r: data.get(f"get_{r}", 0) for r in RESOURCES}
    one = pay(game.houses[a], give, t("the trade"), "TradeWarz rulebook, Trading")
    two = pay(game.houses[b], get, t("the trade"), "TradeWarz rulebook, Trading")
    one, ev1 = gain(one, get, game.rulings)
    two, ev2 = gain(two, give, game.rulings)
    game = put_house(put_house(game, a, one), b, two)
    return game, ev1 + ev2


def form_alliance(game: TradeWarzState,
                  data: Mapping[str, Any]) -> tuple[TradeWarzState, list[str]]:
    """A house joins another's alliance (or both start one): 4 gold per joining house."""
    seat, partner = data["house"], data["partner"]
    check_joining(game, data)
    joined = game.alliance_of(partner)
    joining = (seat,) if joined else (seat, partner)
    for i in joining:
        game = put_house(game, i, pay(game.houses[i], {"gold": ALLIANCE_FEE},
                                      t("joining an alliance"), R_ALLIANCE))
    game = joined_alliance(game, seat, partner)
    return game, [t("alliance of {names}", names=alliance_names(game, game.alliance_of(seat)))]


def check_joining(game: TradeWarzState, data: Mapping[str, Any]) -> None:
    """A house joins another's alliance (or both start one): alliances allowed at this table,
    two different houses, the joining one in no alliance yet (Forming alliances)."""
    _other(data, "house", "partner")
    if not game.alliances_allowed:
        raise IllegalAction(t("this table plays without alliances"), rule=R_ALLIANCE)
    if game.alliance_of(data["house"]):
        raise IllegalAction(t("{house} is already in an alliance",
                              house=game.houses[data["house"]].name), rule=R_ALLIANCE)


def joined_alliance(game: TradeWarzState, seat: int, partner: int) -> TradeWarzState:
    """The alliances once ``seat`` joins ``partner``'s (or the two start one)."""
    joined = game.alliance_of(partner)
    members = tuple(sorted((joined or (partner,)) + (seat,)))
    others = tuple(a for a in game.alliances if a != joined)
    return replace(game, alliances=others + (members,))


def left_alliance(game: TradeWarzState, seat: int) -> TradeWarzState:
    """The alliances once ``seat`` leaves its own (a lone member left is in none)."""
    members = game.alliance_of(seat) or ()
    rest = tuple(i for i in members if i != seat)
    kept = tuple(a for a in game.alliances if a != members)
    return replace(game, alliances=kept + ((rest,) if len(rest) > 1 else ()))


def alliance_names(game: TradeWarzState, members: tuple[int, ...] | None) -> Any:
    return join([game.houses[i].name for i in members or ()], " and ")


def break_alliance(game: TradeWarzState,
                   data: Mapping[str, Any]) -> tuple[TradeWarzState, list[str]]:
    """A house leaves its alliance, paying 4 gold to each other member."""
    seat = data["house"]
    members = game.alliance_of(seat)
    if not members:
        raise IllegalAction(t("{house} is in no alliance", house=game.houses[seat].name),
                            rule=R_ALLIANCE)
    others = [i for i in members if i != seat]
    fee = {"gold": ALLIANCE_FEE * len(others)}
    game = put_house(game, seat, pay(game.houses[seat], fee, t("breaking the alliance"),
                                     R_ALLIANCE))
    events = []
    for i in others:
        house, ev = gain(game.houses[i], {"gold": ALLIANCE_FEE}, game.rulings)
        game, events = put_house(game, i, house), events + ev
    return left_alliance(game, seat), [
        t("{house} broke the alliance and paid {gold} gold", house=game.houses[seat].name,
          gold=fee["gold"]), *events]


def occupier_left(game: TradeWarzState,
                  data: Mapping[str, Any]) -> tuple[TradeWarzState, list[str]]:
    """The house holding another's capital moved away from it with its March or Retreat, right
    after that move: the capital is its owner's again, so the owner may recruit (The Capital
    City: unless the conqueror moves away; T15). Entries logged before the move was named are
    taken as recorded."""
    seat = data["house"]
    house = game.houses[seat]
    if house.capital_held_by is None:
        raise IllegalAction(t("{house}'s capital is not occupied", house=house.name),
                            rule=R_CAPITAL)
    holder = game.houses[house.capital_held_by].name
    origin = data.get("origin")
    if origin is not None and game.mover != house.capital_held_by:
        raise IllegalAction(t("{holder} leaves {house}'s capital by moving its army away: enter "
                              "it right after {holder}'s March or Retreat, before the next house "
                              "acts", holder=holder, house=house.name),
                            rule=R_CAPITAL + "; Marching", field="origin")
    if origin is not None and game.move != origin:
        raise IllegalAction(t("{house}'s last season action was {move}, not {origin}",
                              house=holder, move=TOKEN_WORDS[game.move],
                              origin=TOKEN_WORDS[origin]), rule=R_CAPITAL, field="origin")
    return put_house(game, seat, replace(house, capital_held_by=None)), [
        t("{holder} marched away from {house}'s capital: {house} may recruit again",
          holder=holder, house=house.name)]


def record_deck(game: TradeWarzState, data: Mapping[str, Any]) -> tuple[TradeWarzState, list[str]]:
    """Record a house's own six battle cards (private to that house's phone)."""
    seat = data["house"]
    try:
        cards = parse_cards(data["cards"])
    except ValueError as err:
        raise IllegalAction(err.args[0], rule="TradeWarz rulebook, Card setup: Battle cards") \
            from None
    if len(cards) != 6:
        raise IllegalAction(t("each house holds 6 battle cards; {n} entered", n=len(cards)),
                            rule="TradeWarz rulebook, Card setup: Battle cards")
    house = replace(game.houses[seat], deck=cards, used=())
    return put_house(game, seat, house), []


def caravan_area(game: TradeWarzState, data: Mapping[str, Any]) -> tuple[TradeWarzState, list[str]]:
    """The resource of the area a caravan's army occupies, for its yearly income: each caravan
    earns from the area of the army it goes with (Buy Tech: Economy; a super unit acts only
    for its own squad). No caravan named: every caravan of the house."""
    seat, caravan, area = data["house"], data.get("caravan") or "", data["resource"]
    house = game.houses[seat]
    if not caravan:
        return put_house(game, seat, replace(house, caravan_area=area, caravan_areas=())), []
    if not house.has_tech(caravan):
        raise IllegalAction(t("{house} does not hold {tech}", house=house.name,
                              tech=TECHS[caravan].name), rule=R_CARAVANS, field="caravan")
    areas = dict(house.caravan_areas)
    areas[caravan] = area
    house = replace(house, caravan_areas=tuple(sorted(areas.items())))
    return put_house(game, seat, house), [t("{house}'s {tech} go with an army on {resource}",
                                             house=house.name, tech=TECHS[caravan].name,
                                             resource=RESOURCE_WORDS[area])]


def time_up(game: TradeWarzState, data: Mapping[str, Any]) -> tuple[TradeWarzState, list[str]]:
    """The timer ran out: the season in play is finished, then the game ends (Game duration)."""
    if game.end_mode != "time":
        raise IllegalAction(t("this game does not end on time"),
                            rule="TradeWarz rulebook, Game duration")
    if game.phase == "over":
        raise IllegalAction(t("the game is already over"),
                            rule="TradeWarz rulebook, Game duration")
    game = replace(game, time_up=True)
    if game.phase == "spring_end" and game.rulings.get("T19", "season-only") == "season-only":
        return replace(game, phase="over", ended=t(
            "time is up and Spring is over: no year-end rewards (ruling T19; {rule})",
            rule="TradeWarz rulebook, Game duration")), [t("time is up: the game ends now")]
    if game.phase == "seasons" and game.turn == 0:
        # nobody has acted in the new season yet: the last season is complete, stop here
        return replace(game, phase="over", ended=t("time is up between seasons ({rule})",
                                                   rule="TradeWarz rulebook, Game duration")), \
            [t("time is up: the game ends now")]
    return game, [t("time is up: the current season is finished, then the game ends")]
