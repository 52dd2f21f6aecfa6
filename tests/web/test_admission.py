"""How many requests of a process run at once (companion/admission.py): no more than its places;
a request that waits for something else (a held check, another request's drawing of its page, a
body still arriving) gives its place back meanwhile, and every request gives it back at its end,
even a refused one."""
from __future__ import annotations

import io
import threading
import time
from collections.abc import Callable

import pytest
from flask import before_render_template, request, request_started

from companion import admission, create_app, store
from companion.games import get_game
from tests.table_helpers import csrf_of, sample_setup

PLACES = 2


def with_places(tmp_path, places: int):
    """An app whose process runs ``places`` requests at a time."""
    return create_app({"TESTING": True, "SECRET_KEY": "test-key", "CREATE_TABLES": True,
                       "DATABASE_URL": f"sqlite:///{tmp_path / 'test.sqlite'}",
                       "RUNNING_PER_PROCESS": places})


@pytest.fixture
def one_place(tmp_path):
    app = with_places(tmp_path, 1)
    yield app
    app.extensions["db_engine"].dispose()


@pytest.fixture
def two_places(tmp_path):
    app = with_places(tmp_path, PLACES)
    yield app
    app.extensions["db_engine"].dispose()


def until(condition: Callable[[], bool]) -> None:
    """Return once ``condition`` holds (a safety bound of some seconds, not a measure)."""
    for _ in range(1000):
        if condition():
            return
        time.sleep(0.005)
    raise AssertionError("the requests never got there")


def begun(app) -> list[str]:
    """The method and path of every request ``app`` begins from now on (Flask's
    ``request_started`` signal, sent before the app's before-request hooks, the first of which
    takes the request's place)."""
    seen: list[str] = []
    request_started.connect(lambda _: seen.append(f"{request.method} {request.path}"), app,
                            weak=False)
    return seen


def settled() -> None:
    """A moment for the requests that began to get as far as they may (a request begun and
    given a place is in its view by then; one still outside it waits for a place)."""
    time.sleep(0.3)


def place_holder(app) -> Callable[[], tuple[threading.Event, threading.Thread]]:
    """``/busy`` added to ``app`` (before its first request); the function returned sends a
    request there, which holds its place until the event it returns is set."""
    inside, go = threading.Event(), threading.Event()

    def busy():
        inside.set()
        go.wait(10)
        return "done"

    app.add_url_rule("/busy", view_func=busy)

    def hold() -> tuple[threading.Event, threading.Thread]:
        holder, _ = in_thread(lambda: app.test_client().get("/busy"))
        assert inside.wait(5), "the request holding the place never got in"
        return go, holder

    return hold


def new_game(app):
    with app.app_context():
        return store.create_game(get_game("hadara"), sample_setup(get_game("hadara"), 3))


def in_thread(call: Callable[[], object]) -> tuple[threading.Thread, list]:
    """``call`` started in a thread of its own; its answer lands in the list."""
    answers: list = []
    thread = threading.Thread(target=lambda: answers.append(call()), daemon=True)
    thread.start()
    return thread, answers


def answered_within(seconds: float, call: Callable[[], object]) -> object | None:
    """``call``'s answer if it came within ``seconds``, else None."""
    thread, answers = in_thread(call)
    thread.join(seconds)
    return answers[0] if answers else None


def held_check(app, game) -> tuple[threading.Thread, list]:
    """A phone's version check of ``game`` at version 0, waiting in its thread once this
    returns (its answer lands in the list)."""
    check, answers = in_thread(lambda: app.test_client().get(
        f"/g/{game.watch_token}/v?wait=20", headers={"If-None-Match": '"0"'}))
    deadline = time.monotonic() + 5
    while app.extensions["live"].count == 0 and time.monotonic() < deadline:
        time.sleep(0.01)
    return check, answers


def correct(client, game, csrf: str, **extra):
    return client.post(f"/g/{game.play_token}/do/correct", headers={"Accept": "application/json"},
                       data={"csrf_token": csrf, "player": "0", "value": "coins", "delta": "1"},
                       **extra)


def test_no_more_requests_of_a_process_run_at_once_than_its_places(two_places):
    app = two_places
    inside, most, lock, go = [0], [0], threading.Lock(), threading.Event()

    def busy():  # a view that stays until the test lets it go
        with lock:
            inside[0] += 1
            most[0] = max(most[0], inside[0])
        go.wait(10)
        with lock:
            inside[0] -= 1
        return "done"

    app.add_url_rule("/busy", view_func=busy)
    started = begun(app)
    threads = [in_thread(lambda: app.test_client().get("/busy")) for _ in range(PLACES + 3)]
    until(lambda: len(started) == PLACES + 3)  # (every request came in)
    settled()
    with lock:
        running = inside[0]
    go.set()
    for thread, _ in threads:
        thread.join(10)
    assert running == PLACES  # the others waited for a place
    assert most[0] == PLACES
    assert [answers[0].status_code for _, answers in threads] == [200] * (PLACES + 3)


