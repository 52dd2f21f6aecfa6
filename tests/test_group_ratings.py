"""A group's ratings (openskill, per game, plays in order) and head-to-head, from plays alone."""
from __future__ import annotations

from datetime import date

from companion.groups.ratings import head_to_head, ratings
from companion.groups.stats import PlayFacts, Seat

ANA, BEN, CY = 1, 2, 3


def play(day: int, places: dict[int, int], game: str = "hadara") -> PlayFacts:
    return PlayFacts(date(2026, 1, day), game,
                     tuple(Seat(p, False, 10 - place, place) for p, place in places.items()))


PLAYS = [play(1, {ANA: 1, BEN: 2, CY: 3}), play(2, {ANA: 1, BEN: 1, CY: 3}),
         play(3, {ANA: 1, BEN: 2, CY: 3})]


def test_ratings_put_the_player_who_always_placed_higher_first():
    rated = ratings(PLAYS, "hadara")
    assert [r.player for r in rated] == [ANA, BEN, CY]
    assert [r.plays for r in rated] == [3, 3, 3]
    assert rated[0].mu > rated[1].mu > rated[2].mu


def test_a_shared_place_rates_both_players_alike():
    rated = {r.player: r for r in ratings([play(1, {ANA: 1, BEN: 2, CY: 2})], "hadara")}
    assert rated[BEN].mu == rated[CY].mu and rated[BEN].sigma == rated[CY].sigma
    assert rated[ANA].mu > rated[BEN].mu


def test_a_corrected_play_changes_the_ratings_worked_out_again():
    before = {r.player: r for r in ratings(PLAYS, "hadara")}
    corrected = PLAYS[:2] + [play(3, {ANA: 3, BEN: 2, CY: 1})]
    after = {r.player: r for r in ratings(corrected, "hadara")}
    assert after[ANA].mu < before[ANA].mu and after[CY].mu > before[CY].mu
    deleted = {r.player: r for r in ratings(PLAYS[:2], "hadara")}
    assert deleted[ANA].plays == 2 and deleted[ANA].sigma > before[ANA].sigma


def test_uncertainty_shrinks_with_every_play():
    sigmas = [next(r.sigma for r in ratings(PLAYS[:n], "hadara") if r.player == ANA)
              for n in (1, 2, 3)]
    assert sigmas[0] > sigmas[1] > sigmas[2]


def test_ratings_are_per_game():
    assert ratings(PLAYS, "tradewarz") == ()
    other = PLAYS + [play(4, {CY: 1, ANA: 2}, game="tradewarz")]
    assert [r.player for r in ratings(other, "tradewarz")] == [CY, ANA]
    assert ratings(other, "hadara") == ratings(PLAYS, "hadara")


def test_head_to_head_counts_plays_together_and_who_placed_above():
    plays = PLAYS + [play(4, {ANA: 2, CY: 1}, game="tradewarz"), play(5, {BEN: 1, CY: 2})]
    versus = head_to_head(plays, ANA, BEN)
    assert (versus.plays, versus.a_above, versus.b_above, versus.tied) == (3, 2, 0, 1)
    versus = head_to_head(plays, CY, ANA)
    assert (versus.plays, versus.a_above, versus.b_above, versus.tied) == (4, 1, 3, 0)
