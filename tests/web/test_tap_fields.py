"""How a tap's fields and a phone's session are read: a tap read by the rules alone (no WTForms
form), a session that follows the secret key and its fallbacks, and the browser's language."""
from __future__ import annotations

from companion.games.core import ActionSpec, FieldSpec, read_fields, t
from companion.web.forms import tap_values

from .table import WebTable, seat


def test_a_session_signed_with_an_old_secret_key_is_not_read_after_the_key_changes(app, client):
    with client.session_transaction() as s:
        s["seats"] = {"1": 0}
    with client.session_transaction() as s:
        assert s["seats"] == {"1": 0}
    app.secret_key = "another-key"
    with client.session_transaction() as s:
        assert "seats" not in s
    app.config["SECRET_KEY_FALLBACKS"] = ["test-key"]  # ...and its fallbacks
    app.secret_key = "test-key-rotated"
    with client.session_transaction() as s:  # the cookie of the old key is read again
        assert s["seats"] == {"1": 0}


def test_a_forms_unticked_box_is_false_and_an_empty_box_is_left_to_its_default(app):
    spec = ActionSpec("x", t("X"), "rule", (
        FieldSpec("sure", t("Sure"), "bool", required=False, default=True),
        FieldSpec("count", t("Count"), required=False, default=3),
        FieldSpec("name", t("Name"), "text", required=False)))
    with app.test_request_context(method="POST", data={"count": "", "name": " Ana "}):
        assert tap_values(spec) == {"sure": False, "name": " Ana "}  # a browser leaves out
        assert read_fields(spec, tap_values(spec), 2) == {  # an unticked box
            "sure": False, "count": 3, "name": "Ana"}
    with app.test_request_context(method="POST", data={"sure": "on", "count": "5"}):
        assert read_fields(spec, tap_values(spec), 2) == {"sure": True, "count": 5, "name": ""}


def test_an_empty_optional_box_of_a_real_action_stores_its_default(client, app):
    table = WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2)])
    # Hadara's buy: "points" is optional (default 0); a browser sends it empty
    table.do("buy", player=0, colour="red", cost=1, points="")
    assert table.rows()[-1].data["points"] == 0


def test_a_json_tap_is_read_as_sent_and_refused_with_the_fields_label(client, app):
    table = WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2)])
    url = f"{table.path}/do/correct"
    headers = {"X-CSRFToken": table.csrf, "Accept": "application/json"}
    resp = client.post(url, json={"player": 1, "value": "coins", "delta": 4}, headers=headers)
    assert resp.status_code == 200 and resp.get_json()["ok"] is True
    assert table.rows()[-1].data == {"player": 1, "value": "coins", "delta": 4}
    resp = client.post(url, json={"player": 1, "value": "coins", "delta": "lots"},
                       headers=headers)
    assert resp.status_code == 422
    assert "Change by must be a whole number" in resp.get_json()["said"]
    assert len(table.rows()) == 1


def test_the_browsers_language_is_chosen_from_each_accept_language_header(client):
    assert '<html lang="it"' in client.get("/", headers={
        "Accept-Language": "it-IT,it;q=0.9,en;q=0.5"}).get_data(as_text=True)
    assert '<html lang="zh"' in client.get("/", headers={
        "Accept-Language": "zh-CN,zh;q=0.9"}).get_data(as_text=True)
    assert '<html lang="en"' in client.get("/", headers={
        "Accept-Language": "de-DE,fr;q=0.5"}).get_data(as_text=True)


