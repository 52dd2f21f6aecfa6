"""TradeWarz, the review's P3 findings of issue 48: the history says on whom a March marched
(T4-8); a correction refused for an impossible board cites the rulebook section, and the score
API's words for the same limit name it too (T4-9); a dial corrected beyond 21, which no dial
shows, is refused as a typo instead of turning into a golden Xadla (T4-10)."""
import pytest

from companion.games.core import IllegalAction, InvalidInput
from companion.games.tradewarz import RULES


def new():
    return RULES.new_game({"players": [{"name": x} for x in ("Ochre", "Rust", "Azure")]})


def act(state, kind, **data):
    return RULES.apply(state, kind, RULES.check_action(state, kind, data))


def test_the_history_says_on_whom_a_march_marched():
    state = new()
    said = RULES.describe(state, "march", RULES.check_action(state, "march", {"target": 1}))
    assert said.startswith("Ochre: March on Rust")
    assert RULES.describe(state, "march", RULES.check_action(state, "march", {})) == \
        "Ochre: March"  # not told on whom: as before


def test_a_correction_refused_for_an_impossible_board_cites_build_castle_and_the_correction_rule():
    with pytest.raises(IllegalAction) as err:
        act(new(), "correct", house=0, what="castles", value=1)  # no village under it
    assert err.value.message == ("a castle stands on a village of its own: 1 castle on 0 "
                                 "villages (Build: Castle)")
    assert err.value.rule == "TradeWarz rulebook, Build: Castle; The table is the truth"


def test_the_score_api_names_the_section_of_each_board_limit():
    house = {"golden_xadlas": 0, "silver_xadlas": 1, "castles": 1, "settlements": 7,
             "soldiers": 17}
    with pytest.raises(InvalidInput) as err:
        RULES.score_payload({"players": [{"name": "Ochre", **house},
                                         {"name": "Rust", "golden_xadlas": 0,
                                          "silver_xadlas": 0}]})
    found = {p.field: p.message for p in err.value.problems}
    assert found["players[0].castles"].endswith("(Build: Castle)")
    assert found["players[0].settlements"] == "at most 6 settlements, not 7 (Build)"
    assert found["players[0].soldiers"].endswith("(Recruit; Buy Tech: Economy)")


def test_a_dial_corrected_beyond_21_is_refused_as_a_typo_and_gives_no_golden_xadla():
    state = new()
    with pytest.raises(IllegalAction) as err:
        act(state, "correct", house=0, what="gold", value=25)
    assert "a dial shows at most 21" in err.value.message and err.value.field == "value"
    assert "Getting Xadlas" in err.value.rule
    at_21 = act(state, "correct", house=0, what="gold", value=21)  # a dial at 21 still trades
    assert at_21.houses[0].dial("gold") == 10 and at_21.houses[0].golden == ("dial21",)


def test_the_score_pad_counts_golden_sources_without_a_wrong_plural_and_cites_t7_as_a_ruling():
    """Phone review 2026-12-01 P3: "Dune 2 battle won", and "(T7)" as a raw id in the silver
    line; each source is counted as "2 × battle won", and the silver line cites ruling T7 (the
    pad then names it with its words)."""
    from dataclasses import replace
    state = new()
    ochre = replace(state.houses[0], golden=("battle", "battle", "capital"))
    state = replace(state, houses=(ochre, *state.houses[1:]))
    golden, silver = RULES.score(state).sheets[0].lines
    assert golden.detail == "2 × battle won, 1 × capital conquered"
    assert "T7" not in silver.detail and silver.rule.endswith("; T7")
