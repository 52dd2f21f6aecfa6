"""The standing as the game stands (each player's score if the game ended now) and the story of a
game, told from its log: every number below is worked out by hand from the rules."""
import pytest

from companion.games import get_game
from companion.games.core import Entry, replace
from companion.games.core.story import MAX_POINTS, NOW, START, sample, tell
from companion.games.hadara.cards import open_pile
from tests.table_helpers import HEXEMONIA_SETUP, HEXEMONIA_TURNS

HADARA, TRADEWARZ, HEXEMONIA = (get_game(s) for s in ("hadara", "tradewarz", "hexemonia"))


class Table:
    """A game played entry by entry, each checked as a tap would be: its state and its log."""

    def __init__(self, rules, setup):
        self.rules, self.setup = rules, setup
        self.state, self.log = rules.new_game(setup), []

    def do(self, kind, /, **data):
        data = self.rules.check_action(self.state, kind, data)
        self.state = self.rules.apply(self.state, kind, data)
        self.log.append(Entry(len(self.log) + 1, kind, data))

    def story(self):
        return tell(self.rules, self.setup, self.log)


def chapter_ends(story):
    return {p.ended: p.totals for p in story.chapters}


def final_matches_score(rules, state):
    result, standing = rules.score(state), rules.standing(state)
    placed = {n: p.place for p in result.ranking for n in p.names}
    return standing.totals == tuple(s.total for s in result.sheets) and \
        standing.places == tuple(placed[s.name] for s in result.sheets)


# ---------------------------------------------------------------------------------- Hadara

def hadara_seat(name, initiative):
    return {"name": name, "initiative": initiative, "side": "A", "coins": 10, "income": 0,
            "military": 0, "culture": 0, "food": 5}


def finish_epoch(table):
    """Sell every card still to choose, pay income (none: income 0), close every step."""
    rules = table.rules
    while True:
        s = table.state
        if s.step == "cards" and s.phase == "A" and (s.round < 5 or len(s.acted) < 2):
            for i in range(2):
                if i not in s.acted:
                    table.do("sell", player=i)
        elif s.step == "cards" and s.phase == "B" and rules.turn_of(s, "sell") is not None:
            table.do("sell", player=rules.turn_of(s, "sell"), colour=open_pile(s))
        elif s.step == "income":
            table.do("income")
        else:
            ending = s.step == "medals"
            table.do("next")
            if ending:
                return


@pytest.fixture(scope="module")
def hadara():
    table = Table(HADARA, {"players": [hadara_seat("Ana", 1), hadara_seat("Ben", 2)]})
    table.do("buy", player=0, colour="red", cost=3, points=2)  # epoch I, round 1
    table.do("sell", player=1)
    finish_epoch(table)
    table.do("buy", player=1, colour="blue", cost=4, points=3)  # epoch II, round 1
    table.do("sell", player=0)
    finish_epoch(table)
    finish_epoch(table)
    return table


def test_hadara_standing_at_the_start_counts_the_starting_coins(hadara):
    # Ana 10 coins, Ben 10 + 1 for never leading an epoch but II: 2 points each (÷ 5)
    start = hadara.story().chapters[0]
    assert (start.step, start.totals, start.ended) == (0, (2, 2), START)


def test_hadara_standing_at_the_end_of_epoch_one_is_final_scoring_on_the_boards(hadara):
    # Ana: 10 − 3 for the red card + 9 cards sold × 2 = 25 coins (5 points) + the card's 2
    # Ben: 11 + 10 cards sold × 2 = 31 coins (6 points)
    assert chapter_ends(hadara.story())[1] == (7, 6)


def test_hadara_standing_at_the_end_of_epoch_two_breaks_its_tie_by_leftover_coins(hadara):
    # Ana: 25 + 10 sold × 3 = 55 coins (11) + 2 = 13; Ben: 31 − 4 for the blue card + 9 × 3
    # = 54 coins (10) + 3 = 13; tied, HAD-1: leftover coins 0 against 4 put Ben first
    story = hadara.story()
    assert chapter_ends(story)[2] == (13, 13)
    end_of_two = next(p for p in story.chapters if p.ended == 2)
    state = HADARA.fold(hadara.setup, hadara.log[:end_of_two.step])
    assert HADARA.standing(state).places == (2, 1)


