"""The game page reads the database in its view, never from a template (issue 15, point 2): what
a drawing shows besides the game and its state (the undo and redo buttons' steps, the latest
steps, the box data its forms offer) is read just before the page is drawn, and only when it is
drawn; a version's page taken from the cache reads none of it."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from flask import before_render_template, template_rendered
from sqlalchemy import event

from tests.web.table import hadara_of_three as hadara
from tests.web.table import page_text as text
from tests.web.table import phone, war_table


@contextmanager
def statements(app) -> Iterator[dict[str, list[str]]]:
    """The SQL statements the app runs meanwhile: all of them, and those run while a template
    renders (between Flask's signals before and after rendering it)."""
    said: dict[str, list[str]] = {"all": [], "rendering": []}
    depth = [0]

    def before(_app, **_extra) -> None:
        depth[0] += 1

    def after(_app, **_extra) -> None:
        depth[0] -= 1

    def ran(_conn, _cursor, statement, *_args) -> None:
        said["all"].append(statement)
        if depth[0]:
            said["rendering"].append(statement)

    engine = app.extensions["db_engine"]
    event.listen(engine, "before_cursor_execute", ran)
    try:
        with before_render_template.connected_to(before, app), \
                template_rendered.connected_to(after, app):
            yield said
    finally:
        event.remove(engine, "before_cursor_execute", ran)


def test_a_game_page_reads_its_steps_before_it_is_drawn_and_its_template_reads_nothing(client,
                                                                                       app):
    host = hadara(client, app)
    host.do("correct", player=0, value="coins", delta=1)
    host.do("correct", player=1, value="food", delta=1)
    # a version nobody has drawn yet (the answer is not followed), with an undo and a redo
    assert client.post(f"{host.path}/undo", data={"csrf_token": host.csrf,
                                                  "version": host.version}).status_code == 303
    with statements(app) as said:
        page = phone(app, host).page
    assert said["rendering"] == []
    # it did read them (just before drawing): the buttons and the latest steps are on the page
    assert "Redo:" in page and "Undo" in page and "coins" in page
    assert any("FROM actions" in s for s in said["all"])


def test_a_page_taken_from_the_cache_reads_no_steps(client, app):
    host = hadara(client, app)
    host.do("correct", player=0, value="coins", delta=1)
    with statements(app) as said:
        phone(app, host)  # the same version, drawn already for the host's phone
    # (the game and this phone's own last step are read; the drawing's steps and box are not)
    assert not any("box_data" in s for s in said["all"])
    assert said["rendering"] == []


def test_hexemonia_pages_of_their_own_read_nothing_from_a_template(client, app):
    t = war_table(client, app)
    with statements(app) as said:
        preview = t.client.get(t.path + "/hexemonia/attack-preview", query_string={
            "opponent": 1, "target": "Pascolo", "adjacent": "Falange",
            "pay_from": "Acropolis: 2h"})
        filled = t.client.get(t.path + "/hexemonia/fill", query_string={"name": "Pascolo"})
    assert preview.status_code == 200 and "units win" in text(preview)
    assert filled.status_code == 200 and 'value="Pascolo"' in text(filled)
    assert said["rendering"] == []
