"""Every page of every table a real game reaches answers, in every language, and every score pad
on it adds up (issue 45): random legal games of every game, 2 players to the most, set up with
random box values and rulings, played from seated phones through the web layer with take-backs,
changes, undos and redos, every page opened every few steps. ``make soak`` walks many more
(WALK_EXAMPLES, WALK_STEPS) and prints what it found."""
from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from companion.games import GAMES
from tests.properties.reachable import (
    LANGS,
    SAME_FACTS,
    WalkedTable,
    check_pages,
    check_scores_agree,
    random_setup,
)

EXAMPLES = int(os.environ.get("WALK_EXAMPLES", "4"))
STEPS = int(os.environ.get("WALK_STEPS", "36"))
EVERY = 12  # accepted steps between two looks at every page

pytestmark = pytest.mark.filterwarnings("ignore::ResourceWarning")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """One server for every table of the module (each example is a new game on it)."""
    from companion import create_app
    folder = tmp_path_factory.mktemp("walk")
    app = create_app({"TESTING": True, "SECRET_KEY": "test-key", "CREATE_TABLES": True,
                      "DATABASE_URL": f"sqlite:///{folder / 'walk.sqlite'}"})
    yield app
    app.extensions["live"].close()
    app.extensions["db_engine"].dispose()


@pytest.mark.parametrize("slug", sorted(GAMES))
# no shrinking: a failing walk is reported by its seed as it was (a shorter one takes minutes)
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          phases=(Phase.explicit, Phase.generate),
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_every_page_of_a_reachable_table_answers_and_every_pad_adds_up(served, slug, data):
    rules = GAMES[slug]
    players = data.draw(st.integers(rules.min_players, rules.max_players), label="players")
    rnd = random.Random(data.draw(st.integers(0, 2**32 - 1), label="seed"))
    readings = {rid: rnd.choice(sorted(r.readings)) for rid, r in rules.rulings.items()
                if len(r.readings) > 1 and rnd.random() < 0.3}
    table = WalkedTable(served, rules, random_setup(rules, players, rnd), readings)
    payload_of, quick_of = SAME_FACTS[slug]
    for step in range(STEPS):
        if rnd.random() < 0.12:
            table.change_something(rnd)
        elif not table.tap(rnd):
            break
        if step % EVERY == EVERY - 1:  # one language at a time on the way, all at the end
            check_pages(table, (LANGS[step // EVERY % len(LANGS)],))
            check_scores_agree(table, payload_of, quick_of)
    check_pages(table)
    check_scores_agree(table, payload_of, quick_of)
    assert not table.found.problems, "\n".join(table.found.problems[:30])
