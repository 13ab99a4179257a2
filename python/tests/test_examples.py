"""python/examples/ run as a user runs them, against the emulator: each exits as it says and prints what it
promises."""

from __future__ import annotations

import json
import os
import shlex
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ADMIN_KEY, DEMO_ADMIN_KEY, DEMO_MEMBER_KEY, MEMBER_KEY, ROOT, Emulator, Runner, running_emulator

EXAMPLES = ROOT / "python" / "examples"


def run_example(
    name: str, *args: str, key: str = MEMBER_KEY, emulator: Emulator, home: Path
) -> subprocess.CompletedProcess[str]:
    env = {name: value for name, value in os.environ.items() if not name.startswith(("SVC_", "HTTP"))}
    env |= {"SVC_API_KEY": key, "SVC_API_URL": emulator.base_url, "HOME": str(home)}
    return subprocess.run(
        [sys.executable, str(EXAMPLES / name), *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=home,
        timeout=120,
        check=False,
    )


def usage_line(name: str) -> str:
    """The command line an example's docstring shows: `SVC_API_KEY=… SVC_API_URL=… python <name> <args>`."""
    text = (EXAMPLES / name).read_text()
    return next(line for line in text.splitlines() if f"python {name}" in line)


@pytest.mark.parametrize(
    ("name", "code"),
    [("scan_and_gate.py", 1), ("read_findings_async.py", 0), ("rotate_key.py", 0), ("fleet_rollup.py", 1)],
)
def test_usage_lines_run_against_the_demo_scenario(isolated_environment: Path, name: str, code: int) -> None:
    """Each example's own usage line names what the demo scenario (`npm run emulator`, as docs/python.md starts
    it) holds, so a newcomer who runs it as written gets the answer it promises, not a 404."""
    line = usage_line(name)
    args = shlex.split(line.split(f"python {name}", 1)[1])
    key = DEMO_ADMIN_KEY if "SVC_API_KEY=<an admin key>" in line else DEMO_MEMBER_KEY
    with running_emulator("demo") as demo:
        result = run_example(name, *args, key=key, emulator=demo, home=isolated_environment)
    assert result.returncode == code, result.stdout + result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("repository", "code", "shown"),
    [
        ("acme/clean-service", 0, "gate passed"),
        ("ACME/Vulnerable-App", 1, "gate failed"),
        ("acme/nope", 2, "'acme/nope'"),
    ],
)
def test_scan_and_gate(emulator: Emulator, isolated_environment: Path, repository: str, code: int, shown: str) -> None:
    result = run_example(
        "scan_and_gate.py", repository, "--poll-interval", "0.05", emulator=emulator, home=isolated_environment
    )
    assert result.returncode == code, result.stderr
    assert shown in result.stdout + result.stderr


def test_read_findings_async(emulator: Emulator, isolated_environment: Path) -> None:
    runner = Runner("sync", api_key=MEMBER_KEY, base_url=emulator.base_url)
    scan = runner("create_scan", "repo_vulnerable")
    runner("wait_for_scan", scan.id, interval=0.05)
    expected = runner("iter_findings", scan_id=scan.id)
    result = run_example("read_findings_async.py", scan.id, emulator=emulator, home=isolated_environment)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[-1].startswith(f"{len(expected)} findings: ")
    assert len(lines) == len(expected) + 1
    assert lines[0].startswith("critical")


def test_read_findings_async_of_an_unknown_scan_says_so(emulator: Emulator, isolated_environment: Path) -> None:
    result = run_example("read_findings_async.py", "scan_nope", emulator=emulator, home=isolated_environment)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "scan_nope" in result.stderr


def test_rotate_key(emulator: Emulator, isolated_environment: Path) -> None:
    admin = Runner("sync", api_key=ADMIN_KEY, base_url=emulator.base_url)
    old = admin("create_api_key", "to-rotate")
    secret_file = isolated_environment / "new-key.txt"
    result = run_example(
        "rotate_key.py",
        old.id,
        "rotated",
        str(secret_file),
        key=ADMIN_KEY,
        emulator=emulator,
        home=isolated_environment,
    )
    assert result.returncode == 0, result.stderr
    secret = secret_file.read_text().strip()
    assert secret.startswith("svc_sk_")
    assert secret not in result.stdout + result.stderr
    assert stat.S_IMODE(secret_file.stat().st_mode) == 0o600
    keys = {key.id: key for key in admin("list_api_keys")}
    assert keys[old.id].is_active is False
    assert Runner("sync", api_key=secret, base_url=emulator.base_url)("me").user_id


def test_fleet_rollup_prints_svc_fleet_s_json_shape(emulator: Emulator, isolated_environment: Path) -> None:
    result = run_example(
        "fleet_rollup.py",
        "--project-id",
        "prj_core",
        "--poll-interval",
        "0.05",
        emulator=emulator,
        home=isolated_environment,
    )
    rollup = json.loads(result.stdout)
    assert set(rollup) == {"shard", "repositories", "totals"}
    assert rollup["shard"] is None
    entries = {entry["repository"]: entry for entry in rollup["repositories"]}
    assert len(entries) == 4
    for entry in entries.values():
        assert set(entry) == {"repository", "scan_id", "status", "gate", "findings", "error"}
        assert set(entry["findings"]) >= {"critical", "high", "medium", "low", "info"}
    assert entries["acme/clean-service"]["gate"] == "passed"
    totals = rollup["totals"]
    assert set(totals) == {"repositories", "passed", "failed", "not_judged", "findings"}
    assert totals["repositories"] == 4
    assert totals["passed"] + totals["failed"] + totals["not_judged"] == 4
    assert result.returncode == (1 if totals["failed"] else 4 if totals["not_judged"] else 0)


def test_fleet_rollup_of_no_repository_exits_2_as_svc_does(emulator: Emulator, isolated_environment: Path) -> None:
    result = run_example("fleet_rollup.py", "--project-id", "prj_none", emulator=emulator, home=isolated_environment)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip() == "Project prj_none has no repository the key sees."
