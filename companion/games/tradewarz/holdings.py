"""What a TradeWarz table can hold at the end, house by house and over the whole table at once.

Every path that enters end facts asks :func:`table_problems`: the score API and the quick score
pad (``quick.parse_facts``) and a live game's corrections by hand (``rules``). Each problem is a
``(field, words)`` pair; the words name the limit and the rulebook section it comes from.

- Trading posts: 1 to 4 with 4-6 houses, 1 to 3 with 2-3 (Trading posts: post 4 stays out of a
  game of 2 or 3); each post has one holder at a time.
- Castles: each house has 2 (Components: 2 for every house; Build: Castle, more only by winning
  one in battle), and a castle only changes hands, so the table holds at most 2 per house.
- Silver Xadlas: one comes with each castle and each post a house holds and goes with it to
  whoever takes it (Getting Xadlas: Silver; two a castle under ruling T7), so a house holds
  exactly those; a house whose posts are not told holds its silver Xadlas beyond its castles'
  as posts.
- Golden Xadlas: the box holds 40 (Components); under ruling T24's default no more are won.
- Tech strength (ruling T25): the 48 cards of Buy Tech print 46 in all, one card of each; a
  house holds every card that is not a super unit (26) and at most 4 super units (the 4
  strongest: 10), so 36.
- Castles beyond 2 (ruling T26): won in battle, each with its golden Xadla, which is never
  removed: golden Xadlas >= castles - 2, while the box still has golden Xadlas (T24).
- The farthest building is one of the house's buildings: none, and it is 0 (What happens in a
  tie, fourthly).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core import IllegalAction, Text, t
from .data import GOLDEN_IN_BOX, LIMITS, MAX_SUPER_UNITS, SOLDIER_CAP, TECHS
from .model import TradeWarzState
from .scoring import Facts, facts_from_state
from .terms import castles, golden_xadlas, trading_posts, villages

MAX_SOLDIERS = SOLDIER_CAP + 6  # Superior fertility's 16
CORRECTION_RULE = "The table is the truth"
R = "TradeWarz rulebook, "

#: (field, words, the rule they follow): the words name the rulebook's section for the score
#: API; a correction refused names the rule itself, with the correction rule
Problems = list[tuple[str, Text, str]]
#: the strength all 48 tech cards print, and the most one house can hold (ruling T25)
ALL_TECH_STRENGTH = sum(x.strength for x in TECHS.values())
HOUSE_TECH_STRENGTH = sum(x.strength for x in TECHS.values() if not x.super_unit) + sum(
    sorted((x.strength for x in TECHS.values() if x.super_unit), reverse=True)[:MAX_SUPER_UNITS])


def posts_in_play(houses: int) -> int:
    """Trading posts on the map: 4 with 4-6 houses, 1 to 3 with 2-3 (Trading posts)."""
    return 4 if houses >= 4 else 3


def per_castle(rulings: Mapping[str, str]) -> int:
    """Silver Xadlas a castle carries: 1, or 2 under ruling T7 ``two-silver``."""
    return 2 if rulings.get("T7") == "two-silver" else 1


def posts_held(f: Facts, rulings: Mapping[str, str]) -> int:
    """The posts a house holds: as told, or its silver Xadlas beyond its castles'."""
    if f.trading_posts is not None:
        return f.trading_posts
    return max(0, f.silver_xadlas - per_castle(rulings) * f.castles)


def house_problems(f: Facts, rulings: Mapping[str, str], houses: int) -> Problems:
    """End facts no board can show (Build; Recruit; Getting Xadlas, Silver): 6 settlements,
    5 villages (T16) and 6 squares at most; a castle stands on a village of its own; 16
    soldiers at most; the posts in play; silver Xadlas from castles and posts alone."""
    out: Problems = []
    under = f.castles if rulings.get("T16") == "castle-only" else 0
    if f.settlements > LIMITS["settlements"]:
        out.append(("settlements", t("at most 6 settlements, not {n} (Build)", n=f.settlements),
                    R + "Build"))
    if f.villages - under > LIMITS["villages"]:
        out.append(("villages", t("at most 5 villages, not {n} (Build; ruling T16)",
                                  n=f.villages), R + "Build; ruling T16"))
    if f.settlements + f.villages > LIMITS["squares"]:
        out.append(("villages", t("settlements and villages stand on at most 6 squares, not "
                                  "{n} (Build)", n=f.settlements + f.villages), R + "Build"))
    if f.castles > f.villages:
        out.append(("castles", t("a castle stands on a village of its own: {castles} on "
                                 "{villages} (Build: Castle)", castles=castles(f.castles),
                                 villages=villages(f.villages)), R + "Build: Castle"))
    if f.soldiers > MAX_SOLDIERS:
        out.append(("soldiers", t("at most 16 soldiers (with Superior fertility), not {n} "
                                  "(Recruit; Buy Tech: Economy)", n=f.soldiers),
                    R + "Recruit; Buy Tech: Economy"))
    if f.farthest_build and not f.settlements + f.villages:
        out.append(("farthest_build", t(
            "a farthest building {n} marches from the capital, but no settlement, village or "
            "castle: the tie-break counts the marches to one of the house's buildings (What "
            "happens in a tie at the end of a game)", n=f.farthest_build),
            R + "What happens in a tie at the end of a game"))
    if rulings.get("T25", "printed-cards") == "printed-cards" and \
            f.tech_strength > HOUSE_TECH_STRENGTH:
        out.append(("tech_strength", t(
            "tech strength {n}, but a house holds at most {most}: the strength of every tech "
            "card that is not a super unit and of its 4 strongest super units (Buy Tech; "
            "ruling T25)", n=f.tech_strength, most=HOUSE_TECH_STRENGTH),
            R + "Buy Tech; ruling T25"))
    return out + _silver_problems(f, rulings, houses)


