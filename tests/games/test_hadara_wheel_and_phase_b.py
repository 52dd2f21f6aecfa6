"""Hadara's card steps as a real table plays them: the wheel in phase A (one card of each colour
per player per epoch) and phase B's face-up cards (in turn, 5 per player, until the board is
empty). Rulebook sections: "Turn the Wheel", "Take a Faceup Card"."""
import pytest

from companion.games import get_game
from companion.games.core import Entry, IllegalAction, WrongPlayer
from companion.games.hadara.cards import open_pile

H = get_game("hadara")
ORDER = "yellow-red-blue-green-purple"


def three(**kw):
    return H.new_game({"players": [
        {"name": n, "initiative": i + 1, "side": "A", "coins": 30, "income": 0, "military": 0,
         "culture": 0, "food": 0, **kw} for i, n in enumerate(("Ana", "Ben", "Cy"))]})


def refused(state, kind, **data):
    with pytest.raises(IllegalAction) as err:
        do(state, kind, **data)
    return err.value


def do(state, kind, **data):
    return H.apply(state, kind, H.check_action(state, kind, data))


def buy(state, player, colour, cost=1, **extra):
    return do(state, "buy", player=player, colour=colour, cost=cost, **extra)


def wheel(state, *colours, decks=ORDER):
    return do(state, "wheel", decks=decks,
              **{f"seat{i + 1}": c for i, c in enumerate(colours)})


def finish_round(state, *seats):
    for seat in seats:
        state = do(state, "sell", player=seat)
    return state


def to_phase_b(state):
    while state.phase == "A":
        if state.step == "cards" and len(state.acted) < 3:
            state = finish_round(state, *(i for i in range(3) if i not in state.acted))
        else:
            state = do(state, "income") if state.step == "income" else do(state, "next")
    return state


# ------------------------------------------------------------------------------- the wheel

def test_second_card_of_a_colour_in_one_phase_a_is_refused():
    state = finish_round(buy(three(), 0, "yellow"), 1, 2)
    with pytest.raises(IllegalAction, match="already drew from the yellow deck") as err:
        buy(state, 0, "yellow")
    assert err.value.rule == "Hadara rulebook, Turn the Wheel"


def test_phase_b_cards_may_repeat_a_colour_bought_in_phase_a():
    state = to_phase_b(finish_round(buy(three(), 0, "yellow"), 1, 2))
    assert buy(state, 0, "yellow").players[0].count("yellow") == 2


def test_the_wheel_turns_clockwise_by_itself_after_each_round():
    state = wheel(three(), "yellow", "blue", "purple")  # decks: yellow, red, blue, green, purple
    state = finish_round(buy(state, 0, "yellow"), 1, 2)
    assert state.round == 2
    with pytest.raises(IllegalAction, match="points Ana at the red deck, not blue") as err:
        buy(state, 0, "blue")
    assert err.value.field == "colour"
    state = buy(state, 0, "red")
    state = buy(state, 1, "green")
    state = buy(state, 2, "yellow")  # purple's clockwise neighbour: the circle closes
    assert [p.count(c) for p, c in zip(state.players, ("red", "green", "yellow"))] == [1, 1, 1]


def test_without_the_boards_deck_order_no_order_is_assumed_after_round_one():
    # the board's segments join in any order: this table's reads yellow, blue, red, green, purple
    state = do(three(), "wheel", seat1="yellow", seat2="green", seat3="purple")
    with pytest.raises(IllegalAction, match="points Ana at the yellow deck, not red"):
        buy(state, 0, "red")  # round 1 is the wheel itself
    state = finish_round(state, 0, 1, 2)
    state = buy(state, 0, "blue")  # round 2: the deck after yellow on this board
    assert state.players[0].count("blue") == 1
    line = " ".join(str(x) for x in H.guide(state))
    assert "Tell the app the decks' order around your board once" in line


def test_a_wheel_refusal_says_how_to_name_the_boards_deck_order():
    state = finish_round(wheel(three(), "yellow", "green", "purple"), 0, 1, 2)
    with pytest.raises(IllegalAction, match="set the wheel again and name their order"):
        buy(state, 0, "blue")  # the order told was yellow, red, blue, green, purple


def test_a_sale_takes_the_colour_the_wheel_points_at():
    state = do(wheel(three(), "yellow", "red", "blue"), "sell", player=0)
    assert state.drawn_by(0) == ("yellow",)


