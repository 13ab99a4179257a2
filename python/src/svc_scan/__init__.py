"""Python clients of the code-security scanning service: `Client` (sync) and `AsyncClient` (asyncio), over httpx.

    from svc_scan import Client

    with Client() as client:  # the key from SVC_API_KEY or ~/.svc/config.toml
        for finding in client.iter_findings(scan_id="scn_1"):
            print(finding.severity, finding.title)

`import svc_scan` is light: the clients, and with them httpx and asyncio, load on first use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._errors import (
    APIConnectionError,
    APIStatusError,
    APITimeoutError,
    AuthError,
    ConfigError,
    DecodeError,
    IncompleteListError,
    NotFoundError,
    PermissionDeniedError,
    PollTimeoutError,
    RateLimitError,
    ServerError,
    SvcError,
    ValidationError,
)
from ._logs import setup_from_environment
from ._models import (
    AgentRun,
    AIAnalysis,
    AiSecurityCheck,
    AiSecurityOverview,
    AiSecuritySummary,
    ApiKey,
    ApiKeyCreated,
    AuditLog,
    ComplianceFrameworkScore,
    ComplianceOverview,
    Finding,
    FindingDetail,
    FindingFix,
    FrameworkControl,
    FrameworkDetail,
    JobStatus,
    Organization,
    Page,
    Principal,
    RemediationJob,
    Repository,
    Role,
    Scan,
    ScanModule,
    ScanReport,
    UsageOverview,
)
from ._options import RequestOptions, TimeoutTypes, WaitOptions
from ._response import RawResponse
from ._severity import SEVERITIES, Severity, is_at_or_above, severity_rank
from ._version import __version__

if TYPE_CHECKING:
    from ._async_client import AsyncClient, AsyncClientWithRawResponse
    from ._sync_client import Client, ClientWithRawResponse
else:
    # The clients load httpx (and AsyncClient asyncio) on first use. Type checkers see the imports above, so a
    # misspelt name is an error there, not Any.
    _LAZY = {
        "Client": "._sync_client",
        "ClientWithRawResponse": "._sync_client",
        "AsyncClient": "._async_client",
        "AsyncClientWithRawResponse": "._async_client",
    }

    def __getattr__(name: str) -> object:
        module = _LAZY.get(name)
        if module is None:
            raise AttributeError(f"module 'svc_scan' has no attribute {name!r}")
        from importlib import import_module

        value = getattr(import_module(module, __name__), name)
        globals()[name] = value
        return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


setup_from_environment()


__all__ = [
    "SEVERITIES",
    "AIAnalysis",
    "APIConnectionError",
    "APIStatusError",
    "APITimeoutError",
    "AgentRun",
    "AiSecurityCheck",
    "AiSecurityOverview",
    "AiSecuritySummary",
    "ApiKey",
    "ApiKeyCreated",
    "AsyncClient",
    "AsyncClientWithRawResponse",
    "AuditLog",
    "AuthError",
    "Client",
    "ClientWithRawResponse",
    "ComplianceFrameworkScore",
    "ComplianceOverview",
    "ConfigError",
    "DecodeError",
    "Finding",
    "FindingDetail",
    "FindingFix",
    "FrameworkControl",
    "FrameworkDetail",
    "IncompleteListError",
    "JobStatus",
    "NotFoundError",
    "Organization",
    "Page",
    "PermissionDeniedError",
    "PollTimeoutError",
    "Principal",
    "RateLimitError",
    "RawResponse",
    "RemediationJob",
    "Repository",
    "RequestOptions",
    "Role",
    "Scan",
    "ScanModule",
    "ScanReport",
    "ServerError",
    "Severity",
    "SvcError",
    "TimeoutTypes",
    "UsageOverview",
    "ValidationError",
    "WaitOptions",
    "__version__",
    "is_at_or_above",
    "severity_rank",
]
