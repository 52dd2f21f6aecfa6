"""What the house whose turn it is may do now, each choice one tap: the season actions the app
can fill in whole (Resources +2 of each kind, a March on each house, a recruit, a build whose
cost the box data knows or this game paid before, the next level of each university, a retreat),
every one tried against the rules first, so a choice offered is one the rules take.

A choice the rules leave open beyond these (a cost nobody has entered yet, roads built on the
way, super units) stays in the action's own form on the board.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Any, Protocol

from ..core import RulesError, Text, t
from .costs import box_unit, recruit_cost
from .data import RESOURCES, SILO_RESOURCES, TREES
from .economy import known_techs
from .model import TradeWarzState, cost_text
from .offers import offered_costs, offered_techs, pay_fields
from .terms import RESOURCE_WORDS, TREE_WORDS


class Rules(Protocol):  # the two calls of a game's rules a choice is tried with
    def check_action(self, state: Any, kind: str, data: Mapping[str, Any]) -> dict: ...
    def apply(self, state: Any, kind: str, data: Mapping[str, Any], by: str = "") -> Any: ...


@dataclass(frozen=True)
class Choices:
    """One action's one-tap choices: its heading ("" for a choice that says it all), its
    kind, and (words, fields) for each."""

    title: Text | str
    kind: str
    choices: tuple[tuple[Text, dict[str, Any]], ...]


def choices_now(rules: Rules, state: TradeWarzState) -> tuple[Choices, ...]:
    """The one-tap choices of the house whose turn it is, grouped by action, each one the rules
    accept now (an action with none left out); () outside the seasons."""
    if state.phase != "seasons":
        return ()
    turn = state.turn

    def taken(kind: str, fields: dict[str, Any]) -> bool:
        try:
            rules.apply(state, kind, rules.check_action(state, kind, {"house": turn, **fields}))
        except (RulesError, KeyError, ValueError):
            return False
        return True

    out = []
    for title, kind, candidates in _candidates(state):
        kept = tuple((words, fields) for words, fields in candidates if taken(kind, fields))
        if kept:
            out.append(Choices(title, kind, kept))
    return tuple(out)


def _candidates(state: TradeWarzState):
    house = state.houses[state.turn]
    yield t("Resources +2"), "resources", (
        *((cost_text({r: 2}), {"first": r, "second": ""}) for r in RESOURCES),
        *((_joined((a, b)), {"first": a, "second": b})
          for i, a in enumerate(RESOURCES) for b in RESOURCES[i + 1:]))
    others = [i for i in range(len(state.houses)) if i != state.turn]
    yield t("March"), "march", (
        *((t("on {house}", house=state.houses[i].name), {"target": i}) for i in others),
        (t("no battle"), {"target": -1}))
    unit = recruit_cost(house, 1, at_building=False, costs=dict(state.costs))
    yield "", "recruit", ((t("Recruit 1 soldier · {cost}", cost=cost_text(unit)),
                           {"count": 1}),)
    yield "", "retreat", ((t("Retreat"), {}),)
    for what, silos in (("settlement", 1), ("village", 2), ("upgrade", 1), ("castle", 0)):
        yield from _builds(state, what, silos)
    yield t("University, level n for n × {cost}", cost=cost_text(
        box_unit(dict(state.costs), "university"))), "build", tuple(
        (t("{tree} {level}", tree=TREE_WORDS[tree], level=level),
         {"what": "university", "tree": tree, "level": level})
        for tree in TREES if (level := house.university(tree) + 1) <= 4)
    yield t("Buy a tech"), "buy_tech", (
        *((_tech_words(x, due), {"tech": x.id}) for x, due in known_techs(state, state.turn)),
        *((_tech_words(x, due), {"tech": x.id, **pay_fields(due)})
          for x, due in offered_techs(state, state.turn)))


def _tech_words(tech: Any, due: Mapping[str, int]) -> Text:
    return t("{tech} ({tree} {level}) · {cost}", tech=tech.name, tree=TREE_WORDS[tech.tree],
             level=tech.level, cost=cost_text(due))


_BUILD_TITLES = {"settlement": t("Build a settlement"), "village": t("Build a village"),
                 "upgrade": t("Upgrade a settlement to a village"),
                 "castle": t("Build a castle on a village")}


def _builds(state: TradeWarzState, what: str, silos: int):
    """A build's choices at each cost it may be paid (the box data's, else each payment this
    game made for it before), a heading each: every way to place its silos."""
    known = state.cost_of(what)
    costs: list[dict[str, int]] = [dict(zip(RESOURCES, known))] if known else \
        offered_costs(state, what)
    for cost in costs:
        pay = {} if known else pay_fields(cost)
        choices = []
        for placed in combinations_with_replacement(SILO_RESOURCES, silos):
            fields = {"what": what, **pay}
            for r in placed:
                fields[f"silo_{r}"] = fields.get(f"silo_{r}", 0) + 1
            words = t("build it") if not placed else t(
                "silo on {resources}", resources=_joined(placed)) if silos == 1 else t(
                "silos on {resources}", resources=_joined(placed))
            choices.append((words, fields))
        yield t("{build} · {cost}", build=_BUILD_TITLES[what], cost=cost_text(cost)), "build", \
            tuple(choices)


def _joined(resources: tuple[str, ...]) -> Text:
    return t("{a} + {b}", a=RESOURCE_WORDS[resources[0]], b=RESOURCE_WORDS[resources[1]]) \
        if len(resources) == 2 else RESOURCE_WORDS[resources[0]]


def unpaid_builds(state: TradeWarzState) -> list[tuple[str, Text]]:
    """The builds the house whose turn it is could make whose cost neither the box data knows
    nor this game paid before: (what, its words), for a way to the form that asks the payment
    (an upgrade only with a settlement to upgrade, a castle only with a village under it)."""
    house = state.houses[state.turn]
    able = {"settlement": True, "village": True, "upgrade": house.settlements > 0,
            "castle": house.villages > 0}
    return [(what, _BUILD_TITLES[what]) for what, ok in able.items()
            if ok and state.cost_of(what) is None and not offered_costs(state, what)]
