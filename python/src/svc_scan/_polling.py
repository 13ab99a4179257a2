"""The waits' shared parts: what is awaited, how its state reads, and the timeout error (the spec's generic
kind, a subclass that is none of the six named ones)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from . import _calls as calls
from ._calls import Call
from ._errors import PollTimeoutError
from ._jobs import ai_analysis_outcome, remediation_outcome, scan_outcome
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


def _ai_status(analysis: AIAnalysis) -> str:
    if analysis.status:
        return analysis.status
    runs = ", ".join(f"{run.agent_id}={run.status}" for run in analysis.agent_runs)
    return f"agent runs {runs or 'none yet'}"


def _remediation_status(job: RemediationJob) -> str:
    return job.status or ("pull request opened" if job.pr_url else "no pull request yet")


def scan(scan_id: str) -> Awaited[Scan]:
    return Awaited(f"scan {scan_id}", calls.get_scan(scan_id), scan_outcome, lambda job: job.status)


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


def check_wait_arguments(interval: float, timeout: float) -> None:
    if not interval > 0:
        raise ValueError(f"interval must be positive, got {interval!r}")
    if not timeout > 0:
        raise ValueError(f"timeout must be positive, got {timeout!r}")
