"""What a Hadara player does now (what the top of their board offers, ``now.now_for``), who does
the table's duties (``now.clerk``), the wheel of a new epoch turned as one piece from one icon
(``wheel.turned_along``: "Set the Wheel", the icons sit on the disc), and the purple cards whose
effect changes prices, asked in one place (``Player.effects_on``)."""
import pytest

from companion.games import get_game
from companion.games.core import IllegalAction
from companion.games.hadara.now import clerk, now_for

H = get_game("hadara")
ORDER = "yellow-red-blue-green-purple"


def three(**kw):
    return H.new_game({"players": [
        {"name": n, "initiative": i + 1, "side": "A", "coins": 40, "income": 0, "military": 5,
         "culture": 5, "food": 9, **kw} for i, n in enumerate(("Ana", "Ben", "Cy"))]})


def do(state, kind, **data):
    return H.apply(state, kind, H.check_action(state, kind, data))


def through_phase_a(state):
    while state.phase == "A":
        if state.step == "cards":
            for seat in (i for i in range(3) if i not in state.acted):
                state = do(state, "sell", player=seat)
            if state.round == 5 and len(state.acted) == 3:
                state = do(state, "next")
        elif state.step == "income":
            state = do(state, "income")
        else:
            state = do(state, "next", anyway=True)
    return state


def to_epoch_ii(state):
    state = through_phase_a(state)
    for pick in range(15):
        state = do(state, "sell", player=pick % 3,
                   colour=("yellow", "red", "blue", "green", "purple")[pick // 3])
    while state.epoch == 1:
        state = do(state, "income") if state.step == "income" else do(state, "next",
                                                                         anyway=True)
    return state


def test_in_phase_a_each_player_not_done_this_round_draws_from_the_wheels_deck():
    state = do(three(), "wheel", seat1="blue", seat2="red", seat3="yellow", decks=ORDER)
    assert [now_for(state, i).kind for i in range(3)] == ["draw"] * 3
    assert now_for(state, 0).colour == "blue"
    state = do(state, "sell", player=0)
    assert now_for(state, 0).kind == "wait" and now_for(state, 1).colour == "red"
    assert now_for(three(), 0).colour == ""  # (no wheel yet: the deck is not known)


def test_phase_b_and_the_colony_step_go_in_turn_and_the_others_wait_for_that_player():
    state = through_phase_a(three())
    assert [now_for(state, i).kind for i in range(3)] == ["pick", "wait", "wait"]
    assert now_for(state, 2).waiting_for == 0
    state = do(state, "sell", player=0, colour="red")
    assert now_for(state, 1).kind == "pick" and now_for(state, 0).waiting_for == 1
    colony = to_colony(three())
    assert [now_for(colony, i).kind for i in range(3)] == ["colony", "wait", "wait"]
    colony = do(colony, "no_colony", player=0)
    assert now_for(colony, 1).kind == "colony" and now_for(colony, 0).kind == "wait"


def to_colony(state):
    while state.step != "colony":
        if state.step == "cards":
            for seat in (i for i in range(3) if i not in state.acted):
                state = do(state, "sell", player=seat)
            if state.round == 5 and len(state.acted) == 3:
                state = do(state, "next")
        else:
            state = do(state, "income")
    return state


def test_statues_are_carved_by_everyone_not_done_and_feeding_asks_only_the_short():
    state = do(to_colony(three()), "next", anyway=True)
    assert state.step == "statue"
    assert [now_for(state, i).kind for i in range(3)] == ["statue"] * 3
    state = do(state, "statue", player=1, statue=1, requirement=1, points=3,
               tile_track="culture", tile_side="up", tile_value=1)
    assert now_for(state, 1).kind == "wait" and now_for(state, 0).kind == "statue"


def test_the_first_player_of_the_epoch_does_the_tables_duties():
    state = three()
    assert clerk(state) == 0
    assert clerk(to_epoch_ii(state)) == 1  # second-lowest initiative leads epoch II


def test_a_new_epochs_wheel_turns_every_icon_with_the_one_named():
    state = do(three(), "wheel", seat1="blue", seat2="red", seat3="yellow", decks=ORDER)
    state = to_epoch_ii(state)
    assert state.wheel == () and state.previous_wheel == ("blue", "red", "yellow")
    # Ben's icon, red in epoch I, now points at green: the disc turned two decks on
    turned = do(state, "wheel", seat2="green")
    assert turned.wheel == ("purple", "green", "blue")
    assert "Ana: purple" in H.describe(state, "wheel", {"seat2": "green"})


def test_in_epoch_i_or_without_the_decks_order_every_icon_is_still_named():
    with pytest.raises(IllegalAction, match="name the deck Cy's icon points at"):
        do(three(), "wheel", seat1="red", seat2="blue", decks=ORDER)
    state = to_epoch_ii(do(three(), "wheel", seat1="blue", seat2="red", seat3="yellow"))
    assert state.decks == ()  # the decks' order was never told
    with pytest.raises(IllegalAction, match="name the deck Ana's icon points at"):
        do(state, "wheel", seat2="green")


def test_the_purple_cards_that_change_prices_are_those_with_an_effect_saying_so():
    state = do(three(), "buy", player=0, colour="purple", cost=3, effect="Red cards cost 1 less",
               effect_changes="prices")
    state = do(state, "buy", player=1, colour="purple", cost=3, effect="2 points a statue",
               effect_changes="scoring")
    ana, ben = state.players[:2]
    assert [c.effect for c in ana.effects_on("prices")] == ["Red cards cost 1 less"]
    assert ben.effects_on("prices") == () and len(ben.effects_on("scoring")) == 1
    state = do(state, "sell", player=2)  # (round 2: Ben's purple card saves him nothing)
    with pytest.raises(IllegalAction, match="Ben holds no purple card whose effect changes"):
        do(state, "buy", player=1, colour="red", cost=3, saved=1)
    assert do(state, "buy", player=0, colour="red", cost=3, saved=1).players[0].coins == 40 - 3 - 2
