"""The options every method takes besides its own arguments, and how one call's options and the client's
settings make the request of one attempt. Pure: nothing here sends."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict, Union

from ._version import __version__

if sys.version_info >= (3, 11):
    from typing import Self, Unpack
else:  # pragma: no cover - 3.10 only
    from typing_extensions import Self, Unpack

if TYPE_CHECKING:
    import httpx

__all__ = ["RequestOptions", "Self", "TimeoutTypes", "Unpack", "WaitOptions"]

TimeoutTypes = Union[float, "httpx.Timeout", None]
"""The timeout of one attempt of a call, as a whole: from connecting to the answer's last byte, so a service that
sends a byte now and then cannot hold the call past it. Each retry gets it afresh (as the TypeScript client's
`timeoutMs`), so a call with retries may take longer. Seconds bound the whole attempt (and each phase); an
httpx.Timeout bounds each phase (connect, read, write, pool) as httpx does and the whole attempt by its longest
phase, or not at all when a phase is None; None: no timeout."""


class RequestOptions(TypedDict, total=False):
    """What any method takes besides its own arguments (keyword only), as openai-python's methods do."""

    extra_headers: Mapping[str, str] | None
    """Headers added to this call's requests; a User-Agent given here is kept, the client's appended to it."""
    extra_query: Mapping[str, str | int] | None
    """Query parameters added to this call's requests (a name the call sets itself is replaced)."""
    max_retries: int
    """This call's retries, instead of the client's."""
    timeout: TimeoutTypes
    """This call's timeout, instead of the client's: each attempt's, the answer's whole body included (TimeoutTypes)."""


class WaitOptions(TypedDict, total=False):
    """What a `wait_for_*` method takes besides its own arguments: its `timeout` is the whole wait's deadline,
    so the per-request timeout of its polls is `request_timeout`."""

    extra_headers: Mapping[str, str] | None
    """Headers added to every poll."""
    extra_query: Mapping[str, str | int] | None
    """Query parameters added to every poll."""
    max_retries: int
    """The retries of each poll, instead of the client's."""
    request_timeout: TimeoutTypes
    """Each poll's timeout, instead of the client's: each attempt's, the answer's whole body included
    (TimeoutTypes). The wait's deadline cuts a poll in flight too."""


def check_max_retries(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"max_retries must be an int of 0 or more, got {value!r}")
    return value


def user_agent() -> str:
    """svc-scan-python/<version> (Python <version>; httpx <version>; <system> <machine>), as SDKs name
    themselves so that a service can tell which clients call it."""
    import platform
    from importlib.metadata import PackageNotFoundError, version

    try:
        httpx_version = version("httpx")
    except PackageNotFoundError:  # pragma: no cover - httpx is a dependency
        httpx_version = "unknown"
    python = ".".join(str(part) for part in sys.version_info[:3])
    return (
        f"svc-scan-python/{__version__} (Python {python}; httpx {httpx_version}; "
        f"{platform.system() or 'unknown'} {platform.machine() or 'unknown'})"
    )


def joined_user_agent(theirs: str | None, ours: str) -> str:
    """A caller's own User-Agent is kept, ours appended; httpx's default is not the caller's."""
    if not theirs or theirs.startswith("python-httpx/"):
        return ours
    return f"{theirs} {ours}"


@dataclass(frozen=True)
class CallOptions:
    """One call's options, checked once, with the client's settings filled in where the call gave none."""

    timeout: TimeoutTypes
    max_retries: int
    extra_headers: Mapping[str, str]
    extra_query: Mapping[str, str | int]


def merge_query(query: Mapping[str, str | int] | None, extra: Mapping[str, str | int]) -> dict[str, str | int] | None:
    if not extra:
        return dict(query) if query is not None else None
    return {**(query or {}), **extra}
