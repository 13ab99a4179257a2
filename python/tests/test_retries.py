"""Retries as the best SDKs do them, within the rule that a start is never sent twice: Retry-After (seconds or
an HTTP date) and retry-after-ms on 429 and 503, 408 retried for reads, a backoff with a floor, and the attempt
number in x-svc-retry-count."""

from __future__ import annotations

import email.utils
import time
from typing import Any

import httpx
import pytest

from conftest import json_response, mock, scan_json
from svc_scan import APIStatusError, RateLimitError, ServerError
from svc_scan._retry import RetryPolicy, backoff_delay


def _script(*answers: httpx.Response) -> tuple[list[httpx.Request], Any]:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        answer = answers[min(len(seen), len(answers)) - 1]
        return httpx.Response(answer.status_code, headers=answer.headers, content=answer.content)

    return seen, handler


def _sleeps(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The waits the clients asked for, without waiting."""
    waits: list[float] = []

    async def async_sleep(delay: float) -> None:
        waits.append(delay)

    monkeypatch.setattr("svc_scan._sync_client.time.sleep", waits.append)
    monkeypatch.setattr("svc_scan._async_client.asyncio.sleep", async_sleep)
    return waits


OK = json_response(scan_json("scn_1", "completed"))


@pytest.mark.parametrize("status", [429, 503])
@pytest.mark.parametrize(
    ("headers", "wait"),
    [({"retry-after": "7"}, 7.0), ({"retry-after-ms": "1500", "retry-after": "9"}, 1.5)],
    ids=["retry-after", "retry-after-ms"],
)
def test_the_service_s_wait_is_honoured_on_429_and_503(
    kind: str, monkeypatch: pytest.MonkeyPatch, status: int, headers: dict[str, str], wait: float
) -> None:
    waits = _sleeps(monkeypatch)
    seen, handler = _script(json_response({"error": "busy"}, status, **headers), OK)
    assert mock(kind, handler)("get_scan", "scn_1").id == "scn_1"
    assert waits == [wait]
    assert len(seen) == 2


def test_an_http_date_retry_after_on_a_503(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    waits = _sleeps(monkeypatch)
    when = email.utils.formatdate(time.time() + 20, usegmt=True)
    _, handler = _script(json_response({}, 503, **{"retry-after": when}), OK)
    mock(kind, handler)("get_scan", "scn_1")
    assert len(waits) == 1
    assert 15.0 <= waits[0] <= 20.0


def test_a_408_is_retried_for_a_read_and_not_for_a_start(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    _sleeps(monkeypatch)
    seen, handler = _script(json_response({}, 408), OK)
    assert mock(kind, handler)("get_scan", "scn_1").id == "scn_1"
    assert len(seen) == 2
    seen, handler = _script(json_response({}, 408), json_response(scan_json("scn_2", "queued"), 201))
    with pytest.raises(APIStatusError) as caught:
        mock(kind, handler)("create_scan", "repo_1")
    assert caught.value.status_code == 408
    assert len(seen) == 1


def test_a_start_is_retried_after_a_429_only(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    _sleeps(monkeypatch)
    seen, handler = _script(
        json_response({}, 429, **{"retry-after": "1"}), json_response(scan_json("s", "queued"), 201)
    )
    assert mock(kind, handler)("create_scan", "repo_1").id == "s"
    assert len(seen) == 2
    seen, handler = _script(json_response({}, 503, **{"retry-after": "1"}), json_response(scan_json("s", "queued")))
    with pytest.raises(ServerError):
        mock(kind, handler)("create_scan", "repo_1")
    assert len(seen) == 1


def test_each_attempt_says_its_number(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    _sleeps(monkeypatch)
    seen, handler = _script(json_response({}, 500), json_response({}, 429), OK)
    mock(kind, handler)("get_scan", "scn_1")
    assert [request.headers["x-svc-retry-count"] for request in seen] == ["0", "1", "2"]


def test_the_backoff_has_a_floor() -> None:
    policy = RetryPolicy()
    assert backoff_delay(0, policy, rand=0.999999) >= 0.375
    assert backoff_delay(0, policy, rand=0.0) == 0.5
    assert backoff_delay(3, policy, rand=0.999999) >= 3.0
    assert backoff_delay(10, policy, rand=0.999999) >= 6.0  # capped at 8 s, less at most a quarter


def test_a_backoff_without_retry_after_never_waits_about_nothing(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    waits = _sleeps(monkeypatch)
    _, handler = _script(json_response({}, 500), json_response({}, 502), OK)
    mock(kind, handler)("get_scan", "scn_1")
    assert len(waits) == 2
    assert waits[0] >= 0.375
    assert waits[1] >= 0.75


def test_a_429_without_retry_after_backs_off_and_gives_up_after_max_retries(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    waits = _sleeps(monkeypatch)
    seen, handler = _script(json_response({}, 429))
    with pytest.raises(RateLimitError) as caught:
        mock(kind, handler, max_retries=2)("get_scan", "scn_1")
    assert caught.value.retry_after is None
    assert len(seen) == 3
    assert all(wait > 0.3 for wait in waits)
