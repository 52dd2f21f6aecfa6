"""'Can I do this?' in Hadara agrees with the actions: on many random legal states, each
question's yes or no is whether the action it asks about is accepted."""
import random

import pytest

from companion.games import get_game, questions_for
from companion.games.core import RulesError
from companion.games.hadara.questions import ACTION_OF

H = get_game("hadara")
QUESTIONS = questions_for("hadara")


def value(f, rnd, players):
    """A value an action's or a question's form accepts, mostly small (so that some are legal)."""
    if f.kind == "player":
        return rnd.randrange(players)
    if f.kind == "choice":
        return rnd.choice(f.choices)[0]
    if f.kind == "text":
        return ""
    if f.name == "food":  # cards without food, so that feeding has work to do
        return rnd.choice((0, 0, 0, 1))
    return rnd.randint(f.low, min(f.high, f.low + 4))


def new_game(rnd):
    n = rnd.randint(2, 5)
    return H.new_game({"players": [
        {"name": f"P{i}", "initiative": i + 1, "side": "A", "coins": rnd.randint(0, 12),
         "income": rnd.randint(0, 4), "military": rnd.randint(0, 6),
         "culture": rnd.randint(0, 6), "food": rnd.randint(0, 2)} for i in range(n)]})


def random_fields(spec, rnd, players):
    return {f.name: value(f, rnd, players) for f in spec.fields}


def play_random(rnd, moves):
    """The states a game passes through when random legal actions are tapped (refusals skipped).
    Closing a step is tried less often than the step's own actions, so the steps fill up."""
    state, seen = new_game(rnd), []
    for _ in range(moves):
        if H.is_over(state):
            break
        kinds = [k for k in H.available(state) if k not in ("ruling", "correct")]
        kind = rnd.choice(kinds + [k for k in kinds if k != "next"] * 3 + ["buy"] * 4
                          if "buy" in kinds else kinds + [k for k in kinds if k != "next"] * 3)
        data = random_fields(H.spec(kind), rnd, len(state.players))
        if kind in ("buy", "sell") and H.turn_of(state, kind) is not None:
            data["player"] = H.turn_of(state, kind)
        data.update(H.step_fields(state, kind))
        try:
            state = H.apply(state, kind, H.check_action(state, kind, data))
        except RulesError:
            continue
        seen.append(state)
    return seen


def accepted(state, kind, data):
    try:
        H.apply(state, kind, H.check_action(state, kind, data))
    except RulesError:
        return False
    return True


@pytest.mark.parametrize("seed", range(12))
def test_every_question_answers_yes_exactly_when_its_action_is_accepted(seed):
    rnd = random.Random(seed)
    states = play_random(rnd, 900)
    asked = {True: 0, False: 0}
    for state in rnd.sample(states, min(len(states), 120)):
        for question in QUESTIONS:
            kind, action = ACTION_OF[question.id]
            for _ in range(3):
                fields = random_fields(question.spec, rnd, len(state.players))
                answer = question.ask(state, fields)
                assert answer.yes == accepted(state, kind, action(fields)), (
                    question.id, fields, answer.summary, state)
                asked[answer.yes] += 1
    assert asked[True] and asked[False]  # both answers were put to the test


def test_the_random_games_reach_every_step():
    steps = {(s.phase, s.step) for seed in range(12)
             for s in play_random(random.Random(seed), 1500)}
    assert {("A", "cards"), ("A", "colony"), ("A", "statue"), ("B", "cards"), ("B", "feed"),
            ("B", "medals")} <= steps
