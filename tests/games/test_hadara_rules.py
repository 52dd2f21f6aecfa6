"""Hadara's rules as the companion applies them (Hadara rulebook sections in the names)."""
import pytest

from companion.games import get_game
from companion.games.core import Entry, IllegalAction, InvalidInput
from companion.games.hadara.cards import open_pile, piles_left
from companion.games.hadara.feeding import suggest_removal
from companion.games.hadara.model import first_seat, never_first, turn_order

H = get_game("hadara")


def seat(name, initiative, coins=10, income=0, military=0, culture=0, food=0):
    return {"name": name, "initiative": initiative, "side": "A", "coins": coins,
            "income": income, "military": military, "culture": culture, "food": food}


def new(*players, **rulings):
    return H.new_game({"players": list(players), "rulings": rulings})


def do(state, kind, **data):
    return H.apply(state, kind, H.check_action(state, kind, data))


def buy(state, player, colour, cost, **extra):
    return do(state, "buy", player=player, colour=colour, cost=cost, **extra)


def three(**kw):
    return new(seat("Ana", 1, **kw), seat("Ben", 2, **kw), seat("Cy", 3, **kw))


def to_step(state, step):
    """Finish phase A's rounds by selling, then close steps until ``step``."""
    while state.step != step:
        if state.step == "cards" and state.phase == "A" and (state.round < 5 or len(
                state.acted) < len(state.players)):
            for i in range(len(state.players)):
                if i not in state.acted:
                    state = do(state, "sell", player=i)
        elif state.step == "cards" and state.phase == "B" and H.turn_of(state, "sell") is not None:
            state = do(state, "sell", player=H.turn_of(state, "sell"), colour=open_pile(state))
        elif state.step == "income":
            state = do(state, "income")
        else:
            state = do(state, "next")
    return state


def to_phase_b(state):
    """Phase A's five rounds sold, income paid, colony and statue steps closed."""
    while state.phase == "A":
        state = to_step(state, "statue")
        state = do(state, "next")
    return state


# ---------------------------------------------------------------- Determine the first player

@pytest.mark.parametrize("epoch, first", [(1, "Ana"), (2, "Ben"), (3, "Cy")])
def test_first_player_is_lowest_then_second_then_third_initiative(epoch, first):
    state = new(seat("Cy", 7), seat("Ana", 2), seat("Ben", 5), seat("Di", 9))
    assert state.players[first_seat(state.players, epoch)].name == first


@pytest.mark.parametrize("epoch, first", [(1, "Ana"), (2, "Ben"), (3, "Ana")])
def test_two_players_lowest_initiative_leads_epochs_one_and_three(epoch, first):
    state = new(seat("Ben", 8), seat("Ana", 3))
    assert state.players[first_seat(state.players, epoch)].name == first


def test_players_who_never_lead_get_one_coin_at_setup():
    state = new(seat("A", 1, coins=5), seat("B", 2, coins=5), seat("C", 3, coins=5),
                seat("D", 4, coins=5), seat("E", 5, coins=5))
    assert [p.coins for p in state.players] == [5, 5, 5, 6, 6]
    assert never_first(state.players) == (3, 4)


def test_two_players_the_other_player_gets_the_coin():
    state = new(seat("A", 4, coins=5), seat("B", 1, coins=5))
    assert [p.coins for p in state.players] == [6, 5]


def test_three_players_all_lead_once_so_nobody_gets_a_coin():
    assert [p.coins for p in three(coins=5).players] == [5, 5, 5]


# ----------------------------------------------------------------------------------- setup

def test_setup_reports_every_problem_at_once():
    with pytest.raises(InvalidInput) as err:
        H.new_game({"players": [seat("", 1), {**seat("B", 1), "coins": -3},
                                {**seat("C", 2), "name": "x" * 10000}]})
    fields = {p.field for p in err.value.problems}
    assert {"players[0].name", "players[1].coins", "players[2].name", "players"} <= fields


@pytest.mark.parametrize("count", [1, 6])
def test_hadara_takes_two_to_five_players(count):
    with pytest.raises(InvalidInput, match="2 to 5"):
        new(*[seat(f"P{i}", i + 1) for i in range(count)])


