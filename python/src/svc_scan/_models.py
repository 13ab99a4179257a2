"""The spec's resources as frozen dataclasses. Every field of the spec's resource table is an attribute;
fields the spec marks optional, or that a service may leave out, are None when absent; the fields the service
is known to add (README, "Where the spec is silent") are typed attributes too; anything else it sends is kept,
untouched, in `extra`, so an unknown field never fails and is never lost.

Decoding is forward-compatible: a field the client can do without that comes with an unexpected type is None,
its value kept in `extra` under its own name (and a debug log line says so); a list the service left out is
empty. Only what the client cannot do without (an id it follows, a scan's status, a finding's severity and
title, a page's total) is a DecodeError naming it. Each class describes its fields once, with `_f` (see
`Kind`). Severities, roles and job statuses are Literal types of the known values, open at run time: an
unknown value is kept as sent."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar, cast

from ._errors import DecodeError
from ._severity import Severity

T = TypeVar("T")

logger = logging.getLogger("svc_scan")

Role = Literal["member", "admin"]
"""The spec's named key roles (the complete set is not shown: another value is kept as sent)."""

JobStatus = Literal["queued", "running", "completed", "failed", "cancelled"]
"""The statuses the service is known to send for scans, modules, AI analyses and remediation jobs (the spec
shows none; another value is kept as sent, and read as README, "terminal states", says)."""


class DecodeIssue(Exception):
    """What is wrong with a value, and where (a path like `items[3].line`)."""


@dataclass(frozen=True)
class Kind:
    """How a field decodes: a JSON type name (str, int, number, bool, dict, any), or a model, and whether it is
    a list of them and whether the service must send it."""

    json: str = "any"
    model: type[Any] | None = None
    many: bool = False
    required: bool = False


def _f(
    json: str = "any",
    *,
    model: type[Any] | None = None,
    many: bool = False,
    required: bool = False,
    empty: Callable[[], Any] | None = None,
) -> Any:
    """A decoded field; `empty` makes the value of a field the service left out (or sent of another type)."""
    metadata = {"kind": Kind(json, model, many, required)}
    if empty is not None:
        return field(default_factory=empty, metadata=metadata)
    return field(default=dataclasses.MISSING if required else None, metadata=metadata)


def _extra() -> Any:
    return field(default_factory=dict, repr=False, compare=False, metadata={"kind": None})


@dataclass(frozen=True, kw_only=True)
class _Model:
    """The base of the models: the request id of the answer a model came in."""

    _request_id: str | None = field(default=None, init=False, repr=False, compare=False)
    """The x-request-id of the answer this came in (on the value a method returns; None inside it)."""


_SPECS: dict[type[Any], tuple[tuple[tuple[str, Kind], ...], frozenset[str]]] = {}


def _specs(cls: type[Any]) -> tuple[tuple[tuple[str, Kind], ...], frozenset[str]]:
    """A class's decoded fields and their names, read once: a page decodes hundreds of items of one class."""
    found = _SPECS.get(cls)
    if found is None:
        fields = tuple(
            (spec.name, spec.metadata["kind"]) for spec in dataclasses.fields(cls) if spec.metadata.get("kind")
        )
        found = _SPECS[cls] = (fields, frozenset(name for name, _ in fields))
    return found


def decode_model(cls: type[T], value: Any, at: str = "") -> T:
    if not isinstance(value, Mapping):
        raise DecodeIssue(f"{at or 'the answer'} is not an object")
    fields, names = _specs(cls)
    known: dict[str, Any] = {}
    kept: dict[str, Any] = {}
    for name, kind in fields:
        raw = value.get(name)
        if raw is None:
            if kind.required:
                raise DecodeIssue(f"{_where(at, name)} is missing")
            continue
        try:
            known[name] = _decode_field(kind, raw, at, name)
        except DecodeIssue as issue:
            if kind.required:
                raise
            logger.debug("kept in extra, not decoded: %s", issue)
            kept[name] = raw
    extra = {name: item for name, item in value.items() if name not in names} if len(value) > len(known) else {}
    constructor: Any = cls
    return cast(T, constructor(**known, extra={**extra, **kept} if kept else extra))


