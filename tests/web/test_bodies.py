"""How many request bodies a process reads at once (companion/web/bodies.py): at most
READING_PER_ADDRESS from one address and READING_PER_PROCESS in all (past which only an address
reading none yet is read, up to HARD_FACTOR times as many); a body past a count waits a moment,
then is refused unread and asked again, and nothing of it is stored."""
from __future__ import annotations

import io
import threading
import time
from collections.abc import Callable

import pytest

from companion import create_app, store
from companion.games import get_game
from companion.web import bodies
from tests.table_helpers import csrf_of, sample_setup


def until(condition: Callable[[], bool]) -> None:
    """Return once ``condition`` holds (a safety bound of some seconds, not a measure)."""
    for _ in range(1000):
        if condition():
            return
        time.sleep(0.005)
    raise AssertionError("the requests never got there")


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


def correct(client, game, csrf: str, **extra):
    return client.post(f"/g/{game.play_token}/do/correct", headers={"Accept": "application/json"},
                       data={"csrf_token": csrf, "player": "0", "value": "coins", "delta": "1"},
                       **extra)


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
    monkeypatch.setattr(bodies, "READ_PATIENCE", 10.0)  # (the tap surely waits by then)
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
               for i in range(bodies.HARD_FACTOR)]
    refused = tap_from(app, game, "10.0.2.1")
    arrived.set()
    for tap, _ in stalled:
        tap.join(5)
    after = tap_from(app, game, "10.0.2.1")
    assert refused is not None and refused.status_code == 503
    assert "server is busy" in refused.get_json()["said"]
    assert [answers[0].status_code for _, answers in stalled] == [200] * bodies.HARD_FACTOR
    assert after is not None and after.status_code == 200  # the bodies read, counts given back
    app.extensions["db_engine"].dispose()


@pytest.mark.parametrize("coding", ["chunked", "Chunked", "CHUNKED"])
def test_a_body_in_any_spelling_of_its_transfer_coding_is_counted(tmp_path, coding):
    """S4-1: ``Chunked`` escaped the count and was read by the CSRF check, past the counts."""
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