# -------------------------------------------------------------------------- buy and sell

@pytest.mark.parametrize("owned, printed, price", [(0, 5, 5), (2, 5, 3), (4, 3, 0), (1, 0, 0)])
def test_card_costs_printed_minus_cards_of_its_colour_never_below_zero(owned, printed, price):
    # five players: phase B's red pile holds five cards (one discarded by each player)
    state = to_phase_b(new(seat("Ana", 1, coins=50),
                           *(seat(n, i + 2) for i, n in enumerate(("Ben", "Cy", "Di", "Ed")))))
    for _ in range(owned):  # phase B's face-up cards may share a colour; Ana, then the others
        state = buy(state, 0, "red", 0)
        for other in range(1, 5):  # the others sell face-up cards of other colours
            pile = next(c for c, n in piles_left(state).items() if n and c != "red")
            state = do(state, "sell", player=other, colour=pile)
    before = state.players[0].coins
    state = buy(state, 0, "red", printed)
    assert before - state.players[0].coins == price


def test_buying_raises_the_cards_tracks():
    state = buy(three(), 0, "yellow", 2, income=2, food=1, points=3)
    p = state.players[0]
    assert (p.track("income"), p.track("food"), len(p.cards)) == (2, 1, 1)


def test_buying_is_refused_when_coins_are_short():
    with pytest.raises(IllegalAction, match="has 1 coin; this red card costs 4"):
        buy(three(coins=1), 0, "red", 4)


@pytest.mark.parametrize("epoch, coins", [(1, 2), (2, 3), (3, 4)])
def test_selling_pays_two_three_four_coins_by_epoch(epoch, coins):
    state = three(coins=0)
    while state.epoch != epoch:
        state = to_step(state, "medals")
        state = do(state, "next")
    before = state.players[1].coins
    state = do(state, "sell", player=1)
    assert state.players[1].coins - before == coins


def test_phase_a_each_player_keeps_one_card_a_round():
    state = do(three(), "sell", player=0)
    with pytest.raises(IllegalAction, match="already bought or sold a card in round 1"):
        do(state, "sell", player=0)


def test_phase_a_has_five_rounds_before_income():
    state = three()
    for _ in range(4):
        for i in range(3):
            state = do(state, "sell", player=i)
    with pytest.raises(IllegalAction, match="round 5 is still open"):
        do(state, "next")
    state = to_step(state, "income")
    assert state.round == 5 and state.step == "income"


def test_income_example_income_twelve_gains_twelve_coins():
    state = to_step(new(seat("Ana", 1, coins=3, income=12), seat("Ben", 2, coins=0)), "income")
    before = state.players[0].coins
    state = do(state, "income")
    assert state.players[0].coins - before == 12 and state.step == "colony"


# -------------------------------------------------------------------------------- colonies

def colony(state, player, requirement, choice="plunder", coins=2, points=4, **tracks):
    """``player`` takes a colony; the players before them in this step's turn pass first."""
    for seat in turn_order(state):
        if seat == player or seat in state.acted:
            break
        state = do(state, "no_colony", player=seat)
    return do(state, "colony", player=player, requirement=requirement, points=points,
              choice=choice, coins=coins, **tracks)


def test_colonies_are_taken_in_turn_from_the_first_player_clockwise():
    state = to_step(three(military=5), "colony")  # epoch I: Ana (initiative 1) is first
    assert turn_order(state) == (0, 1, 2) and H.turn_of(state, "colony") == 0
    with pytest.raises(IllegalAction, match="it is Ana's turn, not Ben's") as err:
        do(state, "colony", player=1, requirement=3, points=3, choice="plunder", coins=3)
    assert err.value.rule == "Hadara rulebook, Take a Colony"
    assert H.problems(state, "colony", H.check_action(state, "colony", {
        "player": 1, "requirement": 3, "points": 3, "choice": "plunder", "coins": 3}))
    state = do(state, "colony", player=0, requirement=3, points=3, choice="plunder", coins=3)
    assert H.turn_of(state, "colony") == 1
    with pytest.raises(IllegalAction, match="it is Ben's turn, not Cy's"):
        do(state, "no_colony", player=2)


