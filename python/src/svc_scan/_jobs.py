"""When a scan, an AI analysis or a remediation job has finished: the TypeScript client's rules
(src/client/job-status.ts). The spec names no status values; these sets also accept other services' spellings."""

from __future__ import annotations

from ._models import AIAnalysis, RemediationJob, Scan

SUCCEEDED = frozenset({"completed", "succeeded", "success", "done"})
FAILED = frozenset({"failed", "error", "errored"})
CANCELLED = frozenset({"cancelled", "canceled"})


def classify_status(status: str | None) -> str:
    """`succeeded`, `failed`, `cancelled`, or `running` for anything else."""
    normalized = (status or "").strip().lower()
    if normalized in SUCCEEDED:
        return "succeeded"
    if normalized in FAILED:
        return "failed"
    if normalized in CANCELLED:
        return "cancelled"
    return "running"


def scan_outcome(scan: Scan) -> str:
    return classify_status(scan.status)


def ai_analysis_outcome(analysis: AIAnalysis) -> str:
    """Its own status decides when present; else done when every agent run is terminal."""
    if analysis.status and analysis.status.strip():
        return classify_status(analysis.status)
    outcomes = [classify_status(run.status) for run in analysis.agent_runs]
    if not outcomes or "running" in outcomes:
        return "running"
    if "failed" in outcomes:
        return "failed"
    if "cancelled" in outcomes:
        return "cancelled"
    return "succeeded"


def remediation_outcome(job: RemediationJob) -> str:
    """Its own status decides when present; else done once it has a pull request URL."""
    if job.status and job.status.strip():
        return classify_status(job.status)
    return "succeeded" if job.pr_url else "running"


MAX_POLL_RETRY_AFTER = 60.0
"""A Retry-After on a running job is honoured up to this long (the wait's own deadline bounds it too)."""


def next_poll_delay(interval: float, retry_after: float | None) -> float:
    """The interval, or longer when the service asks for it."""
    if retry_after is None or not retry_after > interval:
        return interval
    return min(retry_after, max(interval, MAX_POLL_RETRY_AFTER))
