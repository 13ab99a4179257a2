"""The contract: every method of both clients against the project's emulator. Each test runs twice, once
with `Client` and once with `AsyncClient` (the `kind` parameter), through the same assertions."""

from __future__ import annotations

import pytest

from conftest import REVOKED_KEY, Emulator, Runner
from svc_scan import (
    AIAnalysis,
    ApiKey,
    ApiKeyCreated,
    AuditLog,
    AuthError,
    ComplianceOverview,
    Finding,
    FindingDetail,
    FrameworkDetail,
    NotFoundError,
    Page,
    PermissionDeniedError,
    Principal,
    RemediationJob,
    Repository,
    Scan,
    ScanReport,
    UsageOverview,
    ValidationError,
)

FAST = {"interval": 0.05, "timeout": 30.0}


def test_me_returns_the_principal(run: Runner) -> None:
    principal = run("me")
    assert isinstance(principal, Principal)
    assert principal.user_id == "usr_ci"
    assert principal.active_org_id == "org_acme"
    assert principal.role == "member"
    assert "scans:write" in (principal.permissions or [])
    assert principal.organizations is not None
    assert (principal.organizations[0].name, principal.organizations[0].plan) == ("Acme Corp", "business")


def test_list_repositories_pages_and_filters(run: Runner) -> None:
    page = run("list_repositories")
    assert isinstance(page, Page)
    assert (page.limit, page.offset) == (100, 0)
    assert page.total == len(page.items) == 7
    assert all(isinstance(item, Repository) for item in page.items)
    core = run("list_repositories", project_id="prj_core")
    assert [repo.full_name for repo in core.items][:2] == ["acme/clean-service", "acme/vulnerable-app"]
    assert core.total == 4
    second = run("list_repositories", limit=2, offset=2)
    assert [repo.id for repo in second.items] == [repo.id for repo in page.items[2:4]]


def test_iter_repositories_yields_every_repository(run: Runner) -> None:
    everything = run("list_repositories").items
    assert [repo.id for repo in run("iter_repositories")] == [repo.id for repo in everything]
    assert len(run("iter_repositories", project_id="prj_core")) == 4


def test_find_repository_matches_full_name_ignoring_case(run: Runner) -> None:
    found = run("find_repository", "ACME/Vulnerable-App")
    assert isinstance(found, Repository)
    assert found.id == "repo_vulnerable"
    assert found.default_branch == "main"
    assert run("find_repository", "acme/no-such-repo") is None


def test_a_scan_from_creation_to_its_findings(run: Runner) -> None:
    scan = run("create_scan", "repo_clean")
    assert isinstance(scan, Scan)
    assert scan.status == "queued"
    assert scan.ref == "HEAD"
    assert scan.is_incremental is True
    assert [module.name for module in scan.modules] == ["sast", "secrets", "dependencies", "iac"]
    done = run("wait_for_scan", scan.id, **FAST)
    assert done.status == "completed"
    assert {module.status for module in done.modules} == {"completed"}
    assert run("get_scan", scan.id).status == "completed"
    report = run("get_scan_report", scan.id)
    assert isinstance(report, ScanReport)
    assert report.total_findings == 3
    assert report.severity_breakdown is not None
    page = run("list_findings", scan_id=scan.id)
    assert (page.total, page.limit) == (3, 20)  # the signature's default; iter_findings pages by 50
    assert all(isinstance(item, Finding) and item.scan_id == scan.id for item in page.items)
    assert [f.id for f in run("iter_findings", scan_id=scan.id)] == [f.id for f in page.items]


def test_create_scan_sends_its_parameters(run: Runner) -> None:
    scan = run(
        "create_scan", "repo_vulnerable", ref="main", modules=["sast"], frameworks=["soc2"], is_incremental=False
    )
    assert scan.ref == "main"
    assert [module.name for module in scan.modules] == ["sast"]
    assert scan.frameworks == ["soc2"]
    assert scan.is_incremental is False


