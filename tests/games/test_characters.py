"""The characters no text may hold (``core.characters``), checked wherever text enters: a lone
UTF-16 surrogate and the C0 control characters but tab and line breaks; each named by its path."""
from __future__ import annotations

import json

import pytest

from companion.games.core import InvalidInput
from companion.games.core.characters import MAX_PROBLEMS, check_text, problems_in


@pytest.mark.parametrize("text", ["Ana", "rainy\r\nlong\tgame", "Zoë 李 😀", "\x7f", "\u202e",
                                  json.loads('"\\ud83d\\ude00"')])
def test_printable_text_tabs_line_breaks_and_whole_surrogate_pairs_are_kept(text):
    assert problems_in({"players": [{"name": text}]}) == []


@pytest.mark.parametrize(("text", "code"), [("A\x00", "U+0000"), ("\x1b[31m", "U+001B"),
                                            ("\x0b", "U+000B"), (json.loads('"A\\ud800x"'),
                                                                 "U+D800"), ("\udfff", "U+DFFF")])
def test_a_refused_character_is_named_by_its_path_and_code(text, code):
    found = problems_in({"players": [{"name": "Ana"}, {"name": text}]})
    assert [p.field for p in found] == ["players[1].name"]
    assert code in found[0].message and text not in found[0].message


def test_keys_count_and_problems_come_in_the_order_of_the_data():
    data = {"a\x00": 1, "b": [["x", "\x07"]], "c": {"d": "\ud800"}}
    assert [p.field for p in problems_in(data)] == ["a\\x00", "b[0][1]", "c.d"]


def test_a_hostile_body_gets_at_most_a_few_problems_and_no_recursion_limit():
    deep: list = ["\x00"]
    for _ in range(5000):
        deep = [deep]
    assert len(problems_in(deep)) == 1
    with pytest.raises(InvalidInput) as err:
        check_text(["\x00"] * 1000)
    assert len(err.value.problems) == MAX_PROBLEMS and err.value.rule
