"""Hexemonia in words: the history line of each action (the guide's lines are in guide.py)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Text, t
from .model import HexemoniaState
from .politics import preview_check
from .rulings import RULINGS
from .terms import KIND_WORDS, NONE, RESOURCE_WORDS, cube_words, word

R = "Hexemonia rulebook"
#: what a correction changed, as the history names it (the English is the field's value)
CORRECTION_WORDS = {
    "cubes": t("cubes"), "cost": t("cost"), "hand": t("hand"), "fate": t("fate"),
    "philosopher": t("philosopher"), "remove_hex": t("remove_hex"),
    "remove_myth": t("remove_myth"), "active": t("active"),
}


def seat_name(state: HexemoniaState, seat: Any) -> str:
    return state.players[seat].name if isinstance(seat, int) and \
        0 <= seat < len(state.players) else "?"


def describe_action(state: HexemoniaState, kind: str, data: Mapping[str, Any]) -> str:
    """The action in words, for the history (``state`` is the state before it)."""
    me = seat_name(state, state.active)
    if kind == "political_check":
        return t("{name} makes the political check: {outcome}", name=me,
                 outcome=check_words(state))
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
                            other=seat_name(state, data.get("opponent")), hex=data.get("target"),
                            forces=data.get("pay_from")),
        "discard": lambda: t("{name} discards 1 hex", name=me) if data.get("count") == 1
        else t("{name} discards {count} hexes", name=me, count=data.get("count")),
        "end_turn": lambda: t("{name} ends the turn", name=me),
        "reveal": lambda: t("{name} reveals their Acropolis",
                            name=seat_name(state, data.get("player"))),
        "ruling": lambda: t("Ruling {id} set to {reading}", id=data.get("ruling"),
                            reading=_reading(data.get("ruling"), data.get("reading"))),
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
    values = dict(name=seat_name(state, data.get("player")),
                  what=word(CORRECTION_WORDS, data.get("what")))
    if data.get("hex"):
        return t("Correction: {name} {what} {hex}", hex=data.get("hex"), **values)
    return t("Correction: {name} {what}", **values)


_DESCRIBE = {"take": _take, "play_hex": _play_hex, "correct": _correct}


def check_words(state: HexemoniaState) -> Text:
    """What the political check would do now, in words (the guide and the history say it)."""
    check = preview_check(state)
    if check.new_holder < 0:
        return t("the Philosopher stays where it is, no revolts")
    out = t("{name} takes the Philosopher", name=seat_name(state, check.new_holder))
    for seat, revolts in enumerate(check.revolts):
        for r in revolts:
            out = t("{before}; revolt on {name}'s {hex}, which loses {cubes}", before=out,
                    name=seat_name(state, seat), hex=r.hex, cubes=r.discard.words())
    return out


def _reading(rid: Any, reading: Any) -> Any:
    """A ruling's reading in words (its key is the program's name for it)."""
    ruling = RULINGS.get(rid) if isinstance(rid, str) else None
    return ruling.readings.get(reading, reading) if ruling else reading
