"""The sync client: every call of _calls.py sent with httpx.Client, with the retry rules, the paging walk and
the waits."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from types import TracebackType
from typing import Any, TypeVar

import httpx

from . import _calls as calls
from . import _models as m
from . import _polling as polling
from ._base import Answer, ClientCore, log_retry
from ._calls import PAGE_SIZES, Call
from ._errors import APITimeoutError, RateLimitError, SvcError
from ._paging import Walk
from ._retry import RetryState

T = TypeVar("T")


class Client:
    """A sync client of the service. Credentials resolve as `svc` resolves them: the arguments, then
    SVC_API_KEY / SVC_API_URL, then ~/.svc/config.toml, then the built-in URL. `timeout` is httpx's per-phase
    timeout in seconds; `max_retries` bounds the retries of one call (see README, Retries)."""

    def __init__(
        self,
        api_key: str | None = None,
        base_url: str | None = None,
        *,
        timeout: float = 30.0,
        max_retries: int = 2,
        max_retry_wait: float = 60.0,
        http_client: httpx.Client | None = None,
    ) -> None:
        self._core = ClientCore(api_key, base_url, timeout, max_retries, max_retry_wait)
        self._owns_http = http_client is None
        # trust_env (httpx's default) reads HTTP_PROXY, HTTPS_PROXY, ALL_PROXY and NO_PROXY. The key and the
        # User-Agent go on each request: an injected client may serve other hosts, and other clients.
        self._http = http_client or httpx.Client(timeout=timeout, mounts=self._core.direct_mounts())

    @property
    def base_url(self) -> str:
        return self._core.base_url

    def __repr__(self) -> str:
        return self._core.describe("Client")

    def close(self) -> None:
        """Closes the client's own connection pool; an injected http_client is left to its owner."""
        if self._owns_http:
            self._http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    # --- sending ---

    def _request(self, call: Call[T], deadline: float | None = None) -> Answer[T]:
        state = RetryState(call.method, self._core.policy, call.idempotent)
        while True:
            try:
                return self._attempt(call, deadline)
            except SvcError as error:
                delay = state.delay_before_retry(error)
                if delay is None or (deadline is not None and time.monotonic() + delay >= deadline):
                    raise
                log_retry(self._core.where(call), error, state.retries, state.policy.max_retries, delay)
                time.sleep(delay)

    def _attempt(self, call: Call[T], deadline: float | None) -> Answer[T]:
        timeout = self._core.timeout
        if deadline is not None:
            # A wait's deadline cuts the request in flight.
            timeout = max(0.001, min(timeout, deadline - time.monotonic()))
        started = time.perf_counter()
        try:
            response = self._http.send(self._core.build_request(self._http, call, timeout))
        except httpx.HTTPError as error:
            raise self._core.transport_error(call, error) from None
        return self._core.interpret(call, response, started)

    def _send(self, call: Call[T]) -> T:
        return self._request(call).value

    def _iterate(self, page_call: Callable[[int, int], Call[m.Page[T]]], page_size: int) -> Iterator[T]:
        walk: Walk[T] = Walk()
        offset = 0
        while True:
            walk.check_cap(offset)
            page = self._send(page_call(page_size, offset))
            taken = walk.take(page, offset)
            yield from taken.fresh
            if taken.done:
                return
            offset += taken.consumed

    def _wait(self, awaited: polling.Awaited[T], interval: float, timeout: float) -> T:
        poller = polling.Poller(awaited, interval, timeout, time.monotonic)
        while True:
            poller.check_deadline()
            try:
                answer = self._request(awaited.call, poller.deadline)
            except RateLimitError as error:
                time.sleep(poller.after_rate_limit(error))
                continue
            except APITimeoutError as error:
                raise poller.after_timeout(error) from None
            delay = poller.after(answer.value, answer.retry_after)
            if delay is None:
                return answer.value
            time.sleep(delay)

    # --- the API ---

    def me(self) -> m.Principal:
        return self._send(calls.me())

    def list_repositories(
        self, project_id: str | None = None, limit: int = 100, offset: int = 0
    ) -> m.Page[m.Repository]:
        return self._send(calls.list_repositories(project_id, limit, offset))

    def iter_repositories(
        self, project_id: str | None = None, *, page_size: int = PAGE_SIZES["repositories"]
    ) -> Iterator[m.Repository]:
        return self._iterate(lambda limit, offset: calls.list_repositories(project_id, limit, offset), page_size)

    def find_repository(self, full_name: str) -> m.Repository | None:
        """The repository whose full_name matches, ignoring case (as the TypeScript client), or None."""
        wanted = full_name.lower()
        for repository in self.iter_repositories():
            if repository.full_name.lower() == wanted:
                return repository
        return None

    def create_scan(
        self,
        repository_id: str,
        ref: str = "HEAD",
        modules: Sequence[str] | None = None,
        frameworks: Sequence[str] | None = None,
        is_incremental: bool = True,
    ) -> m.Scan:
        return self._send(calls.create_scan(repository_id, ref, modules, frameworks, is_incremental))

    def list_scans(self, repository_id: str | None = None, limit: int = 20, offset: int = 0) -> m.Page[m.Scan]:
        return self._send(calls.list_scans(repository_id, limit, offset))

    def iter_scans(self, repository_id: str | None = None, *, page_size: int = PAGE_SIZES["scans"]) -> Iterator[m.Scan]:
        return self._iterate(lambda limit, offset: calls.list_scans(repository_id, limit, offset), page_size)

    def get_scan(self, id: str) -> m.Scan:
        return self._send(calls.get_scan(id))

    def get_scan_report(self, id: str) -> m.ScanReport:
        return self._send(calls.get_scan_report(id))

    def cancel_scan(self, id: str) -> m.Scan:
        return self._send(calls.cancel_scan(id))

    def wait_for_scan(self, id: str, interval: float = 2.0, timeout: float = 600.0) -> m.Scan:
        """Polls GET /scans/{id} until the scan completes, fails or is cancelled, and returns it."""
        return self._wait(polling.scan(id), interval, timeout)

    def list_findings(
        self, scan_id: str | None = None, severity: str | None = None, limit: int = 20, offset: int = 0
    ) -> m.Page[m.Finding]:
        return self._send(calls.list_findings(scan_id, severity, limit, offset))

    def iter_findings(
        self, scan_id: str | None = None, severity: str | None = None, *, page_size: int | None = None
    ) -> Iterator[m.Finding]:
        """Pages of 50 for one scan's findings (the spec's scan helper), 20 otherwise."""
        size = page_size or PAGE_SIZES["findings_of_scan" if scan_id is not None else "findings"]
        return self._iterate(lambda limit, offset: calls.list_findings(scan_id, severity, limit, offset), size)

    def get_finding(self, id: str) -> m.FindingDetail:
        return self._send(calls.get_finding(id))

    def remediate_finding(self, id: str) -> m.RemediationJob:
        return self._send(calls.remediate_finding(id))

    def get_remediation(self, id: str) -> m.RemediationJob:
        return self._send(calls.get_remediation(id))

    def wait_for_remediation(
        self,
        id: str,
        interval: float = 3.0,
        timeout: float = 600.0,
    ) -> m.RemediationJob:
        return self._wait(polling.remediation(id), interval, timeout)

    def start_ai_analysis(self, scan_id: str) -> m.AIAnalysis:
        return self._send(calls.start_ai_analysis(scan_id))

    def get_ai_analysis(self, scan_id: str) -> m.AIAnalysis:
        return self._send(calls.get_ai_analysis(scan_id))

    def get_ai_patches(self, scan_id: str) -> dict[str, Any]:
        return self._send(calls.get_ai_patches(scan_id))

    def wait_for_ai_analysis(self, scan_id: str, interval: float = 3.0, timeout: float = 600.0) -> m.AIAnalysis:
        return self._wait(polling.ai_analysis(scan_id), interval, timeout)

    def get_compliance_overview(self, scan_id: str | None = None) -> m.ComplianceOverview:
        return self._send(calls.get_compliance_overview(scan_id))

    def get_compliance_framework(self, framework_id: str, scan_id: str | None = None) -> m.FrameworkDetail:
        return self._send(calls.get_compliance_framework(framework_id, scan_id))

    def get_ai_security_overview(self, scan_id: str | None = None) -> m.AiSecurityOverview:
        return self._send(calls.get_ai_security_overview(scan_id))

    def list_audit_logs(
        self,
        action: str | None = None,
        actor_id: str | None = None,
        target_type: str | None = None,
        limit: int = 20,
        offset: int = 0,
    ) -> m.Page[m.AuditLog]:
        return self._send(calls.list_audit_logs(action, actor_id, target_type, limit, offset))

    def iter_audit_logs(
        self,
        action: str | None = None,
        actor_id: str | None = None,
        target_type: str | None = None,
        *,
        page_size: int = PAGE_SIZES["audit_logs"],
    ) -> Iterator[m.AuditLog]:
        return self._iterate(
            lambda limit, offset: calls.list_audit_logs(action, actor_id, target_type, limit, offset), page_size
        )

    def create_api_key(self, name: str, role: str = "member") -> m.ApiKeyCreated:
        return self._send(calls.create_api_key(name, role))

    def list_api_keys(self) -> list[m.ApiKey]:
        return self._send(calls.list_api_keys())

    def revoke_api_key(self, id: str) -> None:
        self._send(calls.revoke_api_key(id))

    def get_usage(self) -> m.UsageOverview:
        return self._send(calls.get_usage())
