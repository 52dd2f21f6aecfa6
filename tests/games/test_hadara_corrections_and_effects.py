"""Hadara: purple effects (recorded when bought, shown, lost with their card), corrections by hand
of everything the boards hold ("the table is the truth"), and words that count in the singular
and the plural. Rulebook sections in the names: "Buy 1 Card", "Feed Your People", "Take a
Colony", "Carve a Statue", "Buy Silver or Gold Medals"."""
import pytest

from companion.games import get_game
from companion.games.core import (
    IllegalAction,
    InvalidInput,
    Text,
    tn,
    words_are_plain,
    words_from_json,
    words_to_json,
)
from companion.games.hadara.cards import open_pile
from companion.games.hadara.feeding import removal_order, suggest_removal

H = get_game("hadara")
TRUTH = "The table is the truth"
CORRECTIONS = ("correct_card", "correct_colony", "correct_statue", "correct_medal",
               "correct_effect")


def seat(name, initiative, coins=30, income=0, military=0, culture=0, food=0):
    return {"name": name, "initiative": initiative, "side": "A", "coins": coins,
            "income": income, "military": military, "culture": culture, "food": food}


def two(**kw):
    return H.new_game({"players": [seat("Ana", 1, **kw), seat("Ben", 2, **kw)]})


def do(state, kind, **data):
    return H.apply(state, kind, H.check_action(state, kind, data))


def said(state, kind, **data):
    return str(H.describe(state, kind, H.check_action(state, kind, data)))


def refused(state, kind, **data) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        do(state, kind, **data)
    assert H.problems(state, kind, H.check_action(state, kind, data))  # "Can I do this?" agrees
    return err.value


def to_feed(state):
    while state.step != "feed":
        waiting = [i for i in range(len(state.players)) if i not in state.acted]
        if state.step == "cards" and state.phase == "A" and waiting:
            for i in waiting:
                state = do(state, "sell", player=i)
        elif state.step == "cards" and state.phase == "B" and H.turn_of(state, "sell") is not None:
            state = do(state, "sell", player=H.turn_of(state, "sell"), colour=open_pile(state))
        elif state.step == "income":
            state = do(state, "income")
        else:
            state = do(state, "next")
    return state


# ------------------------------------------------------------------- purple effects (D5)

def test_a_purple_card_bought_keeps_its_effect_and_what_it_changes():
    state = do(two(), "buy", player=0, colour="purple", cost=2, points=1,
               effect="red cards cost 1 less", effect_changes="prices")
    card = state.players[0].cards[0]
    assert (card.effect, card.effect_changes) == ("red cards cost 1 less", "prices")
    assert state.players[0].purples == (card,)


def test_the_purchase_history_names_the_effect_bought():
    words = said(two(), "buy", player=0, colour="purple", cost=2, effect="+1 point per colony",
                 effect_changes="scoring")
    assert "effect “+1 point per colony” (final scoring)" in words


@pytest.mark.parametrize("kind, extra", [("buy", {"cost": 1}), ("correct_card", {"change": "add"})])
def test_only_a_purple_card_carries_an_effect_on_every_path(kind, extra):
    err = refused(two(), kind, player=0, colour="red", effect="anything", **extra)
    assert "only purple cards carry effects" in str(err)


def test_what_an_effect_changes_needs_the_effects_words():
    err = refused(two(), "buy", player=0, colour="purple", cost=1, effect_changes="prices")
    assert "write the effect" in str(err)


def test_an_effects_words_have_a_length_limit():
    with pytest.raises(InvalidInput, match="limit is 60"):
        H.check_action(two(), "buy", {"player": 0, "colour": "purple", "cost": 1,
                                      "effect": "x" * 61})


def test_a_card_removed_when_feeding_takes_its_effect_with_it():
    state = do(two(), "buy", player=0, colour="purple", cost=0, effect="sell for 1 more")
    state = to_feed(state)
    assert state.players[0].food_shortfall == 1
    words = said(state, "remove", player=0, card=0)
    assert "its effect “sell for 1 more”" in words
    assert do(state, "remove", player=0, card=0).players[0].purples == ()


def test_feeding_advice_keeps_the_effect_card_when_both_cards_lose_the_same_points():
    state = do(two(food=1), "buy", player=0, colour="purple", cost=0, effect="extra income")
    state = do(state, "sell", player=1)
    state = do(state, "buy", player=0, colour="red", cost=0)
    state = to_feed(state)
    assert suggest_removal(state.players[0]) == (1,)  # the red card, not the effect


