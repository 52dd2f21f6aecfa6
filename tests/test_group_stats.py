"""The group statistics are plain numbers from plays: checked against numbers this test works
out on its own, over random plays with shared places (competition ranking: 1, 1, 3)."""
from __future__ import annotations

import random
from datetime import date, timedelta

from companion.groups.stats import PlayFacts, Seat, game_stats, player_stats, ruling_counts

PEOPLE = (1, 2, 3, 4)


def places(totals: list[int]) -> list[int]:
    """Competition places from totals alone (1 + how many scored more)."""
    return [1 + sum(o > t for o in totals) for t in totals]


def random_plays(seed: int, n: int = 40) -> list[PlayFacts]:
    rnd = random.Random(seed)
    plays = []
    for i in range(n):
        who = rnd.sample(PEOPLE, rnd.randint(2, 4))
        lines = [{"a": rnd.randint(0, 5), "b": rnd.randint(0, 5)} for _ in who]
        totals = [ln["a"] + ln["b"] for ln in lines]
        first = rnd.randrange(len(who))
        seats = tuple(Seat(p, k == first, totals[k], pl, lines[k])
                      for k, (p, pl) in enumerate(zip(who, places(totals), strict=True)))
        plays.append(PlayFacts(date(2026, 1, 1) + timedelta(days=i), rnd.choice("xy"), seats,
                               {"R1": rnd.choice(["one", "two"])}))
    return plays


def test_wins_win_rate_and_scores_per_game_count_shared_first_places_as_wins():
    plays = random_plays(1)
    for person in PEOPLE:
        mine = [(p, s) for p in plays for s in p.seats if s.player == person]
        got = player_stats(plays, person)
        assert got.plays == len(mine)
        assert got.wins == sum(1 for _, s in mine if s.place == 1)
        assert abs(got.win_rate - got.wins / len(mine)) < 1e-9
        for game in "xy":
            scores = [s.total for p, s in mine if p.game == game]
            if scores:
                n, avg, best = got.games[game]
                assert (n, best) == (len(scores), max(scores))
                assert abs(avg - sum(scores) / len(scores)) < 1e-9
                assert [t for _, t in got.over_time[game]] == scores  # in the order played


def test_the_rival_who_beats_a_player_most_and_the_one_they_beat_most():
    plays = random_plays(2)
    for person in PEOPLE:
        beaten_by = dict.fromkeys(PEOPLE, 0)
        beat = dict.fromkeys(PEOPLE, 0)
        for p in plays:
            me = [s for s in p.seats if s.player == person]
            if me:
                for other in p.seats:
                    beaten_by[other.player] += other.place < me[0].place
                    beat[other.player] += other.place > me[0].place
        got = player_stats(plays, person)
        assert got.beaten_most_by[1] == max(beaten_by.values())
        assert beaten_by[got.beaten_most_by[0]] == max(beaten_by.values())
        assert beat[got.beats_most[0]] == got.beats_most[1] == max(beat.values())


def test_a_tie_that_stands_is_a_win_for_both_and_beats_nobody():
    tie = PlayFacts(date(2026, 1, 1), "x", (Seat(1, True, 10, 1), Seat(2, False, 10, 1),
                                            Seat(3, False, 4, 3)))
    assert player_stats([tie], 1).wins == player_stats([tie], 2).wins == 1
    assert player_stats([tie], 1).beaten_most_by is None
    assert player_stats([tie], 3).beaten_most_by == (1, 1)


def test_game_numbers_winning_score_high_scores_first_player_and_winning_lines():
    plays = random_plays(3)
    for game in "xy":
        these = [p for p in plays if p.game == game]
        got = game_stats(plays, game)
        winning = [max(s.total for s in p.seats if s.place == 1) for p in these]
        assert got.plays == len(these)
        assert abs(got.average_winning - sum(winning) / len(winning)) < 1e-9
        everyone = sorted((s.total for p in these for s in p.seats), reverse=True)
        assert [h[0] for h in got.high_scores] == everyone[:5]
        first_won = sum(1 for p in these for s in p.seats if s.first and s.place == 1)
        assert (got.first_wins, got.first_known) == (first_won, len(these))
        chance = sum(1 / len(p.seats) for p in these) / len(these)
        assert abs(got.first_expected - chance) < 1e-9
        for line in "ab":
            led = sum(1 for p in these
                      if any(s.place == 1 and s.lines[line] == max(o.lines[line] for o in p.seats)
                             for s in p.seats) and max(o.lines[line] for o in p.seats) > 0)
            assert got.line_wins.get(line, 0) == led


def test_a_line_nobody_scored_on_is_nobodys_winning_line():
    zero = PlayFacts(date(2026, 1, 1), "x", (Seat(1, True, 5, 1, {"gold": 0, "cards": 5}),
                                             Seat(2, False, 3, 2, {"gold": 0, "cards": 3})))
    assert game_stats([zero], "x").line_wins == {"cards": 1}


def test_each_ruling_reading_is_counted_per_game():
    plays = random_plays(4)
    got = ruling_counts(plays)
    for game in "xy":
        for reading in ("one", "two"):
            expected = sum(1 for p in plays if p.game == game and p.rulings["R1"] == reading)
            assert got.get(game, {}).get("R1", {}).get(reading, 0) == expected
