"""Hadara: the cards a whole table can hold at the end, refused together on every path that enters
end facts (score API / quick pad, and a live game's corrections by hand). Rulebook sections:
"Communal Setup" (2 cards of each colour per player an epoch), "Phase A", "Take a Faceup Card"
(phase B) and "Feed Your People"."""
import pytest

from companion.games import get_game
from companion.games.core import IllegalAction, InvalidInput, replace
from companion.games.hadara import holdings
from companion.games.hadara.data import TRACKS

H = get_game("hadara")


def player(name, food=40, **cards):
    return {"name": name, "coins": 0, "tracks": {"food": food},
            "cards": {c: {"count": n, "points": 0} for c, n in cards.items()}}


def errors(*players):
    with pytest.raises(InvalidInput) as err:
        H.parse_facts({"players": list(players)})
    found = {}
    for p in err.value.problems:  # a field with two problems keeps both
        found[p.field] = f"{found[p.field]}; {p.message}" if p.field in found else p.message
    return found


def test_a_player_keeps_at_most_30_cards_ten_an_epoch():
    found = errors(player("Ana", yellow=7, red=7, blue=7, green=7, purple=3), player("Ben"))
    assert "31" in found["players[0].cards"] and "at most 30" in found["players[0].cards"]
    assert "Phase A; Phase B" in found["players[0].cards"]
    H.parse_facts({"players": [player("Ana", yellow=6, red=6, blue=6, green=6, purple=6),
                               player("Ben")]})  # 30 cards: a table can end so


@pytest.mark.parametrize("players, most", [(2, 9), (3, 12), (5, 18)])
def test_a_player_holds_at_most_one_plus_a_discard_pile_of_a_colour_each_epoch(players, most):
    others = [player(f"P{i}") for i in range(1, players)]
    H.parse_facts({"players": [player("Ana", red=most), *others]})
    found = errors(player("Ana", red=most + 1), *others)
    assert f"at most {most}" in found["players[0].cards.red"]
    assert "Communal Setup" in found["players[0].cards.red"]


def test_with_two_players_more_than_9_cards_of_a_colour_is_refused():
    found = errors(player("Ana", green=10), player("Ben"))
    assert "Ana holds 10 green cards; with 2 players at most 9" in \
        found["players[0].cards.green"]


def test_the_whole_table_holds_no_more_of_a_colour_than_the_game_deals():
    # 2 players: 2 red cards each epoch per player, 12 red cards in the whole game
    found = errors(player("Ana", red=7), player("Ben", red=6))
    assert "13 red cards together" in found["players"] and "only 12" in found["players"]
    H.parse_facts({"players": [player("Ana", red=6), player("Ben", red=6)]})


@pytest.mark.parametrize("players, mixes", [
    # 5 players: 18 red + 4 yellow is 15 + 1 beyond 3 of a colour; 12 yellow + 12 blue is 9 + 9
    (5, [dict(red=18, yellow=4), dict(yellow=12, blue=12)]),
    # 2 players: 9 of three colours is 6 + 6 + 6 beyond 3 of a colour
    (2, [dict(red=9, yellow=9, blue=9)]),
])
def test_phase_b_hands_each_player_five_cards_an_epoch_so_at_most_15_beyond_3_of_a_colour(
        players, mixes):
    table = [player(f"P{i}", **mix) for i, mix in enumerate(mixes)]
    table += [player(f"Q{i}") for i in range(players - len(mixes))]
    found = errors(*table)
    for i, _ in enumerate(mixes):
        assert "beyond 3 of a colour" in found[f"players[{i}].cards"]
        assert "at most 15" in found[f"players[{i}].cards"]
        assert "ruling HAD-4" in found[f"players[{i}].cards"]
    assert len(found) == len(mixes)  # every such player listed at once, nothing else
    # exactly 15 beyond 3 is a table that can end so
    H.parse_facts({"players": [player("Ana", red=9, yellow=9, blue=6), player("Ben")]})
    # a table reading phase A otherwise (ruling HAD-4 switched) keeps only the older limits
    H.parse_facts({"players": table, "rulings": {"HAD-4": "per-colour"}})


def test_a_correction_cannot_give_more_phase_b_cards_than_phase_b_hands_out():
    state = H.new_game({"players": [seat("Ana", 1), seat("Ben", 2)]})
    for colour, n in (("yellow", 9), ("red", 9), ("blue", 6)):
        for _ in range(n):
            state = card(state, colour)
    err = refused(state, "correct_card", player=0, change="add", colour="blue")
    assert "Ana holds 16 cards beyond 3 of a colour" in err.message
    assert "ruling HAD-4" in err.message
    switched = replace(state, rulings={**state.rulings, "HAD-4": "per-colour"})
    assert card(switched, "blue").players[0].count("blue") == 7


def test_no_player_ends_with_more_cards_than_its_food_track():
    found = errors(player("Ana", food=3, red=2, blue=2), player("Ben"))
    assert "Ana holds 4 cards but the food track shows 3" in found["players[0].tracks.food"]
    assert "Feed Your People" in found["players[0].tracks.food"]
    H.parse_facts({"players": [player("Ana", food=4, red=2, blue=2), player("Ben")]})


def test_every_whole_table_problem_is_listed_at_once():
    found = errors(player("Ana", food=5, red=13, blue=2), player("Ben", red=3, food=0),
                   {"name": "Cy", "coins": -1})
    assert {"players[0].cards.red", "players[0].tracks.food", "players[1].tracks.food",
            "players[2].coins"} <= set(found)


def test_a_refused_food_value_is_not_judged_again_against_the_cards():
    found = errors({**player("Ana", red=2), "tracks": {"food": "lots"}}, player("Ben"))
    assert list(found) == ["players[0].tracks.food"] and "whole number" in found[
        "players[0].tracks.food"]