def test_a_player_may_take_no_colony_and_the_turn_goes_on_clockwise():
    state = to_step(three(military=5), "colony")
    state = do(state, "no_colony", player=0)
    assert H.describe(state, "no_colony", {"player": 0}).endswith("took no colony in this step")
    assert H.turn_of(state, "colony") == 1 and not state.players[0].colonies
    with pytest.raises(IllegalAction, match="Ana already took a colony or passed"):
        do(state, "colony", player=0, requirement=3, points=3, choice="plunder", coins=3)
    state = do(state, "colony", player=1, requirement=3, points=3, choice="plunder", coins=3)
    state = do(state, "no_colony", player=2)
    assert H.turn_of(state, "colony") is None
    assert do(state, "next").step == "statue"  # nobody is waited for: no "close anyway"


def test_a_stored_colony_of_an_older_log_taken_out_of_turn_still_replays_as_recorded():
    state = to_step(three(military=5), "colony")
    older = {"player": 1, "requirement": 3, "points": 3, "choice": "plunder", "coins": 3,
             "income": 0, "military": 0, "culture": 0, "food": 0}  # no in-turn mark
    after = H.replay(state, [Entry(1, "colony", older)], stored=True)
    assert len(after.players[1].colonies) == 1
    assert "in_turn" in H.check_action(state, "colony", older)  # a tap today is marked


def test_colony_needs_military_at_least_its_requirement():
    state = to_step(three(military=3), "colony")
    with pytest.raises(IllegalAction, match="military is 3; this colony needs 4"):
        colony(state, 0, 4)
    assert len(colony(state, 0, 3).players[0].colonies) == 1


def test_one_colony_per_step_and_one_per_requirement_level():
    state = to_step(three(military=9), "colony")
    state = colony(state, 0, 3)
    with pytest.raises(IllegalAction, match="one per step"):
        colony(state, 0, 6)
    state = do(state, "next")
    state = to_step(state, "colony")  # phase B's colony step
    with pytest.raises(IllegalAction, match="one per requirement level"):
        colony(state, 0, 3)
    assert len(colony(state, 0, 6).players[0].colonies) == 2


def test_plunder_gains_coins_and_integrate_pays_and_raises_tracks():
    state = to_step(three(military=5, coins=10), "colony")
    before = state.players[0].coins
    state = colony(state, 0, 5, "plunder", coins=3)
    assert state.players[0].coins == before + 3
    before = state.players[1].coins
    state = colony(state, 1, 5, "integrate", coins=4, culture=2, food=1)
    p = state.players[1]
    assert (p.coins, p.track("culture"), p.track("food")) == (before - 4, 2, 1)


def test_integrating_needs_the_coins():
    state = to_step(three(military=5, coins=0), "colony")  # 10 coins from selling
    with pytest.raises(IllegalAction, match="has 10 coins; integrating costs 40"):
        colony(state, 0, 5, "integrate", coins=40)


def test_a_colony_is_never_lost_when_military_drops():
    state = to_step(three(military=5), "colony")
    state = colony(state, 0, 5)
    state = do(state, "correct", player=0, value="military", delta=-5)
    assert len(state.players[0].colonies) == 1


# -------------------------------------------------------------------------------- statues

def statue(state, player, number=1, requirement=3, side="up", track="food", value=2, points=5):
    return do(state, "statue", player=player, statue=number, requirement=requirement,
              points=points, tile_track=track, tile_side=side, tile_value=value)


def test_statue_needs_culture_and_each_statue_is_carved_once():
    state = to_step(three(culture=3), "statue")
    with pytest.raises(IllegalAction, match="culture is 3; this statue needs 4"):
        statue(state, 0, requirement=4)
    state = statue(state, 0, number=1)
    state = to_step(do(state, "next"), "statue")
    with pytest.raises(IllegalAction, match="already carved statue 1"):
        statue(state, 0, number=1)


def test_face_up_tile_raises_its_track_and_face_down_scores_at_the_end():
    state = to_step(three(culture=5), "statue")
    state = statue(state, 0, side="up", track="food", value=2, points=5)
    state = statue(state, 1, side="down", track="income", value=3, points=5)
    assert state.players[0].track("food") == 2
    lines = {s.name: {ln.id: ln.points for ln in s.lines} for s in H.score(state).sheets}
    assert lines["Ana"]["statues"] == 5 and lines["Ben"]["statues"] == 8