def test_create_scan_refuses_a_bare_string_for_modules(run: Runner) -> None:
    with pytest.raises(TypeError, match="list of names"):
        run("create_scan", "repo_clean", modules="sast")


def test_a_bad_module_is_a_validation_error(run: Runner) -> None:
    with pytest.raises(ValidationError) as caught:
        run("create_scan", "repo_clean", modules=["no-such-module"])
    assert caught.value.status_code == 422
    assert caught.value.request_id is not None
    assert caught.value.request_id.startswith("req_")


def test_list_and_iter_scans(run: Runner) -> None:
    run("create_scan", "repo_empty")
    page = run("list_scans", repository_id="repo_empty", limit=1)
    assert page.limit == 1
    assert page.total >= 1
    assert all(scan.repository_id == "repo_empty" for scan in page.items)
    everything = run("iter_scans", repository_id="repo_empty")
    assert len(everything) == page.total
    assert len({scan.id for scan in everything}) == page.total
    assert len(run("iter_scans")) == run("list_scans").total


def test_cancel_scan(run: Runner) -> None:
    scan = run("create_scan", "repo_stuck")
    cancelled = run("cancel_scan", scan.id)
    assert cancelled.id == scan.id
    assert cancelled.status == "cancelled"
    assert run("wait_for_scan", scan.id, **FAST).status == "cancelled"


def test_findings_filter_by_severity_and_read_one(run: Runner) -> None:
    high = run("list_findings", scan_id="scan_e2e_vulnerable", severity="high")
    assert high.total == 3
    assert {item.severity for item in high.items} == {"high"}
    assert len(run("iter_findings", scan_id="scan_e2e_vulnerable", severity="high")) == 3
    detail = run("get_finding", high.items[0].id)
    assert isinstance(detail, FindingDetail)
    assert detail.id == high.items[0].id
    assert detail.cwe is not None
    assert detail.cvss_score is not None


def test_a_finding_fix_is_an_attribute(run: Runner) -> None:
    with_fix = [
        detail
        for detail in (run("get_finding", item.id) for item in run("iter_findings", scan_id="scan_e2e_vulnerable"))
        if detail.fix is not None
    ]
    assert with_fix
    assert (with_fix[0].fix.unified_diff or "").startswith("---")


def test_list_findings_default_page_is_20(run: Runner) -> None:
    page = run("list_findings")
    assert page.limit == 20
    assert len(page.items) == 20


def test_iter_findings_of_a_large_scan_in_pages_of_50(run: Runner, emulator: Emulator) -> None:
    findings = run("iter_findings", scan_id="scan_e2e_large")
    assert len(findings) == 1234
    assert len({finding.id for finding in findings}) == 1234
    assert emulator.requests("GET /api/v1/findings") == 25  # ceil(1234 / 50)


def test_an_unknown_severity_is_refused_before_sending(run: Runner, emulator: Emulator) -> None:
    with pytest.raises(ValueError, match="severity"):
        run("list_findings", severity="urgent")
    assert emulator.stats()["requests_total"] == 0


def test_remediation_from_start_to_pull_request(run: Runner) -> None:
    fixable = next(
        item.id
        for item in run("iter_findings", scan_id="scan_e2e_vulnerable")
        if run("get_finding", item.id).fix is not None
    )
    job = run("remediate_finding", fixable)
    assert isinstance(job, RemediationJob)
    assert job.pr_url == ""
    done = run("wait_for_remediation", job.id, **FAST)
    assert done.status == "completed"
    assert (done.pr_url or "").startswith("https://github.com/acme/vulnerable-app/pull/")
    assert done.branch
    assert run("get_remediation", job.id).pr_url == done.pr_url