def castle_problems(facts: Sequence[Facts], rulings: Mapping[str, str]) -> Problems:
    """Ruling T26: a castle beyond a house's 2 was won in a battle, and that victory's golden
    Xadla stays with the house; not judged once the box's golden Xadlas are all held (T24)."""
    if rulings.get("T26", "won-in-battle") != "won-in-battle":
        return []
    if rulings.get("T24", "box") == "box" and \
            sum(f.golden_xadlas for f in facts) >= GOLDEN_IN_BOX:
        return []
    most = LIMITS["castles"]
    return [(f"players[{i}].castles", t(
        "{castles} but {golden}: a castle beyond a house's {most} is won in a battle, and "
        "every battle victory gives a golden Xadla that is never taken away (Build: Castle; "
        "Marching: Battle; Getting Xadlas; ruling T26)", castles=castles(f.castles),
        golden=golden_xadlas(f.golden_xadlas), most=most),
        R + "Build: Castle; Marching: Battle; Getting Xadlas; ruling T26")
        for i, f in enumerate(facts) if f.golden_xadlas < f.castles - most]


def _silver_problems(f: Facts, rulings: Mapping[str, str], houses: int) -> Problems:
    posts, low = posts_in_play(houses), per_castle(rulings) * f.castles
    if f.trading_posts is None:
        if low <= f.silver_xadlas <= low + posts:
            return []
        return [("silver_xadlas", t(
            "{castles} and the {posts} trading posts in play with {houses} houses give "
            "{low} to {high} silver Xadlas, not {n} (Getting Xadlas: Silver; Trading posts; "
            "ruling T7)", castles=castles(f.castles), posts=posts, houses=houses, low=low,
            high=low + posts, n=f.silver_xadlas), R + "Getting Xadlas: Silver; ruling T7")]
    out: Problems = []
    if f.trading_posts > posts:
        out.append(("trading_posts", t(
            "{n} trading posts, but with {houses} houses only posts 1 to {posts} are on the map "
            "(Trading posts)", n=f.trading_posts, houses=houses, posts=posts), R + "Trading posts"))
    if f.silver_xadlas != low + f.trading_posts:
        out.append(("silver_xadlas", t(
            "{castles} and {held} carry {due} silver Xadlas, not {n}: "
            "one comes with each castle and each post held and goes with it to whoever takes it "
            "(Getting Xadlas: Silver; ruling T7)", castles=castles(f.castles),
            held=trading_posts(f.trading_posts),
            due=low + f.trading_posts, n=f.silver_xadlas), R + "Getting Xadlas: Silver; ruling T7"))
    return out


def table_problems(facts: Sequence[Facts], rulings: Mapping[str, str]) -> Problems:
    """Every house's problems (fields ``players[i].…``), then the whole table's: more posts
    held than are in play, more castles than the houses have, more golden Xadlas than the box
    holds (ruling T24)."""
    houses = len(facts)
    out = [(f"players[{i}].{field}", words, rule) for i, f in enumerate(facts)
           for field, words, rule in house_problems(f, rulings, houses)]
    out += castle_problems(facts, rulings)
    held = [posts_held(f, rulings) for f in facts]
    posts = sum(held)
    # one house holding more posts than the map has is said above, on its own fields
    if posts > posts_in_play(houses) and max(held) <= posts_in_play(houses):
        out.append(("players", t(
            "the houses hold {n} trading posts together (told, or silver Xadlas beyond their "
            "castles'); with {houses} houses only {posts} are in play and each has one holder "
            "(Trading posts)", n=posts, houses=houses, posts=posts_in_play(houses)),
            R + "Trading posts"))
    castles = sum(f.castles for f in facts)
    if castles > LIMITS["castles"] * houses:
        out.append(("players", t(
            "the houses hold {n} castles together; {houses} houses have only {most}: 2 each, "
            "and a castle changes hands only by a battle (Build: Castle; Components)", n=castles,
            houses=houses, most=LIMITS["castles"] * houses), R + "Build: Castle; Components"))
    golden = sum(f.golden_xadlas for f in facts)
    strength = sum(f.tech_strength for f in facts)
    if rulings.get("T25", "printed-cards") == "printed-cards" and strength > ALL_TECH_STRENGTH:
        out.append(("players", t(
            "the houses hold {n} tech strength together; the 48 tech cards print {most} in all, "
            "one card of each (Buy Tech; ruling T25)", n=strength, most=ALL_TECH_STRENGTH),
            R + "Buy Tech; ruling T25"))
    if rulings.get("T24", "box") == "box" and golden > GOLDEN_IN_BOX:
        out.append(("players", t(
            "the houses hold {n} golden Xadlas together; the box holds {most} and none is won "
            "once they run out (Components; ruling T24)", n=golden, most=GOLDEN_IN_BOX),
            R + "Components; ruling T24"))
    return out


def correction_problems(before: TradeWarzState, after: TradeWarzState) -> list[IllegalAction]:
    """What a correction by hand would leave that no table holds and ``before`` did not show
    already (a correction may fix one thing while another stays to fix); the words name the
    rulebook section, and the refusal cites it with the correction rule."""
    known = {words for _, words, _ in table_problems(facts_from_state(before), before.rulings)}
    return [IllegalAction(words, rule=f"{rule}; {CORRECTION_RULE}")
            for _, words, rule in table_problems(facts_from_state(after), after.rulings)
            if words not in known]
