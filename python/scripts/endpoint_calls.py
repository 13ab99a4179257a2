"""Prints, as JSON, the request each API method of the two Python clients sends: its method, its path (each path
parameter as `{name}`), its query parameters with the value the client sends when the caller gives none (null: not
sent) and the names of its body's fields. A test of the repository (scripts/check-endpoints.ts) holds them to the
Endpoints table of docs/service-api.md.

The methods are those of `with_raw_response` (ClientWithRawResponse, AsyncClientWithRawResponse): each sends exactly
one request. Each is called twice with `_send_raw` replaced by one that returns the Call instead of sending it:
with the required arguments alone (the defaults show), and with every argument given (every field shows).

    python scripts/endpoint_calls.py"""

from __future__ import annotations

import asyncio
import inspect
import json
import sys
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import quote

from svc_scan import _calls
from svc_scan._async_client import AsyncClientWithRawResponse
from svc_scan._sync_client import ClientWithRawResponse

Invoke = Callable[[Callable[..., Any], Mapping[str, Any]], Any]


def sample(name: str, hint: Any) -> Any:
    """A value the method accepts for the parameter, told apart from any default."""
    options = [arg for arg in typing.get_args(hint) if arg is not type(None)]
    if typing.get_origin(hint) in (typing.Union, types.UnionType) and len(options) == 1:
        hint = options[0]
    if typing.get_origin(hint) is typing.Literal:
        return typing.get_args(hint)[0]
    if hint is bool:
        return False
    if hint is int:
        return 7
    if hint is str:
        return f"probe-{name}"
    return [f"probe-{name}"]


def describe(function: Callable[..., Any], invoke: Invoke) -> dict[str, Any]:
    hints = typing.get_type_hints(function)
    parameters = [
        parameter
        for parameter in inspect.signature(function).parameters.values()
        if parameter.name != "self" and parameter.kind is not inspect.Parameter.VAR_KEYWORD
    ]
    every = {parameter.name: sample(parameter.name, hints[parameter.name]) for parameter in parameters}
    required = {p.name: every[p.name] for p in parameters if p.default is inspect.Parameter.empty}
    bare: _calls.Call[Any] = invoke(function, required)
    full: _calls.Call[Any] = invoke(function, every)
    path = full.path
    for name, value in every.items():
        if isinstance(value, str):
            path = path.replace(f"/{quote(value, safe='')}", f"/{{{name}}}")
    defaults = dict(bare.query or {})
    return {
        "name": function.__name__,
        "method": full.method,
        "path": path,
        "query": {name: defaults.get(name) for name in (full.query or {})},
        "body": sorted(full.body or {}),
    }


def methods(cls: type) -> list[Callable[..., Any]]:
    return [value for name, value in vars(cls).items() if not name.startswith("_") and inspect.isfunction(value)]


def sync_calls() -> list[dict[str, Any]]:
    view = ClientWithRawResponse.__new__(ClientWithRawResponse)
    vars(view)["_send_raw"] = lambda call, _options: call

    def invoke(function: Callable[..., Any], arguments: Mapping[str, Any]) -> Any:
        return function(view, **arguments)

    return [describe(function, invoke) for function in methods(ClientWithRawResponse)]


def async_calls() -> list[dict[str, Any]]:
    view = AsyncClientWithRawResponse.__new__(AsyncClientWithRawResponse)

    async def send_raw(call: _calls.Call[Any], _options: object) -> _calls.Call[Any]:
        return call

    vars(view)["_send_raw"] = send_raw

    def invoke(function: Callable[..., Any], arguments: Mapping[str, Any]) -> Any:
        return asyncio.run(function(view, **arguments))

    return [describe(function, invoke) for function in methods(AsyncClientWithRawResponse)]


def main() -> int:
    json.dump({"sync": sync_calls(), "async": async_calls()}, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
