"""Faults injected through the emulator's control endpoint, each met by both clients: what is retried, what
is not, and what each failure raises."""

from __future__ import annotations

import time

import pytest

from conftest import Emulator, Runner
from svc_scan import (
    APIConnectionError,
    APITimeoutError,
    DecodeError,
    RateLimitError,
    ServerError,
    SvcError,
)


def test_a_429_is_retried_after_its_retry_after(run: Runner, emulator: Emulator) -> None:
    emulator.fault(kind="rate_limit", path="/me", retry_after_s=1, count=1)
    started = time.monotonic()
    assert run("me").user_id == "usr_ci"
    assert time.monotonic() - started >= 0.95
    assert emulator.requests("GET /api/v1/me") == 2


def test_a_429_on_a_post_is_retried_too(run: Runner, emulator: Emulator) -> None:
    emulator.fault(kind="rate_limit", path="/scans", method="POST", retry_after_s=1, count=1)
    assert run("create_scan", "repo_clean").status == "queued"
    assert emulator.stats()["scans_created"] == 1
    assert emulator.requests("POST /api/v1/scans") == 2


def test_a_429_whose_wait_passes_the_budget_is_raised(run: Runner, emulator: Emulator) -> None:
    emulator.fault(kind="rate_limit", path="/me", retry_after_s=30, count=1)
    with pytest.raises(RateLimitError) as caught:
        run.with_options(max_retry_wait=5.0)("me")
    assert caught.value.retry_after == 30.0
    assert caught.value.status_code == 429
    assert emulator.requests("GET /api/v1/me") == 1


def test_a_5xx_on_a_get_is_retried(run: Runner, emulator: Emulator) -> None:
    emulator.fault(kind="error", path="/scans/*", status=503, count=2)
    assert run("get_scan", "scan_e2e_vulnerable").status == "completed"
    assert emulator.requests("GET /api/v1/scans/{id}") == 3


def test_a_5xx_that_persists_ends_after_max_retries(run: Runner, emulator: Emulator) -> None:
    emulator.fault(kind="error", path="/me", status=500)
    with pytest.raises(ServerError) as caught:
        run("me")
    assert caught.value.status_code == 500
    assert emulator.requests("GET /api/v1/me") == 3  # the first attempt and max_retries=2
    emulator.control("POST", "/reset-stats")
    with pytest.raises(ServerError):
        run.with_options(max_retries=0)("me")
    assert emulator.requests("GET /api/v1/me") == 1


def test_a_5xx_on_a_post_is_not_retried(run: Runner, emulator: Emulator) -> None:
    emulator.fault(kind="error", path="/scans", method="POST", status=502, count=1)
    with pytest.raises(ServerError) as caught:
        run("create_scan", "repo_clean")
    assert caught.value.status_code == 502
    assert emulator.requests("POST /api/v1/scans") == 1


def test_a_cancel_is_retried_like_a_read(run: Runner, emulator: Emulator) -> None:
    scan = run("create_scan", "repo_stuck")
    emulator.fault(kind="error", path="/scans/*/cancel", status=503, count=1)
    assert run("cancel_scan", scan.id).status == "cancelled"
    assert emulator.requests("POST /api/v1/scans/{id}/cancel") == 2


def test_a_reset_on_a_get_is_retried(run: Runner, emulator: Emulator) -> None:
    emulator.fault(kind="reset", path="/billing/usage", count=1)
    assert run("get_usage").remaining_credits is not None
    assert emulator.requests("GET /api/v1/billing/usage") == 2


def test_a_reset_on_a_post_is_not_retried(run: Runner, emulator: Emulator) -> None:
    emulator.fault(kind="reset", path="/scans", method="POST", count=1)
    with pytest.raises(APIConnectionError) as caught:
        run("create_scan", "repo_clean")
    assert not caught.value.never_sent
    assert emulator.requests("POST /api/v1/scans") == 1


def test_a_truncated_body_is_read_again(run: Runner, emulator: Emulator) -> None:
    emulator.fault(kind="truncate", path="/me", count=1)
    assert run("me").user_id == "usr_ci"
    assert emulator.requests("GET /api/v1/me") == 2


def test_a_slow_answer_times_out(run: Runner, emulator: Emulator) -> None:
    emulator.fault(kind="slow_body", path="/me", slow_body_ms=5000, count=1)
    with pytest.raises(APITimeoutError) as caught:
        run.with_options(timeout=0.3, max_retries=0)("me")
    assert isinstance(caught.value, APIConnectionError)
    assert f"GET {emulator.base_url}/me timed out" in str(caught.value)


