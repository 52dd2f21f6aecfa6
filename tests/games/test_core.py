"""The shared core: ranking with tie-break chains, the undo fold, field checks, purity."""
import ast
import pathlib
import sys

import pytest

from companion.games import GAMES, get_game
from companion.games.core import (
    ActionSpec,
    Entry,
    FieldSpec,
    InvalidInput,
    ScoreLine,
    ScoreSheet,
    effective_entries,
    in_force,
    in_force_of_stack,
    rank,
    read_fields,
)


def sheet(name, total, **tb):
    return ScoreSheet(name, (ScoreLine("x", "X", total, "", ""),), tb)


def test_rank_is_competition_style_with_shared_places():
    ranking = rank([sheet("A", 10), sheet("B", 8), sheet("C", 8), sheet("D", 5)], ())
    assert [(p.place, p.names, p.decided_by) for p in ranking] == [
        (1, ("A",), "total"), (2, ("B", "C"), "shared"), (4, ("D",), "total")]


def test_rank_names_the_tiebreak_that_split_a_tie():
    ranking = rank([sheet("A", 8, g=1, s=0), sheet("B", 8, g=2, s=0), sheet("C", 8, g=1, s=3)],
                   ("g", "s"))
    assert [(p.place, p.names, p.decided_by) for p in ranking] == [
        (1, ("B",), "g"), (2, ("C",), "s"), (3, ("A",), "s")]


def test_rank_does_not_depend_on_player_order():
    sheets = [sheet("A", 8, g=1), sheet("B", 9, g=0), sheet("C", 8, g=1), sheet("D", 8, g=2)]

    def places(ranking):
        return {n: (p.place, p.decided_by) for p in ranking for n in p.names}

    assert places(rank(sheets, ("g",))) == places(rank(sheets[::-1], ("g",)))
    assert places(rank(sheets, ("g",)))["A"] == (3, "shared")


def e(seq, kind):
    return Entry(seq, kind, {})


def test_undo_takes_back_the_newest_entry_and_redo_brings_it_back():
    active, undone = effective_entries([e(1, "a"), e(2, "b"), e(3, "undo"), e(4, "undo")])
    assert [x.seq for x in active] == [] and [x.seq for x in undone] == [2, 1]
    active, undone = effective_entries([e(1, "a"), e(2, "b"), e(3, "undo"), e(4, "redo")])
    assert [x.seq for x in active] == [1, 2] and undone == []


def test_a_new_action_clears_what_could_be_redone():
    active, undone = effective_entries([e(1, "a"), e(2, "undo"), e(3, "c")])
    assert [x.seq for x in active] == [3] and undone == []


def test_the_entries_in_force_of_a_stack_are_those_of_its_log():
    """in_force_of_stack spares a caller that has the stack a second walk of the log: undone,
    voided and amending entries left out, an amended entry with its newest values in force."""
    log = [Entry(1, "a", {"n": 1}), Entry(2, "b", {"n": 2}), Entry(3, "c", {"n": 3}),
           Entry(4, "amend", {"target": 1, "data": {"n": 10}}), Entry(5, "void", {"targets": [2]}),
           Entry(6, "amend", {"target": 1, "data": {"n": 11}}), Entry(7, "undo", {}),
           Entry(8, "d", {"n": 4})]
    forced = in_force_of_stack(effective_entries(log)[0])
    assert [(x.seq, x.kind, x.data) for x in forced] == [(1, "a", {"n": 10}), (3, "c", {"n": 3}),
                                                          (8, "d", {"n": 4})]
    assert forced == in_force(log)


def test_field_checks_report_every_problem_at_once():
    spec = ActionSpec("x", "X", "rule", (FieldSpec("a", "A", high=5), FieldSpec("b", "B", "text",
                                                                                 limit=3)))
    with pytest.raises(InvalidInput) as err:
        read_fields(spec, {"a": 9, "b": "toolong"}, 2)
    assert {p.field for p in err.value.problems} == {"a", "b"}


def test_registry_names_valid_games_on_unknown_slug():
    with pytest.raises(KeyError, match="hadara"):
        get_game("chess")