def _where(at: str, name: str) -> str:
    return f"{at}.{name}" if at else name


def _decode_field(kind: Kind, raw: Any, at: str, name: str) -> Any:
    if not kind.many:
        return _decode_one(kind, raw, at, name)
    if not isinstance(raw, list):
        raise DecodeIssue(f"{_where(at, name)} is not a list")
    return [_decode_one(kind, item, at, f"{name}[{index}]") for index, item in enumerate(raw)]


_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "str": (str,),
    "int": (int,),
    "number": (int, float),
    "bool": (bool,),
    "dict": (dict,),
}


def _decode_one(kind: Kind, raw: Any, at: str, name: str) -> Any:
    if kind.model is not None:
        return decode_model(kind.model, raw, _where(at, name))
    types = _JSON_TYPES.get(kind.json)
    if types is None or (type(raw) in types and not (kind.json == "int" and type(raw) is float)):
        return raw
    where = _where(at, name)
    wrong_bool = isinstance(raw, bool) and kind.json in ("int", "number")
    if not isinstance(raw, types) or wrong_bool:
        raise DecodeIssue(f"{where} is not a {kind.json}: {type(raw).__name__}")
    if kind.json == "int" and isinstance(raw, float) and not raw.is_integer():
        raise DecodeIssue(f"{where} is not an int")
    return raw


def decode_as(cls: type[T], value: Any, what: str) -> T:
    try:
        return decode_model(cls, value)
    except DecodeIssue as issue:
        raise DecodeError(f"{what}: the response's {issue}") from None


@dataclass(frozen=True, kw_only=True)
class Organization(_Model):
    """An organization the principal belongs to."""

    name: str | None = _f("str")
    plan: str | None = _f("str")
    id: str | None = _f("str")
    extra: Mapping[str, Any] = _extra()


@dataclass(frozen=True, kw_only=True)
class Principal(_Model):
    """Who the key acts as (GET /me)."""

    user_id: str | None = _f("str")
    email: str | None = _f("str")
    active_org_id: str | None = _f("str")
    role: Role | None = _f("str")
    permissions: list[str] | None = _f("str", many=True)
    organizations: list[Organization] | None = _f(model=Organization, many=True)
    api_key_id: str | None = _f("str")
    extra: Mapping[str, Any] = _extra()


@dataclass(frozen=True, kw_only=True)
class Repository(_Model):
    """A repository the service scans; `full_name` is owner/name."""

    id: str = _f("str", required=True)
    full_name: str = _f("str", required=True)
    default_branch: str | None = _f("str")
    project_id: str | None = _f("str")
    extra: Mapping[str, Any] = _extra()


@dataclass(frozen=True, kw_only=True)
class ScanModule(_Model):
    """One scan module (sast, secrets, ...) and its status."""

    name: str | None = _f("str")
    status: JobStatus | None = _f("str")
    extra: Mapping[str, Any] = _extra()


@dataclass(frozen=True, kw_only=True)
class Scan(_Model):
    """A scan: its id, status and modules (GET /scans/{id})."""

    id: str = _f("str", required=True)
    status: JobStatus = _f("str", required=True)
    modules: list[ScanModule] = _f(model=ScanModule, many=True, empty=list)
    repository_id: str | None = _f("str")
    ref: str | None = _f("str")
    frameworks: list[str] | None = _f("str", many=True)
    is_incremental: bool | None = _f("bool")
    created_at: str | None = _f("str")
    extra: Mapping[str, Any] = _extra()


@dataclass(frozen=True, kw_only=True)
class ScanReport(_Model):
    """A scan's report: `severity_breakdown` counts its findings by severity."""

    total_findings: int | None = _f("int")
    risk_score: float | None = _f("number")
    severity_breakdown: dict[str, int] | None = _f("dict")
    scan_id: str | None = _f("str")
    extra: Mapping[str, Any] = _extra()


