"""A play keeps each score line's label as its msgid and says it in the reader's language
(issue 21): the play's page and the statistics' "score lines that win games" read in Italian
and Chinese, plays kept before (English words, which are the msgids) included."""
from __future__ import annotations

import html
import re

from companion.games import GAMES
from companion.groups import label_key
from companion.store.db import Play, session
from tests.table_helpers import sample_setup

from .groups import add, finished_game
from .groups import group_made as new_group

WORDS = {"en": ("Golden Xadlas", "Silver Xadlas"), "it": ("Xadla d'oro", "Xadla d'argento"),
         "zh": ("金夏德拉", "银夏德拉")}


def lines_said(client, group, play_id) -> tuple[list[str], list[str]]:
    """The score line labels on the play's page and in the statistics' winning lines."""
    play = html.unescape(client.get(f"{group}/play/{play_id}").get_data(as_text=True))
    stats = html.unescape(client.get(f"{group}/stats").get_data(as_text=True))
    on_play = re.findall(r"<li>([^<:]+): -?\d+</li>", play)
    winning = re.search(r'<ul class="list small lines">(.*?)</ul>', stats, re.S).group(1)
    return on_play, re.findall(r"<li>([^<:]+): \d+ / \d+</li>", winning)


def test_a_plays_score_lines_read_in_the_readers_language(client, app):
    group = new_group(client)
    add(client, group, "Ana")
    add(client, group, "Ben")
    finished_game(client, app, group, ["Ana", "Ben"], [2, 5])
    with app.app_context():
        play = session().query(Play).one()
        kept = {ln["label"] for s in play.record["players"] for ln in s["lines"]}
    assert kept == set(WORDS["en"])  # the msgids, whatever the language of the phone
    for lang, words in WORDS.items():
        client.get(f"/lang/{lang}")
        on_play, winning = lines_said(client, group, play.id)
        assert set(on_play) == set(words) and winning and set(winning) <= set(words), lang


def test_a_play_kept_before_with_english_labels_reads_in_italian_too(client, app):
    group = new_group(client)
    add(client, group, "Ana")
    add(client, group, "Ben")
    finished_game(client, app, group, ["Ana", "Ben"], [1, 3])
    with app.app_context():  # the record as plays were kept before: str() of each label
        play = session().query(Play).one()
        play.record = {**play.record, "players": [
            {**s, "lines": [{**ln, "label": {"golden_xadlas": "Golden Xadlas",
                                             "silver_xadlas": "Silver Xadlas"}[ln["id"]]}
                            for ln in s["lines"]]} for s in play.record["players"]]}
        session().commit()
    client.get("/lang/it")
    on_play, winning = lines_said(client, group, play.id)
    assert set(on_play) == set(WORDS["it"]) and set(winning) <= set(WORDS["it"])


def test_every_games_score_line_label_is_a_msgid_without_values():
    """What lets a play keep the msgid (and the English words of plays kept before be read as
    one): no game's score line label carries values."""
    for rules in GAMES.values():
        sheet = rules.score(rules.new_game(sample_setup(rules, rules.min_players))).sheets[0]
        for line in sheet.lines:
            assert not line.label.params and label_key(line.label) == str(line.label), line.id
