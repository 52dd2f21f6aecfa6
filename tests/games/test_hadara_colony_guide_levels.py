"""Hadara's guide at the colony step names, of the levels a player already holds, only those
their military reaches: "military 3 ... at most 3, not 1 and 3" (a level 5 held is out of reach
anyway, and naming it read as if it were one more the player may not take: phone review P3)."""
from dataclasses import replace

from companion.games import get_game
from companion.games.hadara.model import Colony
from tests.table_helpers import sample_setup

RULES = get_game("hadara")


def test_the_colony_guide_leaves_out_held_levels_beyond_the_military_track():
    state = RULES.new_game(sample_setup(RULES, 3))
    ana = state.players[0]
    held = tuple(Colony(level, 1, False, 1) for level in (1, 3, 5))
    tracks = list(ana.tracks)
    tracks[1] = 3  # military (income, military, culture, food)
    players = (replace(ana, colonies=held, tracks=tuple(tracks)), *state.players[1:])
    state = replace(state, players=players, step="colony")
    line = next(str(g) for g in RULES.guide(state) if str(g).startswith(f"{ana.name}: military"))
    # (a list reads "1, 3" in plain text, "1 and 3" said on a page)
    assert line == f"{ana.name}: military 3; may take one colony needing at most 3, not 1, 3"
