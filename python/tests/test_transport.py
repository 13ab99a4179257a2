"""What each request carries and how answers are read, through httpx.MockTransport: headers, unknown fields,
wrong shapes, the key kept out of every message, the request log, and the retry rules a live server cannot
easily show (a POST that never left, a retry budget)."""

from __future__ import annotations

import json
import logging
import traceback
from typing import Any

import httpx
import pytest

from conftest import MOCK_KEY, finding_json, json_response, mock, scan_json
from svc_scan import (
    APIConnectionError,
    ConfigError,
    DecodeError,
    IncompleteListError,
    NotFoundError,
    ServerError,
    SvcError,
    __version__,
)


def test_every_request_carries_the_headers(kind: str) -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return json_response(scan_json("scn_1", "queued"), 201)

    runner = mock(kind, handler)
    runner("get_scan", "scn_1")
    runner("create_scan", "repo_1", modules=["sast"])
    get, post = seen
    for request in (get, post):
        assert request.headers["authorization"] == f"Bearer {MOCK_KEY}"
        assert request.headers["accept"] == "application/json"
        assert request.headers["user-agent"].startswith(f"svc-scan-python/{__version__} (Python ")
    assert "content-type" not in get.headers
    assert post.headers["content-type"] == "application/json"
    assert json.loads(post.content) == {
        "repository_id": "repo_1",
        "ref": "HEAD",
        "is_incremental": True,
        "modules": ["sast"],
    }
    assert str(get.url) == "https://svc.test/api/v1/scans/scn_1"


def test_ids_are_one_path_segment(kind: str) -> None:
    paths: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        paths.append(request.url.raw_path.decode())
        return json_response({"id": "../me", "status": "x", "modules": []})

    mock(kind, handler)("get_scan", "../me")
    assert paths == ["/api/v1/scans/..%2Fme"]


def test_unknown_fields_are_kept_in_extra(kind: str) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        body = scan_json("scn_1", "completed", shiny_new_field={"a": 1}, priority=3)
        body["modules"][0]["duration_ms"] = 12
        return json_response(body)

    scan = mock(kind, handler)("get_scan", "scn_1")
    assert scan.status == "completed"
    assert scan.extra == {"shiny_new_field": {"a": 1}, "priority": 3}
    assert scan.modules[0].extra == {"duration_ms": 12}
    assert scan.repository_id is None


def test_optional_fields_are_none_when_absent(kind: str) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return json_response({"id": "fnd_1", "severity": "high", "title": "t", "file_path": "a.py", "line": 3})

    detail = mock(kind, handler)("get_finding", "fnd_1")
    assert (detail.fix, detail.cvss_score, detail.owasp, detail.cwe) == (None, None, None, None)


def test_a_field_of_an_unexpected_type_is_kept_in_extra(kind: str, caplog: pytest.LogCaptureFixture) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        item = finding_json("f1", line="seven", cwe=79)
        return json_response({"items": [item], "total": 1, "limit": 20, "offset": 0})

    caplog.set_level(logging.DEBUG, logger="svc_scan")
    (finding,) = mock(kind, handler, max_retries=0)("list_findings").items
    assert (finding.line, finding.cwe) == (None, None)
    assert finding.extra == {"line": "seven", "cwe": 79}
    assert "items[0].line is not a int" in caplog.text


@pytest.mark.parametrize(
    ("item", "complaint"),
    [
        ({"severity": "low", "title": "t"}, r"items\[0\]\.id is missing"),
        ({"id": 7, "severity": "low", "title": "t"}, "id is not a str"),
    ],
)
def test_what_the_client_cannot_do_without_is_a_decode_error(kind: str, item: dict[str, Any], complaint: str) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return json_response({"items": [item], "total": 1, "limit": 20, "offset": 0})

    with pytest.raises(DecodeError, match=complaint):
        mock(kind, handler, max_retries=0)("list_findings")
    with pytest.raises(DecodeError, match="total is not a non-negative int"):
        mock(kind, lambda request: json_response({"items": [], "limit": 20, "offset": 0}), max_retries=0)(
            "list_findings"
        )


