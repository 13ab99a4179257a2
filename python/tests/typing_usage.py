"""What a user's type checker sees: checked by mypy --strict and pyright strict (scripts/test-python.sh), never
run. Each assert_type fails the check when a signature or a model drifts from it."""

from __future__ import annotations

from collections.abc import AsyncGenerator, Iterator, Mapping
from datetime import timedelta
from typing import Any

import httpx
from typing_extensions import assert_type

from svc_scan import (
    AIAnalysis,
    APIStatusError,
    AsyncClient,
    Client,
    Finding,
    FindingDetail,
    JobStatus,
    NotFoundError,
    Page,
    PollTimeoutError,
    RawResponse,
    Repository,
    Role,
    Scan,
    Severity,
    is_at_or_above,
)


def sync_usage(client: Client) -> None:
    scan = client.create_scan("repo_1", ref="main", modules=["sast"])
    assert_type(scan, Scan)
    assert_type(scan.id, str)
    assert_type(scan.status, JobStatus)
    assert_type(client.wait_for_scan(scan.id, timeout=60.0, request_timeout=5.0, cancel_on_timeout=True), Scan)
    assert_type(client.get_repository("acme/webapp"), Repository)
    assert_type(client.find_repository("acme/webapp"), Repository | None)
    assert_type(client.list_findings(scan_id=scan.id, severity="high"), Page[Finding])
    findings = client.iter_findings(scan_id=scan.id, extra_headers={"X-Trace": "1"}, timeout=httpx.Timeout(5.0))
    assert_type(findings, Iterator[Finding])
    for finding in findings:
        assert_type(finding.id, str)
        assert_type(finding.severity, Severity)
        assert_type(finding.title, str)
        assert_type(finding.line, int | None)
        assert_type(is_at_or_above(finding.severity, "high"), bool)
    assert_type(client.get_finding("f1", max_retries=0, timeout=None), FindingDetail)
    assert_type(client.create_api_key("ci", role="admin").token, str)
    assert_type(client.create_api_key("ci").role, Role | None)
    assert_type(client.get_ai_patches("scn_1"), dict[str, Any])
    assert_type(client.revoke_api_key("key_1"), None)
    quick = client.with_options(timeout=5.0, max_retries=0)
    assert_type(quick, Client)
    raw = client.with_raw_response.get_scan("scn_1", extra_query={"expand": "modules"})
    assert_type(raw, RawResponse[Scan])
    assert_type(raw.status_code, int)
    assert_type(raw.headers, httpx.Headers)
    assert_type(raw.request_id, str | None)
    assert_type(raw.elapsed, timedelta)
    assert_type(raw.parse(), Scan)
    assert_type(scan._request_id, str | None)  # pyright: ignore[reportPrivateUsage]


async def async_usage(client: AsyncClient) -> None:
    assert_type(await client.get_scan("scn_1", timeout=3.0), Scan)
    assert_type(await client.wait_for_ai_analysis("scn_1", request_timeout=2.0), AIAnalysis)
    findings = client.iter_findings(scan_id="scn_1", concurrency=8, extra_query={"a": "b"})
    assert_type(findings, AsyncGenerator[Finding, None])
    async for finding in findings:
        assert_type(finding.severity, Severity)
    raw = await client.with_raw_response.list_findings(scan_id="scn_1")
    assert_type(raw.parse(), Page[Finding])
    assert_type(client.with_options(max_retries=1), AsyncClient)


def errors(error: Exception) -> None:
    if isinstance(error, NotFoundError):
        assert_type(error.status_code, int)
        assert_type(error.request_id, str | None)
    if isinstance(error, APIStatusError):
        assert_type(error.headers, Mapping[str, str])
        assert_type(error.body, Any)
    if isinstance(error, PollTimeoutError):
        assert_type(error.cancelled, bool)
