"""The service worker of the cached last view (static/sw.js), rule by rule: run in Node against
a Cache Storage and a network of its own (tests/web/sw_harness.js), so that what Chromium shows
in tests/browser/test_offline_in_chromium.py rests on rules each checked alone: what is kept and
under which address, what is left to the server, what is shown offline, the seat change, the
limit of five pages and the worker's update."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

HARNESS = Path(__file__).with_name("sw_harness.js")
NODE = shutil.which("node")


def holds(rule: str) -> None:
    if NODE is None:
        pytest.skip("Node.js is not installed: the worker's rules are checked in Chromium only "
                    "(tests/browser/test_offline_in_chromium.py)")
    run = subprocess.run([NODE, str(HARNESS), rule], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, f"{rule}: {run.stderr.strip() or run.stdout.strip()}"


def test_each_game_page_is_kept_under_its_own_address_with_the_files_it_links():
    holds("keeps_each_game_page_and_the_files_it_links")


def test_taps_version_checks_other_pages_and_other_origins_are_left_to_the_server():
    holds("leaves_taps_version_checks_and_other_pages_to_the_server")


def test_offline_a_link_gets_its_own_kept_page_with_the_time_it_was_kept_and_no_other():
    holds("offline_a_link_gets_its_own_kept_page_with_the_time_it_was_kept")


def test_the_kept_page_is_the_last_view_including_the_scripts_own_refreshes():
    holds("the_page_a_script_refresh_gets_is_the_last_view_kept")


def test_a_proxys_gateway_error_shows_the_kept_page_and_the_apps_own_errors_do_not():
    holds("a_proxys_gateway_error_shows_the_kept_page_but_the_apps_own_503_does_not")


def test_a_newer_copy_of_a_static_file_replaces_the_older_one():
    holds("a_newer_copy_of_a_file_replaces_the_older")


def test_taking_or_leaving_a_seat_forgets_the_games_kept_page():
    holds("taking_or_leaving_a_seat_forgets_the_games_kept_page")


def test_at_most_the_last_five_game_pages_are_kept():
    holds("at_most_the_last_five_pages_are_kept")


def test_the_first_visit_before_the_worker_took_charge_is_kept_on_request():
    holds("a_page_from_before_the_worker_asks_and_is_kept")


def test_a_new_version_of_the_worker_deletes_its_old_caches_only():
    holds("a_new_version_of_the_worker_deletes_the_old_caches")


def test_an_unknown_rule_fails_rather_than_passing():
    run = subprocess.run([NODE or "node", str(HARNESS), "no_such_rule"], capture_output=True,
                         text=True, timeout=60) if NODE else None
    if run is None:
        pytest.skip("Node.js is not installed")
    assert run.returncode == 2