def test_ai_analysis_patches(run: Runner) -> None:
    scan = run("wait_for_scan", run("create_scan", "repo_vulnerable").id, **FAST)
    started = run("start_ai_analysis", scan.id)
    assert isinstance(started, AIAnalysis)
    done = run("wait_for_ai_analysis", scan.id, **FAST)
    assert done.status == "completed"
    assert done.risk_score is not None
    assert done.overall_confidence is not None
    assert [agent.sequence for agent in done.agent_runs] == sorted(agent.sequence or 0 for agent in done.agent_runs)
    assert all(agent.confidence is not None for agent in done.agent_runs)
    assert run("get_ai_analysis", scan.id).status == "completed"
    patches = run("get_ai_patches", scan.id)
    assert isinstance(patches, dict)
    assert patches["scan_id"] == scan.id
    assert patches["patches"]


def test_compliance_and_ai_security(run: Runner) -> None:
    overview = run("get_compliance_overview")
    assert isinstance(overview, ComplianceOverview)
    assert overview.overall_score is not None
    assert overview.frameworks
    framework_id = overview.frameworks[0].id
    framework = run("get_compliance_framework", framework_id, scan_id="scan_e2e_vulnerable")
    assert isinstance(framework, FrameworkDetail)
    assert framework.scan_id == "scan_e2e_vulnerable"
    assert all(control.control_id and control.status and control.title for control in framework.controls)
    assert run("get_compliance_overview", scan_id="scan_e2e_vulnerable").scan_id == "scan_e2e_vulnerable"
    with pytest.raises(NotFoundError):
        run("get_compliance_framework", "no-such-framework")
    security = run("get_ai_security_overview", scan_id="scan_e2e_vulnerable")
    assert security.summary is not None
    assert security.summary.checks_total == len(security.checks or [])
    assert security.summary.checks_failed is not None
    assert all(check.name and check.owasp_llm and check.status for check in security.checks or [])


def test_audit_logs_need_an_admin(run: Runner, admin: Runner) -> None:
    with pytest.raises(PermissionDeniedError) as caught:
        run("list_audit_logs")
    assert isinstance(caught.value, AuthError)
    assert caught.value.status_code == 403
    page = admin("list_audit_logs", limit=5)
    assert page.limit == 5
    assert all(isinstance(entry, AuditLog) and entry.action and entry.actor_id for entry in page.items)
    revoked = admin("list_audit_logs", action="api_key.revoked", target_type="api_key")
    assert revoked.total >= 1
    assert {entry.action for entry in revoked.items} == {"api_key.revoked"}
    assert len(admin("iter_audit_logs", target_type="api_key")) == admin("list_audit_logs", target_type="api_key").total


def test_api_keys_create_list_revoke(admin: Runner) -> None:
    created = admin("create_api_key", "python contract")
    assert isinstance(created, ApiKeyCreated)
    assert created.role == "member"
    assert created.token.startswith("svc_sk_")
    assert created.token not in repr(created)
    assert created.last_four == created.token[-4:]
    listed = admin("list_api_keys")
    assert all(isinstance(key, ApiKey) for key in listed)
    assert any(key.id == created.id and key.is_active for key in listed)
    assert all("token" not in key.extra for key in listed)
    new_key = admin.with_options(api_key=created.token)
    assert new_key("me").role == "member"
    assert admin("revoke_api_key", created.id) is None
    assert any(key.id == created.id and key.is_active is False for key in admin("list_api_keys"))
    with pytest.raises(AuthError) as caught:
        new_key("me")
    assert caught.value.status_code == 401
    assert created.token not in str(caught.value)


def test_create_api_key_with_a_role(admin: Runner) -> None:
    created = admin("create_api_key", "python admin", role="admin")
    assert created.role == "admin"
    admin("revoke_api_key", created.id)


def test_usage(run: Runner) -> None:
    usage = run("get_usage")
    assert isinstance(usage, UsageOverview)
    assert usage.remaining_credits is not None
    assert usage.plan == "business"


def test_a_revoked_key_is_an_auth_error(run: Runner) -> None:
    with pytest.raises(AuthError) as caught:
        run.with_options(api_key=REVOKED_KEY)("me")
    assert caught.value.status_code == 401
    assert REVOKED_KEY not in str(caught.value)
    assert REVOKED_KEY not in repr(caught.value)
    assert "revoked" in str(caught.value)


