"""Every endpoint of the spec as a `Call`: what to send and how to read the answer. Both clients send these
same calls, so the two cannot drift apart; only the sending differs (_sync_client.py, _async_client.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar
from urllib.parse import quote

from . import _models as m

T = TypeVar("T")

SEVERITIES = ("critical", "high", "medium", "low", "info")

PAGE_SIZES = {"scans": 20, "findings": 20, "findings_of_scan": 50, "audit_logs": 20, "repositories": 100}
"""Spec, Limits: 20 for scans, findings and audit logs; 50 for the findings of one scan; 100 for repositories."""


@dataclass(frozen=True)
class Call(Generic[T]):
    method: str
    path: str
    """Relative to the base URL, its dynamic segments already encoded."""
    decode: Callable[[Any], T]
    """Reads the parsed JSON answer; raises _models.DecodeIssue when it is not what the spec says."""
    query: Mapping[str, str | int] | None = None
    body: Mapping[str, Any] | None = None
    idempotent: bool = False
    """Safe to send again whatever the method (a cancel)."""
    secret_response: bool = False
    """The answer holds a secret (a new key's token): errors never keep its body."""
    check: Callable[[T], str | None] | None = None
    """Names what is wrong with a decoded answer that is not the one asked for, or None."""


def segment(value: str) -> str:
    """One URL-encoded path segment: an id can never reach another path. `.` and `..` are refused: encoding
    leaves them as they are, and a URL resolves them to the parent path."""
    if not isinstance(value, str) or not value:
        raise ValueError(f"an id must be a non-empty string, got {value!r}")
    if value in (".", ".."):
        raise ValueError(f"an id cannot be {value!r}: it would name another path")
    return quote(value, safe="")


def _query(**values: Any) -> dict[str, str | int]:
    out: dict[str, str | int] = {}
    for name, value in values.items():
        if value is None:
            continue
        out[name] = ("true" if value else "false") if isinstance(value, bool) else value
    return out


def _model(cls: type[T]) -> Callable[[Any], T]:
    return lambda value: m.decode_model(cls, value)


def _page(cls: type[T]) -> Callable[[Any], m.Page[T]]:
    return lambda value: m.decode_page(cls, value)


def _paging(limit: int, offset: int) -> tuple[int, int]:
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"limit must be a positive int, got {limit!r}")
    if isinstance(offset, bool) or not isinstance(offset, int) or offset < 0:
        raise ValueError(f"offset must be a non-negative int, got {offset!r}")
    return limit, offset


def _names(value: Sequence[str] | None, name: str) -> list[str] | None:
    if value is None:
        return None
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be a list of names, not a string: use [{value!r}]")
    return [str(item) for item in value]


def _same_id(kind: str, expected: str) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        found = getattr(value, "id", None)
        return None if found == expected else f"is about {kind} {found!r}, not {kind} {expected!r}"

    return check


def me() -> Call[m.Principal]:
    return Call("GET", "/me", _model(m.Principal))


def list_repositories(project_id: str | None, limit: int, offset: int) -> Call[m.Page[m.Repository]]:
    limit, offset = _paging(limit, offset)
    return Call("GET", "/repositories", _page(m.Repository), _query(project_id=project_id, limit=limit, offset=offset))


def create_scan(
    repository_id: str,
    ref: str,
    modules: Sequence[str] | None,
    frameworks: Sequence[str] | None,
    is_incremental: bool,
) -> Call[m.Scan]:
    body: dict[str, Any] = {"repository_id": repository_id, "ref": ref, "is_incremental": is_incremental}
    if modules is not None:
        body["modules"] = _names(modules, "modules")
    if frameworks is not None:
        body["frameworks"] = _names(frameworks, "frameworks")
    if not isinstance(repository_id, str) or not repository_id:
        raise ValueError("repository_id must be a non-empty string")
    return Call("POST", "/scans", _model(m.Scan), body=body)


def list_scans(repository_id: str | None, limit: int, offset: int) -> Call[m.Page[m.Scan]]:
    limit, offset = _paging(limit, offset)
    query = _query(repository_id=repository_id, limit=limit, offset=offset)
    return Call("GET", "/scans", _page(m.Scan), query)


def get_scan(scan_id: str) -> Call[m.Scan]:
    return Call("GET", f"/scans/{segment(scan_id)}", _model(m.Scan), check=_same_id("scan", scan_id))


def get_scan_report(scan_id: str) -> Call[m.ScanReport]:
    return Call("GET", f"/scans/{segment(scan_id)}/report", _model(m.ScanReport))


