"""TradeWarz's 'Can I do this?': who wins this battle, does a house get a golden Xadla at the end
of this Spring, can it buy that tech now, can it build a castle this year. Built on the rules' own
battle resolver, end-of-Spring preview and the checks of ``can``."""
from __future__ import annotations

from typing import Any, Mapping

from ..core import FieldSpec, t
from ..questions import Answer, Question
from .odds import Army, resolve, tech_bonus
from .model import Game
from .can import CASTLE_RULE, TECH_RULE, can_build_castle, can_buy_tech
from .costs import entered
from .data import RESOURCES, TECHS
from .spring import preview_spring
from .terms import RESOURCE_WORDS, TREE_WORDS

BATTLE_RULE = "TradeWarz rulebook, Marching: Battle; ruling T3"
SPRING_RULE = "TradeWarz rulebook, Getting Xadlas; ruling T5"


def who_wins(game: Game, attacker: int, defender: int, d: Mapping[str, Any]) -> Answer:
    """Battle: strength = soldiers + card + the house's techs for its role (+ castle or
    capital); the higher wins, a tie goes by ruling T3; casualties = kills − blocks."""
    site = d.get("site", "field")
    a_tech, _ = tech_bonus(game.houses[attacker], attacking=True, site=site)
    d_tech, _ = tech_bonus(game.houses[defender], attacking=False, site=site)
    result = resolve(
        Army(d["a_soldiers"], (d["a_strength"], d["a_kills"], d["a_blocks"]), a_tech),
        Army(d["d_soldiers"], (d["d_strength"], d["d_kills"], d["d_blocks"]), d_tech),
        site=site, rulings=game.rulings)
    a, b = game.houses[attacker].name, game.houses[defender].name
    winner = {"attacker": a, "defender": b}.get(result.winner, "")
    numbers = ((t("{house} strength", house=a), result.attacker.strength),
               (t("{house} strength", house=b), result.defender.strength),
               (t("{house} loses", house=a), result.attacker_losses),
               (t("{house} loses", house=b), result.defender_losses))
    yes = result.winner == "attacker"
    if winner:
        summary = (t("Yes: {house} wins and earns a golden Xadla", house=winner) if yes else
                   t("No: {house} wins and earns a golden Xadla", house=winner))
    else:
        summary = t("No: No victor")
    return Answer(yes, summary, numbers, BATTLE_RULE)


def golden_at_spring(game: Game, seat: int) -> Answer:
    """End of Spring: the golden Xadlas the preview gives this house (dials at 21, all dials at
    12, two trading posts), in the order of ruling T5."""
    preview = preview_spring(game)
    before, after = game.houses[seat], preview.houses[seat]
    gained = len(after.golden) - len(before.golden)
    numbers = tuple((line.step, line.text) for line in preview.for_house(before.name))
    summary = (t("Yes: {house} gets {n} golden Xadla(s)", house=before.name, n=gained) if gained
               else t("No: {house} gets no golden Xadla this Spring", house=before.name))
    return Answer(gained > 0, summary, numbers, SPRING_RULE)


def _card(prefix: str, who: Any) -> tuple[FieldSpec, ...]:
    return (FieldSpec(f"{prefix}_soldiers", t("{side}: soldiers", side=who), high=20),
            FieldSpec(f"{prefix}_strength", t("{side}: card strength", side=who), high=10),
            FieldSpec(f"{prefix}_kills", t("{side}: card kills", side=who), high=10),
            FieldSpec(f"{prefix}_blocks", t("{side}: card blocks", side=who), high=10))


def _paid() -> tuple[FieldSpec, ...]:
    """The cost as printed on the components, for when the box data does not hold it."""
    return tuple(FieldSpec(f"pay_{r}", t("Cost in {resource}", resource=RESOURCE_WORDS[r]),
                           required=False, default=0, high=99,
                           help=t("only if the cost is not in the box data")) for r in RESOURCES)


ATTACKER, DEFENDER = t("Attacker"), t("Defender")
TECH_CHOICES = tuple((x.id, t("{tech} ({tree} {level})", tech=x.name, tree=TREE_WORDS[x.tree],
                                level=x.level)) for x in TECHS.values())

QUESTIONS = (
    Question("battle", t("Who wins this battle?"), BATTLE_RULE,
             (FieldSpec("attacker", ATTACKER, "player"), FieldSpec("defender", DEFENDER,
                                                                   "player"),
              FieldSpec("site", t("Where"), "choice", choices=(("field", t("open field")),
                                                               ("castle", t("a castle")),
                                                               ("capital", t("a capital"))),
                        default="field"), *_card("a", ATTACKER), *_card("d", DEFENDER)),
             lambda g, d: who_wins(g, d["attacker"], d["defender"], d)),
    Question("spring", t("Does this house get a golden Xadla at the end of this Spring?"),
             SPRING_RULE, (FieldSpec("player", t("House"), "player"),),
             lambda g, d: golden_at_spring(g, d["player"])),
    Question("tech", t("Can this house buy that tech now?"), TECH_RULE,
             (FieldSpec("player", t("House"), "player"),
              FieldSpec("tech", t("Tech"), "choice", choices=TECH_CHOICES), *_paid()),
             lambda g, d: can_buy_tech(g, d["player"], d["tech"], entered(d))),
    Question("castle", t("Can this house build a castle this year?"), CASTLE_RULE,
             (FieldSpec("player", t("House"), "player"), *_paid()),
             lambda g, d: can_build_castle(g, d["player"], entered(d))),
)

__all__ = ["QUESTIONS", "who_wins", "golden_at_spring", "can_buy_tech", "can_build_castle"]
