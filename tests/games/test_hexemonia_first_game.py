"""A first game of Hexemonia (issue 39): it starts without the tiles' icon counts (the Fate pile
is then uncounted, and the take that empties it says so), each player enters their face-down
Acropolis from their own phone (a secret of that step), and a political check tapped before the
turn's action asks first."""
from dataclasses import replace

import pytest

from companion.games import get_game
from companion.games.core import Entry, IllegalAction

RULES = get_game("hexemonia")
NAMES = [{"name": "Ana"}, {"name": "Ben"}, {"name": "Cy"}]


def act(state, kind, **data):
    return RULES.apply(state, kind, RULES.check_action(state, kind, data))


def test_a_first_game_without_icon_counts_starts_and_its_pile_ends_when_a_take_says_so():
    state = RULES.new_game({"players": NAMES})
    assert state.fate < 0 and not state.final_round
    state = act(state, "take", player=0, hexes=2)
    assert state.fate < 0 and not state.final_round  # nobody knows the pile's size
    state = act(act(act(state, "political_check", anyway=True), "end_turn"), "take", player=1,
                hexes=2, last=True)
    assert state.fate == 0 and state.final_round
    assert "the Fate pile is empty" in str(RULES.describe(state, "take",
                                                          {"hexes": 2, "last": True}))


def test_icon_counts_still_count_the_pile_when_given():
    assert RULES.new_game({"players": NAMES, "icon_4": 12}).fate == 51 - 12 - 4 - 2 * 3


def test_a_city_left_empty_at_setup_is_entered_once_by_its_player_and_not_a_tile_already_held():
    state = RULES.new_game({"players": NAMES})
    assert [p.city for p in state.players] == ["", "", ""]
    assert "enter_city" in RULES.available(state)
    state = act(state, "enter_city", player=1, city="sparta")
    assert state.players[1].city == "sparta" and not state.players[1].revealed
    with pytest.raises(IllegalAction, match="already entered"):
        act(state, "enter_city", player=1, city="athens")
    # a tile another player holds, or one not dealt with 3 players: refused without naming who
    for city in ("sparta", "delphi"):
        with pytest.raises(IllegalAction) as err:
            act(state, "enter_city", player=0, city=city)
        assert "Ben" not in str(err.value.message)
    state = act(act(state, "enter_city", player=0, city="athens"), "enter_city", player=2,
                city="olympia")
    assert "enter_city" not in RULES.available(state)


def test_an_entered_city_is_its_players_secret_until_revealed_and_never_said_in_the_history():
    setup = {"players": NAMES}
    state = act(RULES.new_game(setup), "enter_city", player=1, city="sparta")
    log = [Entry(1, "enter_city", {"player": 1, "city": "sparta"})]
    assert (1, 1, ("city",)) in [(s.seat, s.seq, s.path) for s in RULES.secrets(setup, log, state)]
    said = str(RULES.describe(state, "enter_city", {"player": 1, "city": "sparta"}))
    assert "Ben" in said and "parta" not in said
    revealed = act(state, "reveal", player=1)
    assert all(s.seq != 1 for s in RULES.secrets(setup, log, revealed))
    with pytest.raises(IllegalAction, match="has not entered their Acropolis yet"):
        act(state, "reveal", player=0)


def test_a_game_over_with_a_city_never_entered_scores_no_bonus_and_says_why():
    state = replace(RULES.new_game({"players": NAMES}), over=True)
    sheet = RULES.score(state).sheets[0]
    bonus = next(line for line in sheet.lines if line.id == "city_bonus")
    assert bonus.points == 0 and "never entered" in str(bonus.detail)


@pytest.mark.parametrize("played, asked", [
    (False, "End the turn without B and C?"), (True, "End the turn without an action (C)?")])
def test_a_political_check_before_the_action_asks_first_naming_what_it_skips(played, asked):
    state = replace(RULES.new_game({"players": NAMES}), took=True, played=played)
    (question,) = RULES.unconfirmed(state, "political_check", {"anyway": False})
    assert str(question.message).startswith(asked) and question.field == "anyway"
    assert RULES.unconfirmed(state, "political_check", {"anyway": True}) == []
    assert RULES.unconfirmed(replace(state, action="production"), "political_check", {}) == []