def test_the_wheel_follows_the_decks_order_around_the_board():
    state = wheel(three(), "green", "yellow", "red", decks="yellow-purple-red-blue-green")
    state = finish_round(state, 0, 1, 2)
    with pytest.raises(IllegalAction, match="points Ana at the yellow deck"):
        buy(state, 0, "purple")
    assert buy(state, 1, "purple").players[1].count("purple") == 1


def test_the_wheel_points_each_icon_at_a_deck_of_its_own():
    with pytest.raises(IllegalAction, match="two icons point at the red deck") as err:
        wheel(three(), "red", "red", "blue")
    assert err.value.rule == "Hadara rulebook, Determine the First Player"
    with pytest.raises(IllegalAction, match="name the deck Cy's icon points at"):
        wheel(three(), "red", "blue")


def test_a_wheel_set_late_must_agree_with_the_cards_already_recorded():
    state = finish_round(buy(three(), 0, "green"), 1, 2)
    with pytest.raises(IllegalAction, match="with this wheel Ana drew from the red deck"):
        wheel(state, "red", "blue", "yellow")
    state = wheel(state, "green", "blue", "yellow")
    with pytest.raises(IllegalAction, match="points Ana at the purple deck"):
        buy(state, 0, "yellow")


def test_the_wheel_is_asked_again_each_epoch_and_keeps_the_decks_order():
    state = wheel(three(), "yellow", "red", "blue", decks="yellow-purple-red-blue-green")
    assert H.available(state)[0] == "buy"
    while state.epoch == 1:
        state = to_phase_b(state)
        while state.phase == "B":
            turn = H.turn_of(state, "sell")
            if turn is not None:
                state = do(state, "sell", player=turn, colour=open_pile(state))
            else:
                state = do(state, "income") if state.step == "income" else do(state, "next")
    assert state.wheel == () and H.available(state)[0] == "wheel"
    assert state.decks == ("yellow", "purple", "red", "blue", "green")
    assert any("sets the wheel" in line for line in H.guide(state))


def test_the_wheel_is_set_in_phase_a_only():
    with pytest.raises(IllegalAction, match="in phase B any pile"):
        wheel(to_phase_b(three()), "yellow", "red", "blue")


def test_guide_says_which_deck_each_player_draws_this_round():
    state = finish_round(wheel(three(), "blue", "green", "yellow"), 0, 1, 2)
    line = next(line for line in H.guide(state) if "draws from the deck" in line)
    assert "Ana: green" in line and "Ben: purple" in line and "Cy: red" in line
    assert "Turn the wheel clockwise (round 2)" in line


def test_guide_walks_the_epoch_set_up_before_the_first_card():
    guide = " ".join(H.guide(three()))
    assert "deal 6 of each colour face down" in guide  # 2 per player, 3 players
    assert "purple cards marked with a star" in guide  # every setup card on side A
    assert "Ana sets the wheel" in guide


# ------------------------------------------------------------------------- phase B's cards

def test_phase_b_cannot_close_before_the_board_is_empty():
    state = to_phase_b(three())
    with pytest.raises(IllegalAction, match="15 face-up cards are still on the board") as err:
        do(state, "next")
    assert err.value.rule == "Hadara rulebook, Take a Faceup Card"
    for _ in range(14):
        state = do(state, "sell", player=H.turn_of(state, "sell"), colour=open_pile(state))
    with pytest.raises(IllegalAction, match="1 face-up card is still"):
        do(state, "next")
    state = do(do(state, "sell", player=H.turn_of(state, "sell"), colour=open_pile(state)),
               "next")
    assert state.step == "income"


def test_a_card_beyond_five_per_player_is_refused_in_phase_b():
    state = to_phase_b(three())
    for _ in range(15):
        state = do(state, "sell", player=H.turn_of(state, "sell"), colour=open_pile(state))
    assert H.turn_of(state, "buy") is None
    for seat in range(3):
        with pytest.raises(IllegalAction, match="the board is empty: all 15 face-up cards"):
            buy(state, seat, "green")


def test_the_same_phase_b_card_entered_twice_is_charged_once():
    state = to_phase_b(three())
    first = H.turn_of(state, "buy")
    once = buy(state, first, "red", cost=3)
    with pytest.raises(WrongPlayer):  # the second phone's copy of the same tap
        H.apply(once, "buy", H.check_action(once, "buy", {"player": first, "colour": "red",
                                                          "cost": 3}))
    assert once.players[first].count("red") == 1 and once.picks == 1