def test_a_tap_takes_the_next_free_place_before_the_checks_that_waited_longer(one_place):
    """A tap is what a player waits for with the phone in hand, and it holds the database's
    write lock: when a place frees, a waiting tap goes before the checks and pages waiting
    longer."""
    app = one_place
    hold = place_holder(app)
    game = new_game(app)
    tapper = app.test_client()
    csrf = csrf_of(tapper, f"/g/{game.play_token}")
    go, holder = hold()  # the one place
    started = begun(app)
    checks = [in_thread(lambda: app.test_client().get(f"/g/{game.play_token}/v"))
              for _ in range(3)]
    until(lambda: len(started) == 3)
    settled()  # (the checks wait first)
    tap, answers = in_thread(lambda: correct(tapper, game, csrf))
    until(lambda: len(started) == 4)
    settled()  # (the tap waits too)
    go.set()
    for thread, _ in (*checks, (tap, answers), (holder, None)):
        thread.join(10)
    assert answers and answers[0].get_json()["ok"] is True
    # every check that waited before the tap ran after it
    assert [seen[0].get_json()["version"] for _, seen in checks] == [1, 1, 1]


def test_a_held_check_gives_its_place_back_while_it_waits(one_place):
    game = new_game(one_place)
    check, answers = held_check(one_place, game)
    phone = one_place.test_client()
    page = answered_within(5, lambda: phone.get(f"/g/{game.play_token}"))
    assert one_place.extensions["live"].count == 1  # the check was still waiting
    assert page is not None and page.status_code == 200
    tap = answered_within(5, lambda: correct(phone, game, csrf_of(phone, f"/g/{game.play_token}")))
    check.join(5)
    assert tap is not None and tap.get_json()["ok"] is True
    assert answers and answers[0].get_json() == {"version": 1}


def test_a_held_check_answers_a_change_without_waiting_for_a_place(one_place):
    """A phone learning of a change must not queue behind the pages that change set off: a held
    check, once woken, answers without taking a place again."""
    app = one_place
    hold = place_holder(app)
    game = new_game(app)
    check, answers = held_check(app, game)
    go, holder = hold()  # the one place
    try:
        with app.app_context():  # a change made elsewhere (another process's tap)
            store.record(game.id, "correct", {"player": 0, "value": "coins", "delta": 1})
        check.join(5)
        answered_while_held = list(answers)
    finally:
        go.set()
        holder.join(5)
    assert answered_while_held and answered_while_held[0].get_json() == {"version": 1}


def test_a_page_waiting_for_another_requests_drawing_gives_its_place_back(two_places):
    app = two_places
    game = new_game(app)
    page = f"/g/{game.play_token}"
    drawing_page, finish = threading.Event(), threading.Event()

    def slow_draw(_, template, context):  # the page's drawing takes as long as the test wants
        if template.name == "game.html":
            drawing_page.set()
            finish.wait(10)

    before_render_template.connect(slow_draw, app)
    first, firsts = in_thread(lambda: app.test_client().get(page))
    drawing_page.wait(5)
    second, seconds = in_thread(lambda: app.test_client().get(page))  # waits for the drawing
    time.sleep(0.3)
    check = answered_within(5, lambda: app.test_client().get(f"{page}/v"))
    finish.set()
    first.join(5)
    second.join(5)
    before_render_template.disconnect(slow_draw, app)
    assert check is not None and check.get_json() == {"version": 0}
    assert [firsts[0].status_code, seconds[0].status_code] == [200, 200]


class Trickle(io.RawIOBase):
    """A request body that arrives only when the test lets it."""

    def __init__(self, body: bytes, arrived: threading.Event) -> None:
        self._body, self._arrived = io.BytesIO(body), arrived

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:  # (the test client measures the body before sending it)
        return True

    def tell(self) -> int:
        return self._body.tell()

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        return self._body.seek(offset, whence)

    def readinto(self, buffer) -> int:
        self._arrived.wait(10)
        return self._body.readinto(buffer)


def test_a_body_still_arriving_holds_no_place(one_place):
    game = new_game(one_place)
    slow, other = one_place.test_client(), one_place.test_client()
    csrf = csrf_of(slow, f"/g/{game.play_token}")
    body = f"csrf_token={csrf}&player=0&value=coins&delta=1".encode()
    arrived = threading.Event()
    tap, answers = in_thread(lambda: slow.post(
        f"/g/{game.play_token}/do/correct", input_stream=Trickle(body, arrived),
        content_length=len(body), content_type="application/x-www-form-urlencoded",
        headers={"Accept": "application/json"}))
    time.sleep(0.3)
    page = answered_within(5, lambda: other.get(f"/g/{game.play_token}"))
    arrived.set()
    tap.join(5)
    assert page is not None and page.status_code == 200
    assert answers and answers[0].get_json()["ok"] is True


