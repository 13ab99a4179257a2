"""A call's answer as it came: what `client.with_raw_response.<method>(…)` returns."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    import httpx

T = TypeVar("T")


class RawResponse(Generic[T]):
    """The HTTP answer of a successful call, beside the value it decodes to.

    `status_code`, `headers` (httpx.Headers), `request_id` (x-request-id, or None), `elapsed` (from sending the
    request to reading the answer) and `http_response` (the httpx.Response) describe the answer of the call's
    last attempt; `retries_taken` counts the attempts before it. `parse()` returns what the plain method
    returns; the answer was decoded and checked before this object was made, so `parse()` never raises."""

    def __init__(
        self, value: T, response: httpx.Response, request_id: str | None, retries_taken: int, elapsed: float
    ) -> None:
        self._value = value
        self.http_response = response
        self.request_id = request_id
        self.retries_taken = retries_taken
        self._elapsed = timedelta(seconds=elapsed)

    @property
    def status_code(self) -> int:
        """The answer's HTTP status."""
        return self.http_response.status_code

    @property
    def headers(self) -> httpx.Headers:
        """The answer's headers (case-insensitive)."""
        return self.http_response.headers

    @property
    def elapsed(self) -> timedelta:
        """The time from sending the request to reading the whole answer."""
        return self._elapsed

    def parse(self) -> T:
        """The decoded value: what the plain method returns."""
        return self._value

    def __repr__(self) -> str:
        return f"<RawResponse [{self.status_code}] request_id={self.request_id!r}>"
