"""What the sync and the async client share besides the calls: credentials, headers, the mapping of an answer
to a value or an error, the mapping of httpx's failures to the clients' errors, and the request log line.
None of it does I/O; each client sends with its own httpx client."""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import httpx

from ._calls import Call
from ._credentials import is_loopback_host, resolve_credentials
from ._errors import (
    APIConnectionError,
    APITimeoutError,
    DecodeError,
    RateLimitError,
    SvcError,
    error_class_for_status,
)
from ._models import DecodeIssue
from ._redact import make_redactor, redact_value
from ._retry import RetryPolicy, parse_retry_after
from ._version import __version__

T = TypeVar("T")

logger = logging.getLogger("svc_scan")

USER_AGENT = f"svc-scan-python/{__version__}"
MAX_MESSAGE_LENGTH = 300


@dataclass(frozen=True)
class Answer(Generic[T]):
    value: T
    retry_after: float | None
    """The Retry-After of a successful answer, which a poller honours."""


class ClientCore:
    """Settings of one client and the pure parts of sending a call."""

    def __init__(
        self,
        api_key: str | None,
        base_url: str | None,
        timeout: float,
        max_retries: int,
        max_retry_wait: float,
    ) -> None:
        credentials = resolve_credentials(api_key, base_url)
        self.base_url = credentials.base_url
        self.redact = make_redactor(credentials.api_key)
        self._escapable_key = any(char in credentials.api_key for char in '/"\\')
        self._api_key = credentials.api_key
        if max_retries < 0:
            raise ValueError("max_retries must be 0 or more")
        self.timeout = float(timeout)
        self.policy = RetryPolicy(max_retries=max_retries, max_wait=max_retry_wait)
        self.headers = {
            "Authorization": f"Bearer {credentials.api_key}",
            "Accept": "application/json",
            "User-Agent": USER_AGENT,
        }

    def describe(self, kind: str) -> str:
        return f"{kind}(base_url={self.redact(self.base_url)!r}, api_key=<redacted>)"

    def direct_mounts(self, env: Mapping[str, str] | None = None) -> dict[str, None]:
        """httpx mounts that keep a loopback service off the proxies of the environment: the key would leave
        the machine in clear through an HTTP_PROXY. An explicitly empty NO_PROXY (no_proxy first, as undici
        reads them) asks for the proxy even there."""
        environment = os.environ if env is None else env
        no_proxy = environment.get("no_proxy", environment.get("NO_PROXY"))
        host = httpx.URL(self.base_url).host
        if not is_loopback_host(host) or (no_proxy is not None and not no_proxy.strip()):
            return {}
        shown = f"[{host}]" if ":" in host else host
        return {f"all://{shown}": None}

    def url(self, call: Call[Any]) -> str:
        return f"{self.base_url}{call.path}"

    def build_request(self, http: httpx.Client | httpx.AsyncClient, call: Call[Any], timeout: float) -> httpx.Request:
        """The request of one attempt, on either kind of httpx client (building one does no I/O)."""
        return http.build_request(
            call.method, self.url(call), params=call.query, json=call.body, headers=self.headers, timeout=timeout
        )

    def where(self, call: Call[Any]) -> str:
        return f"{call.method} {self.redact(call.path)}"

    def interpret(self, call: Call[T], response: httpx.Response, started: float) -> Answer[T]:
        """The decoded value of a 2xx answer, or the error the status calls for."""
        request_id = self.redact(response.headers.get("x-request-id") or response.headers.get("request-id") or "")
        self._log(call, response.status_code, started, request_id)
        text = response.text
        if not 200 <= response.status_code <= 299:
            raise self._status_error(call, response, text, request_id or None)
        retry_after = parse_retry_after(response.headers.get("retry-after"))
        if call.method == "DELETE" and text.strip() == "":
            return Answer(call.decode(None), retry_after)
        return Answer(self._decode(call, text, response.status_code, request_id or None), retry_after)

    def _log(self, call: Call[Any], status: int, started: float, request_id: str) -> None:
        if logger.isEnabledFor(logging.DEBUG):
            elapsed = (time.perf_counter() - started) * 1000
            logger.debug(
                "%s %s -> %s in %.0f ms (request id %s)",
                call.method,
                self.redact(call.path),
                status,
                elapsed,
                request_id or "none",
            )

    def _decode(self, call: Call[T], text: str, status: int, request_id: str | None) -> T:
        where = self.where(call)
        context: dict[str, Any] = {"status_code": status, "request_id": request_id}
        if text.strip() == "":
            raise DecodeError(f"{where} returned an empty body", **context)
        try:
            parsed = json.loads(text)
        except ValueError:
            if call.secret_response:  # a cut answer may still hold the new secret
                raise DecodeError(f"{where} returned a body that is not JSON", **context) from None
            shown = _snippet(self.redact(text))
            raise DecodeError(
                f"{where} returned a body that is not JSON: {shown}", body=self.redact(text), **context
            ) from None
        # A finding may quote the very key the repository committed: no decoded string may carry it. Text with
        # no form of the key and no escape that could spell one is used as parsed, without a copy.
        if self.redact(text) != text or "\\u" in text or (self._escapable_key and "\\" in text):
            parsed = redact_value(parsed, self.redact)
        try:
            value = call.decode(parsed)
        except DecodeIssue as issue:
            body = None if call.secret_response else parsed
            raise DecodeError(f"{where}: the response's {issue}", body=body, **context) from None
        problem = call.check(value) if call.check is not None else None
        if problem is not None:
            body = None if call.secret_response else parsed
            raise DecodeError(f"{where}: the response {problem}", body=body, **context)
        return value

    def _status_error(self, call: Call[Any], response: httpx.Response, text: str, request_id: str | None) -> SvcError:
        body = self._error_body(text)
        status = response.status_code
        reason = message_from_body(body) or response.reason_phrase or "no message"
        message = f"{self.where(call)} failed with {status}: {reason}"
        kind = error_class_for_status(status)
        if kind is RateLimitError:
            retry_after = parse_retry_after(response.headers.get("retry-after"))
            return RateLimitError(
                message, retry_after=retry_after, status_code=status, body=body, request_id=request_id
            )
        return kind(message, status_code=status, body=body, request_id=request_id)

    def _error_body(self, text: str) -> Any:
        redacted = self.redact(text)
        if not redacted.strip():
            return redacted
        try:
            return redact_value(json.loads(redacted), self.redact)
        except ValueError:
            return redacted

    def transport_error(self, call: Call[Any], error: httpx.HTTPError) -> SvcError:
        """httpx's failure as the clients' error, its text scrubbed; the chain to httpx's error is cut, since
        its request carries the Authorization header."""
        where = self.where(call)
        detail = self.redact(str(error) or type(error).__name__)
        never_sent = isinstance(error, (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout))
        never_sent = never_sent or isinstance(error, httpx.ProxyError)
        if isinstance(error, httpx.TimeoutException):
            return APITimeoutError(f"{where} timed out ({type(error).__name__}: {detail})", never_sent=never_sent)
        if isinstance(error, httpx.DecodingError):
            return DecodeError(f"{where}: the response could not be decoded ({detail})")
        return APIConnectionError(f"{where} failed: {type(error).__name__}: {detail}", never_sent=never_sent)


def message_from_body(body: Any) -> str | None:
    """A human message from the error bodies services use: {"error": {"message"}}, {"message"}, {"detail"}."""
    raw: Any = None
    if isinstance(body, str):
        raw = body
    elif isinstance(body, dict):
        error, message, detail = body.get("error"), body.get("message"), body.get("detail")
        if isinstance(error, dict) and isinstance(error.get("message"), str):
            raw = error["message"]
        elif isinstance(message, str):
            raw = message
        elif isinstance(detail, str):
            raw = detail
        elif isinstance(error, str):
            raw = error
    if not isinstance(raw, str):
        return None
    flat = " ".join(raw.split())
    if not flat:
        return None
    return flat if len(flat) <= MAX_MESSAGE_LENGTH else flat[: MAX_MESSAGE_LENGTH - 1] + "…"


def _snippet(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= 120 else flat[:119] + "…"


def log_retry(where: str, error: SvcError, retry: int, max_retries: int, delay: float) -> None:
    logger.info("%s; retry %d of %d in %.1f s", error.message, retry, max_retries, delay)