def test_phase_b_takes_at_most_one_card_per_player_of_each_colour():
    # each player discarded one card face up on each deck's pile in phase A: 3 purple in all
    state = to_phase_b(three())
    for _ in range(3):
        state = buy(state, H.turn_of(state, "buy"), "purple")
    with pytest.raises(IllegalAction, match="the purple pile is empty: it held 3") as err:
        buy(state, H.turn_of(state, "buy"), "purple")
    assert err.value.rule == "Hadara rulebook, Take a Faceup Card"
    assert buy(state, H.turn_of(state, "buy"), "red").picks == 4


def test_phase_b_card_step_is_called_take_a_face_up_card():
    state = to_phase_b(three())
    assert H.step_label(state) == "Take a face-up card"
    assert "phase B: Take a face-up card" in H.guide(state)[0]
    assert any("Cards left on the board: 15 of 15" in line for line in H.guide(state))


def test_setting_the_wheel_is_said_in_the_history_with_each_players_deck():
    state = three()
    fields = H.check_action(state, "wheel", {"seat1": "red", "seat2": "blue", "seat3": "green",
                                             "decks": ORDER})
    said = H.describe(state, "wheel", fields)
    assert str(said) == ("Wheel set for epoch I: Ana: red, Ben: blue, Cy: green; decks "
                         "clockwise: yellow, red, blue, green, purple")
    fields = H.check_action(state, "wheel", {"seat1": "red", "seat2": "blue", "seat3": "green"})
    assert str(H.describe(state, "wheel", fields)).startswith("Wheel set for epoch I: Ana: red,")


def test_the_wheel_preselects_a_colour_only_while_phase_a_cards_are_drawn():
    """A seated phone's buy form starts at the wheel's colour in phase A's card step; from the
    income step on nobody draws, so no colour is preselected (a preselected colour hid the known
    colonies and statue spaces on a seated phone: they have no colour of their own)."""
    state = wheel(three(), "blue", "red", "green")
    assert H.presets(state, 0) == {"colour": "blue"}
    for _ in range(5):
        state = finish_round(state, 0, 1, 2)
    state = do(state, "next")
    assert state.step == "income"
    assert H.presets(state, 0) == {}
    state = do(state, "income")
    assert state.step == "colony" and H.presets(state, 0) == {}


def test_a_phase_b_sale_names_its_face_up_cards_colour():
    state = to_phase_b(three())
    err = refused(state, "sell", player=H.turn_of(state, "sell"))
    assert "name the colour of the face-up card sold" in err.message
    assert err.rule == "Hadara rulebook, Take a Faceup Card" and err.field == "colour"
    sold = do(state, "sell", player=0, colour="purple")
    assert sold.taken == ("purple",)
    assert H.describe(state, "sell", {"player": 0, "round": 0, "colour": "purple"}) == \
        "Ana sold a face-up purple card for 2 coins (epoch I)"


@pytest.mark.parametrize("fourth", ["buy", "sell"])
def test_no_fourth_purple_card_after_the_three_on_the_board_were_sold(fourth):
    state = to_phase_b(three())
    for seat in range(3):  # 3 players: the purple pile holds 3 face-up cards
        state = do(state, "sell", player=seat, colour="purple")
    data = {"colour": "purple", "cost": 0} if fourth == "buy" else {"colour": "purple"}
    err = refused(state, fourth, player=0, **data)
    assert "the purple pile is empty: it held 3 face-up cards" in err.message
    assert len(do(state, fourth, player=0, **{**data, "colour": "red"}).taken) == 4


def test_a_stored_phase_b_sale_of_an_older_log_without_a_colour_replays_as_recorded():
    state = to_phase_b(three())
    after = H.replay(state, [Entry(1, "sell", {"player": 0, "round": 0})], stored=True)
    assert after.taken == ("",) and after.players[0].coins == state.players[0].coins + 2


def test_after_the_last_round_of_phase_a_the_guide_says_to_close_the_step():
    """Phone review P3: at the end of round 5 the guide said "Still to act this round: none"
    and not what to do next."""
    state = three()
    for _ in range(5):
        for seat in range(3):
            state = do(state, "sell", player=seat)
    lines = [str(line) for line in H.guide(state)]
    assert "Every player has bought or sold a card in round 5, the last: close the step." \
        in lines
    assert not any("Still to act this round" in line for line in lines)
