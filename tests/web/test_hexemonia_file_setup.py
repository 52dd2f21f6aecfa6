"""Hexemonia's kept setup and game file say what was played (the review's X4-6): revolts are
part of every game of 3-4 players, whatever an unticked box sent; with 2 they stay the option."""
import pytest

from companion import store
from companion.games import get_game
from tests.table_helpers import HEXEMONIA_SETUP

RULES = get_game("hexemonia")


@pytest.mark.parametrize("sent", [False, True])
def test_a_three_player_game_s_file_says_revolts_were_played(app, client, sent):
    with app.app_context():
        game = store.create_game(RULES, {**HEXEMONIA_SETUP, "revolts": sent})
        assert game.setup["revolts"] is True
        token = game.play_token
    exported = client.get(f"/g/{token}/export.json").get_json()
    assert exported["setup"]["revolts"] is True


def test_a_two_player_game_keeps_the_revolts_the_table_chose(app):
    two = {"players": HEXEMONIA_SETUP["players"][:2], "fate": 5, "last_player": 1,
           "revolts": False}
    with app.app_context():
        assert store.create_game(RULES, two).setup["revolts"] is False
