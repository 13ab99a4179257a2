"""The sync client: every call of _calls.py sent with httpx.Client, with the retry rules, the paging walk and the
waits. Its API methods are generated from one table with the async client's (scripts/generate_methods.py)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import TracebackType
from typing import Any, TypeVar

import httpx

from . import _calls as calls
from . import _models as m
from . import _polling as polling
from ._base import Answer, ClientCore, ClientSettings, attempt_limits, log_retry, repository_not_found
from ._calls import PAGE_SIZES, Call
from ._errors import APITimeoutError, PollTimeoutError, RateLimitError, SvcError
from ._options import CallOptions, RequestOptions, TimeoutTypes, Unpack, WaitOptions
from ._paging import PagePlan
from ._response import RawResponse
from ._retry import RetryState
from ._severity import Severity
from ._sync_exchange import LateAnswer, exchange_by

T = TypeVar("T")


class Client(ClientSettings):
    """A sync client of the service.

    Credentials resolve as `svc` resolves them: the arguments, then SVC_API_KEY / SVC_API_URL, then
    ~/.svc/config.toml, then the built-in URL (a placeholder: ConfigError until a URL is given).

    Args:
        api_key: The key (svc_sk_...); None: from the environment or the config file.
        base_url: The service's URL, ending in /api/v1; None: from the environment or the config file.
        timeout: Each attempt's timeout, from connecting to the answer's last byte; each retry gets it afresh:
            seconds, an httpx.Timeout (its phases, and the whole attempt within the longest), or None for none.
        max_retries: Retries of one call after its first attempt (see README, Retries).
        max_retry_wait: Seconds of waiting between the attempts of one call, at most.
        http_client: Your own httpx.Client (proxies, certificates, transport); the client neither closes it nor
            changes its defaults: the key and the User-Agent go on each request.

    Raises:
        ConfigError: No key, or a bad URL, found before any request.

    One client may be shared by threads (httpx.Client is thread-safe). After `os.fork()`, make a new client in the
    child: a connection pool must not cross a fork."""

    def __init__(
        self,
        api_key: str | None = None,
        base_url: str | None = None,
        *,
        timeout: TimeoutTypes = 30.0,
        max_retries: int = 2,
        max_retry_wait: float = 60.0,
        http_client: httpx.Client | None = None,
    ) -> None:
        self._core = ClientCore(api_key, base_url, timeout, max_retries, max_retry_wait)
        self._owns_http = http_client is None
        # trust_env (httpx's default) reads HTTP_PROXY, HTTPS_PROXY, ALL_PROXY and NO_PROXY; never for loopback.
        self._http = http_client or httpx.Client(timeout=None, mounts=self._core.direct_mounts())  # noqa: S113 - set per request

    @property
    def with_raw_response(self) -> ClientWithRawResponse:
        """The methods that send one request, each returning a RawResponse: `client.with_raw_response.get_scan(id)`."""
        return ClientWithRawResponse(self)

    def close(self) -> None:
        """Closes the client's own connection pool; an injected http_client is left to its owner."""
        if self._owns_http:
            self._http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    # --- sending ---

    def _request(self, call: Call[T], options: CallOptions, deadline: float | None = None) -> Answer[T]:
        state = RetryState(call.method, self._core.policy(options), call.idempotent)
        while True:
            try:
                return self._attempt(call, options, deadline, state.retries)
            except SvcError as error:
                delay = state.delay_before_retry(error)
                if delay is None or (deadline is not None and time.monotonic() + delay >= deadline):
                    raise
                log_retry(self._core.where(call), error, state.retries, state.policy.max_retries, delay)
                time.sleep(delay)

    def _attempt(self, call: Call[T], options: CallOptions, wait_deadline: float | None, retries: int) -> Answer[T]:
        now = time.monotonic()
        deadline, timeout = attempt_limits(options.timeout, wait_deadline, now)
        request = self._core.build_request(self._http, call, options, retries, timeout)
        started = time.perf_counter()
        try:
            response = self._http.send(request) if deadline is None else exchange_by(self._http, request, deadline)
        except httpx.HTTPError as error:
            raise self._core.transport_error(call, error) from None
        except LateAnswer:
            assert deadline is not None  # only an attempt with a deadline is late
            raise self._core.attempt_timeout(call, deadline - now) from None
        return self._core.interpret(call, response, started, retries)

    def _send(self, call: Call[T], options: Mapping[str, Any]) -> T:
        return self._request(call, self._core.call_options(options)).value

    def _send_raw(self, call: Call[T], options: Mapping[str, Any]) -> RawResponse[T]:
        answer = self._request(call, self._core.call_options(options))
        return RawResponse(answer.value, answer.response, answer.request_id, answer.retries_taken, answer.elapsed)

    def _iterate(
        self, page_call: Callable[[int, int], Call[m.Page[T]]], page_size: int, options: Mapping[str, Any]
    ) -> Iterator[T]:
        checked = self._core.call_options(options)
        plan: PagePlan[T] = PagePlan()
        yield from plan.first(self._request(page_call(page_size, 0), checked).value)
        for index, offset in enumerate(plan.planned):
            page = self._request(page_call(page_size, offset), checked).value
            yield from plan.planned_page(page, offset, last=index == len(plan.planned) - 1)
        while plan.resume_at is not None:
            offset = plan.resume_at
            plan.check_cap(offset)
            yield from plan.sequential_page(self._request(page_call(page_size, offset), checked).value, offset)

    def _wait(
        self,
        awaited: polling.Awaited[T],
        interval: float,
        timeout: float,
        options: Mapping[str, Any],
        cancel_on_timeout: bool,
    ) -> T:
        checked = self._core.call_options(options, "request_timeout")
        try:
            return self._poll(awaited, polling.Poller(awaited, interval, timeout, time.monotonic), checked)
        except PollTimeoutError as error:
            if not cancel_on_timeout or awaited.cancel is None:
                raise
            try:
                self._request(awaited.cancel, checked)
            except SvcError as failure:
                raise polling.not_cancelled(error, failure) from None
            raise polling.cancelled(error) from None

    def _poll(self, awaited: polling.Awaited[T], poller: polling.Poller[T], options: CallOptions) -> T:
        while True:
            poller.check_deadline()
            try:
                answer = self._request(awaited.call, options, poller.deadline)
            except RateLimitError as error:
                time.sleep(poller.after_rate_limit(error))
                continue
            except APITimeoutError as error:
                raise poller.after_timeout(error) from None
            delay = poller.after(answer.value, answer.retry_after)
            if delay is None:
                return answer.value
            time.sleep(delay)

    # --- repositories by name ---

    def find_repository(self, full_name: str, **options: Unpack[RequestOptions]) -> m.Repository | None:
        """The repository whose full_name matches, ignoring case (as the TypeScript client), or None.

        Args:
            full_name: owner/name.
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The repository, or None when the key sees none of that name (see `get_repository`)."""
        wanted = full_name.lower()
        return next((repo for repo in self.iter_repositories(**options) if repo.full_name.lower() == wanted), None)

    def get_repository(self, full_name: str, **options: Unpack[RequestOptions]) -> m.Repository:
        """The repository whose full_name matches, ignoring case.

        Args:
            full_name: owner/name.
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The repository.

        Raises:
            NotFoundError: The key sees no repository of that name (the message names it)."""
        found = self.find_repository(full_name, **options)
        if found is None:
            raise repository_not_found(full_name)
        return found

    # --- the API: generated by scripts/generate_methods.py, edit the table there ---

    def me(self, **options: Unpack[RequestOptions]) -> m.Principal:
        """The principal the key acts as (GET /me).

        Args:
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            Its user, organization, role and permissions.

        Raises:
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._send(calls.me(), options)

    def list_repositories(
        self, project_id: str | None = None, limit: int = 100, offset: int = 0, **options: Unpack[RequestOptions]
    ) -> m.Page[m.Repository]:
        """One page of the repositories the key can see (GET /repositories).

        Args:
            project_id: Only this project's repositories.
            limit: Items on the page (the service may clamp it).
            offset: Items to skip.
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The page: `items`, `total`, `limit`, `offset`.

        Raises:
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._send(calls.list_repositories(project_id, limit, offset), options)

    def iter_repositories(
        self,
        project_id: str | None = None,
        *,
        page_size: int = PAGE_SIZES["repositories"],
        **options: Unpack[RequestOptions],
    ) -> Iterator[m.Repository]:
        """Every repository the key can see, page after page, in order.

        Args:
            project_id: Only this project's repositories.
            page_size: Items per request.
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The repositories, one at a time.

        Raises:
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._iterate(
            lambda limit, offset: calls.list_repositories(project_id, limit, offset), page_size, options
        )

    def create_scan(
        self,
        repository_id: str,
        ref: str = "HEAD",
        modules: Sequence[str] | None = None,
        frameworks: Sequence[str] | None = None,
        is_incremental: bool = True,
        **options: Unpack[RequestOptions],
    ) -> m.Scan:
        """Starts a scan (POST /scans). Retried only after a 429 or a connection that was never made, so that a retry
        can never start a second scan.

        Args:
            repository_id: The repository's id (see `get_repository`).
            ref: The branch, tag or commit to scan.
            modules: The scan modules to run (a list); None: the service's default.
            frameworks: Compliance frameworks to assess (a list).
            is_incremental: Scan only what changed since the last scan.
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The new scan, usually `queued`; follow it with `wait_for_scan(scan.id)`.

        Raises:
            TypeError: `modules` or `frameworks` is a bare string.
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._send(calls.create_scan(repository_id, ref, modules, frameworks, is_incremental), options)

    def list_scans(
        self, repository_id: str | None = None, limit: int = 20, offset: int = 0, **options: Unpack[RequestOptions]
    ) -> m.Page[m.Scan]:
        """One page of scans (GET /scans).

        Args:
            repository_id: Only this repository's scans.
            limit: Items on the page (the service may clamp it).
            offset: Items to skip.
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The page: `items`, `total`, `limit`, `offset`.

        Raises:
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._send(calls.list_scans(repository_id, limit, offset), options)

    def iter_scans(
        self,
        repository_id: str | None = None,
        *,
        page_size: int = PAGE_SIZES["scans"],
        **options: Unpack[RequestOptions],
    ) -> Iterator[m.Scan]:
        """Every scan, page after page, in order.

        Args:
            repository_id: Only this repository's scans.
            page_size: Items per request.
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The scans, one at a time.

        Raises:
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._iterate(lambda limit, offset: calls.list_scans(repository_id, limit, offset), page_size, options)

    def get_scan(self, id: str, **options: Unpack[RequestOptions]) -> m.Scan:
        """A scan and its modules (GET /scans/{id}).

        Args:
            id: The scan's id.
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The scan.

        Raises:
            NotFoundError: no scan has this id.
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._send(calls.get_scan(id), options)

    def get_scan_report(self, id: str, **options: Unpack[RequestOptions]) -> m.ScanReport:
        """A scan's report: its findings by severity and risk score (GET /scans/{id}/report).

        Args:
            id: The scan's id.
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The report.

        Raises:
            NotFoundError: no scan has this id.
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._send(calls.get_scan_report(id), options)

    def cancel_scan(self, id: str, **options: Unpack[RequestOptions]) -> m.Scan:
        """Cancels a scan (POST /scans/{id}/cancel); cancelling twice cancels once, so it is retried like a read.

        Args:
            id: The scan's id.
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The scan as the service left it.

        Raises:
            NotFoundError: no scan has this id.
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._send(calls.cancel_scan(id), options)

    def wait_for_scan(
        self,
        id: str,
        interval: float = 2.0,
        timeout: float = 600.0,
        *,
        cancel_on_timeout: bool = False,
        **options: Unpack[WaitOptions],
    ) -> m.Scan:
        """Polls GET /scans/{id} until the scan completes, fails or is cancelled. The scan keeps running on the service
        after a PollTimeoutError or a Ctrl-C, unless `cancel_on_timeout` is set.

        Args:
            id: The scan's id.
            interval: Seconds between polls (longer when the service asks).
            timeout: The whole wait's deadline, in seconds: it cuts a poll in flight, its body's read included.
            cancel_on_timeout: On PollTimeoutError, cancel the scan first (`error.cancelled` says if it took).
            **options: `extra_headers`, `extra_query`, `max_retries` and `request_timeout` of each poll
                (WaitOptions).

        Returns:
            The scan in its terminal state (a failed or cancelled scan is returned, not raised).

        Raises:
            PollTimeoutError: the deadline passed first (`job`, `last_status`, `cancelled`).
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._wait(polling.scan(id), interval, timeout, options, cancel_on_timeout)

    def list_findings(
        self,
        scan_id: str | None = None,
        severity: Severity | None = None,
        limit: int = 20,
        offset: int = 0,
        **options: Unpack[RequestOptions],
    ) -> m.Page[m.Finding]:
        """One page of findings (GET /findings).

        Args:
            scan_id: Only this scan's findings.
            severity: Only findings of this severity.
            limit: Items on the page (the service may clamp it).
            offset: Items to skip.
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The page: `items`, `total`, `limit`, `offset`.

        Raises:
            ValueError: `severity` is not one of critical, high, medium, low, info.
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._send(calls.list_findings(scan_id, severity, limit, offset), options)

    def iter_findings(
        self,
        scan_id: str | None = None,
        severity: Severity | None = None,
        *,
        page_size: int | None = None,
        **options: Unpack[RequestOptions],
    ) -> Iterator[m.Finding]:
        """Every finding, page after page, in order: pages of 50 for one scan's findings (the spec's scan helper), 20
        otherwise.

        Args:
            scan_id: Only this scan's findings.
            severity: Only findings of this severity.
            page_size: Items per request.
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The findings, one at a time.

        Raises:
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._iterate(
            lambda limit, offset: calls.list_findings(scan_id, severity, limit, offset),
            page_size or PAGE_SIZES["findings_of_scan" if scan_id is not None else "findings"],
            options,
        )

    def get_finding(self, id: str, **options: Unpack[RequestOptions]) -> m.FindingDetail:
        """A finding with its description, CVSS score and fix (GET /findings/{id}).

        Args:
            id: The finding's id.
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The finding's detail.

        Raises:
            NotFoundError: no finding has this id.
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._send(calls.get_finding(id), options)

    def remediate_finding(self, id: str, **options: Unpack[RequestOptions]) -> m.RemediationJob:
        """Asks the service to open a pull request that fixes the finding (POST /findings/{id}/remediate).

        Args:
            id: The finding's id.
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The remediation job; follow it with `wait_for_remediation(job.id)`.

        Raises:
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._send(calls.remediate_finding(id), options)

    def get_remediation(self, id: str, **options: Unpack[RequestOptions]) -> m.RemediationJob:
        """A remediation job (GET /remediations/{id}).

        Args:
            id: The remediation job's id.
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The job.

        Raises:
            NotFoundError: no remediation job has this id.
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._send(calls.get_remediation(id), options)

    def wait_for_remediation(
        self, id: str, interval: float = 3.0, timeout: float = 600.0, **options: Unpack[WaitOptions]
    ) -> m.RemediationJob:
        """Polls GET /remediations/{id} until the job is done. The service has no cancel for a remediation job: it
        keeps running after a PollTimeoutError.

        Args:
            id: The remediation job's id.
            interval: Seconds between polls.
            timeout: The whole wait's deadline, in seconds: it cuts a poll in flight, its body's read included.
            **options: `extra_headers`, `extra_query`, `max_retries` and `request_timeout` of each poll
                (WaitOptions).

        Returns:
            The job in its terminal state.

        Raises:
            PollTimeoutError: the deadline passed first.
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._wait(polling.remediation(id), interval, timeout, options, False)

    def start_ai_analysis(self, scan_id: str, **options: Unpack[RequestOptions]) -> m.AIAnalysis:
        """Starts the AI analysis of a scan (POST /scans/{id}/ai-analysis).

        Args:
            scan_id: The scan's id.
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The analysis; follow it with `wait_for_ai_analysis(scan_id)`.

        Raises:
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._send(calls.start_ai_analysis(scan_id), options)

    def get_ai_analysis(self, scan_id: str, **options: Unpack[RequestOptions]) -> m.AIAnalysis:
        """The AI analysis of a scan (GET /scans/{id}/ai-analysis).

        Args:
            scan_id: The scan's id.
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The analysis and its agent runs.

        Raises:
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._send(calls.get_ai_analysis(scan_id), options)

    def get_ai_patches(self, scan_id: str, **options: Unpack[RequestOptions]) -> dict[str, Any]:
        """The patches the AI analysis proposes (GET /scans/{id}/ai-analysis/patches).

        Args:
            scan_id: The scan's id.
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The JSON object as it came: the spec gives it no shape.

        Raises:
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._send(calls.get_ai_patches(scan_id), options)

    def wait_for_ai_analysis(
        self, scan_id: str, interval: float = 3.0, timeout: float = 600.0, **options: Unpack[WaitOptions]
    ) -> m.AIAnalysis:
        """Polls GET /scans/{id}/ai-analysis until the analysis is done (its status, else every agent run terminal).
        The service has no cancel for it: it keeps running after a PollTimeoutError.

        Args:
            scan_id: The scan's id.
            interval: Seconds between polls.
            timeout: The whole wait's deadline, in seconds: it cuts a poll in flight, its body's read included.
            **options: `extra_headers`, `extra_query`, `max_retries` and `request_timeout` of each poll
                (WaitOptions).

        Returns:
            The analysis in its terminal state.

        Raises:
            PollTimeoutError: the deadline passed first.
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._wait(polling.ai_analysis(scan_id), interval, timeout, options, False)

    def get_compliance_overview(
        self, scan_id: str | None = None, **options: Unpack[RequestOptions]
    ) -> m.ComplianceOverview:
        """The compliance scores of every framework (GET /compliance/overview).

        Args:
            scan_id: Only this scan's data; None: the latest across the organization.
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The overview.

        Raises:
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._send(calls.get_compliance_overview(scan_id), options)

    def get_compliance_framework(
        self, framework_id: str, scan_id: str | None = None, **options: Unpack[RequestOptions]
    ) -> m.FrameworkDetail:
        """One framework's controls (GET /compliance/{framework_id}).

        Args:
            framework_id: The framework's id, e.g. `soc2`.
            scan_id: Only this scan's data; None: the latest across the organization.
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The framework and its controls.

        Raises:
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._send(calls.get_compliance_framework(framework_id, scan_id), options)

    def get_ai_security_overview(
        self, scan_id: str | None = None, **options: Unpack[RequestOptions]
    ) -> m.AiSecurityOverview:
        """The AI-security checks (GET /ai-security/overview).

        Args:
            scan_id: Only this scan's data; None: the latest across the organization.
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The summary and the checks.

        Raises:
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._send(calls.get_ai_security_overview(scan_id), options)

    def list_audit_logs(
        self,
        action: str | None = None,
        actor_id: str | None = None,
        target_type: str | None = None,
        limit: int = 20,
        offset: int = 0,
        **options: Unpack[RequestOptions],
    ) -> m.Page[m.AuditLog]:
        """One page of the organization's audit log (GET /audit-logs).

        Args:
            action: Only entries of this action.
            actor_id: Only entries by this actor.
            target_type: Only entries about this kind of target.
            limit: Items on the page (the service may clamp it).
            offset: Items to skip.
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The page: `items`, `total`, `limit`, `offset`.

        Raises:
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._send(calls.list_audit_logs(action, actor_id, target_type, limit, offset), options)

    def iter_audit_logs(
        self,
        action: str | None = None,
        actor_id: str | None = None,
        target_type: str | None = None,
        *,
        page_size: int = PAGE_SIZES["audit_logs"],
        **options: Unpack[RequestOptions],
    ) -> Iterator[m.AuditLog]:
        """Every audit log entry, page after page, in order.

        Args:
            action: Only entries of this action.
            actor_id: Only entries by this actor.
            target_type: Only entries about this kind of target.
            page_size: Items per request.
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The entries, one at a time.

        Raises:
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._iterate(
            lambda limit, offset: calls.list_audit_logs(action, actor_id, target_type, limit, offset),
            page_size,
            options,
        )

    def create_api_key(self, name: str, role: m.Role = "member", **options: Unpack[RequestOptions]) -> m.ApiKeyCreated:
        """Creates a key (POST /api-keys). Its secret is in `token`, shown only this once and never in a repr or an
        error message.

        Args:
            name: A name to tell the key by.
            role: member (the least privilege automation needs) or admin.
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The new key, with `token`.

        Raises:
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._send(calls.create_api_key(name, role), options)

    def list_api_keys(self, **options: Unpack[RequestOptions]) -> list[m.ApiKey]:
        """The organization's keys, without their secrets (GET /api-keys).

        Args:
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The keys: prefix, last four characters, role, active state.

        Raises:
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._send(calls.list_api_keys(), options)

    def revoke_api_key(self, id: str, **options: Unpack[RequestOptions]) -> None:
        """Revokes a key (DELETE /api-keys/{id}).

        Args:
            id: The key's id (not its secret).
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            None.

        Raises:
            NotFoundError: no key has this id.
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._send(calls.revoke_api_key(id), options)

    def get_usage(self, **options: Unpack[RequestOptions]) -> m.UsageOverview:
        """The organization's plan and credits (GET /billing/usage).

        Args:
            **options: `extra_headers`, `extra_query`, `max_retries`, `timeout` (RequestOptions).

        Returns:
            The usage overview.

        Raises:
            APIStatusError: the service refused the call (AuthError, NotFoundError, ...); see README, Errors.
        """
        return self._send(calls.get_usage(), options)

    # --- end of the generated API ---