def scoring_card_and_a_blue_point(state):
    """Ana holds a 0-point purple card whose effect changes final scoring, then a blue card
    printed 1 point; one card too many for her food."""
    state = do(state, "buy", player=0, colour="purple", cost=0, effect="3 points per purple card",
               effect_changes="scoring")
    state = do(state, "sell", player=1)
    return to_feed(do(state, "buy", player=0, colour="blue", cost=0, points=1))


def test_feeding_advice_never_offers_a_scoring_effect_card_as_the_fewest_points_lost():
    state = scoring_card_and_a_blue_point(two(food=1))
    ana = state.players[0]
    assert ana.food_shortfall == 1
    assert suggest_removal(ana) == (1,)  # the blue card's 1 point, not the unknown effect
    assert [i for i, _ in removal_order(ana)][-1] == 0  # offered last of all
    assert "not counted" not in " ".join(str(x) for x in H.guide(state))


def test_feeding_advice_says_a_scoring_effect_is_not_counted_when_only_it_can_go():
    state = do(two(food=0), "buy", player=0, colour="purple", cost=0, effect="2 per colony",
               effect_changes="scoring")
    state = to_feed(state)
    assert suggest_removal(state.players[0]) == (0,)
    guide = " ".join(str(x) for x in H.guide(state))
    assert "effect on final scoring is not counted" in guide


def test_a_card_removed_by_a_correction_takes_its_effect_with_it():
    state = do(two(), "correct_card", player=0, change="add", colour="purple", points=2,
               effect="discount")
    state = do(state, "correct_card", player=0, change="remove", colour="purple", points=2)
    assert state.players[0].cards == ()


# ---------------------------------------------------- corrections: "the table is the truth"

@pytest.mark.parametrize("kind", CORRECTIONS)
def test_each_correction_is_logged_as_one_under_the_table_is_the_truth(kind):
    spec = H.spec(kind)
    assert spec.correction and spec.rule == TRUTH


def test_corrections_stay_offered_in_every_step_and_after_the_game():
    state = two()
    assert set(CORRECTIONS) <= set(H.available(state))
    over = state
    for _ in range(3):
        over = to_feed(over)
        over = do(do(over, "next"), "next")
    assert H.is_over(over) and set(CORRECTIONS) <= set(H.available(over))


def test_a_card_added_by_hand_raises_its_tracks_and_removed_lowers_them_coins_unchanged():
    state = do(two(military=1), "correct_card", player=0, change="add", colour="red",
               military=2, points=1)
    p = state.players[0]
    assert (p.count("red"), p.track("military"), p.coins) == (1, 3, 30)
    p = do(state, "correct_card", player=0, change="remove", colour="red", military=2,
           points=1).players[0]
    assert (p.count("red"), p.track("military"), p.coins) == (0, 1, 30)


def test_a_card_correction_says_what_changed_from_what_to_what():
    words = said(two(military=1), "correct_card", player=0, change="add", colour="red",
                 military=2, points=1)
    assert words.startswith("Correction: Ana: added a red card (military +2; 1 point)")
    assert "military 1 → 3" in words and "red cards 0 → 1" in words


def test_removing_a_card_the_player_does_not_hold_is_refused_naming_it():
    state = do(two(), "correct_card", player=0, change="add", colour="red", military=2)
    err = refused(state, "correct_card", player=0, change="remove", colour="red", military=1)
    assert "Ana has no red card with these values (military +1) and 0 points" in str(err)
    assert err.rule == TRUTH


def test_a_colony_added_by_hand_obeys_one_per_level_as_taking_one_does():
    state = do(two(), "correct_colony", player=0, change="add", requirement=3, points=5)
    err = refused(state, "correct_colony", player=0, change="add", requirement=3, points=2)
    assert "one per requirement level" in str(err)
    assert err.rule == "Hadara rulebook, Take a Colony"


def test_a_sixth_colony_is_refused_by_a_correction_too():
    state = two()
    for level in range(1, 6):
        state = do(state, "correct_colony", player=0, change="add", requirement=level, points=1)
    err = refused(state, "correct_colony", player=0, change="add", requirement=7, points=1)
    assert "there are only 5 levels" in str(err)


def test_an_integrated_colony_corrected_away_takes_its_reverse_side_values():
    state = do(two(culture=1), "correct_colony", player=0, change="add", requirement=2,
               points=4, side="integrated", culture=2)
    assert state.players[0].track("culture") == 3
    words = said(state, "correct_colony", player=0, change="remove", requirement=2)
    assert "removed the colony of military 2" in words and "culture 3 → 1" in words
    p = do(state, "correct_colony", player=0, change="remove", requirement=2).players[0]
    assert (p.colonies, p.track("culture")) == ((), 1)


