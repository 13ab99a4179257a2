"""The waits (polling with Retry-After, their deadline, cancellation) and the async iterators' concurrency."""

from __future__ import annotations

import asyncio
import itertools
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from conftest import MOCK_KEY, MOCK_URL, Emulator, Runner, finding_json, json_response, mock, scan_json
from svc_scan import (
    APITimeoutError,
    AsyncClient,
    AuthError,
    NotFoundError,
    PollTimeoutError,
    RateLimitError,
    ServerError,
    SvcError,
    ValidationError,
)

Handler = Callable[[httpx.Request], httpx.Response]


def polls_then(statuses: list[str], **headers: str) -> tuple[list[float], Handler]:
    """A handler answering GET /scans/scn_1 with each status in turn (the last one repeated)."""
    times: list[float] = []

    def handler(request: httpx.Request) -> httpx.Response:
        times.append(time.monotonic())
        status = statuses[min(len(times), len(statuses)) - 1]
        return json_response(scan_json("scn_1", status), 200, **headers)

    return times, handler


def test_wait_for_scan_polls_at_the_interval_until_terminal(kind: str) -> None:
    times, handler = polls_then(["queued", "running", "running", "completed"])
    scan = mock(kind, handler)("wait_for_scan", "scn_1", interval=0.1, timeout=5)
    assert scan.status == "completed"
    assert len(times) == 4
    gaps = [later - earlier for earlier, later in itertools.pairwise(times)]
    assert all(gap >= 0.09 for gap in gaps)


@pytest.mark.parametrize("status", ["failed", "cancelled"])
def test_a_failed_or_cancelled_job_is_returned_not_raised(kind: str, status: str) -> None:
    _, handler = polls_then(["running", status])
    assert mock(kind, handler)("wait_for_scan", "scn_1", interval=0.01).status == status


def test_a_retry_after_on_a_poll_is_honoured(kind: str) -> None:
    times, handler = polls_then(["running", "completed"], **{"retry-after": "0.5"})
    mock(kind, handler)("wait_for_scan", "scn_1", interval=0.05, timeout=5)
    assert times[1] - times[0] >= 0.45


def test_a_429_on_a_poll_is_waited_out(kind: str) -> None:
    times: list[float] = []

    def handler(request: httpx.Request) -> httpx.Response:
        times.append(time.monotonic())
        if len(times) == 1:
            return json_response({"error": {"message": "slow"}}, 429, **{"retry-after": "0.4"})
        return json_response(scan_json("scn_1", "completed"))

    assert mock(kind, handler, max_retries=0)("wait_for_scan", "scn_1", interval=0.05).status == "completed"
    assert times[1] - times[0] >= 0.35


def test_a_wait_that_runs_out_raises_poll_timeout_error_naming_the_job(kind: str) -> None:
    _, handler = polls_then(["running"])
    started = time.monotonic()
    with pytest.raises(PollTimeoutError) as caught:
        mock(kind, handler)("wait_for_scan", "scn_1", interval=0.05, timeout=0.3)
    assert time.monotonic() - started < 1.0
    error = caught.value
    assert isinstance(error, SvcError)
    assert not isinstance(error, (AuthError, NotFoundError, ValidationError, RateLimitError, ServerError))
    assert (error.job, error.last_status) == ("scan scn_1", "running")
    assert "scan scn_1" in str(error)
    assert "last status: running" in str(error)


def test_the_deadline_cuts_a_poll_in_flight(kind: str, emulator: Emulator) -> None:
    runner = Runner(kind, api_key=emulator.api_key, base_url=emulator.base_url)
    scan = runner("create_scan", "repo_stuck")
    emulator.fault(kind="slow_body", path="/scans/*", method="GET", slow_body_ms=10_000)
    started = time.monotonic()
    with pytest.raises(PollTimeoutError):
        runner("wait_for_scan", scan.id, interval=0.05, timeout=0.5)
    assert time.monotonic() - started < 2.0


def test_the_deadline_cuts_a_poll_whose_body_drips(kind: str, emulator: Emulator) -> None:
    runner = Runner(kind, api_key=emulator.api_key, base_url=emulator.base_url)
    scan = runner("create_scan", "repo_stuck")
    emulator.fault(kind="drip_body", path="/scans/*", method="GET", drip_interval_ms=500)
    started = time.monotonic()
    with pytest.raises(PollTimeoutError):
        runner("wait_for_scan", scan.id, interval=0.05, timeout=1.0)
    assert time.monotonic() - started < 1.0 + 3.0


def test_request_timeout_bounds_a_poll_whose_body_drips(kind: str, emulator: Emulator) -> None:
    runner = Runner(kind, api_key=emulator.api_key, base_url=emulator.base_url)
    scan = runner("create_scan", "repo_stuck")
    emulator.fault(kind="drip_body", path="/scans/*", method="GET", drip_interval_ms=500)
    started = time.monotonic()
    with pytest.raises(APITimeoutError):
        runner("wait_for_scan", scan.id, interval=0.05, timeout=60.0, request_timeout=1.0, max_retries=0)
    assert time.monotonic() - started < 1.0 + 3.0


