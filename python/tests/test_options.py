"""Per-call options (extra_headers, extra_query, max_retries, timeout; request_timeout on the waits),
with_options, and raw responses, on both clients."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import httpx
import pytest

from conftest import MOCK_KEY, MOCK_URL, Emulator, finding_json, json_response, mock, scan_json
from svc_scan import AsyncClient, Client, RawResponse, ServerError


def _recording(answer: httpx.Response | None = None) -> tuple[list[httpx.Request], Any]:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return answer if answer is not None else json_response(scan_json("scn_1", "completed"))

    return seen, handler


def test_extra_headers_and_query_go_on_the_call_only(kind: str) -> None:
    seen, handler = _recording()
    runner = mock(kind, handler)
    runner("get_scan", "scn_1", extra_headers={"X-Trace": "t1"}, extra_query={"expand": "modules"})
    runner("get_scan", "scn_1")
    first, second = seen
    assert first.headers["x-trace"] == "t1"
    assert first.url.params["expand"] == "modules"
    assert "x-trace" not in second.headers
    assert "expand" not in second.url.params
    assert first.headers["authorization"] == f"Bearer {MOCK_KEY}"


def test_extra_query_reaches_every_page_of_an_iterator(kind: str) -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        offset = int(request.url.params["offset"])
        items = [finding_json(f"f{index}") for index in range(offset, min(offset + 10, 25))]
        return json_response({"items": items, "total": 25, "limit": 10, "offset": offset})

    findings = mock(kind, handler)("iter_findings", page_size=10, extra_query={"tag": "x"})
    assert len(findings) == 25
    assert [request.url.params["tag"] for request in seen] == ["x", "x", "x"]


def test_max_retries_per_call_overrides_the_client_s(kind: str) -> None:
    seen, handler = _recording(json_response({"error": {"message": "down"}}, 503))
    with pytest.raises(ServerError):
        mock(kind, handler, max_retries=0)("get_scan", "scn_1", max_retries=2)
    assert len(seen) == 3
    seen.clear()
    with pytest.raises(ServerError):
        mock(kind, handler, max_retries=2)("get_scan", "scn_1", max_retries=0)
    assert len(seen) == 1


@pytest.mark.parametrize(
    ("timeout", "expected"),
    [
        (1.5, {"connect": 1.5, "read": 1.5, "write": 1.5, "pool": 1.5}),
        (httpx.Timeout(2.0, connect=0.5), {"connect": 0.5, "read": 2.0, "write": 2.0, "pool": 2.0}),
        (None, {"connect": None, "read": None, "write": None, "pool": None}),
    ],
)
def test_a_timeout_is_a_float_an_httpx_timeout_or_none(kind: str, timeout: Any, expected: dict[str, Any]) -> None:
    seen, handler = _recording()
    mock(kind, handler, timeout=30.0)("get_scan", "scn_1", timeout=timeout)
    assert seen[0].extensions["timeout"] == expected


def test_a_wait_s_timeout_is_its_deadline_and_request_timeout_each_poll_s(kind: str) -> None:
    seen, handler = _recording()
    mock(kind, handler, timeout=30.0)("wait_for_scan", "scn_1", timeout=600.0, request_timeout=4.0)
    assert seen[0].extensions["timeout"]["read"] == 4.0
    seen.clear()
    mock(kind, handler, timeout=30.0)("wait_for_scan", "scn_1", timeout=2.0)
    assert seen[0].extensions["timeout"]["read"] <= 2.0  # the deadline cuts the poll
    with pytest.raises(TypeError, match="'timeout_per_poll'"):
        mock(kind, handler)("wait_for_scan", "scn_1", timeout_per_poll=1.0)


def test_an_unknown_option_is_a_type_error_before_anything_is_sent(kind: str) -> None:
    seen, handler = _recording()
    with pytest.raises(TypeError, match="'extra_header'"):
        mock(kind, handler)("get_scan", "scn_1", extra_header={"a": "b"})
    assert seen == []


def test_with_options_shares_the_pool_and_differs_only_in_its_settings() -> None:
    seen, handler = _recording()
    with httpx.Client(transport=httpx.MockTransport(handler)) as http:
        client = Client(api_key=MOCK_KEY, base_url=MOCK_URL, http_client=http, timeout=30.0, max_retries=2)
        quick = client.with_options(timeout=httpx.Timeout(3.0), max_retries=0)
        assert quick._http is client._http
        assert (quick.timeout, quick.max_retries) == (httpx.Timeout(3.0), 0)
        assert (client.timeout, client.max_retries) == (30.0, 2)
        assert quick.with_options(timeout=None).timeout is None
        quick.get_scan("scn_1")
        assert seen[-1].extensions["timeout"]["read"] == 3.0
        quick.close()
        client.get_scan("scn_1")  # the shared pool is still open
    own = Client(api_key=MOCK_KEY, base_url=MOCK_URL)
    derived = own.with_options(max_retries=5)
    derived.close()
    assert not own._http.is_closed
    own.close()
    assert own._http.is_closed


def test_async_with_options_shares_the_pool() -> None:
    async def scenario() -> None:
        async with AsyncClient(api_key=MOCK_KEY, base_url=MOCK_URL, max_retries=1) as client:
            derived = client.with_options(max_retries=4)
            assert isinstance(derived, AsyncClient)
            assert derived._http is client._http
            assert (derived.max_retries, client.max_retries) == (4, 1)

    asyncio.run(scenario())


@pytest.mark.parametrize("bad", [{"timeout": -1}, {"timeout": "3"}, {"max_retries": -1}, {"max_retries": 1.5}])
def test_bad_settings_are_refused(bad: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match=next(iter(bad))):
        Client(api_key=MOCK_KEY, base_url=MOCK_URL).with_options(**bad)


def test_a_raw_response_carries_the_answer_and_parses_to_the_model(kind: str) -> None:
    answer = json_response(scan_json("scn_1", "completed"), 200, **{"x-request-id": "req_raw", "x-extra": "yes"})
    seen, handler = _recording(answer)
    runner = mock(kind, handler)
    raw = runner.raw("get_scan", "scn_1", extra_headers={"X-Trace": "t"})
    assert isinstance(raw, RawResponse)
    assert (raw.status_code, raw.request_id, raw.headers["x-extra"]) == (200, "req_raw", "yes")
    assert isinstance(raw.elapsed, timedelta)
    assert raw.parse().id == "scn_1"
    assert raw.retries_taken == 0
    assert seen[0].headers["x-trace"] == "t"


def test_a_successful_call_s_request_id_is_on_the_model_but_not_in_its_repr(kind: str) -> None:
    answer = json_response(scan_json("scn_1", "completed"), 200, **{"x-request-id": "req_42"})
    scan = mock(kind, _recording(answer)[1])("get_scan", "scn_1")
    assert scan._request_id == "req_42"
    assert "req_42" not in repr(scan)
    page_answer = json_response({"items": [], "total": 0, "limit": 20, "offset": 0}, 200, **{"x-request-id": "req_p"})
    page = mock(kind, _recording(page_answer)[1])("list_findings")
    assert page._request_id == "req_p"
    assert "req_p" not in repr(page)


def test_every_single_request_method_has_a_raw_twin() -> None:
    from svc_scan import AsyncClientWithRawResponse, ClientWithRawResponse

    def public(kind: type[Any]) -> set[str]:
        return {name for name in vars(kind) if not name.startswith("_")}

    single = {
        name
        for name in public(Client)
        if not name.startswith(("iter_", "wait_for_", "with_"))
        and name not in {"close", "find_repository", "get_repository", "base_url", "timeout", "max_retries"}
    }
    assert "get_scan" in single
    assert public(ClientWithRawResponse) == single
    assert public(AsyncClientWithRawResponse) == single


def test_raw_responses_against_the_emulator(kind: str, emulator: Emulator) -> None:
    from conftest import MEMBER_KEY, Runner

    raw = Runner(kind, api_key=MEMBER_KEY, base_url=emulator.base_url).raw("me")
    assert raw.status_code == 200
    assert raw.parse().user_id == "usr_ci"