def test_removing_a_colony_not_held_is_refused():
    err = refused(two(), "correct_colony", player=0, change="remove", requirement=4)
    assert "Ana holds no colony of requirement 4" in str(err)


def carve(state, statue=1, track="food", side="up", value=2, player=0):
    return do(state, "correct_statue", player=player, change="carve", statue=statue, points=3,
              tile_track=track, tile_side=side, tile_value=value)


def test_a_statue_carved_by_hand_is_carved_once_as_carving_it_is():
    err = refused(carve(two()), "correct_statue", player=0, change="carve", statue=1,
                  tile_track="income")
    assert "already carved statue 1; each statue once" in str(err)


def test_a_statue_carved_by_hand_needs_a_bonus_tile_of_a_colour_left():
    state = carve(carve(two(), 1), 2)  # both food tiles used
    err = refused(state, "correct_statue", player=0, change="carve", statue=3, tile_track="food")
    assert "both food bonus tiles" in str(err)
    err = refused(state, "correct_statue", player=0, change="carve", statue=3)
    assert "choose the colour of the bonus tile" in str(err)


def test_turning_a_statues_tile_over_moves_its_value_between_track_and_points():
    state = carve(two(food=1), value=2)
    assert state.players[0].track("food") == 3
    state = do(state, "correct_statue", player=0, change="flip", statue=1)
    p = state.players[0]
    assert (p.track("food"), p.statues[0].face_up) == (1, False)
    assert H.score(state).sheets[0].lines[1].points == 3 + 2  # statue + face-down tile
    state = do(state, "correct_statue", player=0, change="flip", statue=1)
    assert state.players[0].track("food") == 3


def test_uncarving_a_statue_takes_its_tile_and_track_value_off():
    state = do(carve(two(food=1)), "correct_statue", player=0, change="uncarve", statue=1)
    p = state.players[0]
    assert (p.statues, p.track("food"), p.tiles_used("food")) == ((), 1, 0)


def test_uncarving_or_turning_a_statue_not_carved_is_refused():
    for change in ("uncarve", "flip"):
        err = refused(two(), "correct_statue", player=0, change=change, statue=2)
        assert "Ana has not carved statue 2" in str(err)


def test_a_silver_medal_added_by_hand_names_its_track_and_shares_the_tiles():
    err = refused(two(), "correct_medal", player=0, change="add", medal="silver")
    assert "a silver medal names the track" in str(err)
    state = carve(carve(two(), 1, "culture"), 2, "culture")
    err = refused(state, "correct_medal", player=0, change="add", medal="silver",
                  track="culture")
    assert "both culture bonus tiles" in str(err)


def test_medals_added_by_hand_stop_at_two_of_each():
    state = two()
    for _ in range(2):
        state = do(state, "correct_medal", player=0, change="add", medal="gold")
        state = do(state, "correct_medal", player=1, change="add", medal="silver", track="food")
    assert "2 gold medals, the most" in str(refused(state, "correct_medal", player=0,
                                                    change="add", medal="gold"))
    assert "2 silver medals, the most" in str(refused(state, "correct_medal", player=1,
                                                      change="add", medal="silver",
                                                      track="income"))


def test_a_silver_medal_removed_names_the_track_it_was_on():
    state = do(two(), "correct_medal", player=0, change="add", medal="silver", track="food")
    err = refused(state, "correct_medal", player=0, change="remove", medal="silver",
                  track="income")
    assert "Ana has no silver medal on income" in str(err)
    words = said(state, "correct_medal", player=0, change="remove", medal="silver", track="food")
    assert "silver medals food → none" in words
    assert do(state, "correct_medal", player=0, change="remove", medal="silver",
              track="food").players[0].silver == ()
    assert "Ana has no gold medal" in str(refused(two(), "correct_medal", player=0,
                                                  change="remove", medal="gold"))


def test_a_purple_cards_effect_is_corrected_from_what_to_what():
    state = do(two(), "buy", player=0, colour="purple", cost=0, effect="old words")
    words = said(state, "correct_effect", player=0, card=1, effect="new words",
                 effect_changes="scoring")
    assert "purple effects “old words” → “new words”" in words
    card = do(state, "correct_effect", player=0, card=1, effect="new words",
              effect_changes="scoring").players[0].cards[0]
    assert (card.effect, card.effect_changes) == ("new words", "scoring")


def test_an_effect_corrected_on_a_purple_card_not_held_is_refused_in_the_singular():
    state = do(two(), "buy", player=0, colour="purple", cost=0)
    err = refused(state, "correct_effect", player=0, card=2, effect="x")
    assert "Ana holds 1 purple card; there is no purple card 2" in str(err)