# --- raw responses: generated by scripts/generate_methods.py, edit the table there ---


class ClientWithRawResponse:
    """`Client.with_raw_response`: each method that sends one request, returning a RawResponse (status,
    headers, request id, elapsed time) whose `parse()` gives what the plain method returns."""

    def __init__(self, client: Client) -> None:
        self._send_raw = client._send_raw  # pyright: ignore[reportPrivateUsage] - the client's own view

    def me(self, **options: Unpack[RequestOptions]) -> RawResponse[m.Principal]:
        """`me`, answered with its RawResponse (see `Client.me`)."""
        return self._send_raw(calls.me(), options)

    def list_repositories(
        self, project_id: str | None = None, limit: int = 100, offset: int = 0, **options: Unpack[RequestOptions]
    ) -> RawResponse[m.Page[m.Repository]]:
        """`list_repositories`, answered with its RawResponse (see `Client.list_repositories`)."""
        return self._send_raw(calls.list_repositories(project_id, limit, offset), options)

    def create_scan(
        self,
        repository_id: str,
        ref: str = "HEAD",
        modules: Sequence[str] | None = None,
        frameworks: Sequence[str] | None = None,
        is_incremental: bool = True,
        **options: Unpack[RequestOptions],
    ) -> RawResponse[m.Scan]:
        """`create_scan`, answered with its RawResponse (see `Client.create_scan`)."""
        return self._send_raw(calls.create_scan(repository_id, ref, modules, frameworks, is_incremental), options)

    def list_scans(
        self, repository_id: str | None = None, limit: int = 20, offset: int = 0, **options: Unpack[RequestOptions]
    ) -> RawResponse[m.Page[m.Scan]]:
        """`list_scans`, answered with its RawResponse (see `Client.list_scans`)."""
        return self._send_raw(calls.list_scans(repository_id, limit, offset), options)

    def get_scan(self, id: str, **options: Unpack[RequestOptions]) -> RawResponse[m.Scan]:
        """`get_scan`, answered with its RawResponse (see `Client.get_scan`)."""
        return self._send_raw(calls.get_scan(id), options)

    def get_scan_report(self, id: str, **options: Unpack[RequestOptions]) -> RawResponse[m.ScanReport]:
        """`get_scan_report`, answered with its RawResponse (see `Client.get_scan_report`)."""
        return self._send_raw(calls.get_scan_report(id), options)

    def cancel_scan(self, id: str, **options: Unpack[RequestOptions]) -> RawResponse[m.Scan]:
        """`cancel_scan`, answered with its RawResponse (see `Client.cancel_scan`)."""
        return self._send_raw(calls.cancel_scan(id), options)

    def list_findings(
        self,
        scan_id: str | None = None,
        severity: Severity | None = None,
        limit: int = 20,
        offset: int = 0,
        **options: Unpack[RequestOptions],
    ) -> RawResponse[m.Page[m.Finding]]:
        """`list_findings`, answered with its RawResponse (see `Client.list_findings`)."""
        return self._send_raw(calls.list_findings(scan_id, severity, limit, offset), options)

    def get_finding(self, id: str, **options: Unpack[RequestOptions]) -> RawResponse[m.FindingDetail]:
        """`get_finding`, answered with its RawResponse (see `Client.get_finding`)."""
        return self._send_raw(calls.get_finding(id), options)

    def remediate_finding(self, id: str, **options: Unpack[RequestOptions]) -> RawResponse[m.RemediationJob]:
        """`remediate_finding`, answered with its RawResponse (see `Client.remediate_finding`)."""
        return self._send_raw(calls.remediate_finding(id), options)

    def get_remediation(self, id: str, **options: Unpack[RequestOptions]) -> RawResponse[m.RemediationJob]:
        """`get_remediation`, answered with its RawResponse (see `Client.get_remediation`)."""
        return self._send_raw(calls.get_remediation(id), options)

    def start_ai_analysis(self, scan_id: str, **options: Unpack[RequestOptions]) -> RawResponse[m.AIAnalysis]:
        """`start_ai_analysis`, answered with its RawResponse (see `Client.start_ai_analysis`)."""
        return self._send_raw(calls.start_ai_analysis(scan_id), options)

    def get_ai_analysis(self, scan_id: str, **options: Unpack[RequestOptions]) -> RawResponse[m.AIAnalysis]:
        """`get_ai_analysis`, answered with its RawResponse (see `Client.get_ai_analysis`)."""
        return self._send_raw(calls.get_ai_analysis(scan_id), options)

    def get_ai_patches(self, scan_id: str, **options: Unpack[RequestOptions]) -> RawResponse[dict[str, Any]]:
        """`get_ai_patches`, answered with its RawResponse (see `Client.get_ai_patches`)."""
        return self._send_raw(calls.get_ai_patches(scan_id), options)

    def get_compliance_overview(
        self, scan_id: str | None = None, **options: Unpack[RequestOptions]
    ) -> RawResponse[m.ComplianceOverview]:
        """`get_compliance_overview`, answered with its RawResponse (see `Client.get_compliance_overview`)."""
        return self._send_raw(calls.get_compliance_overview(scan_id), options)

    def get_compliance_framework(
        self, framework_id: str, scan_id: str | None = None, **options: Unpack[RequestOptions]
    ) -> RawResponse[m.FrameworkDetail]:
        """`get_compliance_framework`, answered with its RawResponse (see `Client.get_compliance_framework`)."""
        return self._send_raw(calls.get_compliance_framework(framework_id, scan_id), options)

    def get_ai_security_overview(
        self, scan_id: str | None = None, **options: Unpack[RequestOptions]
    ) -> RawResponse[m.AiSecurityOverview]:
        """`get_ai_security_overview`, answered with its RawResponse (see `Client.get_ai_security_overview`)."""
        return self._send_raw(calls.get_ai_security_overview(scan_id), options)

    def list_audit_logs(
        self,
        action: str | None = None,
        actor_id: str | None = None,
        target_type: str | None = None,
        limit: int = 20,
        offset: int = 0,
        **options: Unpack[RequestOptions],
    ) -> RawResponse[m.Page[m.AuditLog]]:
        """`list_audit_logs`, answered with its RawResponse (see `Client.list_audit_logs`)."""
        return self._send_raw(calls.list_audit_logs(action, actor_id, target_type, limit, offset), options)

    def create_api_key(
        self, name: str, role: m.Role = "member", **options: Unpack[RequestOptions]
    ) -> RawResponse[m.ApiKeyCreated]:
        """`create_api_key`, answered with its RawResponse (see `Client.create_api_key`)."""
        return self._send_raw(calls.create_api_key(name, role), options)

    def list_api_keys(self, **options: Unpack[RequestOptions]) -> RawResponse[list[m.ApiKey]]:
        """`list_api_keys`, answered with its RawResponse (see `Client.list_api_keys`)."""
        return self._send_raw(calls.list_api_keys(), options)

    def revoke_api_key(self, id: str, **options: Unpack[RequestOptions]) -> RawResponse[None]:
        """`revoke_api_key`, answered with its RawResponse (see `Client.revoke_api_key`)."""
        return self._send_raw(calls.revoke_api_key(id), options)

    def get_usage(self, **options: Unpack[RequestOptions]) -> RawResponse[m.UsageOverview]:
        """`get_usage`, answered with its RawResponse (see `Client.get_usage`)."""
        return self._send_raw(calls.get_usage(), options)


# --- end of the generated raw responses ---