# ------------------------------------------------------------------------------------ feed

def test_unfed_card_removal_lowers_its_tracks_and_pays_nothing():
    state = new(seat("Ana", 1, coins=30, food=1), seat("Ben", 2))
    state = buy(state, 0, "red", 0, military=2, points=1)
    state = do(state, "sell", player=1)
    state = buy(state, 0, "blue", 0, culture=1, points=4)
    state = to_step(state, "feed")
    p = state.players[0]
    assert p.food_shortfall == 1
    assert suggest_removal(p) == (0,)  # the red card loses fewer points
    coins = p.coins
    state = do(state, "remove", player=0, card=0)
    p = state.players[0]
    assert (p.track("military"), p.coins, p.food_shortfall, len(p.cards)) == (0, coins, 0, 1)


def test_removing_a_food_card_raises_the_shortfall_again_so_it_is_never_suggested():
    state = new(seat("Ana", 1, coins=30, food=0), seat("Ben", 2))
    state = buy(state, 0, "green", 0, food=1, points=0)
    state = do(state, "sell", player=1)
    state = buy(state, 0, "red", 0, points=2)
    state = to_step(state, "feed")
    assert state.players[0].food_shortfall == 1
    assert suggest_removal(state.players[0]) == (1,)
    removed = do(state, "remove", player=0, card=0)  # the food card
    assert removed.players[0].food_shortfall == 1  # still one too many


def test_removing_a_card_never_takes_a_track_corrected_by_hand_below_zero():
    state = new(seat("Ana", 1, coins=30, food=0), seat("Ben", 2))
    state = buy(state, 0, "red", 0, military=3, points=2)
    state = do(state, "sell", player=1)
    state = buy(state, 0, "blue", 0, points=1)
    state = do(state, "correct", player=0, value="military", delta=-2)  # the board shows 1
    state = to_step(state, "feed")
    p = do(state, "remove", player=0, card=0).players[0]
    assert p.track("military") == 0 and len(p.cards) == 1


def test_feeding_must_be_done_before_the_step_closes():
    state = new(seat("Ana", 1, coins=30), seat("Ben", 2))
    state = buy(state, 0, "red", 0)
    state = to_step(do(state, "sell", player=1), "feed")
    with pytest.raises(IllegalAction, match="Ana \\(1\\)"):
        do(state, "next")


# ---------------------------------------------------------------------------------- medals

def medal(state, player, kind, price=3, track="culture"):
    return do(state, "medal", player=player, medal=kind, price=price, track=track)


def test_at_most_two_silver_and_two_gold_medals_per_game():
    state = to_step(three(coins=50), "medals")
    for kind in ("silver", "silver", "gold", "gold"):
        state = medal(state, 0, kind, track="culture" if kind == "silver" else "income")
    for kind in ("silver", "gold"):
        with pytest.raises(IllegalAction, match=f"2 {kind} medals"):
            medal(state, 0, kind)


def test_medal_needs_its_price_in_coins():
    state = to_step(three(coins=2), "medals")  # 2 + 10 + 10 from selling in phases A and B
    with pytest.raises(IllegalAction, match="has 22 coins; the medal costs 50"):
        medal(state, 0, "gold", price=50)


def test_bonus_tiles_are_two_per_track_colour():
    state = to_step(three(culture=9, coins=50), "statue")
    state = statue(state, 0, number=1, track="culture")
    state = to_step(do(state, "next"), "statue")
    state = statue(state, 0, number=2, track="culture")
    state = to_step(do(state, "next"), "medals")
    with pytest.raises(IllegalAction, match="both culture bonus tiles"):
        medal(state, 0, "silver", track="culture")


# -------------------------------------------------------------------------------- scoring