def cancel_scan(scan_id: str) -> Call[m.Scan]:
    """Cancelling twice cancels once: retried like a read."""
    path = f"/scans/{segment(scan_id)}/cancel"
    return Call("POST", path, _model(m.Scan), idempotent=True, check=_same_id("scan", scan_id))


def list_findings(scan_id: str | None, severity: str | None, limit: int, offset: int) -> Call[m.Page[m.Finding]]:
    limit, offset = _paging(limit, offset)
    if severity is not None and severity not in SEVERITIES:
        raise ValueError(f"severity must be one of {', '.join(SEVERITIES)}, got {severity!r}")
    query = _query(scan_id=scan_id, severity=severity, limit=limit, offset=offset)
    return Call("GET", "/findings", _page(m.Finding), query, check=_findings_of(scan_id))


def _findings_of(scan_id: str | None) -> Callable[[m.Page[m.Finding]], str | None] | None:
    """Items of a list filtered by scan may name their scan; one that names another poisons the page."""
    if scan_id is None:
        return None

    def check(page: m.Page[m.Finding]) -> str | None:
        for item in page.items:
            if item.scan_id is not None and item.scan_id != scan_id:
                return f"lists finding {item.id!r} of scan {item.scan_id!r}, not of scan {scan_id!r}"
        return None

    return check


def get_finding(finding_id: str) -> Call[m.FindingDetail]:
    path = f"/findings/{segment(finding_id)}"
    return Call("GET", path, _model(m.FindingDetail), check=_same_id("finding", finding_id))


def remediate_finding(finding_id: str) -> Call[m.RemediationJob]:
    return Call("POST", f"/findings/{segment(finding_id)}/remediate", _model(m.RemediationJob))


def get_remediation(remediation_id: str) -> Call[m.RemediationJob]:
    path = f"/remediations/{segment(remediation_id)}"
    check = _same_id("remediation job", remediation_id)
    return Call("GET", path, _model(m.RemediationJob), check=check)


def start_ai_analysis(scan_id: str) -> Call[m.AIAnalysis]:
    return Call("POST", f"/scans/{segment(scan_id)}/ai-analysis", _model(m.AIAnalysis))


def get_ai_analysis(scan_id: str) -> Call[m.AIAnalysis]:
    def check(analysis: m.AIAnalysis) -> str | None:
        if analysis.scan_id is None or analysis.scan_id == scan_id:
            return None
        return f"is the AI analysis of scan {analysis.scan_id!r}, not of scan {scan_id!r}"

    return Call("GET", f"/scans/{segment(scan_id)}/ai-analysis", _model(m.AIAnalysis), check=check)


def _object(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise m.DecodeIssue("answer is not a JSON object")
    return value


def get_ai_patches(scan_id: str) -> Call[dict[str, Any]]:
    """The spec gives no shape for the patches: the JSON object as it came."""
    return Call("GET", f"/scans/{segment(scan_id)}/ai-analysis/patches", _object)


def get_compliance_overview(scan_id: str | None) -> Call[m.ComplianceOverview]:
    return Call("GET", "/compliance/overview", _model(m.ComplianceOverview), _query(scan_id=scan_id))


def get_compliance_framework(framework_id: str, scan_id: str | None) -> Call[m.FrameworkDetail]:
    path = f"/compliance/{segment(framework_id)}"
    return Call("GET", path, _model(m.FrameworkDetail), _query(scan_id=scan_id))


def get_ai_security_overview(scan_id: str | None) -> Call[m.AiSecurityOverview]:
    return Call("GET", "/ai-security/overview", _model(m.AiSecurityOverview), _query(scan_id=scan_id))


def list_audit_logs(
    action: str | None, actor_id: str | None, target_type: str | None, limit: int, offset: int
) -> Call[m.Page[m.AuditLog]]:
    limit, offset = _paging(limit, offset)
    query = _query(action=action, actor_id=actor_id, target_type=target_type, limit=limit, offset=offset)
    return Call("GET", "/audit-logs", _page(m.AuditLog), query)


def create_api_key(name: str, role: str) -> Call[m.ApiKeyCreated]:
    """The role defaults to member, the least privilege automation needs (spec, Authentication 6)."""
    body = {"name": name, "role": role}
    return Call("POST", "/api-keys", _model(m.ApiKeyCreated), body=body, secret_response=True)


def list_api_keys() -> Call[list[m.ApiKey]]:
    return Call("GET", "/api-keys", lambda value: m.decode_list(m.ApiKey, value))


def revoke_api_key(key_id: str) -> Call[None]:
    return Call("DELETE", f"/api-keys/{segment(key_id)}", lambda _value: None)


def get_usage() -> Call[m.UsageOverview]:
    return Call("GET", "/billing/usage", _model(m.UsageOverview))