def test_an_answer_about_another_id_is_refused(kind: str) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return json_response(scan_json("scn_OTHER", "completed"))

    with pytest.raises(DecodeError, match="scn_OTHER"):
        mock(kind, handler, max_retries=0)("get_scan", "scn_1")


def test_a_post_that_never_left_is_retried_and_one_that_may_have_is_not(kind: str) -> None:
    attempts: list[str] = []

    def refused_once(request: httpx.Request) -> httpx.Response:
        attempts.append("try")
        if len(attempts) == 1:
            raise httpx.ConnectError("connection refused", request=request)
        return json_response(scan_json("scn_1", "queued"), 201)

    assert mock(kind, refused_once)("create_scan", "repo_1").id == "scn_1"
    assert len(attempts) == 2

    def reset(request: httpx.Request) -> httpx.Response:
        attempts.append("reset")
        raise httpx.ReadError("connection reset by peer", request=request)

    attempts.clear()
    with pytest.raises(APIConnectionError) as caught:
        mock(kind, reset)("create_scan", "repo_1")
    assert attempts == ["reset"]
    assert not caught.value.never_sent


def test_the_retry_budget_bounds_the_waits(kind: str) -> None:
    calls = 0

    def handler(request: httpx.Request) -> httpx.Response:
        nonlocal calls
        calls += 1
        return json_response({"error": {"message": "slow down"}}, 429, **{"retry-after": "2"})

    with pytest.raises(SvcError) as caught:
        mock(kind, handler, max_retries=5, max_retry_wait=3.0)("me")
    assert calls == 2  # one wait of 2 s fits the 3 s budget; a second would not
    assert "slow down" in str(caught.value)


def test_an_http_date_retry_after_is_understood(kind: str) -> None:
    from svc_scan._retry import parse_retry_after

    assert parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT", now=1445412470.0) == 10.0
    assert parse_retry_after("1.5") == 1.5
    assert parse_retry_after("-1") is None
    assert parse_retry_after("soon") is None


def test_the_key_never_appears_in_errors_reprs_logs_or_tracebacks(kind: str, caplog: pytest.LogCaptureFixture) -> None:
    encoded = MOCK_KEY.replace("/", "%2F").replace("+", "%2B")

    def handler(request: httpx.Request) -> httpx.Response:
        echo = {"error": {"message": f"bad key {MOCK_KEY} ({encoded})"}, "key": MOCK_KEY}
        return json_response(echo, 500)

    caplog.set_level(logging.DEBUG, logger="svc_scan")
    with pytest.raises(ServerError) as caught:
        mock(kind, handler, max_retries=1, max_retry_wait=0.2)("get_scan", MOCK_KEY)
    shown = [
        str(caught.value),
        repr(caught.value),
        json.dumps(caught.value.body),
        "".join(traceback.format_exception(caught.value)),
        caplog.text,
    ]
    for text in shown:
        assert MOCK_KEY not in text
        assert encoded not in text
    assert "[REDACTED]" in str(caught.value)


def test_the_key_is_scrubbed_from_what_the_service_sends(kind: str) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        text = json.dumps({"id": "fnd_1", "severity": "high", "title": f"Hard-coded key {MOCK_KEY}", "line": 1})
        return httpx.Response(200, text=text.replace("/", "\\/"), headers={"content-type": "application/json"})

    detail = mock(kind, handler)("get_finding", "fnd_1")
    assert detail.title == "Hard-coded key [REDACTED]"


def test_the_client_repr_hides_the_key(kind: str) -> None:
    from svc_scan import AsyncClient, Client

    client_class = Client if kind == "sync" else AsyncClient
    client = client_class(api_key=MOCK_KEY, base_url="https://svc.test/api/v1")
    assert MOCK_KEY not in repr(client)
    assert "svc.test" in repr(client)


def test_each_request_is_logged_at_debug(kind: str, caplog: pytest.LogCaptureFixture) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return json_response({"error": {"message": "no"}}, 404, **{"x-request-id": "req_abc"})

    caplog.set_level(logging.DEBUG, logger="svc_scan")
    with pytest.raises(NotFoundError):
        mock(kind, handler)("get_scan", "scn_9")
    records = [record for record in caplog.records if record.name == "svc_scan"]
    assert [record.levelno for record in records] == [logging.DEBUG]
    assert "GET /scans/scn_9 -> 404 in" in records[0].getMessage()
    assert "req_abc" in records[0].getMessage()