# ------------------------------------------------------------------------- plurals (D18)

def test_history_words_say_one_coin_and_one_point_in_the_singular():
    state = two()
    words = said(state, "buy", player=0, colour="purple", cost=1, points=1)
    assert "for 1 coin:" in words and "; 1 point" in words
    state = do(state, "buy", player=0, colour="purple", cost=1)
    state = do(state, "sell", player=1)
    words = said(state, "buy", player=0, colour="purple", cost=3, points=2)
    assert "for 2 coins:" in words and "1 purple card owned" in words and "2 points" in words


def test_coins_refusals_count_in_the_singular():
    err = refused(two(coins=1), "buy", player=0, colour="red", cost=3)
    assert "Ana has 1 coin;" in str(err)


def test_plural_words_keep_both_forms_through_the_stored_json():
    words = tn("{n} coin", "{n} coins", 1, name="Ana")
    stored = words_to_json(words)
    assert stored["pl"] == "{n} coins" and words_are_plain(stored)
    back = words_from_json(stored)
    assert isinstance(back, Text) and (str(back), back.template, back.plural) == (
        "1 coin", "{n} coin", "{n} coins")
    assert str(words_from_json({**stored, "p": {"n": 3}})) == "3 coins"
    assert not words_are_plain({**stored, "p": {"n": "3"}})  # a plural counts a number


def test_the_guide_reminds_the_buyer_of_effects_that_change_prices():
    state = do(two(), "buy", player=0, colour="purple", cost=0, effect="blue costs 1 less",
               effect_changes="prices")
    lines = [str(line) for line in H.guide(state)]
    assert any("Ana's effects on prices: “blue costs 1 less”" in line for line in lines)


def test_an_effects_saving_lowers_the_price_and_the_box_keeps_the_printed_cost():
    state = do(two(), "buy", player=0, colour="purple", cost=0, effect="blue costs 2 less",
               effect_changes="prices")
    state = do(do(state, "sell", player=1), "sell", player=0)  # round 2: Ana's next card
    state = do(state, "sell", player=1)
    data = H.check_action(state, "buy", {"player": 0, "colour": "blue", "cost": 5, "saved": 2})
    after = H.apply(state, "buy", data)
    assert state.players[0].coins - after.players[0].coins == 3
    (_, _, card), = H.box_records(state, "buy", data)
    assert card["cost"] == 5 and "saved" not in card  # offered back as printed, to everyone
    assert "−2 for effects" in str(H.describe(state, "buy", data))


def test_coins_taken_off_by_an_effect_need_a_purple_card_that_changes_prices():
    err = refused(two(), "buy", player=1, colour="blue", cost=5, saved=2)
    assert err.field == "saved" and "Ben holds no purple card whose effect changes prices" \
        in err.message


def test_the_final_guide_says_where_to_record_the_points_of_scoring_effects():
    state = do(two(food=1), "buy", player=0, colour="purple", cost=0, effect="+2 per statue",
               effect_changes="scoring")
    for _ in range(3):
        state = to_feed(state)
        state = do(do(state, "next"), "next")
    lines = [str(line) for line in H.guide(state)]
    assert any("Ana's effects on final scoring: “+2 per statue”" in line for line in lines)


def test_a_scoring_effects_points_recorded_by_the_table_count_on_the_score_pad():
    state = do(two(), "buy", player=0, colour="purple", cost=0, points=1, effect="+2 per statue",
               effect_changes="scoring")
    before = H.score(state).sheets[0]
    state = do(state, "effect_points", player=0, card=1, points=6)
    sheet = H.score(state).sheets[0]
    line = next(x for x in sheet.lines if x.id == "purple_effects")
    assert (line.points, sheet.total - before.total) == (6, 6)
    assert "purple_effects" not in [x.id for x in H.score(state).sheets[1].lines]
    assert "gives 7 points" in said(state, "effect_points", player=0, card=1, points=7)


def test_points_of_an_effect_need_a_held_purple_card_whose_effect_changes_scoring():
    state = do(two(), "buy", player=0, colour="purple", cost=0, effect="red costs 1 less",
               effect_changes="prices")
    assert refused(state, "effect_points", player=0, card=1, points=3).field == "card"
    assert refused(state, "effect_points", player=0, card=2, points=3).field == "card"


def test_a_guide_line_made_of_counted_words_keeps_both_forms():
    from companion.games.core import step
    line = step(tn("{n} card left", "{n} cards left", 2), "Hadara rulebook, Take a Faceup Card")
    assert (str(line), line.template, line.plural, line.rule) == (
        "2 cards left", "{n} card left", "{n} cards left", "Hadara rulebook, Take a Faceup Card")