def test_unknown_ids_are_not_found(run: Runner) -> None:
    for method in ("get_scan", "get_finding", "get_remediation", "get_scan_report"):
        with pytest.raises(NotFoundError) as caught:
            run(method, "no_such_id")
        assert caught.value.status_code == 404
        assert isinstance(caught.value.body, dict)


def test_an_empty_list(run: Runner) -> None:
    page = run("list_repositories", project_id="no_such_project")
    assert (page.items, page.total) == ([], 0)
    assert run("iter_repositories", project_id="no_such_project") == []
    scan = run("wait_for_scan", run("create_scan", "repo_empty").id, **FAST)
    assert run("iter_findings", scan_id=scan.id) == []


def test_the_methods_are_the_same_on_both_clients() -> None:
    from svc_scan import AsyncClient, Client

    def public(cls: type) -> set[str]:
        return {name for name in dir(cls) if not name.startswith("_")}

    assert public(Client) == public(AsyncClient)


ISSUE_SIGNATURES = {
    "__init__": "(self, api_key=None, base_url=None)",
    "me": "(self)",
    "list_repositories": "(self, project_id=None, limit=100, offset=0)",
    "iter_repositories": "(self, project_id=None)",
    "find_repository": "(self, full_name)",
    "create_scan": "(self, repository_id, ref='HEAD', modules=None, frameworks=None, is_incremental=True)",
    "list_scans": "(self, repository_id=None, limit=20, offset=0)",
    "iter_scans": "(self, repository_id=None)",
    "get_scan": "(self, id)",
    "get_scan_report": "(self, id)",
    "cancel_scan": "(self, id)",
    "wait_for_scan": "(self, id, interval=2.0, timeout=600.0)",
    "list_findings": "(self, scan_id=None, severity=None, limit=20, offset=0)",
    "iter_findings": "(self, scan_id=None, severity=None)",
    "get_finding": "(self, id)",
    "remediate_finding": "(self, id)",
    "get_remediation": "(self, id)",
    "wait_for_remediation": "(self, id, interval=3.0, timeout=600.0)",
    "start_ai_analysis": "(self, scan_id)",
    "get_ai_analysis": "(self, scan_id)",
    "get_ai_patches": "(self, scan_id)",
    "wait_for_ai_analysis": "(self, scan_id, interval=3.0, timeout=600.0)",
    "get_compliance_overview": "(self, scan_id=None)",
    "get_compliance_framework": "(self, framework_id, scan_id=None)",
    "get_ai_security_overview": "(self, scan_id=None)",
    "list_audit_logs": "(self, action=None, actor_id=None, target_type=None, limit=20, offset=0)",
    "iter_audit_logs": "(self, action=None, actor_id=None, target_type=None)",
    "create_api_key": "(self, name, role='member')",
    "list_api_keys": "(self)",
    "revoke_api_key": "(self, id)",
    "get_usage": "(self)",
    "close": "(self)",
}
"""The issue's table: the positional parameters and defaults of each method, the same on both clients (what
they add is keyword-only: page_size, concurrency, max_retry_wait, http_client)."""


@pytest.mark.parametrize("method", sorted(ISSUE_SIGNATURES))
@pytest.mark.parametrize("client_class", ["Client", "AsyncClient"])
def test_the_issue_s_signatures(method: str, client_class: str) -> None:
    import inspect

    import svc_scan

    signature = inspect.signature(getattr(getattr(svc_scan, client_class), method))
    positional = [p for p in signature.parameters.values() if p.kind not in (p.KEYWORD_ONLY, p.VAR_KEYWORD)]
    shown = ", ".join(p.name if p.default is p.empty else f"{p.name}={p.default!r}" for p in positional)
    assert f"({shown})" == ISSUE_SIGNATURES[method]
    if method == "__init__":
        keyword_only = {p.name: p.default for p in signature.parameters.values() if p.kind is p.KEYWORD_ONLY}
        assert (keyword_only["timeout"], keyword_only["max_retries"]) == (30.0, 2)