def test_an_error_names_the_call_status_and_message(kind: str) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return json_response({"error": {"code": "not_found", "message": "scan scn_9 not found"}}, 404)

    with pytest.raises(NotFoundError) as caught:
        mock(kind, handler)("get_scan", "scn_9")
    error = caught.value
    assert str(error) == "GET /scans/scn_9 failed with 404: scan scn_9 not found (request id req_mock)"
    assert (error.status_code, error.request_id) == (404, "req_mock")
    assert error.body == {"error": {"code": "not_found", "message": "scan scn_9 not found"}}


def test_no_key_is_a_config_error_before_any_request(kind: str) -> None:
    sent: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return json_response({})

    from conftest import Runner

    with pytest.raises(ConfigError, match="svc login"):
        Runner(kind, handler=handler)("me")
    assert sent == []


def test_a_list_that_never_ends_is_an_incomplete_list_error(kind: str) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        offset = int(request.url.params["offset"])
        items = [finding_json(f"f{offset + index}") for index in range(10)]
        return json_response({"items": items, "total": offset + 11, "limit": 10, "offset": offset})

    with pytest.raises(IncompleteListError):
        mock(kind, handler)("iter_findings")


@pytest.mark.parametrize("sent", [12, 7], ids=["overlapping pages", "short pages"])
def test_pages_that_disagree_with_their_limit_lose_and_repeat_nothing(kind: str, sent: int) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        offset = int(request.url.params["offset"])
        # The service reports a limit of 10 but sends `sent` items: some of the next page's, or fewer.
        items = [finding_json(f"f{index}") for index in range(offset, min(offset + sent, 35))]
        return json_response({"items": items, "total": 35, "limit": 10, "offset": offset})

    findings = mock(kind, handler)("iter_findings", page_size=10)
    assert [finding.id for finding in findings] == [f"f{index}" for index in range(35)]


def test_revoke_returns_none_on_204(kind: str) -> None:
    methods: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        methods.append(f"{request.method} {request.url.path}")
        return httpx.Response(204)

    assert mock(kind, handler)("revoke_api_key", "key_1") is None
    assert methods == ["DELETE /api/v1/api-keys/key_1"]


def test_list_api_keys_accepts_a_page_shape(kind: str) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        keys: Any = [{"id": "key_1", "name": "ci", "role": "member", "is_active": True}]
        return json_response({"items": keys, "total": 1, "limit": 20, "offset": 0})

    keys = mock(kind, handler)("list_api_keys")
    assert [key.id for key in keys] == ["key_1"]


@pytest.mark.parametrize(
    ("sent", "grows"),
    [(10, False), (12, False), (7, False), (10, True)],
    ids=["tidy pages", "overlapping pages", "short pages", "a total that grows"],
)
def test_both_clients_run_one_page_plan(sent: int, grows: bool) -> None:
    """The sync client runs the async client's plan (_paging.PagePlan) one page at a time: the same pages asked
    for, the same items yielded, whatever the service's pages do."""
    asked: dict[str, list[int]] = {"sync": [], "async": []}

    def handler_for(kind: str) -> Any:
        def handler(request: httpx.Request) -> httpx.Response:
            offset = int(request.url.params["offset"])
            asked[kind].append(offset)
            total = 35 + (10 if grows and offset >= 30 else 0)
            items = [finding_json(f"f{index}") for index in range(offset, min(offset + sent, total))]
            return json_response({"items": items, "total": total, "limit": 10, "offset": offset})

        return handler

    found = {kind: mock(kind, handler_for(kind))("iter_findings", page_size=10) for kind in ("sync", "async")}
    assert [f.id for f in found["sync"]] == [f.id for f in found["async"]]
    assert sorted(asked["sync"]) == sorted(asked["async"])
    assert len({f.id for f in found["sync"]}) == len(found["sync"])