# Ana's food track feeds her 10 cards, and the 12 of the gold-medal case below (Feed Your People)
FACTS = {"players": [
    {"name": "Ana", "coins": 13, "tracks": {"income": 5, "military": 9, "culture": 7, "food": 12},
     "cards": {c: {"count": 2, "points": 3} for c in ("yellow", "red", "blue", "green", "purple")},
     "colonies": [5, 7], "statues": [6], "face_down_tiles": [2], "silver_medals": ["culture",
                                                                                   "military"],
     "gold_medals": 2},
    {"name": "Ben", "coins": 4, "tracks": {"income": 1, "military": 1, "culture": 1, "food": 1},
     "cards": {"red": {"count": 1, "points": 2}}},
]}


def lines_of(result, name):
    sheet = next(s for s in result.sheets if s.name == name)
    return {ln.id: ln.points for ln in sheet.lines}, sheet.total


def test_final_score_has_the_six_lines_of_the_rulebook():
    lines, total = lines_of(H.score_payload(FACTS), "Ana")
    # colonies 12; statues 6 + 2; silver ceil(7/2)+ceil(9/2)=4+5; gold 7*2 sets*2 medals = 28;
    # cards 5 colours * 3; coins 13 // 5 = 2
    assert lines == {"colonies": 12, "statues": 8, "silver_medals": 9, "gold_medals": 28,
                     "cards": 15, "coins": 2}
    assert total == sum(lines.values())


def test_gold_medal_sets_need_purple_too_ruling_had3():
    facts = {"players": [dict(FACTS["players"][0], cards={c: {"count": 3, "points": 0} for c in
                                                           ("yellow", "red", "blue", "green")}),
                         FACTS["players"][1]]}
    assert lines_of(H.score_payload(facts), "Ana")[0]["gold_medals"] == 0


def tie(coins_a, coins_b, **rulings):
    p = {"tracks": {}, "cards": {}}
    return H.score_payload({"players": [{**p, "name": "A", "coins": coins_a},
                                        {**p, "name": "B", "coins": coins_b}],
                            "rulings": rulings})


def test_tie_goes_to_coins_left_after_paying_for_points_by_default_had1():
    # 9 coins -> 1 point, 4 left; 5 coins -> 1 point, 0 left
    result = tie(9, 5)
    assert [(p.place, p.names, p.decided_by) for p in result.ranking] == [
        (1, ("A",), "coins"), (2, ("B",), "coins")]
    assert result.rulings["HAD-1"] == "remainder"


def test_tie_reading_all_coins_compares_every_coin_had1():
    result = tie(5, 9, **{"HAD-1": "all-coins"})
    assert result.ranking[0].names == ("B",) and result.rulings["HAD-1"] == "all-coins"
    assert tie(5, 9).ranking[0].names == ("B",)  # remainder 0 vs 4


def test_tie_on_leftover_coins_is_a_shared_victory():
    result = tie(7, 7)
    assert [(p.place, p.names, p.decided_by) for p in result.ranking] == [
        (1, ("A", "B"), "shared")]


def test_score_request_lists_every_problem():
    with pytest.raises(InvalidInput) as err:
        H.score_payload({"players": [
            {"name": "A", "coins": -1, "gold_medals": 3, "silver_medals": ["a", "b", "c"]},
            {"name": "A", "coins": "x", "tracks": {"speed": 1}}], "rulings": {"HAD-1": "both"}})
    fields = {p.field for p in err.value.problems}
    assert {"players[0].coins", "players[0].gold_medals", "players[0].silver_medals",
            "players[1].coins", "players[1].tracks.speed", "players", "rulings.HAD-1"} <= fields


def test_switching_had1_in_a_live_game_changes_the_tiebreak():
    state = H.apply(three(), "ruling", {"ruling": "HAD-1", "reading": "all-coins"})
    assert H.score(state).rulings["HAD-1"] == "all-coins"
    with pytest.raises(Exception, match="no reading"):
        H.apply(state, "ruling", {"ruling": "HAD-1", "reading": "dice"})


def test_fold_replays_the_log_and_undo_drops_the_last_action():
    setup = {"players": [seat("Ana", 1), seat("Ben", 2)]}
    log = [Entry(1, "sell", {"player": 0}), Entry(2, "sell", {"player": 1})]
    # Ben: 10 from his card, +1 for leading only epoch II of a two-player game, +2 for selling
    assert H.fold(setup, log).players[1].coins == 13
    assert H.fold(setup, log + [Entry(3, "undo", {})]).players[1].coins == 11