def test_a_timeout_on_a_get_is_retried(run: Runner, emulator: Emulator) -> None:
    emulator.fault(kind="slow_body", path="/me", slow_body_ms=5000, count=1)
    assert run.with_options(timeout=0.3)("me").user_id == "usr_ci"


def test_the_timeout_bounds_an_answer_whose_body_drips(run: Runner, emulator: Emulator) -> None:
    # Headers at once, then a byte every half second: every read gets a byte well within the timeout.
    emulator.fault(kind="drip_body", path="/me", drip_interval_ms=500)
    started = time.monotonic()
    with pytest.raises(APITimeoutError) as caught:
        run.with_options(timeout=1.0, max_retries=0)("me")
    assert time.monotonic() - started < 1.0 + 3.0
    assert f"GET {emulator.base_url}/me timed out" in str(caught.value)


def test_each_attempt_gets_the_whole_timeout_afresh(run: Runner, emulator: Emulator) -> None:
    emulator.fault(kind="drip_body", path="/me", drip_interval_ms=500, count=1)
    started = time.monotonic()
    assert run.with_options(timeout=1.0, max_retries=1, max_retry_wait=1.0)("me").user_id == "usr_ci"
    assert emulator.requests("GET /api/v1/me") == 2
    assert time.monotonic() - started < 1.0 + 1.0 + 3.0


def test_malformed_json_is_a_decode_error_and_read_again(run: Runner, emulator: Emulator) -> None:
    emulator.fault(kind="malformed", path="/me", count=1)
    with pytest.raises(DecodeError) as caught:
        run.with_options(max_retries=0)("me")
    assert caught.value.status_code == 200
    assert "not JSON" in str(caught.value)
    emulator.fault(kind="malformed", path="/me", count=1)
    assert run("me").user_id == "usr_ci"


def test_malformed_json_on_a_post_is_not_repeated(run: Runner, emulator: Emulator) -> None:
    emulator.fault(kind="malformed", path="/scans", method="POST", count=1)
    with pytest.raises(DecodeError):
        run("create_scan", "repo_clean")
    assert emulator.stats()["scans_created"] == 1


def test_a_clamped_limit_is_followed(run: Runner, emulator: Emulator) -> None:
    page = run("list_findings", scan_id="scan_e2e_large", limit=500)
    assert page.limit == 200
    assert len(page.items) == 200
    emulator.control("POST", "/reset-stats")
    findings = run("iter_findings", scan_id="scan_e2e_large", page_size=500)
    assert len({finding.id for finding in findings}) == len(findings) == 1234
    assert emulator.requests("GET /api/v1/findings") == 7  # ceil(1234 / 200), not ceil(1234 / 500)


def test_a_total_that_changes_while_paging_loses_nothing(run: Runner, emulator: Emulator) -> None:
    emulator.fault(kind="changing_total", path="/findings", total_delta=-100, count=3)
    findings = run("iter_findings", scan_id="scan_e2e_large")
    assert len({finding.id for finding in findings}) == len(findings) == 1234


def test_faults_in_a_walk_are_retried_page_by_page(run: Runner, emulator: Emulator) -> None:
    emulator.fault(kind="error", path="/findings", status=503, probability=0.2)
    findings = run("iter_findings", scan_id="scan_e2e_large")
    assert [finding.id for finding in findings] == [f"fnd_2_{index}" for index in range(1234)]


def test_a_failing_page_ends_the_walk_with_its_error(run: Runner, emulator: Emulator) -> None:
    emulator.fault(kind="error", path="/findings", status=500)
    with pytest.raises(SvcError) as caught:
        run.with_options(max_retries=0)("iter_findings", scan_id="scan_e2e_large")
    assert isinstance(caught.value, ServerError)


def test_a_connection_refused_is_never_sent_and_retried(kind: str) -> None:
    runner = Runner(kind, api_key="svc_sk_test", base_url="http://127.0.0.1:9/api/v1", max_retry_wait=1.0)
    started = time.monotonic()
    with pytest.raises(APIConnectionError) as caught:
        runner("create_scan", "repo_clean")
    assert caught.value.never_sent
    assert "POST http://127.0.0.1:9/api/v1/scans failed" in str(caught.value)
    assert time.monotonic() - started < 5