ROOT = pathlib.Path(__file__).resolve().parents[2]


def imported_names(path: pathlib.Path, source: str | None = None) -> list[str]:
    """Every module a source file (or ``source`` as if it were that file) imports, relative
    imports made absolute."""
    package = list(path.relative_to(ROOT).parts[:-1])  # a module's package, or an __init__'s
    names = []
    for node in ast.walk(ast.parse(path.read_text() if source is None else source)):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            # ``from . import x`` may import a module x of the package
            names += [module] if node.module else [f"{module}.{a.name}" for a in node.names]
    return names


def outside_the_rules_library(name: str) -> bool:
    top = name.split(".")[0]
    return not (top in sys.stdlib_module_names or name == "companion.games"
                or name.startswith("companion.games."))


def test_rules_library_imports_only_the_standard_library_and_itself():
    offenders = [f"{path.relative_to(ROOT)}: {name}"
                 for path in (ROOT / "companion" / "games").rglob("*.py")
                 for name in imported_names(path) if outside_the_rules_library(name)]
    assert offenders == []
    assert "hadara" in GAMES


def test_the_import_check_sees_what_would_break_purity():
    # the check above must be able to fail: a third-party package, the web layer by a relative
    # import, and the app's other modules are all outside
    assert outside_the_rules_library("flask")
    assert outside_the_rules_library("babel.numbers")
    assert outside_the_rules_library("companion.web.views.api")
    assert outside_the_rules_library("companion")
    assert not outside_the_rules_library("dataclasses")
    assert not outside_the_rules_library("companion.games.core.words")
    probe = ROOT / "companion" / "games" / "hadara" / "probe.py"
    assert imported_names(probe, "from ...web import api\nfrom .. import core\nimport flask\n"
                          "from .model import COLOURS\n") == [
        "companion.web", "companion.games.core", "flask", "companion.games.hadara.model"]


def test_text_reads_as_english_and_round_trips_through_json():
    from companion.games.core import t, words_from_json, words_to_json
    said = t("{who} pays {n} coins for {what}", who="Ana", n=3, what=t("a red card"))
    assert said == "Ana pays 3 coins for a red card"
    back = words_from_json(words_to_json(said))
    assert back == said and back.template == said.template and back.params["what"].template == \
        "a red card"


@pytest.mark.parametrize("words, plain", [
    ({"t": "{who} pays", "p": {"who": "Ana"}}, True),
    ({"t": "{who.__class__}", "p": {"who": "Ana"}}, False),  # attribute lookups never come in
    ({"t": "{who[0]}", "p": {"who": "Ana"}}, False),
    ({"t": "{missing}", "p": {}}, False),
    ({"t": "{", "p": {}}, False),
    ({"t": "ok", "p": {"x": {"t": "{y.__init__}", "p": {"y": 1}}}}, False),  # nested too
])
def test_imported_words_must_use_plain_named_fields(words, plain):
    from companion.games.core import words_are_plain
    assert words_are_plain(words) is plain


def test_a_states_changed_copy_is_what_dataclasses_replace_makes_and_refuses_unknown_fields():
    """core.replace skips __init__ (a long game's fold), so every state class of every game must
    be a plain dataclass: no __post_init__, no init=False field."""
    import dataclasses
    import importlib
    import pkgutil

    import companion.games as games
    from companion.games.core import replace

    classes = []
    for info in pkgutil.walk_packages(games.__path__, "companion.games."):
        module = importlib.import_module(info.name)
        classes += [c for c in vars(module).values() if isinstance(c, type)
                    and dataclasses.is_dataclass(c) and c.__module__ == info.name]
    assert len(classes) > 10
    for cls in classes:
        assert not hasattr(cls, "__post_init__"), cls
        assert all(f.init for f in dataclasses.fields(cls)), cls
    from tests.table_helpers import sample_setup
    state = get_game("hadara").new_game(sample_setup(get_game("hadara")))
    player = state.players[0]
    assert replace(player, coins=99) == dataclasses.replace(player, coins=99)
    assert replace(player, coins=99) is not player and player.coins != 99
    with pytest.raises(TypeError):
        replace(player, purse=1)