@dataclass(frozen=True, kw_only=True)
class Finding(_Model):
    """A finding of a scan. `severity` may be a value outside Severity (kept as sent; it counts as critical)."""

    id: str = _f("str", required=True)
    severity: Severity = _f("str", required=True)
    title: str = _f("str", required=True)
    file_path: str | None = _f("str")
    line: int | None = _f("int")
    scan_id: str | None = _f("str")
    cwe: str | None = _f("str")
    owasp: str | None = _f("str")
    module: str | None = _f("str")
    extra: Mapping[str, Any] = _extra()


@dataclass(frozen=True, kw_only=True)
class FindingFix(_Model):
    """A finding's proposed fix, as a unified diff."""

    unified_diff: str | None = _f("str")
    extra: Mapping[str, Any] = _extra()


@dataclass(frozen=True, kw_only=True)
class FindingDetail(Finding):
    """A finding with its description, CVSS score and fix (GET /findings/{id})."""

    cvss_score: float | None = _f("number")
    fix: FindingFix | None = _f(model=FindingFix)
    description: str | None = _f("str")
    repository_id: str | None = _f("str")


@dataclass(frozen=True, kw_only=True)
class RemediationJob(_Model):
    """A remediation job: the pull request the service opens to fix a finding."""

    id: str = _f("str", required=True)
    pr_url: str | None = _f("str")
    branch: str | None = _f("str")
    status: JobStatus | None = _f("str")
    finding_id: str | None = _f("str")
    failure_reason: str | None = _f("str")
    scan_id: str | None = _f("str")
    created_at: str | None = _f("str")
    extra: Mapping[str, Any] = _extra()


@dataclass(frozen=True, kw_only=True)
class AgentRun(_Model):
    """One agent's run within an AI analysis; `sequence` orders them."""

    sequence: int | None = _f("int")
    agent_id: str | None = _f("str")
    status: JobStatus | None = _f("str")
    confidence: float | None = _f("number")
    extra: Mapping[str, Any] = _extra()


@dataclass(frozen=True, kw_only=True)
class AIAnalysis(_Model):
    """The AI analysis of a scan: its agent runs, risk score and confidence."""

    risk_score: float | None = _f("number")
    overall_confidence: float | None = _f("number")
    agent_runs: list[AgentRun] = _f(model=AgentRun, many=True, empty=list)
    status: JobStatus | None = _f("str")
    scan_id: str | None = _f("str")
    id: str | None = _f("str")
    created_at: str | None = _f("str")
    extra: Mapping[str, Any] = _extra()


@dataclass(frozen=True, kw_only=True)
class ComplianceFrameworkScore(_Model):
    """One framework's score in the compliance overview."""

    id: str | None = _f("str")
    name: str | None = _f("str")
    score: float | None = _f("number")
    controls_failed: int | None = _f("int")
    controls_total: int | None = _f("int")
    extra: Mapping[str, Any] = _extra()


@dataclass(frozen=True, kw_only=True)
class ComplianceOverview(_Model):
    """The compliance scores of every framework."""

    overall_score: float | None = _f("number")
    frameworks: list[ComplianceFrameworkScore] | None = _f(model=ComplianceFrameworkScore, many=True)
    scan_id: str | None = _f("str")
    extra: Mapping[str, Any] = _extra()


@dataclass(frozen=True, kw_only=True)
class FrameworkControl(_Model):
    """One control of a compliance framework and its status."""

    control_id: str | None = _f("str")
    status: str | None = _f("str")
    title: str | None = _f("str")
    extra: Mapping[str, Any] = _extra()


@dataclass(frozen=True, kw_only=True)
class FrameworkDetail(_Model):
    """One compliance framework with its controls."""

    controls: list[FrameworkControl] = _f(model=FrameworkControl, many=True, empty=list)
    id: str | None = _f("str")
    name: str | None = _f("str")
    score: float | None = _f("number")
    scan_id: str | None = _f("str")
    extra: Mapping[str, Any] = _extra()


@dataclass(frozen=True, kw_only=True)
class AiSecuritySummary(_Model):
    """How many AI-security checks passed and failed."""

    checks_failed: int | None = _f("int")
    checks_total: int | None = _f("int")
    checks_passed: int | None = _f("int")
    extra: Mapping[str, Any] = _extra()


