"""What a newcomer trips on, and what a library must not do to a process: types that catch a misspelt name,
names that are listed, values the client does not know kept as sent, a repository looked up by name, a wait
that can cancel its scan, no writes to sys.modules, an SVC_LOG switch, a User-Agent that keeps the caller's."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from conftest import MEMBER_KEY, MOCK_KEY, MOCK_URL, ROOT, Emulator, Runner, json_response, mock, scan_json
from svc_scan import AsyncClient, Client, NotFoundError, PollTimeoutError, is_at_or_above, severity_rank

PYRIGHT = Path(sys.executable).parent / "pyright"


def test_a_misspelt_import_is_a_type_error_and_dir_lists_the_public_names(tmp_path: Path) -> None:
    import svc_scan

    listed = dir(svc_scan)
    for name in ("Client", "AsyncClient", "NotFoundError", "APIStatusError", "RawResponse", "Severity"):
        assert name in listed
    usage = tmp_path / "misspelt.py"
    usage.write_text("from svc_scan import NotFoundErorr\n\nprint(NotFoundErorr)\n")
    result = subprocess.run(
        [str(PYRIGHT), "--pythonpath", sys.executable, str(usage)],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT / "python" / "src")},
    )
    assert result.returncode == 1, result.stdout
    assert '"NotFoundErorr" is unknown import symbol' in result.stdout


def test_unknown_values_are_kept_and_an_unknown_severity_counts_as_critical(kind: str) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/findings"):
            item = {"id": "f1", "severity": "catastrophic", "title": "t"}
            return json_response({"items": [item], "total": 1, "limit": 20, "offset": 0})
        return json_response(scan_json("scn_1", "paused"))

    runner = mock(kind, handler)
    assert runner("get_scan", "scn_1").status == "paused"
    (finding,) = runner("list_findings").items
    assert finding.severity == "catastrophic"
    assert severity_rank(finding.severity) == 0
    assert is_at_or_above(finding.severity, "critical")
    assert not is_at_or_above("low", "high")
    assert is_at_or_above("HIGH", "high")


def test_get_repository_raises_not_found_naming_it(run: Runner) -> None:
    assert run("get_repository", "ACME/Vulnerable-App").id == "repo_vulnerable"
    with pytest.raises(NotFoundError) as caught:
        run("get_repository", "acme/no-such-repo")
    assert "'acme/no-such-repo'" in str(caught.value)
    assert caught.value.status_code == 404


def test_cancel_on_timeout_cancels_the_scan_the_wait_gave_up_on(kind: str, emulator: Emulator) -> None:
    runner = Runner(kind, api_key=MEMBER_KEY, base_url=emulator.base_url)
    kept = runner("create_scan", "repo_stuck")
    with pytest.raises(PollTimeoutError) as caught:
        runner("wait_for_scan", kept.id, interval=0.05, timeout=0.3)
    assert not caught.value.cancelled
    assert runner("get_scan", kept.id).status == "running"
    scan = runner("create_scan", "repo_stuck")
    with pytest.raises(PollTimeoutError) as caught:
        runner("wait_for_scan", scan.id, interval=0.05, timeout=0.3, cancel_on_timeout=True)
    assert caught.value.cancelled
    assert "cancelled on the service" in str(caught.value)
    assert runner("get_scan", scan.id).status == "cancelled"
    runner("cancel_scan", kept.id)


def test_a_failed_cancel_says_the_scan_may_still_run(kind: str) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/cancel"):
            return json_response({"error": {"message": "cannot"}}, 409)
        return json_response(scan_json("scn_1", "running"))

    with pytest.raises(PollTimeoutError) as caught:
        mock(kind, handler)("wait_for_scan", "scn_1", interval=0.05, timeout=0.2, cancel_on_timeout=True)
    assert not caught.value.cancelled
    assert "may still run" in str(caught.value)


def test_importing_the_async_client_leaves_sys_modules_alone() -> None:
    code = (
        "import sys; before = dict(sys.modules); from svc_scan import AsyncClient; "
        "print(sorted(n for n, m in sys.modules.items() if m is None and n not in before))"
    )
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert output.strip() == "[]"


@pytest.mark.parametrize(("level", "shown"), [("debug", True), ("info", False), ("", False)])
def test_svc_log_turns_the_logger_on_at_its_level(level: str, shown: bool) -> None:
    code = (
        "import httpx\nfrom svc_scan import Client\n"
        "handler = lambda request: httpx.Response(200, json={'user_id': 'u'})\n"
        "http = httpx.Client(transport=httpx.MockTransport(handler))\n"
        f"Client(api_key={MOCK_KEY!r}, base_url={MOCK_URL!r}, http_client=http).me()\n"
    )
    env = {**os.environ, "SVC_LOG": level}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert ("GET /me -> 200 in" in result.stderr) is shown
    assert MOCK_KEY not in result.stderr


def test_the_user_agent_names_the_platform_and_keeps_the_caller_s(kind: str) -> None:
    agents: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        agents.append(request.headers["user-agent"])
        return json_response({"user_id": "u"})

    mock(kind, handler)("me")
    mock(kind, handler)("me", extra_headers={"User-Agent": "acme-bot/2"})
    ours, with_theirs = agents
    assert f"Python {sys.version_info.major}.{sys.version_info.minor}" in ours
    assert f"httpx {httpx.__version__}" in ours
    assert with_theirs == f"acme-bot/2 {ours}"


def test_an_injected_client_s_user_agent_is_kept() -> None:
    agents: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        agents.append(request.headers["user-agent"])
        return json_response({"user_id": "u"})

    transport = httpx.MockTransport(handler)
    with httpx.Client(transport=transport, headers={"User-Agent": "acme-sync/1"}) as http:
        Client(api_key=MOCK_KEY, base_url=MOCK_URL, http_client=http).me()

    async def scenario() -> None:
        async with httpx.AsyncClient(transport=transport, headers={"User-Agent": "acme-async/1"}) as http:
            await AsyncClient(api_key=MOCK_KEY, base_url=MOCK_URL, http_client=http).me()

    asyncio.run(scenario())
    assert agents[0].startswith("acme-sync/1 svc-scan-python/")
    assert agents[1].startswith("acme-async/1 svc-scan-python/")


def test_every_public_method_has_a_docstring_naming_its_arguments() -> None:
    import inspect

    for client_class in (Client, AsyncClient):
        for name, member in vars(client_class).items():
            if name.startswith("_") or not callable(member):
                continue
            doc = inspect.getdoc(member) or ""
            assert doc, f"{client_class.__name__}.{name} has no docstring"
            for parameter in inspect.signature(member).parameters.values():
                if parameter.name != "self":
                    assert f"{parameter.name}:" in doc or f"**{parameter.name}" in doc, (name, parameter.name)
