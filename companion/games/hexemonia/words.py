"""Hexemonia in words: the history line of each action and the game guide's sentences."""
from __future__ import annotations

from typing import Any, Mapping

from .data import HAND_LIMIT
from .model import HexemoniaState
from .politics import preview_check


def _who(state: HexemoniaState, seat: Any) -> str:
    return state.players[seat].name if isinstance(seat, int) and \
        0 <= seat < len(state.players) else "?"


def describe_action(state: HexemoniaState, kind: str, data: Mapping[str, Any]) -> str:
    """The action in words, for the history (``state`` is the state before it)."""
    me = _who(state, state.active)
    cost = "/".join(str(data.get(f"cost_{r}", 0)) for r in ("citizens", "hoplites", "gold"))
    text = {
        "take": f"{me} takes {data.get('hexes')} hex(es)" + (
            f" and 1 {data.get('resource')}" if data.get("resource", "none") != "none" else ""),
        "play_hex": f"{me} plays {data.get('name')} ({data.get('kind')}, cost {cost})",
        "play_myth": f"{me} plays the Myth {data.get('name')} on {data.get('host')}",
        "production": f"{me} produces",
        "strategy": f"{me} moves cubes ({data.get('moves') or 'no moves'}; "
                    f"swaps: {data.get('swaps') or 'none'})",
        "special": f"{me} uses {data.get('hex')}",
        "attack": f"{me} attacks {_who(state, data.get('opponent'))}'s {data.get('target')} "
                  f"with {data.get('pay_from')}",
        "discard": f"{me} discards {data.get('count')} hex(es)",
        "end_turn": f"{me} ends the turn",
        "reveal": f"{_who(state, data.get('player'))} reveals their Acropolis",
        "correct": f"Correction: {_who(state, data.get('player'))} {data.get('what')} "
                   f"{data.get('hex') or ''}".rstrip(),
        "ruling": f"Ruling {data.get('ruling')} set to {data.get('reading')}",
    }.get(kind, kind)
    if kind == "political_check":
        text = f"{me} makes the political check: " + _check_words(state)
    return text


def _check_words(state: HexemoniaState) -> str:
    check = preview_check(state)
    if check.new_holder < 0:
        return "the Philosopher stays where it is, no revolts"
    out = f"{_who(state, check.new_holder)} takes the Philosopher"
    for seat, revolts in enumerate(check.revolts):
        for r in revolts:
            out += f"; revolt on {_who(state, seat)}'s {r.hex}: {r.discard} discarded"
    return out


def guide_lines(state: HexemoniaState) -> tuple[str, ...]:
    """What the table does now, step by step (rulebook, Turno di gioco)."""
    if state.over:
        return ("The game is over: every Acropolis is revealed; see the score pad.",)
    me = state.players[state.active]
    lines = [f"Turn {state.turn}: {me.name} plays. Fate pile: {state.fate} hexes."]
    if state.final_round:
        lines.append(f"Final round: no phase A; the game ends after "
                     f"{_who(state, state.last_player)}'s turn.")
    if not (state.took or state.final_round or state.played or state.action or state.checked):
        lines.append("A: take 2 face-up hexes, or 1 hex and 1 cube onto the Acropolis.")
    if not (state.action or state.checked):
        lines.append("B: play hexes from hand, paying the exact cost from hexes placed before "
                     "this turn; then C: one action (production, strategy, special or war).")
    if not state.checked:
        lines.append("D: political check — " + _check_words(state) + ".")
    elif me.hand > HAND_LIMIT:
        lines.append(f"Discard {me.hand - HAND_LIMIT} hex(es) to keep {HAND_LIMIT} in hand.")
    else:
        lines.append("End the turn; play passes clockwise.")
    return tuple(lines)