def test_game_ends_after_epoch_three():
    state = three()
    for _ in range(3):
        state = to_step(state, "medals")
        state = do(state, "next")
    assert H.is_over(state)
    with pytest.raises(IllegalAction, match="game is over"):
        do(state, "sell", player=0)


def test_feeding_advice_keeps_a_gold_medal_set_over_a_card_worth_one_point():
    """The review's counter-example: 2 gold medals, one card of each colour (blue worth 0), and
    a 1-point purple card too many. Removing the blue card breaks the set (−14); the purple
    costs 1."""
    from companion.games.hadara.feeding import points_lost
    from companion.games.hadara.model import Card, Player
    cards = (Card("yellow", 1, (1, 0, 0, 0), 2), Card("red", 1, (0, 1, 0, 0), 2),
             Card("blue", 1, (0, 0, 1, 0), 0), Card("green", 1, (0, 0, 0, 1), 2),
             Card("purple", 1, (0, 0, 0, 0), 2), Card("purple", 1, (0, 0, 0, 0), 1))
    p = Player("Ana", "", 1, "A", 0, (1, 1, 1, 5), cards, gold=2)
    assert p.food_shortfall == 1
    assert suggest_removal(p) == (5,)
    assert points_lost(p, (5,)) == 1 and points_lost(p, (2,)) == 14


def test_feeding_advice_keeps_the_track_a_silver_medal_scores():
    """A silver medal on culture scores half the culture track: the 0-point blue card that
    raises culture by 3 costs 2 points at the end; a 1-point red card costs 1."""
    from companion.games.hadara.model import Card, Player
    cards = (Card("blue", 1, (0, 0, 3, 0), 0), Card("red", 1, (0, 1, 0, 0), 1))
    p = Player("Ana", "", 1, "A", 0, (0, 1, 4, 1), cards, silver=("culture",))
    assert suggest_removal(p) == (1,)


def test_a_sixth_colony_is_refused_there_are_five_requirement_levels():
    state = three(military=9, coins=50)
    for level in range(1, 6):
        state = to_step(state, "colony")
        state = colony(state, 0, level)
        state = do(state, "next")
    assert len(state.players[0].colonies) == 5
    state = to_step(state, "colony")
    with pytest.raises(IllegalAction, match="already holds 5 colonies") as err:
        colony(state, 0, 6)
    assert err.value.rule == "Hadara rulebook, Take a Colony"


def test_a_silver_medal_must_name_its_track():
    state = to_step(three(coins=50), "medals")
    with pytest.raises(IllegalAction, match="a silver medal names the track") as err:
        do(state, "medal", player=0, medal="silver", price=3)
    assert err.value.field == "track"
    assert do(state, "medal", player=0, medal="gold", price=3).players[0].gold == 1


def test_a_statue_must_name_its_bonus_tiles_colour():
    state = to_step(three(culture=9), "statue")
    with pytest.raises(IllegalAction, match="colour of the bonus tile"):
        do(state, "statue", player=0, statue=1, requirement=1, points=1, tile_side="up",
           tile_value=1)


def test_a_correction_below_zero_cites_the_correction_not_a_rulebook_section():
    with pytest.raises(IllegalAction, match="cannot go below 0") as err:
        do(three(), "correct", player=0, value="culture", delta=-1)
    assert err.value.rule == "The table is the truth"


def test_setup_form_says_seats_go_clockwise():
    assert "clockwise" in str(H.player_fields[0].label)


def test_had1_why_cites_both_rulebooks_the_chinese_one_never_pays_coins():
    why = str(H.rulings["HAD-1"].why)
    assert "English rulebook" in why and "Chinese rulebook" in why


def test_a_refusal_for_another_step_names_the_epoch_as_the_app_does_elsewhere():
    state = three()
    with pytest.raises(IllegalAction) as err:
        colony(state, 0, 1)
    assert err.value.message == ("this belongs to the step 'Take a colony'; the table is at "
                                 "'Draw and buy or sell' of epoch I, phase A")
