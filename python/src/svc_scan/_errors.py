"""The clients' errors: the spec's table (one base kind carrying message, status_code, body and request_id; an
answer's status outside 2xx as APIStatusError, with one subclass per status family of the spec) plus the local
failures a client meets on the way (connection, timeout, an answer it cannot read, a wait that ran out).
Messages and bodies never hold the API key: the transport scrubs them before an error is made."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = [
    "APIConnectionError",
    "APIStatusError",
    "APITimeoutError",
    "AuthError",
    "ConfigError",
    "DecodeError",
    "IncompleteListError",
    "NotFoundError",
    "PermissionDeniedError",
    "PollTimeoutError",
    "RateLimitError",
    "ServerError",
    "SvcError",
    "ValidationError",
]


class SvcError(Exception):
    """The base of every error the clients raise: the spec's base kind, carrying `message`, `status_code`,
    `body` and `request_id` (the last three None when no answer came). `str(error)` ends with the request id,
    when there is one, for a support ticket. Every error pickles (a process pool passes errors back so)."""

    message: str
    status_code: int | None
    body: Any
    request_id: str | None

    def __init__(
        self,
        message: str,
        *,
        status_code: int | None = None,
        body: Any = None,
        request_id: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status_code = status_code
        self.body = body
        self.request_id = request_id

    def __str__(self) -> str:
        return f"{self.message} (request id {self.request_id})" if self.request_id else self.message

    def __repr__(self) -> str:
        parts = [repr(self.message)]
        if self.status_code is not None:
            parts.append(f"status_code={self.status_code}")
        if self.request_id:
            parts.append(f"request_id={self.request_id!r}")
        return f"{type(self).__name__}({', '.join(parts)})"

    def __reduce__(self) -> tuple[Any, ...]:
        # Exception's own reduce calls __init__ with the message alone, which the keyword-only fields refuse.
        return (_restore, (type(self), self.message, self.__dict__.copy()))


def _restore(kind: type[SvcError], message: str, state: dict[str, Any]) -> SvcError:
    error = kind.__new__(kind)
    Exception.__init__(error, message)
    error.__dict__.update(state)
    return error


class APIStatusError(SvcError):
    """The service answered with a status outside 2xx. `headers` are the answer's (names in lower case),
    `retry_after` its Retry-After (or retry-after-ms) in seconds, or None when it gave none."""

    status_code: int
    headers: Mapping[str, str]
    retry_after: float | None

    def __init__(
        self,
        message: str,
        *,
        status_code: int,
        headers: Mapping[str, str] | None = None,
        body: Any = None,
        request_id: str | None = None,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(message, status_code=status_code, body=body, request_id=request_id)
        self.status_code = status_code
        self.headers = dict(headers or {})
        self.retry_after = retry_after


class AuthError(APIStatusError):
    """401 or 403: a missing, invalid, revoked or under-scoped key."""


class PermissionDeniedError(AuthError):
    """403: the key is valid but its role may not do this."""


class NotFoundError(APIStatusError):
    """404, or a named thing the service does not have (`get_repository`)."""


class ValidationError(APIStatusError):
    """400 or 422: the service refused the request's parameters."""


class RateLimitError(APIStatusError):
    """429. `retry_after` is the service's Retry-After in seconds, or None when it gave none."""


class ServerError(APIStatusError):
    """5xx."""


class ConfigError(SvcError):
    """A local configuration problem, found before any request: no key, a bad URL, an unreadable config file."""


class APIConnectionError(SvcError):
    """The request failed on the network: refused, reset, DNS, TLS, a proxy. `never_sent` is True when the
    connection was never made, so the service cannot have seen the request."""

    never_sent: bool

    def __init__(self, message: str, *, never_sent: bool = False, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        self.never_sent = never_sent


class APITimeoutError(APIConnectionError):
    """No answer within the client's timeout."""


class DecodeError(SvcError):
    """A 2xx answer that is not the JSON the spec describes (malformed, truncated, of the wrong shape)."""


class IncompleteListError(SvcError):
    """Paging did not end within the pages the list's totals allow: never a silent end of a list."""


class PollTimeoutError(SvcError):
    """A wait ran out before the job reached a terminal state. Names the job; `last_status` is its last status."""

    job: str
    last_status: str

    cancelled: bool
    """True when `cancel_on_timeout` asked for it and the service took the cancel."""

    def __init__(self, message: str, *, job: str, last_status: str, cancelled: bool = False) -> None:
        super().__init__(message)
        self.job = job
        self.last_status = last_status
        self.cancelled = cancelled


def error_class_for_status(status_code: int) -> type[APIStatusError]:
    """The one mapping of an HTTP status to an error class; statuses outside the table get APIStatusError."""
    if status_code == 401:
        return AuthError
    if status_code == 403:
        return PermissionDeniedError
    if status_code == 404:
        return NotFoundError
    if status_code in (400, 422):
        return ValidationError
    if status_code == 429:
        return RateLimitError
    if 500 <= status_code <= 599:
        return ServerError
    return APIStatusError
