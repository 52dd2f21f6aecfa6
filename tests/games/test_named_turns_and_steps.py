"""A tap names the player it is for and the step it was tapped on; the rules refuse it when it is
another player's turn, or when the table has already moved past that step (issue 14, point 10).
A second tap, or a second phone, therefore never counts twice nor for the wrong player."""
import pytest

from companion.games import get_game
from companion.games.core import IllegalAction, WrongPlayer
from companion.games.hadara.cards import open_pile

HADARA, TRADEWARZ, HEXEMONIA = (get_game(s) for s in ("hadara", "tradewarz", "hexemonia"))


def do(rules, state, kind, **data):
    return rules.apply(state, kind, rules.check_action(state, kind, data))


def refused(rules, state, kind, **data) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        do(rules, state, kind, **data)
    return caught.value


# ------------------------------------------------------------------------------- TradeWarz

def tradewarz():
    return TRADEWARZ.new_game({"players": [{"name": "Ana", "colour": "yellow"},
                                           {"name": "Ben", "colour": "red"},
                                           {"name": "Chen", "colour": "blue"}],
                               "end_mode": "years", "years": 2})


def test_tradewarz_season_action_named_for_another_house_is_refused_naming_the_turn():
    state = do(TRADEWARZ, tradewarz(), "resources", house=0, first="gold")  # Ana's action
    assert state.turn == 1
    err = refused(TRADEWARZ, state, "resources", house=2, first="wheat")  # Chen's phone
    assert isinstance(err, WrongPlayer) and (err.turn, err.named, err.field) == (1, 2, "house")
    assert str(err) == "it is Ben's turn, not Chen's"
    assert err.rule == "TradeWarz rulebook, Game mechanics"
    after = do(TRADEWARZ, state, "resources", house=1, first="wheat")  # for Ben: accepted
    assert after.houses[1].dials != state.houses[1].dials and after.turn == 2
    assert after.houses[2].dials == state.houses[2].dials  # nothing came off Chen's dials


def test_tradewarz_a_repeated_season_action_is_refused_once_the_turn_moved_on():
    state = do(TRADEWARZ, tradewarz(), "retreat", house=0)
    err = refused(TRADEWARZ, state, "retreat", house=0)  # the same tap again
    assert "it is Ben's turn, not Ana's" in str(err)


def test_tradewarz_end_of_spring_names_its_year_and_a_second_one_is_refused():
    state = tradewarz()
    # five seasons, three houses each (two tokens a year of these, one of those)
    for kind in ("resources", "resources", "recruit", "retreat", "march"):
        for house in range(3):
            state = do(TRADEWARZ, state, kind, house=house, first="gold")
    assert state.phase == "spring_end"
    assert TRADEWARZ.step_fields(state, "end_of_spring") == {"year": 1}
    after = do(TRADEWARZ, state, "end_of_spring", year=1)
    assert after.year == 2
    err = refused(TRADEWARZ, after, "end_of_spring", year=1)
    assert str(err) == "the end of Spring of year 1 was already applied; the table is in year 2"
    assert err.field == "year" and err.rule


# ------------------------------------------------------------------------------- Hexemonia

def hexemonia():
    return HEXEMONIA.new_game({"players": [{"name": "Ana", "city": "athens"},
                                           {"name": "Ben", "city": "sparta"},
                                           {"name": "Chen", "city": "olympia"}], "fate": 20,
                               "last_player": "2"})


def test_hexemonia_turn_action_named_for_another_player_is_refused_naming_the_turn():
    state = hexemonia()
    assert state.active == 0
    err = refused(HEXEMONIA, state, "take", player=2, hexes=2)
    assert isinstance(err, WrongPlayer) and str(err) == "it is Ana's turn, not Chen's"
    assert err.rule == "Hexemonia rulebook, Turno di gioco" and err.field == "player"
    after = do(HEXEMONIA, state, "take", player=0, hexes=2)
    assert after.players[0].hand == state.players[0].hand + 2
    assert after.players[2].hand == state.players[2].hand


def test_hexemonia_end_of_turn_names_its_turn_and_a_second_tap_is_refused():
    state = do(HEXEMONIA, hexemonia(), "take", player=0, hexes=2)
    state = do(HEXEMONIA, state, "political_check", player=0)
    named = HEXEMONIA.step_fields(state, "end_turn")
    assert named == {"turn": state.turn}
    after = do(HEXEMONIA, state, "end_turn", player=0, **named)
    assert after.active == 1
    err = refused(HEXEMONIA, after, "end_turn", player=1, **named)  # even named for Ben
    assert str(err) == f"turn {named['turn']} was already ended; the table is at turn " \
                       f"{after.turn}"
    assert err.field == "turn"