def test_wait_for_remediation_and_ai_analysis_without_a_status(kind: str) -> None:
    answers = iter(
        [
            {"id": "rem_1", "pr_url": "", "branch": ""},
            {"id": "rem_1", "pr_url": "https://github.com/o/r/pull/1", "branch": "fix"},
        ]
    )

    def remediation(request: httpx.Request) -> httpx.Response:
        return json_response(next(answers))

    job = mock(kind, remediation)("wait_for_remediation", "rem_1", interval=0.01)
    assert job.pr_url == "https://github.com/o/r/pull/1"

    runs = iter([[{"sequence": 1, "status": "running"}], [{"sequence": 1, "status": "completed"}]])

    def analysis(request: httpx.Request) -> httpx.Response:
        return json_response({"risk_score": None, "overall_confidence": None, "agent_runs": next(runs)})

    assert mock(kind, analysis)("wait_for_ai_analysis", "scn_1", interval=0.01).agent_runs[0].status == "completed"


@pytest.mark.anyio
async def test_an_async_wait_leaves_the_event_loop_free_and_stops_when_cancelled() -> None:
    _, handler = polls_then(["running"])
    http = httpx.AsyncClient(transport=httpx.MockTransport(handler))
    async with AsyncClient(api_key=MOCK_KEY, base_url=MOCK_URL, http_client=http) as client:
        wait = asyncio.ensure_future(client.wait_for_scan("scn_1", interval=0.2, timeout=60))
        ticks = 0
        for _ in range(20):
            await asyncio.sleep(0.01)
            ticks += 1
        assert ticks == 20
        assert not wait.done()
        started = time.monotonic()
        wait.cancel()
        with pytest.raises(asyncio.CancelledError):
            await wait
        assert time.monotonic() - started < 0.1
    await http.aclose()


def pages_handler(total: int, delay: float, in_flight: list[int], peak: list[int]) -> object:
    async def handler(request: httpx.Request) -> httpx.Response:
        offset = int(request.url.params["offset"])
        limit = int(request.url.params["limit"])
        in_flight[0] += 1
        peak[0] = max(peak[0], in_flight[0])
        try:
            await asyncio.sleep(delay)
        finally:
            in_flight[0] -= 1
        items = [finding_json(f"f{index}") for index in range(offset, min(offset + limit, total))]
        return json_response({"items": items, "total": total, "limit": limit, "offset": offset})

    return handler


@pytest.mark.anyio
@pytest.mark.parametrize("concurrency", [1, 4, 16])
async def test_async_iterators_read_pages_concurrently_within_the_bound(concurrency: int) -> None:
    in_flight, peak = [0], [0]
    handler = pages_handler(1000, 0.01, in_flight, peak)
    http = httpx.AsyncClient(transport=httpx.MockTransport(handler))  # type: ignore[arg-type]
    async with AsyncClient(api_key=MOCK_KEY, base_url=MOCK_URL, http_client=http) as client:
        ids = [finding.id async for finding in client.iter_findings(page_size=50, concurrency=concurrency)]
    await http.aclose()
    assert ids == [f"f{index}" for index in range(1000)]
    assert peak[0] == concurrency


@pytest.mark.anyio
async def test_stopping_an_async_iterator_early_cancels_the_pages_in_flight() -> None:
    in_flight, peak = [0], [0]
    handler = pages_handler(10_000, 0.05, in_flight, peak)
    http = httpx.AsyncClient(transport=httpx.MockTransport(handler))  # type: ignore[arg-type]
    async with AsyncClient(api_key=MOCK_KEY, base_url=MOCK_URL, http_client=http) as client:
        iterator = client.iter_findings(page_size=10, concurrency=8)
        first = [await iterator.__anext__() for _ in range(15)]
        await iterator.aclose()
        await asyncio.sleep(0)
        assert in_flight[0] == 0
    await http.aclose()
    assert [finding.id for finding in first] == [f"f{index}" for index in range(15)]


def test_ctrl_c_ends_a_sync_wait_at_once(tmp_path: Path) -> None:
    script = tmp_path / "wait.py"
    script.write_text(
        "import httpx, sys\n"
        "from svc_scan import Client\n"
        "def handler(request):\n"
        "    return httpx.Response(200, json={'id': 'scn_1', 'status': 'running', 'modules': []})\n"
        "http = httpx.Client(transport=httpx.MockTransport(handler))\n"
        "client = Client(api_key='svc_sk_x', base_url='https://svc.test/api/v1', http_client=http)\n"
        "print('waiting', flush=True)\n"
        "client.wait_for_scan('scn_1', interval=30, timeout=600)\n"
    )
    process = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "waiting"
    time.sleep(0.3)
    started = time.monotonic()
    process.send_signal(signal.SIGINT)
    _, errors = process.communicate(timeout=10)
    assert time.monotonic() - started < 2.0
    assert process.returncode != 0
    assert "KeyboardInterrupt" in errors