# ------------------------------------------------------------- the same limits in a live game

def seat(name, initiative):
    return {"name": name, "initiative": initiative, "side": "A", "coins": 30, "income": 0,
            "military": 0, "culture": 0, "food": 0}


def do(state, kind, **data):
    return H.apply(state, kind, H.check_action(state, kind, data))


def card(state, colour, change="add", seat=0, **values):
    return do(state, "correct_card", player=seat, change=change, colour=colour, **values)


def refused(state, kind, **data):
    with pytest.raises(IllegalAction) as err:
        do(state, kind, **data)
    assert H.problems(state, kind, H.check_action(state, kind, data))  # "Can I do this?" agrees
    return err.value


def test_a_correction_cannot_give_a_player_a_31st_card():
    state = H.new_game({"players": [seat("Ana", 1), seat("Ben", 2)]})
    for colour in ("yellow", "red", "blue", "green", "purple"):  # 3 from phase A, 3 from B each
        for _ in range(6):
            state = card(state, colour)
    assert len(state.players[0].cards) == 30
    err = refused(state, "correct_card", player=0, change="add", colour="purple")
    assert "Ana holds 31 cards" in err.message and "Phase A; Phase B" in err.rule


def test_a_correction_cannot_give_a_player_a_10th_card_of_a_colour_with_2_players():
    state = H.new_game({"players": [seat("Ana", 1), seat("Ben", 2)]})
    for _ in range(9):
        state = card(state, "red")
    err = refused(state, "correct_card", player=0, change="add", colour="red")
    assert "Ana holds 10 red cards; with 2 players at most 9" in err.message
    assert card(card(state, "red", seat=1), "red", seat=1).players[1].count("red") == 2


def test_after_the_end_a_correction_cannot_leave_more_cards_than_food():
    state = H.new_game({"players": [seat("Ana", 1), seat("Ben", 2)]})
    state = card(card(state, "green", food=1), "green", food=1)
    over = replace(state, over=True)
    err = refused(over, "correct", player=0, value="food", delta=-1)
    assert "Ana holds 2 cards but the food track shows 1" in err.message
    assert err.rule == "Hadara rulebook, Feed Your People"
    refused(over, "correct_card", player=0, change="add", colour="red")
    assert do(over, "correct", player=0, value="food", delta=1).players[0].track("food") == 3
    # before the last feeding, more cards than food is only a shortfall to feed
    assert do(state, "correct", player=0, value="food", delta=-1).players[0].food_shortfall == 1



@pytest.mark.parametrize("over", [False, True])
@pytest.mark.parametrize("value, delta", [("coins", 3), ("food", -1), ("food", 1),
                                          ("culture", 2)])
def test_a_correction_leaving_the_cards_is_judged_as_counting_the_whole_table_judges_it(
        over, value, delta):
    # (the check skips counting when a correction leaves what it reads as it was: its answer
    # must stay the one counting every card again gives)
    state = H.new_game({"players": [seat("Ana", 1), seat("Ben", 2)]})
    state = replace(card(card(state, "green", food=1), "green", food=1), over=over)
    ana = state.players[0]
    before = state.set_player(0, replace(ana, cards=ana.cards * 6))  # 12 green: already too many
    ana = before.players[0]
    after = before.set_player(0, replace(ana, coins=ana.coins + delta) if value == "coins"
                              else ana.with_tracks(tuple(delta if tr == value else 0
                                                         for tr in TRACKS)))
    known = {words for _, words in holdings.state_problems(before)}
    counted = [words for _, words in holdings.state_problems(after) if words not in known]
    assert [p.message for p in holdings.correction_problems(before, after)] == \
        [IllegalAction(words).message for words in counted]
    # after the end a food change is judged again (the words name the new food value)
    assert bool(counted) == (over and value == "food")


# ------------------------------------------------------------- the score API's own keys

@pytest.mark.parametrize("request_, field", [
    ({"players": [{**player("Ana"), "silver_medal": ["food"]}, player("Ben")]},
     "players[0].silver_medal"),
    ({"players": [player("Ana"), player("Ben")], "rulingz": {"HAD-1": "all-coins"}}, "rulingz"),
    ({"players": [{**player("Ana"), "cards": {"red": {"count": 1, "point": 2}}}, player("Ben")]},
     "players[0].cards.red.point"),
])
def test_the_score_api_refuses_a_key_it_does_not_read_by_name(request_, field):
    with pytest.raises(InvalidInput) as err:
        H.parse_facts(request_)
    found = {p.field: p.message for p in err.value.problems}
    assert field in found and "unknown key" in found[field]
    assert repr(field.rsplit(".", 1)[-1]) in found[field]


def test_every_key_the_score_api_reads_is_in_its_contract():
    from pathlib import Path

    from companion.games.hadara import quick
    guide = (Path(__file__).resolve().parents[2] / "docs" / "guide.md").read_text()
    contract = guide[guide.index("### Score API"):]
    contract = contract[:contract.index("\n## ")]
    for key in (*quick.REQUEST_KEYS, *quick.PLAYER_KEYS, *quick.CARD_KEYS):
        assert f"`{key}`" in contract, key


@pytest.mark.parametrize("second", ["ana", "ANA", "Ana"])
def test_names_differing_only_in_case_are_one_name_on_the_score_api(second):
    found = errors(player("Ana"), player(second))
    assert "two players are called 'Ana'" in found["players"]


@pytest.mark.parametrize("second", ["ana", "ANA"])
def test_names_differing_only_in_case_are_one_name_at_setup(second):
    with pytest.raises(InvalidInput) as err:
        H.new_game({"players": [seat("Ana", 1), seat(second, 2)]})
    assert "two players have the name Ana" in err.value.message