def test_a_refused_or_failed_request_gives_its_place_back(one_place):
    game = new_game(one_place)
    phone = one_place.test_client()
    csrf = csrf_of(phone, f"/g/{game.play_token}")
    answers = [
        answered_within(5, lambda: phone.get("/g/no-such-game")),
        answered_within(5, lambda: phone.post(
            f"/g/{game.play_token}/do/correct", headers={"Accept": "application/json"},
            data={"csrf_token": csrf, "player": "9", "value": "coins", "delta": "1"})),
        answered_within(5, lambda: phone.post(f"/g/{game.play_token}/do/correct",
                                              data={"player": "0"})),  # no CSRF token
        answered_within(5, lambda: phone.get(f"/g/{game.play_token}")),
    ]
    assert [a.status_code if a is not None else None for a in answers] == [404, 422, 400, 200]


def test_with_no_places_every_request_runs_as_it_comes(tmp_path):
    """RUNNING_PER_PROCESS = 0 switches admission off (`make bench`'s ablation)."""
    app = with_places(tmp_path, 0)
    inside, lock, go = [0], threading.Lock(), threading.Event()

    def busy():  # a view that stays until the test lets it go
        with lock:
            inside[0] += 1
        go.wait(10)
        return "done"

    app.add_url_rule("/busy", view_func=busy)
    threads = [in_thread(lambda: app.test_client().get("/busy")) for _ in range(PLACES + 3)]
    try:
        until(lambda: inside[0] == PLACES + 3)  # (with places, only PLACES would get in)
    finally:
        go.set()
        for thread, _ in threads:
            thread.join(10)
    assert [answers[0].status_code for _, answers in threads] == [200] * (PLACES + 3)
    app.extensions["db_engine"].dispose()


def test_a_process_cannot_have_fewer_than_no_places(tmp_path):
    with pytest.raises(ValueError, match="RUNNING_PER_PROCESS"):
        with_places(tmp_path, -1)


def with_readers(tmp_path, per_process: int, per_address: int):
    """An app whose process reads ``per_process`` bodies at once, ``per_address`` from one
    address."""
    return create_app({"TESTING": True, "SECRET_KEY": "test-key", "CREATE_TABLES": True,
                       "DATABASE_URL": f"sqlite:///{tmp_path / 'test.sqlite'}",
                       "READING_PER_PROCESS": per_process, "READING_PER_ADDRESS": per_address})


def stalled_tap(app, game, address: str, arrived: threading.Event):
    """A tap from ``address`` whose body arrives only once ``arrived`` is set (in a thread; its
    answer lands in the list), reading by the time this returns."""
    phone = app.test_client()
    csrf = csrf_of(phone, f"/g/{game.play_token}")
    body = f"csrf_token={csrf}&player=0&value=coins&delta=1".encode()
    tap, answers = in_thread(lambda: phone.post(
        f"/g/{game.play_token}/do/correct", input_stream=Trickle(body, arrived),
        content_length=len(body), content_type="application/x-www-form-urlencoded",
        headers={"Accept": "application/json"}, environ_base={"REMOTE_ADDR": address}))
    time.sleep(0.3)
    return tap, answers


def tap_from(app, game, address: str):
    phone = app.test_client()
    csrf = csrf_of(phone, f"/g/{game.play_token}")
    return answered_within(5, lambda: correct(phone, game, csrf,
                                              environ_base={"REMOTE_ADDR": address}))


def test_a_body_past_the_count_one_address_may_send_at_once_is_refused_unread_and_asked_again(
        tmp_path):
    app = with_readers(tmp_path, per_process=8, per_address=1)
    game = new_game(app)
    arrived = threading.Event()
    tap, answers = stalled_tap(app, game, "10.0.0.1", arrived)
    again = tap_from(app, game, "10.0.0.1")  # the same address while its body still arrives
    other = tap_from(app, game, "10.0.0.2")
    arrived.set()
    tap.join(5)
    assert again is not None and again.status_code == 503
    assert again.headers["Retry-After"] and again.headers["Connection"] == "close"
    assert "nothing was recorded" in again.get_json()["said"]
    assert other is not None and other.status_code == 200
    assert answers and answers[0].status_code == 200
    with app.app_context():  # the stalled tap and the other address's: two, the refused none
        assert store.version_by_link(game.play_token)[1] == 2
    app.extensions["db_engine"].dispose()


