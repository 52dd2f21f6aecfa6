"""TradeWarz's 'Can I do this?': who wins this battle, and does a house get a golden Xadla at the
end of this Spring. Built on the rules' own battle resolver and end-of-Spring preview."""
from __future__ import annotations

from typing import Any, Mapping

from ..core import FieldSpec
from ..questions import Answer, Question
from .battle import Army, resolve, tech_bonus
from .model import Game
from .spring import preview_spring

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
    numbers = ((f"{a} strength", result.attacker.strength), (f"{b} strength",
                                                            result.defender.strength),
               (f"{a} loses", result.attacker_losses), (f"{b} loses", result.defender_losses))
    summary = f"{winner} wins and earns a golden Xadla" if winner else "No victor"
    return Answer(result.winner == "attacker", f"{'Yes' if result.winner == 'attacker' else 'No'}"
                  f": {summary}", numbers, BATTLE_RULE)


def golden_at_spring(game: Game, seat: int) -> Answer:
    """End of Spring: the golden Xadlas the preview gives this house (dials at 21, all dials at
    12, two trading posts), in the order of ruling T5."""
    preview = preview_spring(game)
    before, after = game.houses[seat], preview.houses[seat]
    gained = len(after.golden) - len(before.golden)
    numbers = tuple((line.step, line.text) for line in preview.for_house(before.name))
    summary = (f"Yes: {before.name} gets {gained} golden Xadla(s)" if gained else
               f"No: {before.name} gets no golden Xadla this Spring")
    return Answer(gained > 0, summary, numbers, SPRING_RULE)


def _card(prefix: str, who: str) -> tuple[FieldSpec, ...]:
    return (FieldSpec(f"{prefix}_soldiers", f"{who}: soldiers", high=20),
            FieldSpec(f"{prefix}_strength", f"{who}: card strength", high=10),
            FieldSpec(f"{prefix}_kills", f"{who}: card kills", high=10),
            FieldSpec(f"{prefix}_blocks", f"{who}: card blocks", high=10))


QUESTIONS = (
    Question("battle", "Who wins this battle?", BATTLE_RULE,
             (FieldSpec("attacker", "Attacker", "player"), FieldSpec("defender", "Defender",
                                                                     "player"),
              FieldSpec("site", "Where", "choice", choices=(("field", "open field"),
                                                            ("castle", "a castle"),
                                                            ("capital", "a capital")),
                        default="field"), *_card("a", "Attacker"), *_card("d", "Defender")),
             lambda g, d: who_wins(g, d["attacker"], d["defender"], d)),
    Question("spring", "Does this house get a golden Xadla at the end of this Spring?",
             SPRING_RULE, (FieldSpec("player", "House", "player"),),
             lambda g, d: golden_at_spring(g, d["player"])),
)
