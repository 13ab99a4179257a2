"""The async client: the same calls as the sync one (_calls.py) sent with httpx.AsyncClient on asyncio. Waits
sleep with asyncio.sleep, so they never block the event loop, and a cancellation ends them at once. The
iterators read pages concurrently once the first page gives the total, at most `concurrency` at a time, and
yield every item in order."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
import time
from collections import deque
from collections.abc import AsyncGenerator, Callable, Sequence
from contextlib import aclosing
from types import TracebackType
from typing import Any, TypeVar

import httpx

from . import _calls as calls
from . import _models as m
from . import _polling as polling
from ._base import Answer, ClientCore, log_retry
from ._calls import PAGE_SIZES, Call
from ._errors import APITimeoutError, RateLimitError, SvcError
from ._paging import DEDUP_PAGES, Walk, planned_offsets
from ._retry import RetryState

T = TypeVar("T")


def _record_that_sniffio_is_absent() -> None:
    """httpcore asks which async library runs with `import sniffio` on every request, and falls back to asyncio
    when it is not installed. A failed import is not cached: each one searches sys.path again, which cost more
    CPU than the rest of a request (100,000 findings: 19.4 s → 7 s, BENCHMARKS.md). Recording the absence in
    sys.modules makes the import fail at once, which is what it would do anyway; an installed sniffio is left
    alone."""
    if "sniffio" not in sys.modules and importlib.util.find_spec("sniffio") is None:
        sys.modules["sniffio"] = None  # type: ignore[assignment]


_record_that_sniffio_is_absent()

DEFAULT_CONCURRENCY = 16
"""Pages in flight at once in the async iterators (8, 12, 16, 24 and 32 were measured; see BENCHMARKS.md)."""

PageCall = Callable[[int, int], Call[m.Page[T]]]


class AsyncClient:
    """The async twin of `Client`: the same arguments and methods, the methods coroutines and the `iter_*`
    async iterators. Use it with `async with` or call `await client.close()`."""

    def __init__(
        self,
        api_key: str | None = None,
        base_url: str | None = None,
        *,
        timeout: float = 30.0,
        max_retries: int = 2,
        max_retry_wait: float = 60.0,
        http_client: httpx.AsyncClient | None = None,
    ) -> None:
        self._core = ClientCore(api_key, base_url, timeout, max_retries, max_retry_wait)
        self._owns_http = http_client is None
        # As the sync client: the environment's proxies, but never for loopback; the key on each request.
        self._http = http_client or httpx.AsyncClient(
            timeout=timeout,
            limits=httpx.Limits(max_connections=64, max_keepalive_connections=64),
            mounts=self._core.direct_mounts(),
        )

    @property
    def base_url(self) -> str:
        return self._core.base_url

    def __repr__(self) -> str:
        return self._core.describe("AsyncClient")

    async def close(self) -> None:
        if self._owns_http:
            await self._http.aclose()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    # --- sending ---

    async def _request(self, call: Call[T], deadline: float | None = None) -> Answer[T]:
        state = RetryState(call.method, self._core.policy, call.idempotent)
        while True:
            try:
                return await self._attempt(call, deadline)
            except SvcError as error:
                delay = state.delay_before_retry(error)
                if delay is None or (deadline is not None and time.monotonic() + delay >= deadline):
                    raise
                log_retry(self._core.where(call), error, state.retries, state.policy.max_retries, delay)
                await asyncio.sleep(delay)

    async def _attempt(self, call: Call[T], deadline: float | None) -> Answer[T]:
        timeout = self._core.timeout
        if deadline is not None:
            # A wait's deadline cuts the request in flight.
            timeout = max(0.001, min(timeout, deadline - time.monotonic()))
        started = time.perf_counter()
        try:
            response = await self._http.send(self._core.build_request(self._http, call, timeout))
        except httpx.HTTPError as error:
            raise self._core.transport_error(call, error) from None
        return self._core.interpret(call, response, started)

    async def _send(self, call: Call[T]) -> T:
        return (await self._request(call)).value

    async def _iterate(self, page_call: PageCall[T], page_size: int, concurrency: int) -> AsyncGenerator[T, None]:
        """The first page, then the pages it implies read concurrently, then, where the data disagreed with the
        plan (a short page, a total that grew), a sequential walk from the first place it ended."""
        if concurrency < 1:
            raise ValueError(f"concurrency must be 1 or more, got {concurrency!r}")
        walk: Walk[T] = Walk(DEDUP_PAGES + concurrency)
        first = await self._send(page_call(page_size, 0))
        taken = walk.take(first, 0)
        for item in taken.fresh:
            yield item
        if taken.done:
            return
        resume_at: int | None = taken.consumed
        if concurrency > 1 and taken.consumed == first.limit:
            resume_at = None
            pages = self._pages_in_order(page_call, page_size, first, walk, concurrency)
            async with aclosing(pages):  # leaving early cancels the pages in flight now, not at collection
                async for page, offset, last in pages:
                    taken = walk.take(page, offset)
                    for item in taken.fresh:
                        yield item
                    end = offset + taken.consumed
                    if (taken.consumed < first.limit or last) and end < page.total and not taken.done:
                        resume_at = end if resume_at is None else min(resume_at, end)
        if resume_at is not None:
            async with aclosing(self._walk_from(page_call, page_size, walk, resume_at)) as rest:
                async for item in rest:
                    yield item

    async def _walk_from(
        self, page_call: PageCall[T], page_size: int, walk: Walk[T], offset: int
    ) -> AsyncGenerator[T, None]:
        while True:
            walk.check_cap(offset)
            page = await self._send(page_call(page_size, offset))
            taken = walk.take(page, offset)
            for item in taken.fresh:
                yield item
            if taken.done:
                return
            offset += taken.consumed

    async def _pages_in_order(
        self, page_call: PageCall[T], page_size: int, first: m.Page[T], walk: Walk[T], concurrency: int
    ) -> AsyncGenerator[tuple[m.Page[T], int, bool], None]:
        """The pages the first one implies, at most `concurrency` in flight, in order. Leaving early (an error,
        or a consumer that stops) cancels the pages still in flight."""
        offsets = planned_offsets(first, 0, walk)
        in_flight: deque[tuple[int, asyncio.Task[m.Page[T]]]] = deque()
        launched = 0

        def launch() -> None:
            nonlocal launched
            offset = offsets[launched]
            launched += 1
            in_flight.append((offset, asyncio.ensure_future(self._send(page_call(page_size, offset)))))

        try:
            while launched < len(offsets) and len(in_flight) < concurrency:
                launch()
            while in_flight:
                offset, task = in_flight.popleft()
                page = await task
                if launched < len(offsets):
                    launch()
                yield page, offset, not in_flight and launched == len(offsets)
        finally:
            for _, task in in_flight:
                task.cancel()
            if in_flight:
                await asyncio.gather(*(task for _, task in in_flight), return_exceptions=True)

    async def _wait(self, awaited: polling.Awaited[T], interval: float, timeout: float) -> T:
        poller = polling.Poller(awaited, interval, timeout, time.monotonic)
        while True:
            poller.check_deadline()
            try:
                answer = await self._request(awaited.call, poller.deadline)
            except RateLimitError as error:
                await asyncio.sleep(poller.after_rate_limit(error))
                continue
            except APITimeoutError as error:
                raise poller.after_timeout(error) from None
            delay = poller.after(answer.value, answer.retry_after)
            if delay is None:
                return answer.value
            await asyncio.sleep(delay)

    # --- the API ---

    async def me(self) -> m.Principal:
        return await self._send(calls.me())

    async def list_repositories(
        self, project_id: str | None = None, limit: int = 100, offset: int = 0
    ) -> m.Page[m.Repository]:
        return await self._send(calls.list_repositories(project_id, limit, offset))

    def iter_repositories(
        self,
        project_id: str | None = None,
        *,
        page_size: int = PAGE_SIZES["repositories"],
        concurrency: int = DEFAULT_CONCURRENCY,
    ) -> AsyncGenerator[m.Repository, None]:
        def page(limit: int, offset: int) -> Call[m.Page[m.Repository]]:
            return calls.list_repositories(project_id, limit, offset)

        return self._iterate(page, page_size, concurrency)

    async def find_repository(self, full_name: str) -> m.Repository | None:
        """The repository whose full_name matches, ignoring case (as the TypeScript client), or None. Reads
        page after page, and stops at the first match."""
        wanted = full_name.lower()
        found: m.Repository | None = None
        iterator = self._iterate(
            lambda limit, offset: calls.list_repositories(None, limit, offset), PAGE_SIZES["repositories"], 1
        )
        async for repository in iterator:
            if repository.full_name.lower() == wanted:
                found = repository
                break
        await iterator.aclose()
        return found

    async def create_scan(
        self,
        repository_id: str,
        ref: str = "HEAD",
        modules: Sequence[str] | None = None,
        frameworks: Sequence[str] | None = None,
        is_incremental: bool = True,
    ) -> m.Scan:
        return await self._send(calls.create_scan(repository_id, ref, modules, frameworks, is_incremental))

    async def list_scans(self, repository_id: str | None = None, limit: int = 20, offset: int = 0) -> m.Page[m.Scan]:
        return await self._send(calls.list_scans(repository_id, limit, offset))

    def iter_scans(
        self,
        repository_id: str | None = None,
        *,
        page_size: int = PAGE_SIZES["scans"],
        concurrency: int = DEFAULT_CONCURRENCY,
    ) -> AsyncGenerator[m.Scan, None]:
        def page(limit: int, offset: int) -> Call[m.Page[m.Scan]]:
            return calls.list_scans(repository_id, limit, offset)

        return self._iterate(page, page_size, concurrency)

    async def get_scan(self, id: str) -> m.Scan:
        return await self._send(calls.get_scan(id))

    async def get_scan_report(self, id: str) -> m.ScanReport:
        return await self._send(calls.get_scan_report(id))

    async def cancel_scan(self, id: str) -> m.Scan:
        return await self._send(calls.cancel_scan(id))

    async def wait_for_scan(
        self,
        id: str,
        interval: float = 2.0,
        timeout: float = 600.0,
    ) -> m.Scan:
        return await self._wait(polling.scan(id), interval, timeout)

    async def list_findings(
        self, scan_id: str | None = None, severity: str | None = None, limit: int = 20, offset: int = 0
    ) -> m.Page[m.Finding]:
        return await self._send(calls.list_findings(scan_id, severity, limit, offset))

    def iter_findings(
        self,
        scan_id: str | None = None,
        severity: str | None = None,
        *,
        page_size: int | None = None,
        concurrency: int = DEFAULT_CONCURRENCY,
    ) -> AsyncGenerator[m.Finding, None]:
        """Pages of 50 for one scan's findings (the spec's scan helper), 20 otherwise."""
        size = page_size or PAGE_SIZES["findings_of_scan" if scan_id is not None else "findings"]

        def page(limit: int, offset: int) -> Call[m.Page[m.Finding]]:
            return calls.list_findings(scan_id, severity, limit, offset)

        return self._iterate(page, size, concurrency)

    async def get_finding(self, id: str) -> m.FindingDetail:
        return await self._send(calls.get_finding(id))

    async def remediate_finding(self, id: str) -> m.RemediationJob:
        return await self._send(calls.remediate_finding(id))

    async def get_remediation(self, id: str) -> m.RemediationJob:
        return await self._send(calls.get_remediation(id))

    async def wait_for_remediation(
        self,
        id: str,
        interval: float = 3.0,
        timeout: float = 600.0,
    ) -> m.RemediationJob:
        return await self._wait(polling.remediation(id), interval, timeout)

    async def start_ai_analysis(self, scan_id: str) -> m.AIAnalysis:
        return await self._send(calls.start_ai_analysis(scan_id))

    async def get_ai_analysis(self, scan_id: str) -> m.AIAnalysis:
        return await self._send(calls.get_ai_analysis(scan_id))

    async def get_ai_patches(self, scan_id: str) -> dict[str, Any]:
        return await self._send(calls.get_ai_patches(scan_id))

    async def wait_for_ai_analysis(self, scan_id: str, interval: float = 3.0, timeout: float = 600.0) -> m.AIAnalysis:
        return await self._wait(polling.ai_analysis(scan_id), interval, timeout)

    async def get_compliance_overview(self, scan_id: str | None = None) -> m.ComplianceOverview:
        return await self._send(calls.get_compliance_overview(scan_id))

    async def get_compliance_framework(self, framework_id: str, scan_id: str | None = None) -> m.FrameworkDetail:
        return await self._send(calls.get_compliance_framework(framework_id, scan_id))

    async def get_ai_security_overview(self, scan_id: str | None = None) -> m.AiSecurityOverview:
        return await self._send(calls.get_ai_security_overview(scan_id))

    async def list_audit_logs(
        self,
        action: str | None = None,
        actor_id: str | None = None,
        target_type: str | None = None,
        limit: int = 20,
        offset: int = 0,
    ) -> m.Page[m.AuditLog]:
        return await self._send(calls.list_audit_logs(action, actor_id, target_type, limit, offset))

    def iter_audit_logs(
        self,
        action: str | None = None,
        actor_id: str | None = None,
        target_type: str | None = None,
        *,
        page_size: int = PAGE_SIZES["audit_logs"],
        concurrency: int = DEFAULT_CONCURRENCY,
    ) -> AsyncGenerator[m.AuditLog, None]:
        def page(limit: int, offset: int) -> Call[m.Page[m.AuditLog]]:
            return calls.list_audit_logs(action, actor_id, target_type, limit, offset)

        return self._iterate(page, page_size, concurrency)

    async def create_api_key(self, name: str, role: str = "member") -> m.ApiKeyCreated:
        return await self._send(calls.create_api_key(name, role))

    async def list_api_keys(self) -> list[m.ApiKey]:
        return await self._send(calls.list_api_keys())

    async def revoke_api_key(self, id: str) -> None:
        await self._send(calls.revoke_api_key(id))

    async def get_usage(self) -> m.UsageOverview:
        return await self._send(calls.get_usage())