def test_a_tap_past_its_addresss_count_waits_for_a_body_read_ending_meanwhile(tmp_path,
                                                                            monkeypatch):
    monkeypatch.setattr(admission, "READ_PATIENCE", 10.0)  # (the tap surely waits by then)
    app = with_readers(tmp_path, per_process=8, per_address=1)
    game = new_game(app)
    arrived = threading.Event()
    first, firsts = stalled_tap(app, game, "10.0.0.1", arrived)
    second, seconds = in_thread(lambda: tap_from(app, game, "10.0.0.1"))
    time.sleep(0.5)
    arrived.set()
    first.join(5)
    second.join(10)
    assert firsts and firsts[0].status_code == 200
    assert seconds and seconds[0] is not None and seconds[0].status_code == 200
    app.extensions["db_engine"].dispose()


def test_past_reading_per_process_only_an_address_reading_none_yet_is_read(tmp_path):
    """S4-2: past the process's count every body was refused, a table's taps among them."""
    app = with_readers(tmp_path, per_process=1, per_address=8)
    game = new_game(app)
    arrived = threading.Event()
    tap, answers = stalled_tap(app, game, "10.0.0.1", arrived)
    other = tap_from(app, game, "10.0.0.2")  # an address reading nothing: read
    again = tap_from(app, game, "10.0.0.1")  # the address whose body stalls: not
    page = answered_within(5, lambda: app.test_client().get(f"/g/{game.play_token}"))
    arrived.set()
    tap.join(5)
    assert other is not None and other.status_code == 200
    assert again is not None and again.status_code == 503
    assert again.headers["Connection"] == "close"
    said = again.get_json()["said"]
    assert "server is busy" in said and "your network" not in said
    assert page is not None and page.status_code == 200  # a request without a body: read
    assert answers and answers[0].status_code == 200
    with app.app_context():  # the stalled tap once whole and the other address's
        assert store.version_by_link(game.play_token)[1] == 2
    app.extensions["db_engine"].dispose()


def test_a_process_reads_no_more_than_hard_factor_times_reading_per_process(tmp_path):
    app = with_readers(tmp_path, per_process=1, per_address=8)
    game = new_game(app)
    arrived = threading.Event()
    stalled = [stalled_tap(app, game, f"10.0.1.{i}", arrived)
               for i in range(admission.HARD_FACTOR)]
    refused = tap_from(app, game, "10.0.2.1")
    arrived.set()
    for tap, _ in stalled:
        tap.join(5)
    after = tap_from(app, game, "10.0.2.1")
    assert refused is not None and refused.status_code == 503
    assert "server is busy" in refused.get_json()["said"]
    assert [answers[0].status_code for _, answers in stalled] == [200] * admission.HARD_FACTOR
    assert after is not None and after.status_code == 200  # the bodies read, counts given back
    app.extensions["db_engine"].dispose()


@pytest.mark.parametrize("coding", ["chunked", "Chunked", "CHUNKED"])
def test_a_body_in_any_spelling_of_its_transfer_coding_is_counted(tmp_path, coding):
    """S4-1: ``Chunked`` escaped the count and was read inside a place by the CSRF check."""
    app = with_readers(tmp_path, per_process=8, per_address=1)
    game = new_game(app)
    phone = app.test_client()
    csrf = csrf_of(phone, f"/g/{game.play_token}")
    body = f"csrf_token={csrf}&player=0&value=coins&delta=1".encode()
    arrived = threading.Event()
    tap, answers = in_thread(lambda: phone.post(
        f"/g/{game.play_token}/do/correct", input_stream=Trickle(body, arrived),
        content_type="application/x-www-form-urlencoded",
        headers={"Accept": "application/json", "Transfer-Encoding": coding},
        environ_base={"REMOTE_ADDR": "10.0.0.1", "wsgi.input_terminated": True},
        environ_overrides={"CONTENT_LENGTH": ""}))  # (no length: as a chunked body comes)
    time.sleep(0.3)
    until(lambda: app.extensions["readers"].count() == 1)  # counted while it arrives
    again = tap_from(app, game, "10.0.0.1")
    arrived.set()
    tap.join(5)
    assert again is not None and again.status_code == 503  # past its address's one
    assert answers and answers[0].status_code == 200  # read whole once it came
    with app.app_context():
        assert store.version_by_link(game.play_token)[1] == 1
    app.extensions["db_engine"].dispose()


def test_a_process_reads_at_least_one_body_at_once_and_one_from_each_address(tmp_path):
    with pytest.raises(ValueError, match="READING_PER_PROCESS and READING_PER_ADDRESS"):
        with_readers(tmp_path, per_process=4, per_address=0)
