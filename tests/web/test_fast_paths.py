"""What the per-request shortcuts must keep exactly as before: JSON answers (orjson), the session's
kept signing serializer, a tap read by the rules alone (no WTForms form), and the browser's
language read once per header."""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

import pytest
from flask import jsonify
from flask.json.provider import DefaultJSONProvider

from companion.games.core import ActionSpec, FieldSpec, read_fields, t
from companion.web.forms import tap_values
from .table import WebTable


@dataclass
class _Pair:
    a: int
    b: tuple


def test_json_answers_read_back_as_flasks_own_encoder_would_write_them(app):
    value = {"said": t("{n} coins", n=3), "pair": _Pair(1, (2, 3)), 7: "seven", "ü": "÷",
             "at": datetime(2026, 11, 21, 10, 30), "big": 2 ** 70, "none": None}
    with app.test_request_context():
        ours = jsonify(value)
        flask_json = DefaultJSONProvider(app)
        flask_json.sort_keys = False  # (as the app has it: mixed keys cannot be sorted)
        flasks = flask_json.response(value)
    assert json.loads(ours.get_data()) == json.loads(flasks.get_data())
    assert ours.mimetype == "application/json"
    assert json.loads(ours.get_data())["at"] == "Sat, 21 Nov 2026 10:30:00 GMT"  # Flask's format


def test_json_answers_keep_the_order_the_code_builds_and_take_arguments_as_a_list(app):
    with app.test_request_context():
        assert list(json.loads(jsonify(z=1, a=2, m=3).get_data())) == ["z", "a", "m"]
        assert json.loads(jsonify(1, "two").get_data()) == [1, "two"]
        assert json.loads(jsonify().get_data()) is None


def test_a_session_signed_with_an_old_secret_key_is_not_read_after_the_key_changes(app, client):
    with client.session_transaction() as s:
        s["seats"] = {"1": 0}
    with client.session_transaction() as s:
        assert s["seats"] == {"1": 0}
    app.secret_key = "another-key"  # the kept serializer must follow the new key
    with client.session_transaction() as s:
        assert "seats" not in s
    app.config["SECRET_KEY_FALLBACKS"] = ["test-key"]  # ...and its fallbacks
    app.secret_key = "test-key-rotated"
    with client.session_transaction() as s:  # the cookie of the old key is read again
        assert s["seats"] == {"1": 0}


def seat(name: str, initiative: int) -> dict:
    return {"name": name, "initiative": initiative, "side": "A", "coins": 5, "income": 2,
            "military": 3, "culture": 1, "food": 2}


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


def test_a_session_cookie_signed_by_flasks_own_serializer_reads_the_same(app, client):
    from flask.sessions import SecureCookieSessionInterface
    value = {"csrf_token": "a" * 40, "games": ["link-one", "link-two"], "seats": {"3": 1}}
    cookie = SecureCookieSessionInterface().get_signing_serializer(app).dumps(value)
    assert app.session_interface.get_signing_serializer(app).dumps(value) == cookie
    client.set_cookie(app.config["SESSION_COOKIE_NAME"], cookie)
    with client.session_transaction() as s:
        assert dict(s) == value


def test_signatures_are_the_bytes_itsdangerous_makes_and_each_key_stays_its_own(monkeypatch):
    from itsdangerous import BadSignature, TimestampSigner, URLSafeTimedSerializer
    from companion.web import signing
    monkeypatch.setattr(TimestampSigner, "get_timestamp", lambda self: 1_790_000_000)
    for secret, salt in (("key-one", "wtf-csrf-token"), ("key-two", "cookie-session")):
        ours, theirs = signing.serializer(secret, salt), URLSafeTimedSerializer(secret, salt=salt)
        for value in ("a" * 40, {"games": ["x"], "seats": {"1": 0}}):
            assert ours.dumps(value) == theirs.dumps(value)
            assert ours.loads(theirs.dumps(value)) == value
    one = signing.serializer("key-one", "wtf-csrf-token")
    for other in (signing.serializer("key-two", "wtf-csrf-token"),
                  signing.serializer("key-one", "cookie-session")):
        with pytest.raises(BadSignature):  # a key derived once is never another's
            other.loads(one.dumps("token"))
    rotated = signing.serializer(["key-one", "key-new"], "wtf-csrf-token")
    assert rotated.loads(one.dumps("token")) == "token"  # an old key still reads


def test_a_signed_text_seen_before_is_read_again_only_while_young_and_by_its_own_keys(
        monkeypatch):
    from itsdangerous import BadSignature, SignatureExpired
    from companion.web import signing
    seen, ours = signing.Seen(size=2), signing.serializer("key-one", "cookie-session")
    signed = ours.dumps({"seats": {"1": 0}})
    assert seen.loads(ours, signed, 3600) == {"seats": {"1": 0}}
    assert seen.loads(ours, signed, 3600) == {"seats": {"1": 0}}  # kept
    with pytest.raises(BadSignature):
        seen.loads(ours, signed[:-2] + "xx", 3600)  # altered: checked, refused, not kept
    with pytest.raises(BadSignature):  # the same text for another key (a rotated secret)
        seen.loads(signing.serializer("key-two", "cookie-session"), signed, 3600)
    later = signing.time.time() + 7200
    monkeypatch.setattr(signing.time, "time", lambda: later)
    with pytest.raises(SignatureExpired):  # a kept text grows old like any other
        seen.loads(ours, signed, 3600)
    assert seen.loads(ours, signed, None) == {"seats": {"1": 0}}  # (no age limit)
    assert len(seen.kept) <= 2
