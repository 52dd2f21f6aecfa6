"""Answers compressed for the phones (Flask-Compress), and versioned static files kept by the
browser: a phone on the table's Wi-Fi downloads a page a fraction of its size, once."""
import gzip
import re

import pytest

from .table import WebTable, seat

ALL = "gzip, deflate, br, zstd"


@pytest.fixture
def table(client, app):
    return WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2)])


def test_a_game_page_comes_gzipped_to_a_browser_that_takes_gzip_and_reads_the_same(table):
    plain = table.client.get(table.path)
    packed = table.client.get(table.path, headers={"Accept-Encoding": "gzip"})
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert len(packed.data) * 3 < len(plain.data)
    unpacked = gzip.decompress(packed.data).decode()
    # the same page but for the per-request tokens (CSRF, one-time keys)
    assert unpacked.count("<form") == plain.get_data(as_text=True).count("<form")
    assert 'id="game"' in unpacked


def test_a_page_for_a_client_that_takes_no_compression_is_sent_plain(table):
    resp = table.client.get(table.path)
    assert "Content-Encoding" not in resp.headers
    assert resp.get_data(as_text=True).startswith("<!doctype html>")


def test_the_score_api_answer_is_compressed_too(client):
    players = [{"name": "Ana", "coins": 13}, {"name": "Ben", "coins": 4}]
    resp = client.post("/api/v1/hadara/score", json={"players": players},
                       headers={"Accept-Encoding": "gzip"})
    assert resp.status_code == 200 and resp.headers["Content-Encoding"] == "gzip"
    assert b'"total"' in gzip.decompress(resp.data)


def test_a_versioned_static_file_is_kept_a_year_and_an_unversioned_one_is_not(client):
    page = client.get("/").get_data(as_text=True)
    css = re.search(r'href="(/static/gen/app\.css\?v=[^"]+)"', page).group(1)
    kept = client.get(css, headers={"Accept-Encoding": ALL})
    assert kept.status_code == 200 and "immutable" in kept.headers["Cache-Control"]
    assert kept.headers.get("Content-Encoding") in ("zstd", "br", "deflate", "gzip")
    bare = client.get(css.split("?")[0])
    assert "immutable" not in bare.headers.get("Cache-Control", "")


def test_a_page_is_never_kept_by_the_browser_even_compressed(table):
    resp = table.client.get(table.path, headers={"Accept-Encoding": ALL})
    assert resp.headers["Cache-Control"] == "private, no-store"