def test_hadara_standing_at_the_end_equals_the_final_score(hadara):
    assert HADARA.is_over(hadara.state)
    # Ana: 55 + 10 × 4 = 95 coins (19) + 2 = 21; Ben: 54 + 40 = 94 (18) + 3 = 21
    assert chapter_ends(hadara.story())[3] == (21, 21)
    assert final_matches_score(HADARA, hadara.state)


def test_the_story_has_one_point_per_step_and_the_chapter_ends_in_order(hadara):
    story = hadara.story()
    assert [p.ended for p in story.chapters] == [START, 1, 2, 3]
    assert len(story.steps) == len(hadara.log) + 1 and story.over
    assert story.steps[-1].totals == story.chapters[-1].totals


def test_a_game_in_progress_ends_its_story_with_the_standing_now(hadara):
    story = tell(HADARA, hadara.setup, hadara.log[:40])
    assert [p.ended for p in story.chapters] == [START, 1, NOW]
    assert not story.over


def test_an_undone_step_is_not_in_the_story(hadara):
    log = hadara.log[:1] + [Entry(2, "undo", {})]
    story = tell(HADARA, hadara.setup, log)
    assert [p.totals for p in story.steps] == [(2, 2)]


def test_a_long_game_is_sampled_to_at_most_the_limit_first_and_last_kept():
    points = list(range(1000))
    kept = sample(points)
    assert len(kept) == MAX_POINTS and kept[0] == 0 and kept[-1] == 999
    assert sample(points[:50]) == tuple(points[:50])


# ------------------------------------------------------------------------------- TradeWarz

def battle(att, dfd, a, d):
    return {"attacker": att, "defender": dfd, "site": "field",
            "attacker_soldiers": a[0], "attacker_card_s": a[1][0], "attacker_card_k": a[1][1],
            "attacker_card_b": a[1][2], "defender_soldiers": d[0], "defender_card_s": d[1][0],
            "defender_card_k": d[1][1], "defender_card_b": d[1][2]}


@pytest.fixture(scope="module")
def tradewarz():
    amber, basalt = 0, 1
    table = Table(TRADEWARZ, {"players": [{"name": "Amber", "colour": "yellow"},
                                          {"name": "Basalt", "colour": "red"}],
                              "end_mode": "years", "years": 2})
    # each post is taken right after its house's own March (ruling T28)
    year_1 = [("resources", {"first": "gold"}), ("resources", {"first": "wheat"}),
              ("march", {}), ("battle", battle(amber, basalt, (2, (4, 1, 1)), (2, (1, 2, 0)))),
              ("hold_post", {"house": amber, "post": 1}),
              ("hold_post", {"house": amber, "post": 2}),
              ("retreat", {}), ("resources", {"first": "gold"}),
              ("resources", {"first": "wheat"}), ("recruit", {"count": 1}),
              ("recruit", {"count": 1}), ("retreat", {}), ("march", {}),
              ("hold_post", {"house": basalt, "post": 3}), ("end_of_spring", {})]
    year_2 = [("retreat", {}), ("march", {}),
              ("leave_post", {"house": amber, "post": 2}),
              ("hold_post", {"house": basalt, "post": 2}),
              ("resources", {"first": "gold"}), ("retreat", {}),
              ("resources", {"first": "wheat"}), ("resources", {"first": "wheat"}),
              ("recruit", {"count": 1}), ("recruit", {"count": 1}), ("march", {}),
              ("resources", {"first": "gold"}), ("end_of_spring", {})]
    for kind, data in year_1 + year_2:
        table.do(kind, **data)
    return table


