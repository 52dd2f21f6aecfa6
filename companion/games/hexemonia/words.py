"""Hexemonia in words: the history line of each action (the guide's lines are in guide.py)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Text, t
from .model import Cubes, HexemoniaState
from .politics import preview_check
from .rulings import RULINGS
from .terms import KIND_WORDS, NATURE_WORDS, NONE, RESOURCE_WORDS, cube_words, hex_word, word

R = "Hexemonia rulebook"
#: what a correction changed, as the history names it (the English is the field's value)
CORRECTION_WORDS = {
    "cubes": t("cubes"), "cost": t("cost"), "hand": t("hand"), "fate": t("fate"),
    "philosopher": t("philosopher"), "remove_hex": t("remove_hex"),
    "remove_myth": t("remove_myth"), "active": t("active"), "last_player": t("last_player"),
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
    if kind in _DESCRIBE:
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
        # (never the city: the history is everyone's, the Acropolis its player's secret)
        "enter_city": lambda: t("{name} enters their Acropolis, face down",
                                name=seat_name(state, data.get("player"))),
        "ruling": lambda: t("Ruling {id} set to {reading}", id=data.get("ruling"),
                            reading=_reading(data.get("ruling"), data.get("reading"))),
    }
    return words[kind]() if kind in words else kind


def _take(state: HexemoniaState, me: str, data: Mapping[str, Any]) -> Text:
    resource = data.get("resource", "none")
    if resource in RESOURCE_WORDS:
        said = t("{name} takes 1 hex and {cube}", name=me,
                 cube=cube_words(*(int(r == resource) for r in RESOURCE_WORDS)))
    elif data.get("hexes") == 1:
        said = t("{name} takes 1 hex", name=me)
    else:
        said = t("{name} takes {count} hexes", name=me, count=data.get("hexes"))
    return t("{taken}: the Fate pile is empty", taken=said) if data.get("last") else said


def _play_hex(state: HexemoniaState, me: str, data: Mapping[str, Any]) -> Text:
    cost = "/".join(str(data.get(f"cost_{r}", 0)) for r in RESOURCE_WORDS)
    return t("{name} plays {hex} ({kind}, cost {cost})", name=me, hex=data.get("name"),
             kind=word(KIND_WORDS, data.get("kind")), cost=cost)


def _correct(state: HexemoniaState, me: str, data: Mapping[str, Any]) -> Text:
    """A correction by hand in words: what it changed, from what to what."""
    seat, what, name = data.get("player"), data.get("what"), data.get("hex") or ""
    player = state.players[seat] if _seat_ok(state, seat) else None
    values = dict(name=seat_name(state, seat), hex=hex_word(name.strip()))
    after = Cubes(*(data.get(r, 0) for r in RESOURCE_WORDS))
    if player is None:
        return t("Correction: {name} {what}", name=values["name"],
                 what=word(CORRECTION_WORDS, what))
    if what == "cubes":
        return t("Correction: {name}'s {hex} held {before}, now {after}",
                 before=_cubes(player.cubes_at(name)), after=after.words(), **values)
    if what == "cost":
        found = player.find(name)
        return t("Correction: the cost of {name}'s {hex} was {before}, now {after}",
                 before=_cubes(found.cost if found else None), after=after.words(), **values)
    if what == "remove_hex":
        return t("Correction: {hex} leaves {name}'s city", **values)
    if what == "remove_myth":
        return t("Correction: the Myth {myth} leaves {name}", name=values["name"], myth=name)
    if what == "hand":
        return t("Correction: {name}'s hand was {before} hexes, now {after}",
                 name=values["name"], before=player.hand, after=data.get("value", 0))
    if what == "fate":
        return t("Correction: the Fate pile was {before} hexes, now {after}",
                 before=state.fate, after=data.get("value", 0))
    if what == "philosopher":
        return t("Correction: the Philosopher goes from {before} to {name}",
                 before=seat_name(state, state.philosopher) if state.philosopher >= 0
                 else NONE, name=values["name"])
    if what == "last_player":
        return t("Correction: the Last Player marker goes from {before} to {name}",
                 before=seat_name(state, state.last_player), name=values["name"])
    return t("Correction: the turn goes from {before} to {name}",
             before=seat_name(state, state.active), name=values["name"])


def _cubes(cubes: Cubes | None) -> Any:
    return cubes.words() if cubes is not None else NONE


def _seat_ok(state: HexemoniaState, seat: Any) -> bool:
    return isinstance(seat, int) and 0 <= seat < len(state.players)


def _add_hex(state: HexemoniaState, me: str, data: Mapping[str, Any]) -> Text:
    cost = "/".join(str(data.get(f"cost_{r}", 0)) for r in RESOURCE_WORDS)
    cubes = Cubes(*(data.get(r, 0) for r in RESOURCE_WORDS))
    return t("Correction: {hex} joins {name}'s city ({kind}, {nature}, cost {cost}) with "
             "{cubes} on it", hex=data.get("name"), name=seat_name(state, data.get("player")),
             kind=word(KIND_WORDS, data.get("kind")), nature=word(NATURE_WORDS,
                                                                   data.get("nature")),
             cost=cost, cubes=cubes.words())


def _change_hex(state: HexemoniaState, me: str, data: Mapping[str, Any]) -> Text:
    seat = data.get("player")
    found = state.players[seat].find(data.get("hex", "")) if _seat_ok(state, seat) else None
    if found is None:
        return t("Correction: {name}'s {hex}", name=seat_name(state, seat), hex=data.get("hex"))
    nature, kind = data.get("nature") or found.nature, data.get("kind") or found.kind
    return t("Correction: {name}'s {hex} was {nature_before} {kind_before}, now {nature} "
             "{kind}", name=seat_name(state, seat), hex=found.id,
             nature_before=word(NATURE_WORDS, found.nature),
             kind_before=word(KIND_WORDS, found.kind), nature=word(NATURE_WORDS, nature),
             kind=word(KIND_WORDS, kind))


def _add_myth(state: HexemoniaState, me: str, data: Mapping[str, Any]) -> Text:
    return t("Correction: {name} has the Myth {myth} ({nature}), its token on {host}",
             name=seat_name(state, data.get("player")), myth=data.get("name"),
             nature=word(NATURE_WORDS, data.get("nature")), host=data.get("host"))


def _change_myth(state: HexemoniaState, me: str, data: Mapping[str, Any]) -> Text:
    seat = data.get("player")
    myth = state.players[seat].myth(data.get("myth", "")) if _seat_ok(state, seat) else None
    if myth is None:
        return t("Correction: {name}'s Myth {myth}", name=seat_name(state, seat),
                 myth=data.get("myth"))
    host = (data.get("host") or "").strip() or myth.host
    return t("Correction: {name}'s Myth {myth} was {nature_before} with its token on "
             "{host_before}, now {nature} on {host}", name=seat_name(state, seat),
             myth=myth.name, nature_before=word(NATURE_WORDS, myth.nature),
             host_before=myth.host, nature=word(NATURE_WORDS, data.get("nature") or myth.nature),
             host=host)


_DESCRIBE = {"take": _take, "play_hex": _play_hex, "correct": _correct,
             "correct_add_hex": _add_hex, "correct_hex": _change_hex,
             "correct_add_myth": _add_myth, "correct_myth": _change_myth}


def check_words(state: HexemoniaState) -> Text:
    """What the political check would do now, in words (the guide and the history say it)."""
    check = preview_check(state)
    if check.new_holder < 0:
        out = t("the Philosopher stays where it is, no revolts")
    else:
        out = t("{name} takes the Philosopher", name=seat_name(state, check.new_holder))
    if check.unverified:
        out = t("{before} (an unverified Acropolis symbol decides it: check the tiles)",
                before=out)
    if check.new_holder < 0:
        return out
    for seat, revolts in enumerate(check.revolts):
        for r in revolts:
            out = t("{before}; revolt on {name}'s {hex}, which loses {cubes}", before=out,
                    name=seat_name(state, seat), hex=r.hex, cubes=r.discard.words())
    return out


def _reading(rid: Any, reading: Any) -> Any:
    """A ruling's reading in words (its key is the program's name for it)."""
    ruling = RULINGS.get(rid) if isinstance(rid, str) else None
    return ruling.readings.get(reading, reading) if ruling else reading
