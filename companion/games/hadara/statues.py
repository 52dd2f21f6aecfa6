"""Carving a statue ("Carve a Statue") and the bonus tiles it shares with silver medals."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import IllegalAction, replace, t
from .data import STEP_RULES, TILES_PER_TRACK, TRACKS
from .model import HadaraState, Player, Statue
from .steps import Problems, refuse, step_problems
from .terms import TRACK_WORDS

RULE = STEP_RULES["statue"]


def tile_problems(p: Player, track: str, rule: str) -> Problems:
    """No bonus tile of ``track``'s colour is left (statues and silver medals share them)."""
    if p.tiles_used(track) < TILES_PER_TRACK:
        return []
    return [IllegalAction(t("{name} has placed both {track} bonus tiles already; each board has "
                            "{tiles} of each track", name=p.name, track=TRACK_WORDS[track],
                            tiles=TILES_PER_TRACK), rule=rule)]


def problems(state: HadaraState, d: Mapping[str, Any]) -> Problems:
    """One statue a step, each statue once, culture at least the requirement, and a bonus tile
    of the chosen colour left."""
    found = step_problems(state, "statue")
    if found:
        return found
    seat = d["player"]
    p = state.players[seat]
    if seat in state.acted:
        found.append(IllegalAction(t("{name} already carved a statue in this step; one per step",
                                     name=p.name), rule=RULE))
    if p.track("culture") < d["requirement"]:
        found.append(IllegalAction(t("{name}'s culture is {culture}; this statue needs "
                                     "{requirement}", name=p.name, culture=p.track("culture"),
                                     requirement=d["requirement"]), rule=RULE))
    return carving_problems(p, d["statue"], d.get("tile_track", ""), found)


def carving_problems(p: Player, number: int, tile_track: str,
                     found: Problems | None = None) -> Problems:
    """Statue ``number`` carved with a ``tile_track`` tile is impossible for ``p``: each statue
    is carved once, and its bonus tile is one of the player's, of a colour still left."""
    found = list(found or [])
    if any(s.number == number for s in p.statues):
        found.append(IllegalAction(t("{name} already carved statue {statue}; each statue once",
                                     name=p.name, statue=number), rule=RULE))
    if not tile_track:
        return found + [IllegalAction(t("choose the colour of the bonus tile placed on the "
                                        "statue"), rule=RULE, field="tile_track")]
    return found + tile_problems(p, tile_track, RULE)


def carve_statue(state: HadaraState, d: Mapping[str, Any]) -> HadaraState:
    """A tile face up raises its track by the value beside the space; face down it scores that
    value at the end."""
    refuse(problems(state, d))
    seat = d["player"]
    p = state.players[seat]
    face_up = d["tile_side"] == "up"
    statue = Statue(d["statue"], d["requirement"], d["points"], d["tile_track"], face_up,
                    d["tile_value"])
    if face_up:
        p = p.with_tracks(tuple(d["tile_value"] if tr == d["tile_track"] else 0 for tr in TRACKS))
    p = replace(p, statues=p.statues + (statue,))
    return replace(state.set_player(seat, p), acted=state.acted | {seat})
