"""Python clients of the code-security scanning service: `Client` (sync) and `AsyncClient` (asyncio), over httpx.

    from svc_scan import Client

    with Client() as client:  # the key from SVC_API_KEY or ~/.svc/config.toml
        for finding in client.iter_findings(scan_id="scn_1"):
            print(finding.severity, finding.title)

`import svc_scan` is light: the clients, and with them httpx and asyncio, load on first use."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._errors import (
    APIConnectionError,
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
    Organization,
    Page,
    Principal,
    RemediationJob,
    Repository,
    Scan,
    ScanModule,
    ScanReport,
    UsageOverview,
)
from ._version import __version__

if TYPE_CHECKING:
    from ._async_client import AsyncClient
    from ._sync_client import Client

_LAZY = {"Client": "._sync_client", "AsyncClient": "._async_client"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'svc_scan' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(module, __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "AIAnalysis",
    "APIConnectionError",
    "APITimeoutError",
    "AgentRun",
    "AiSecurityCheck",
    "AiSecurityOverview",
    "AiSecuritySummary",
    "ApiKey",
    "ApiKeyCreated",
    "AsyncClient",
    "AuditLog",
    "AuthError",
    "Client",
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
    "NotFoundError",
    "Organization",
    "Page",
    "PermissionDeniedError",
    "PollTimeoutError",
    "Principal",
    "RateLimitError",
    "RemediationJob",
    "Repository",
    "Scan",
    "ScanModule",
    "ScanReport",
    "ServerError",
    "SvcError",
    "UsageOverview",
    "ValidationError",
    "__version__",
]
