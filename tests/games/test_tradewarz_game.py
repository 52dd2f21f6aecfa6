"""A two-year game for three houses played through ``fold``: every number below is worked out by
hand from the rules (start 6 on every dial; costs from the setup's box data)."""
import pytest

from companion.games.core import Entry, IllegalAction
from companion.games.tradewarz import RULES, preview_spring

SETUP = {
    "players": [{"name": "Amber", "colour": "yellow"}, {"name": "Basalt", "colour": "red"},
                {"name": "Cedar", "colour": "blue"}],
    "end_mode": "years", "years": 2,
    "cost_settlement": "1 lumber + 1 wheat", "cost_village": "2 lumber + 2 mining + 2 wheat",
    "cost_castle": "4 lumber + 3 gold + 4 mining", "cost_tech_economy": "1 gold, 1 lumber, 1 wheat",
}
A, B, C = 0, 1, 2


def _battle(att, dfd, site, a, d):
    return ("battle", {"attacker": att, "defender": dfd, "site": site,
                       "attacker_soldiers": a[0], "attacker_card_s": a[1][0],
                       "attacker_card_k": a[1][1], "attacker_card_b": a[1][2],
                       "defender_soldiers": d[0], "defender_card_s": d[1][0],
                       "defender_card_k": d[1][1], "defender_card_b": d[1][2]})


# (a settlement stands no more marches from the capital than its house has marched: T27; a
# house takes a trading post right after its own March: T28)
YEAR_1 = [
    ("resources", {"first": "gold"}),                                    # Summer: A
    ("recruit", {"count": 1}),                                           # B
    ("build", {"what": "village", "silo_wheat": 2}),                     # C
    ("march", {}),                                                       # Fall: A
    _battle(A, B, "field", (2, (4, 1, 1)), (2, (1, 2, 0))),             # A 6 beats B 3
    ("hold_post", {"house": A, "post": 1}), ("hold_post", {"house": A, "post": 2}),  # (T28)
    ("retreat", {}),                                                     # B
    ("resources", {"first": "wheat"}),                                   # C
    ("build", {"what": "settlement", "silo_lumber": 1, "distance": 1}),  # Winter: A
    ("resources", {"first": "mining", "second": "lumber"}),              # B
    ("march", {}),                                                       # C
    ("recruit", {"count": 1}),                                           # Season 4: A
    ("resources", {"first": "gold"}),                                    # B
    ("recruit", {"count": 1}),                                           # C
    ("resources", {"first": "lumber"}),                                  # Spring: A
    ("march", {}),                                                       # B
    ("hold_post", {"house": B, "post": 3}),                              # its March (T28)
    ("build", {"what": "settlement", "silo_mining": 1, "distance": 1}),  # C
]
YEAR_2 = [
    ("end_of_spring", {}),
    ("build", {"what": "university", "tree": "economy", "level": 1}),   # Summer: A
    ("build", {"what": "village", "silo_lumber": 1, "silo_mining": 1}),  # B
    ("trade", {"house": C, "partner": A, "give_gold": 5, "get_lumber": 3}),
    ("build", {"what": "castle"}),                                       # C
    ("buy_tech", {"tech": "generate_tax"}),                              # Fall: A
    ("resources", {"first": "gold"}),                                    # B
    ("resources", {"first": "wheat"}),                                   # C
    ("march", {}),                                                       # Winter: A
    _battle(A, C, "castle", (2, (3, 2, 1)), (2, (2, 1, 1))),            # castle: C 6 beats A 5
    ("march", {}),                                                       # B
    ("retreat", {}),                                                     # C
    ("resources", {"first": "gold"}),                                    # Season 4: A
    ("build", {"what": "settlement", "silo_wheat": 1, "distance": 2}),   # B
    ("march", {}),                                                       # C
    ("build", {"what": "settlement", "silo_wheat": 1, "distance": 2}),   # Spring: A
    ("retreat", {}),                                                     # B
    ("build", {"what": "university", "tree": "military", "level": 1}),  # C
]


def _log(entries):
    return [Entry(i + 1, kind, RULES.check_action(RULES.new_game(SETUP), kind, data))
            for i, (kind, data) in enumerate(entries)]


def _fold(entries):
    return RULES.fold(SETUP, _log(entries))


def test_year_one_ends_with_the_spring_step_due_and_the_preview_breakdown():
    game = _fold(YEAR_1)
    assert game.phase == "spring_end" and game.year == 1
    assert [h.dials for h in game.houses] == [(8, 4, 6, 2), (8, 4, 7, 3), (6, 0, 4, 2)]
    preview = preview_spring(game)
    assert [h.dials for h in preview.houses] == [(13, 6, 7, 3), (12, 5, 8, 4), (10, 1, 6, 5)]
    amber = preview.for_house("Amber")
    assert any("2 trading posts" in ln.text for ln in amber)
    assert preview.houses[A].golden == ("battle", "posts")


def test_year_one_battle_and_end_of_spring_soldiers():
    game = _fold(YEAR_1 + YEAR_2[:1])
    assert [(h.soldiers, h.reserve, h.morale) for h in game.houses] == [
        (3, 7, 1), (3, 7, 1), (4, 6, 1)]
    assert (game.year, game.season, game.turn) == (2, 0, 0)


def test_castle_refused_while_lumber_is_short_then_built_after_a_trade():
    game = _fold(YEAR_1 + YEAR_2[:3])
    with pytest.raises(IllegalAction, match=r"4 lumber \(has 1\)"):
        RULES.apply(game, "build", {"what": "castle"})
    game = _fold(YEAR_1 + YEAR_2[:5])
    assert game.houses[C].castles == 1 and game.houses[C].dials == (2, 0, 2, 5)


def test_two_year_game_ends_and_ranks_by_xadlas():
    game = _fold(YEAR_1 + YEAR_2 + [("end_of_spring", {})])
    assert RULES.is_over(game) and "2 years played" in game.ended
    assert [h.dials for h in game.houses] == [(14, 3, 7, 3), (19, 4, 8, 3), (7, 1, 3, 10)]
    assert game.houses[A].golden == ("battle", "posts", "dial21", "posts")
    assert game.houses[C].golden == ("battle",)
    result = RULES.score(game)
    assert [s.total for s in result.sheets] == [6, 1, 2]
    assert [(p.place, p.names) for p in result.ranking] == [
        (1, ("Amber",)), (2, ("Cedar",)), (3, ("Basalt",))]
    assert result.sheets[A].lines[0].detail == ("1 × battle won, 2 × two trading posts, "
                                                "1 × a dial reached 21")


def test_undo_in_the_log_takes_back_the_last_action():
    log = _log(YEAR_1[:2]) + [Entry(3, "undo", {})]
    game = RULES.fold(SETUP, log)
    assert game.turn == B and game.houses[B].soldiers == 2
