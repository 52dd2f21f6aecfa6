"""The BG Stats link of a play (issue 49 item 5, Hadara phone review P3 'BG Stats link'): its
``playDate`` is the table's wall clock, as BG Stats' push format takes it (a time with no
zone): a tracked play, kept in UTC, is said in the server's zone, the one the table sits in;
and a game whose BoardGameGeek id the rules digests name carries it as ``bggId``."""
from __future__ import annotations

import time
from datetime import datetime
from types import SimpleNamespace

import pytest

from companion.groups.out import BGG_IDS, bg_stats_data


def play(slug: str = "hadara", *, when: datetime, source: str = "tracked"):
    record = {"players": [{"player": 1, "total": 40, "place": 1, "first": True},
                          {"player": 2, "total": 35, "place": 2, "first": False}]}
    return SimpleNamespace(slug=slug, played_at=when, source=source, duration_min=60,
                           record=record, note="")


@pytest.fixture
def in_shanghai(monkeypatch):
    """The server's clock set to a zone eight hours from UTC (no summer time there)."""
    monkeypatch.setenv("TZ", "Asia/Shanghai")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def data(p) -> dict:
    players = {1: SimpleNamespace(name="Ana"), 2: SimpleNamespace(name="Ben")}
    return bg_stats_data(p, SimpleNamespace(name="Home"), players)


def test_a_tracked_plays_date_is_the_tables_wall_clock_not_utc(in_shanghai):
    stored_utc = datetime(2026, 12, 1, 13, 30, 0)
    assert data(play(when=stored_utc))["playDate"] == "2026-12-01 21:30:00"


def test_a_quick_plays_date_keeps_the_day_the_table_named(in_shanghai):
    named = datetime(2026, 11, 1)
    assert data(play(when=named, source="quick"))["playDate"] == "2026-11-01 00:00:00"


def test_a_game_the_digests_give_a_boardgamegeek_id_sends_it_and_the_others_none():
    when = datetime(2026, 12, 1, 20, 0, 0)
    assert data(play("hexemonia", when=when))["game"]["bggId"] == BGG_IDS["hexemonia"] == 161995
    for slug in ("hadara", "tradewarz"):
        assert "bggId" not in data(play(slug, when=when))["game"]
