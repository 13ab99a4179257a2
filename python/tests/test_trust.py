"""What the clients must never do with a caller's things: give the key to an injected httpx client (it would
send it to every host, and two clients on one pool would swap keys), show a new secret or a pasted key, send a
loopback service's key through a proxy, or let an id name another path."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import httpx
import pytest

from conftest import MOCK_KEY, MOCK_URL, Emulator, Runner, json_response, mock
from forward_proxy import forward_proxy
from svc_scan import AsyncClient, Client, DecodeError

OTHER_KEY = "svc_sk_other_client_key_9876"


def _me(request: httpx.Request) -> httpx.Response:
    if request.url.host != "svc.test":
        return httpx.Response(200, json={"host": request.url.host})
    names = {f"Bearer {MOCK_KEY}": "first", f"Bearer {OTHER_KEY}": "second"}
    return json_response({"user_id": names.get(request.headers.get("authorization", ""), "no key")})


def test_an_injected_client_never_holds_the_key_and_two_clients_keep_their_own() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return _me(request)

    with httpx.Client(transport=httpx.MockTransport(handler)) as http:
        first = Client(api_key=MOCK_KEY, base_url=MOCK_URL, http_client=http)
        second = Client(api_key=OTHER_KEY, base_url=MOCK_URL, http_client=http)
        assert "authorization" not in http.headers
        assert http.headers["user-agent"].startswith("python-httpx/")
        assert [first.me().user_id, second.me().user_id, first.me().user_id] == ["first", "second", "first"]
        http.get("https://elsewhere.test/")
    assert "authorization" not in seen[-1].headers


def test_an_injected_async_client_never_holds_the_key_and_two_clients_keep_their_own() -> None:
    async def scenario() -> tuple[list[str], httpx.Headers]:
        async with httpx.AsyncClient(transport=httpx.MockTransport(_me)) as http:
            first = AsyncClient(api_key=MOCK_KEY, base_url=MOCK_URL, http_client=http)
            second = AsyncClient(api_key=OTHER_KEY, base_url=MOCK_URL, http_client=http)
            principals = [await first.me(), await second.me(), await first.me()]
            return [principal.user_id or "" for principal in principals], http.headers

    users, headers = asyncio.run(scenario())
    assert users == ["first", "second", "first"]
    assert "authorization" not in headers


@pytest.mark.parametrize(
    "answer", ['{"id": "key_1", "token": "svc_sk_brand_new_secret_42', "token=svc_sk_brand_new_secret_42"]
)
def test_a_cut_answer_to_create_api_key_never_shows_the_new_secret(kind: str, answer: str) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(201, text=answer, headers={"content-type": "application/json"})

    with pytest.raises(DecodeError) as caught:
        mock(kind, handler)("create_api_key", "ci")
    error = caught.value
    for text in (str(error), repr(error), repr(error.body)):
        assert "svc_sk_brand_new_secret_42" not in text
    assert "not JSON" in str(error)


def test_a_key_pasted_into_the_base_url_is_in_neither_the_warning_nor_the_repr(
    kind: str, caplog: pytest.LogCaptureFixture
) -> None:
    pasted = "svc_sk_pasted_by_mistake_0123"
    client_class: Any = Client if kind == "sync" else AsyncClient
    client = client_class(api_key=pasted, base_url=f"https://svc.test/{pasted}")
    assert "does not end with /api/v1" in caplog.text
    assert pasted not in caplog.text
    assert pasted not in repr(client)
    assert "svc.test" in repr(client)


def test_a_loopback_service_is_never_reached_through_the_environment_s_proxy(
    kind: str, emulator: Emulator, monkeypatch: pytest.MonkeyPatch
) -> None:
    with forward_proxy() as proxy:
        monkeypatch.setenv("HTTP_PROXY", f"http://127.0.0.1:{proxy.server_address[1]}")
        runner = Runner(kind, api_key=emulator.api_key, base_url=emulator.base_url)
        assert runner("me").user_id == "usr_ci"
        assert proxy.relayed == []
        monkeypatch.setenv("NO_PROXY", "example.com")
        assert runner("me").user_id == "usr_ci"
        assert proxy.relayed == []
        monkeypatch.setenv("NO_PROXY", "")  # explicitly empty: the proxy even for loopback
        assert runner("me").user_id == "usr_ci"
        assert runner("create_scan", "repo_clean").status == "queued"
        origin = emulator.origin.removeprefix("http://")
        assert proxy.relayed == [("GET", origin, "/api/v1/me"), ("POST", origin, "/api/v1/scans")]


@pytest.mark.parametrize("method", ["get_scan", "cancel_scan", "get_finding", "revoke_api_key"])
@pytest.mark.parametrize("dots", [".", ".."])
def test_dot_ids_are_refused_before_anything_is_sent(kind: str, method: str, dots: str) -> None:
    sent: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return json_response({})

    with pytest.raises(ValueError, match="another path"):
        mock(kind, handler)(method, dots)
    assert sent == []


def test_the_key_is_never_logged_by_httpx(kind: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    mock(kind, _me)("me")
    assert MOCK_KEY not in caplog.text
