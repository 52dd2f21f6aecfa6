"""Hexemonia in words: the history line of each action and the game guide's sentences."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Text, step, t
from .data import HAND_LIMIT
from .model import HexemoniaState
from .politics import preview_check
from .terms import KIND_WORDS, NONE, RESOURCE_WORDS, cube_words, word

R = "Hexemonia rulebook"
#: what a correction changed, as the history names it (the English is the field's value)
CORRECTION_WORDS = {
    "cubes": t("cubes"), "cost": t("cost"), "hand": t("hand"), "fate": t("fate"),
    "philosopher": t("philosopher"), "remove_hex": t("remove_hex"),
    "remove_myth": t("remove_myth"), "active": t("active"),
}


def _who(state: HexemoniaState, seat: Any) -> str:
    return state.players[seat].name if isinstance(seat, int) and \
        0 <= seat < len(state.players) else "?"


def describe_action(state: HexemoniaState, kind: str, data: Mapping[str, Any]) -> str:
    """The action in words, for the history (``state`` is the state before it)."""
    me = _who(state, state.active)
    if kind == "political_check":
        return t("{name} makes the political check: {outcome}", name=me,
                 outcome=_check_words(state))
    if kind in ("take", "play_hex", "correct"):
        return _DESCRIBE[kind](state, me, data)
    words = {
        "play_myth": lambda: t("{name} plays the Myth {myth} on {host}", name=me,
                               myth=data.get("name"), host=data.get("host")),
        "production": lambda: t("{name} produces", name=me),
        "strategy": lambda: t("{name} moves cubes ({moves}; swaps: {swaps})", name=me,
                              moves=data.get("moves") or t("no moves"),
                              swaps=data.get("swaps") or NONE),
        "special": lambda: t("{name} uses {hex}", name=me, hex=data.get("hex")),
        "attack": lambda: t("{name} attacks {other}'s {hex} with {forces}", name=me,
                            other=_who(state, data.get("opponent")), hex=data.get("target"),
                            forces=data.get("pay_from")),
        "discard": lambda: t("{name} discards 1 hex", name=me) if data.get("count") == 1
        else t("{name} discards {count} hexes", name=me, count=data.get("count")),
        "end_turn": lambda: t("{name} ends the turn", name=me),
        "reveal": lambda: t("{name} reveals their Acropolis",
                            name=_who(state, data.get("player"))),
        "ruling": lambda: t("Ruling {id} set to {reading}", id=data.get("ruling"),
                            reading=data.get("reading")),
    }
    return words[kind]() if kind in words else kind


def _take(state: HexemoniaState, me: str, data: Mapping[str, Any]) -> Text:
    resource = data.get("resource", "none")
    if resource in RESOURCE_WORDS:
        return t("{name} takes 1 hex and {cube}", name=me,
                 cube=cube_words(*(int(r == resource) for r in RESOURCE_WORDS)))
    if data.get("hexes") == 1:
        return t("{name} takes 1 hex", name=me)
    return t("{name} takes {count} hexes", name=me, count=data.get("hexes"))


def _play_hex(state: HexemoniaState, me: str, data: Mapping[str, Any]) -> Text:
    cost = "/".join(str(data.get(f"cost_{r}", 0)) for r in RESOURCE_WORDS)
    return t("{name} plays {hex} ({kind}, cost {cost})", name=me, hex=data.get("name"),
             kind=word(KIND_WORDS, data.get("kind")), cost=cost)


def _correct(state: HexemoniaState, me: str, data: Mapping[str, Any]) -> Text:
    values = dict(name=_who(state, data.get("player")),
                  what=word(CORRECTION_WORDS, data.get("what")))
    if data.get("hex"):
        return t("Correction: {name} {what} {hex}", hex=data.get("hex"), **values)
    return t("Correction: {name} {what}", **values)


_DESCRIBE = {"take": _take, "play_hex": _play_hex, "correct": _correct}


def _check_words(state: HexemoniaState) -> Text:
    check = preview_check(state)
    if check.new_holder < 0:
        return t("the Philosopher stays where it is, no revolts")
    out = t("{name} takes the Philosopher", name=_who(state, check.new_holder))
    for seat, revolts in enumerate(check.revolts):
        for r in revolts:
            out = t("{before}; revolt on {name}'s {hex}, which loses {cubes}", before=out,
                    name=_who(state, seat), hex=r.hex, cubes=r.discard.words())
    return out


def guide_lines(state: HexemoniaState) -> tuple[str, ...]:
    """What the table does now, step by step (rulebook, Turno di gioco); each line links to
    the rule it follows."""
    if state.over:
        return (step(t("The game is over: every Acropolis is revealed; see the score pad."),
                     f"{R}, Calcolo dei punti"),)
    me = state.players[state.active]
    lines = [step(t("Turn {turn}: {name} plays. Fate pile: {fate} hexes.", turn=state.turn,
                    name=me.name, fate=state.fate), f"{R}, Turno di gioco")]
    if state.final_round:
        lines.append(step(t("Final round: no phase A; the game ends after {name}'s turn.",
                            name=_who(state, state.last_player)), f"{R}, Fine del gioco"))
    if not (state.took or state.final_round):
        lines.append(step(t("A: take 2 face-up hexes, or 1 hex and 1 cube onto the Acropolis."),
                          f"{R}, A) Prendere 2 esagoni"))
    if not (state.action or state.checked):
        lines.append(step(t("B: play hexes from hand, paying the exact cost from hexes placed "
                            "before this turn; then C: one action (production, strategy, special "
                            "or war)."), f"{R}, B) Giocare esagoni"))
    if not state.checked:
        lines.append(step(t("D: political check — {outcome}.", outcome=_check_words(state)),
                          f"{R}, D) Verificare la situazione politica"))
    elif me.hand > HAND_LIMIT:
        extra = me.hand - HAND_LIMIT
        lines.append(step(t("Discard 1 hex to keep {limit} in hand.", limit=HAND_LIMIT)
                          if extra == 1 else
                          t("Discard {extra} hexes to keep {limit} in hand.", extra=extra,
                            limit=HAND_LIMIT), f"{R}, D) hand limit"))
    else:
        lines.append(step(t("End the turn; play passes clockwise."), f"{R}, Turno di gioco"))
    return tuple(lines)
