"""What a game must provide, may provide and never overrides (``core.rules``): every method of
the interface is in exactly one group, and every registered game keeps to them."""
import pytest

from companion.games import GAMES
from companion.games.core import GameRules
from companion.games.core.rules import OPTIONAL, REQUIRED, REQUIRED_ATTRIBUTES, SHARED

METHODS = {n for n, v in vars(GameRules).items() if callable(v) and not n.startswith("_")}
GROUPS = [REQUIRED, SHARED, *OPTIONAL.values()]


def test_every_method_of_the_interface_is_in_exactly_one_group():
    named = [n for group in GROUPS for n in group]
    assert sorted(named) == sorted(METHODS)
    assert len(named) == len(set(named))


def test_a_required_method_has_no_default_and_an_optional_one_has():
    game = GameRules()
    for name in REQUIRED:
        with pytest.raises(NotImplementedError):
            getattr(game, name)(*([None] * (getattr(GameRules, name).__code__.co_argcount - 1)))


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_game_provides_every_required_method_and_overrides_nothing_shared(slug):
    cls = type(GAMES[slug])
    missing = [n for n in REQUIRED if getattr(cls, n) is getattr(GameRules, n)]
    overridden = [n for n in SHARED if getattr(cls, n) is not getattr(GameRules, n)]
    unset = [a for a in REQUIRED_ATTRIBUTES if not getattr(GAMES[slug], a)]
    assert (missing, overridden, unset) == ([], [], [])