@dataclass(frozen=True, kw_only=True)
class AiSecurityCheck(_Model):
    """One AI-security check (OWASP LLM category) and its status."""

    name: str | None = _f("str")
    owasp_llm: str | None = _f("str")
    status: str | None = _f("str")
    extra: Mapping[str, Any] = _extra()


@dataclass(frozen=True, kw_only=True)
class AiSecurityOverview(_Model):
    """The AI-security checks and their summary."""

    summary: AiSecuritySummary | None = _f(model=AiSecuritySummary)
    checks: list[AiSecurityCheck] | None = _f(model=AiSecurityCheck, many=True)
    scan_id: str | None = _f("str")
    extra: Mapping[str, Any] = _extra()


@dataclass(frozen=True, kw_only=True)
class AuditLog(_Model):
    """One entry of the organization's audit log."""

    created_at: str | None = _f("str")
    action: str | None = _f("str")
    actor_id: str | None = _f("str")
    id: str | None = _f("str")
    target_type: str | None = _f("str")
    target_id: str | None = _f("str")
    api_key_id: str | None = _f("str")
    extra: Mapping[str, Any] = _extra()


@dataclass(frozen=True, kw_only=True)
class ApiKey(_Model):
    """A key as listed: never its secret."""

    id: str = _f("str", required=True)
    name: str | None = _f("str")
    role: Role | None = _f("str")
    prefix: str | None = _f("str")
    last_four: str | None = _f("str")
    is_active: bool | None = _f("bool")
    created_at: str | None = _f("str")
    extra: Mapping[str, Any] = _extra()


@dataclass(frozen=True, kw_only=True)
class ApiKeyCreated(ApiKey):
    """The only model that holds a secret: `token` is left out of its repr."""

    token: str = field(default="", repr=False, metadata={"kind": Kind("str", None, False, True)})


@dataclass(frozen=True, kw_only=True)
class UsageOverview(_Model):
    """The organization's plan and credits."""

    remaining_credits: float | None = _f("number")
    organization_id: str | None = _f("str")
    plan: str | None = _f("str")
    included_credits: float | None = _f("number")
    used_credits: float | None = _f("number")
    extra: Mapping[str, Any] = _extra()


@dataclass(frozen=True)
class Page(Generic[T]):
    """One page of a list. The next page starts at offset + limit, with the limit this page reports (a
    service may clamp the one asked for); the list is complete when offset + limit >= total."""

    items: list[T]
    total: int
    limit: int
    offset: int
    _request_id: str | None = field(default=None, init=False, repr=False, compare=False)
    """The x-request-id of the answer this page came in."""

    @property
    def has_more(self) -> bool:
        """True when another page follows this one."""
        return bool(self.items) and self.offset + max(self.limit, 1) < self.total


def decode_page(cls: type[T], value: Any) -> Page[T]:
    if not isinstance(value, Mapping):
        raise DecodeIssue("page is not an object")
    items = value.get("items")
    if not isinstance(items, list):
        raise DecodeIssue("items is not a list")
    numbers = []
    for name in ("total", "limit", "offset"):
        number = value.get(name)
        if not isinstance(number, int) or isinstance(number, bool) or number < 0:
            raise DecodeIssue(f"{name} is not a non-negative int")
        numbers.append(number)
    decoded = [decode_model(cls, item, f"items[{index}]") for index, item in enumerate(items)]
    return Page(decoded, numbers[0], numbers[1], numbers[2])


def decode_list(cls: type[T], value: Any) -> list[T]:
    """A bare array, or a Page-shaped object, of items (GET /api-keys)."""
    items: Sequence[Any]
    if isinstance(value, list):
        items = value
    elif isinstance(value, Mapping) and isinstance(value.get("items"), list):
        items = value["items"]
    else:
        raise DecodeIssue("answer is not a list")
    return [decode_model(cls, item, f"[{index}]") for index, item in enumerate(items)]