def test_tradewarz_standing_at_the_end_of_year_one_counts_golden_and_silver_xadlas(tradewarz):
    # Amber: golden for the battle won and for two trading posts at the end of Spring, silver
    # for the two posts held: 4. Basalt: silver for post 3: 1.
    assert chapter_ends(tradewarz.story())[1] == (4, 1)


def test_tradewarz_standing_mid_year_two_follows_the_posts(tradewarz):
    # Amber leaves post 2 (silver 1), Basalt holds it (silver 2): 2 golden + 1 and 0 + 2
    story = tradewarz.story()
    after_post = next(p for p in story.steps if p.seq == 19)
    assert after_post.totals == (3, 2)


def test_tradewarz_standing_at_the_end_equals_the_final_score(tradewarz):
    state = tradewarz.state
    assert TRADEWARZ.is_over(state)
    # Amber: golden battle, posts (year 1) and a dial at 21 (gold), silver post 1: 4.
    # Basalt: golden for two posts (2 and 3) at the end of year 2, silver 2: 3.
    assert [h.golden for h in state.houses] == [("battle", "posts", "dial21"), ("posts",)]
    assert chapter_ends(tradewarz.story())[2] == (4, 3)
    assert final_matches_score(TRADEWARZ, state)


def test_tradewarz_standing_breaks_a_tie_by_strength_then_shares_it():
    state = TRADEWARZ.new_game({"players": [{"name": "Amber", "colour": "yellow"},
                                            {"name": "Basalt", "colour": "red"}]})
    assert TRADEWARZ.standing(state).places == (1, 1)  # every tie-break equal: shared
    stronger = replace(state.houses[1], soldiers=state.houses[1].soldiers + 1)
    state = replace(state, houses=(state.houses[0], stronger))
    assert TRADEWARZ.standing(state).places == (2, 1)


# ------------------------------------------------------------------------------- Hexemonia

@pytest.fixture(scope="module")
def hexemonia():
    table = Table(HEXEMONIA, HEXEMONIA_SETUP)
    for turn in HEXEMONIA_TURNS:
        for kind, data in turn:
            table.do(kind, **data)
    return table


def test_hexemonia_standing_at_the_end_of_round_one_leaves_face_down_acropolis_out(hexemonia):
    # Ana: an active Polis 2 + 1 gold on the Acropolis; Ben: an active Chora 1 + 1 gold;
    # Cy: two active Polis 4 + 1 gold. Athens's bonus (2 per Polis) is still face down.
    assert chapter_ends(hexemonia.story())[1] == (3, 2, 5)


def test_hexemonia_standing_after_the_war_moves_the_pasture(hexemonia):
    # Ana takes Ben's Pasture: Polis 2 + Chora 1 + gold 1 = 4; Ben keeps his gold: 1
    after_war = next(p for p in hexemonia.story().steps
                     if hexemonia.log[p.step - 1].kind == "attack")
    assert after_war.totals == (4, 1, 5)


def test_hexemonia_standing_at_the_end_equals_the_final_score(hexemonia):
    # the Acropolis turn face up: Athens adds 2 for Ana's one Polis
    assert HEXEMONIA.is_over(hexemonia.state)
    assert chapter_ends(hexemonia.story())[2] == (6, 1, 5)
    assert final_matches_score(HEXEMONIA, hexemonia.state)


def test_a_long_games_story_draws_at_most_the_limit_of_steps_and_ends_at_the_last(hadara):
    log = list(hadara.log)
    for i in range(300):  # coin corrections after the end: +1 then −1, seat by seat
        log.append(Entry(len(log) + 1, "correct",
                         {"player": (i // 2) % 2, "value": "coins", "delta": 1 - 2 * (i % 2)}))
    story = tell(HADARA, hadara.setup, log)
    assert len(story.steps) == MAX_POINTS
    assert (story.steps[0].step, story.steps[-1].step) == (0, len(log))
    assert story.steps[-1].totals == (21, 21)
    assert [p.ended for p in story.chapters] == [START, 1, 2, 3]
