"""The waits' shared parts: what is awaited, how its state reads, and the timeout error (the spec's generic
kind, a subclass that is none of the six named ones)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from . import _calls as calls
from ._calls import Call
from ._errors import APITimeoutError, PollTimeoutError, RateLimitError, SvcError
from ._jobs import ai_analysis_outcome, next_poll_delay, remediation_outcome, scan_outcome
from ._models import AIAnalysis, RemediationJob, Scan

T = TypeVar("T")

NO_ANSWER_YET = "unknown (no answer yet)"


@dataclass(frozen=True)
class Awaited(Generic[T]):
    what: str
    """Names the job, e.g. `scan scn_1`."""
    call: Call[T]
    outcome: Callable[[T], str]
    describe: Callable[[T], str]
    cancel: Call[Any] | None = None
    """The call that cancels the job, where the service has one."""


def _ai_status(analysis: AIAnalysis) -> str:
    if analysis.status:
        return analysis.status
    runs = ", ".join(f"{run.agent_id}={run.status}" for run in analysis.agent_runs)
    return f"agent runs {runs or 'none yet'}"


def _remediation_status(job: RemediationJob) -> str:
    return job.status or ("pull request opened" if job.pr_url else "no pull request yet")


def scan(scan_id: str) -> Awaited[Scan]:
    return Awaited(
        f"scan {scan_id}", calls.get_scan(scan_id), scan_outcome, lambda job: job.status, calls.cancel_scan(scan_id)
    )


def ai_analysis(scan_id: str) -> Awaited[AIAnalysis]:
    return Awaited(
        f"the AI analysis of scan {scan_id}", calls.get_ai_analysis(scan_id), ai_analysis_outcome, _ai_status
    )


def remediation(remediation_id: str) -> Awaited[RemediationJob]:
    return Awaited(
        f"remediation job {remediation_id}",
        calls.get_remediation(remediation_id),
        remediation_outcome,
        _remediation_status,
    )


def timed_out(awaited: Awaited[Any], timeout: float, last_status: str) -> PollTimeoutError:
    return PollTimeoutError(
        f"Timed out after {timeout:g} s waiting for {awaited.what} to finish; last status: {last_status}",
        job=awaited.what,
        last_status=last_status,
    )


def cancelled(error: PollTimeoutError) -> PollTimeoutError:
    """The timeout of a wait whose job `cancel_on_timeout` cancelled."""
    return PollTimeoutError(
        f"{error.message}; cancelled on the service (cancel_on_timeout)",
        job=error.job,
        last_status=error.last_status,
        cancelled=True,
    )


def not_cancelled(error: PollTimeoutError, failure: SvcError) -> PollTimeoutError:
    """The timeout of a wait whose cancel failed: the job may still be running."""
    return PollTimeoutError(
        f"{error.message}; cancelling it failed, so it may still run ({failure.message})",
        job=error.job,
        last_status=error.last_status,
    )


def check_wait_arguments(interval: float, timeout: float) -> None:
    if not interval > 0:
        raise ValueError(f"interval must be positive, got {interval!r}")
    if not timeout > 0:
        raise ValueError(f"timeout must be positive, got {timeout!r}")


class Poller(Generic[T]):
    """The decisions of one wait, shared by both clients, which only fetch and sleep:

        poller.check_deadline(); answer = fetch(poller.deadline); delay = poller.after(answer)  # None: done

    A 429 on a poll with a Retry-After is only a longer wait when the deadline allows (`after_rate_limit`); a
    request cut by the deadline is the wait's timeout (`after_timeout`)."""

    def __init__(self, awaited: Awaited[T], interval: float, timeout: float, now: Callable[[], float]) -> None:
        check_wait_arguments(interval, timeout)
        self.awaited = awaited
        self.interval = interval
        self.timeout = timeout
        self._now = now
        self.deadline = now() + timeout
        self.last = NO_ANSWER_YET

    def check_deadline(self) -> None:
        if self._now() >= self.deadline and self.last != NO_ANSWER_YET:
            raise timed_out(self.awaited, self.timeout, self.last)

    def after(self, job: T, retry_after: float | None) -> float | None:
        """None when the job is terminal, else how long to sleep before the next poll."""
        self.last = self.awaited.describe(job)
        if self.awaited.outcome(job) != "running":
            return None
        remaining = self.deadline - self._now()
        if remaining <= 0:
            raise timed_out(self.awaited, self.timeout, self.last)
        return min(next_poll_delay(self.interval, retry_after), remaining)

    def after_rate_limit(self, error: RateLimitError) -> float:
        """How long to wait out a 429 on a poll; re-raises it when it has no Retry-After or would pass the deadline."""
        wait = max(error.retry_after or 0.0, self.interval)
        if error.retry_after is None or self._now() + wait >= self.deadline:
            raise error
        return wait

    def after_timeout(self, error: APITimeoutError) -> PollTimeoutError:
        """A poll that timed out at the deadline ends the wait with PollTimeoutError; an earlier one is itself."""
        if self._now() < self.deadline:
            raise error
        return timed_out(self.awaited, self.timeout, self.last)