# ---------------------------------------------------------------------------------- Hadara

def hadara():
    return HADARA.new_game({"players": [
        {"name": n, "initiative": i, "side": "A", "coins": 10, "income": 0, "military": 0,
         "culture": 0, "food": 0} for n, i in (("Ana", 2), ("Ben", 1), ("Chen", 3))]})


def to_phase_b(state):
    for _ in range(5):
        for seat in range(3):
            state = do(HADARA, state, "sell", player=seat)
    state = do(HADARA, state, "next")
    state = do(HADARA, state, "income")
    state = do(HADARA, state, "next")
    state = do(HADARA, state, "next")
    assert (state.phase, state.step) == ("B", "cards")
    return state


def test_hadara_close_names_its_step_and_a_second_close_is_refused():
    state = to_phase_b(hadara())
    for _ in range(15):  # the board's face-up cards, taken in turn
        state = do(HADARA, state, "sell", player=HADARA.turn_of(state, "sell"),
                       colour=open_pile(state))
    state = do(HADARA, state, "next")
    state = do(HADARA, state, "income")
    assert state.step == "colony"
    named = HADARA.step_fields(state, "next")
    assert named == {"closing": "1B.colony"}
    after = do(HADARA, state, "next", **named)
    assert after.step == "statue"
    err = refused(HADARA, after, "next", **named)  # the same tap, 200 ms later
    assert str(err) == ("this step (Take a colony, epoch I, phase B) was already closed; the "
                        "table is at 'Carve a statue'")
    assert err.field == "closing" and err.rule == "Hadara rulebook, Take a Colony"
    assert refused(HADARA, after, "next", closing="9Z.nothing").field == "closing"


def test_hadara_phase_b_cards_go_in_turn_and_a_second_sell_for_the_same_player_is_refused():
    state = to_phase_b(hadara())
    # epoch I: the lowest initiative (Ben) is first, then clockwise: Chen, Ana
    assert HADARA.turn_of(state, "sell") == 1
    err = refused(HADARA, state, "sell", player=0)
    assert isinstance(err, WrongPlayer) and str(err) == "it is Ben's turn, not Ana's"
    assert err.rule == "Hadara rulebook, Take a Faceup Card"
    state = do(HADARA, state, "sell", player=1, colour="red")
    coins = state.players[1].coins
    err = refused(HADARA, state, "sell", player=1, colour="red")  # a second phone tapped it too
    assert str(err) == "it is Chen's turn, not Ben's"
    assert do(HADARA, state, "sell", player=2, colour="red").players[1].coins == coins


def test_hadara_phase_a_card_names_its_round_so_a_repeat_after_the_round_ended_is_refused():
    state = hadara()
    state = do(HADARA, state, "sell", player=0, round=1)
    state = do(HADARA, state, "sell", player=1, round=1)
    assert HADARA.card_round(state, 2) == 1 and HADARA.card_round(state, 0) == 2
    state = do(HADARA, state, "sell", player=2, round=1)  # the last of round 1
    assert state.round == 2
    coins = state.players[2].coins
    err = refused(HADARA, state, "sell", player=2, round=1)  # a second phone, same button
    assert str(err) == "Chen's card for round 1 is already recorded; the table is at round 2"
    assert err.field == "round"
    assert do(HADARA, state, "sell", player=2, round=2).players[2].coins > coins


def test_hadara_turn_and_step_refusals_start_in_lower_case_and_name_the_epoch_in_roman():
    """The review's H4-11: "It is Ana's turn" began with a capital unlike every other refusal
    (a page shows them after "Not recorded."), and a step refusal names "epoch I, phase A"."""
    state = hadara()
    err = refused(HADARA, state, "medal", player=0, medal="gold", price=5)
    assert str(err) == ("this belongs to the step 'Buy silver or gold medals'; the table is at "
                        "'Draw and buy or sell' of epoch I, phase A")
    err = refused(HADARA, to_phase_b(state), "buy", player=0, colour="red", cost=1, points=0)
    assert isinstance(err, WrongPlayer) and str(err)[0].islower()
    for rules, state, kind, data in (
            (TRADEWARZ, tradewarz(), "end_of_spring", {"year": 9}),
            (HEXEMONIA, hexemonia(), "take", {"player": 1, "hexes": 2})):
        assert str(refused(rules, state, kind, **data))[0].islower(), kind
