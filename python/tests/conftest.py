"""Shared fixtures: the project's emulator (started once per session, as the TypeScript tests start it: the
CLI on a free port, read up to its JSON ready line), its control endpoint, and a runner that calls a method on
the sync or the async client, so that one parametrised suite holds both to one contract."""

from __future__ import annotations

import asyncio
import inspect
import json
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from svc_scan import AsyncClient, Client

ROOT = Path(__file__).resolve().parents[2]
NODE = ROOT / "node_modules" / ".bin" / "node"
EMULATOR_CLI = ROOT / "emulator" / "cli.ts"

MEMBER_KEY = "svc_sk_e2e_member_key_0001"
ADMIN_KEY = "svc_sk_e2e_admin_key_00002"
REVOKED_KEY = "svc_sk_e2e_revoked_key_004"

# The demo scenario's keys: the one docs/python.md and the examples' usage lines are written for.
DEMO_MEMBER_KEY = "svc_sk_demo_member_4f1c2a9e7b3d"
DEMO_ADMIN_KEY = "svc_sk_demo_admin_8d2e6b1f0a5c"


@dataclass(frozen=True)
class Emulator:
    base_url: str
    api_key: str
    control_url: str
    origin: str

    def control(self, method: str, path: str, body: Any = None) -> Any:
        with httpx.Client(trust_env=False) as http:
            response = http.request(method, f"{self.control_url}{path}", json=body)
        response.raise_for_status()
        return response.json() if response.content else None

    def fault(self, **spec: Any) -> None:
        self.control("POST", "/faults", spec)

    def stats(self) -> dict[str, Any]:
        stats: dict[str, Any] = self.control("GET", "/stats")
        return stats

    def requests(self, route: str) -> int:
        count: int = self.stats()["requests"].get(route, 0)
        return count


@contextmanager
def running_emulator(scenario: str) -> Iterator[Emulator]:
    """The emulator CLI on a free port with one of the bundled scenarios (emulator/scenarios/), until the block ends."""
    if not NODE.exists():
        pytest.fail(f"{NODE} is missing: run npm ci at the repository's root first")
    process = subprocess.Popen(
        [str(NODE), str(EMULATOR_CLI), "--port", "0", "--scenario", scenario],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        ready = _read_ready_line(process)
        yield Emulator(ready["baseUrl"], ready["apiKey"], ready["controlUrl"], ready["origin"])
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()


@pytest.fixture(scope="session")
def emulator_process() -> Iterator[Emulator]:
    with running_emulator("e2e") as emulator:
        yield emulator


def _read_ready_line(process: subprocess.Popen[str]) -> dict[str, Any]:
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith("{"):
            ready: dict[str, Any] = json.loads(line)
            return ready
    errors = process.stderr.read() if process.stderr else ""
    raise RuntimeError(f"the emulator exited before its ready line: {errors}")


@pytest.fixture
def emulator(emulator_process: Emulator) -> Iterator[Emulator]:
    """The session's emulator, with no fault left over from another test and its stats zeroed."""
    emulator_process.control("DELETE", "/faults")
    emulator_process.control("POST", "/reset-stats")
    yield emulator_process
    emulator_process.control("DELETE", "/faults")


@pytest.fixture(autouse=True)
def isolated_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No test reads the machine's own key, config file or proxy."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    for name in ("SVC_API_KEY", "SVC_API_URL", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY"):
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.lower(), raising=False)
    return home


class Runner:
    """Calls one method on a fresh sync or async client and returns what it gave; an iterator is read whole
    into a list. `kind` is "sync" or "async"."""

    def __init__(self, kind: str, **client_options: Any) -> None:
        self.kind = kind
        self.client_options = client_options

    def with_options(self, **client_options: Any) -> Runner:
        return Runner(self.kind, **{**self.client_options, **client_options})

    def _options(self) -> dict[str, Any]:
        """The client's options; a `handler` becomes an httpx.MockTransport of the client's kind."""
        options = dict(self.client_options)
        handler = options.pop("handler", None)
        if handler is not None:
            transport = httpx.MockTransport(handler)
            http = httpx.Client(transport=transport) if self.kind == "sync" else httpx.AsyncClient(transport=transport)
            options["http_client"] = http
        return options

    def __call__(self, method: str, *args: Any, **kwargs: Any) -> Any:
        if self.kind == "sync":
            with Client(**self._options()) as client:
                result = getattr(client, method)(*args, **kwargs)
                return list(result) if method.startswith("iter_") else result
        return asyncio.run(self._async(method, args, kwargs))

    def raw(self, method: str, *args: Any, **kwargs: Any) -> Any:
        """`client.with_raw_response.<method>(…)`'s answer."""
        if self.kind == "sync":
            with Client(**self._options()) as client:
                return getattr(client.with_raw_response, method)(*args, **kwargs)
        return asyncio.run(self._async(method, args, kwargs, raw=True))

    async def _async(self, method: str, args: tuple[Any, ...], kwargs: dict[str, Any], raw: bool = False) -> Any:
        async with AsyncClient(**self._options()) as client:
            result = getattr(client.with_raw_response if raw else client, method)(*args, **kwargs)
            if method.startswith("iter_"):
                return [item async for item in result]
            assert inspect.isawaitable(result), f"AsyncClient.{method} is not a coroutine"
            return await result


@pytest.fixture(params=["sync", "async"])
def kind(request: pytest.FixtureRequest) -> str:
    value: str = request.param
    return value


@pytest.fixture
def run(kind: str, emulator: Emulator) -> Runner:
    """A member key's runner against the emulator."""
    return Runner(kind, api_key=MEMBER_KEY, base_url=emulator.base_url)


@pytest.fixture
def admin(kind: str, emulator: Emulator) -> Runner:
    return Runner(kind, api_key=ADMIN_KEY, base_url=emulator.base_url)


MOCK_URL = "https://svc.test/api/v1"


def mock(kind: str, handler: Any, **options: Any) -> Runner:
    """A runner whose requests go to `handler` (an httpx.MockTransport handler) instead of the network."""
    return Runner(kind, api_key=MOCK_KEY, base_url=MOCK_URL, handler=handler, **options)


MOCK_KEY = "svc_sk_mock_Secret/Key+0123456789"


def json_response(body: Any, status: int = 200, /, **headers: str) -> httpx.Response:
    return httpx.Response(status, json=body, headers={"x-request-id": "req_mock", **headers})


def scan_json(scan_id: str, status: str, **extra: Any) -> dict[str, Any]:
    return {"id": scan_id, "status": status, "modules": [{"name": "sast", "status": status}], **extra}


def finding_json(finding_id: str, **extra: Any) -> dict[str, Any]:
    return {"id": finding_id, "severity": "low", "title": f"Finding {finding_id}", **extra}


@pytest.fixture
def anyio_backend() -> str:
    """Async tests (marked anyio) run on asyncio, the loop AsyncClient is written for."""
    return "asyncio"
