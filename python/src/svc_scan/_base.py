"""What the sync and the async client share besides the calls: credentials, headers, the mapping of an answer
to a value or an error, the mapping of httpx's failures to the clients' errors, and the request log line.
None of it does I/O; each client sends with its own httpx client."""

from __future__ import annotations

import copy
import json
import logging
import os
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import httpx

from ._calls import Call
from ._credentials import Credentials, is_loopback_host, resolve_credentials
from ._errors import (
    APIConnectionError,
    APIStatusError,
    APITimeoutError,
    ConfigError,
    DecodeError,
    NotFoundError,
    SvcError,
    error_class_for_status,
)
from ._models import DecodeIssue
from ._options import (
    CallOptions,
    Self,
    TimeoutTypes,
    check_max_retries,
    joined_user_agent,
    merge_query,
    user_agent,
)
from ._redact import make_redactor, redact_value
from ._retry import RetryPolicy, parse_retry_after, retry_after_of

T = TypeVar("T")

logger = logging.getLogger("svc_scan")

MAX_MESSAGE_LENGTH = 300


@dataclass(frozen=True)
class Answer(Generic[T]):
    value: T
    response: httpx.Response
    request_id: str | None
    retry_after: float | None
    """The Retry-After of a successful answer, which a poller honours."""
    retries_taken: int = 0
    elapsed: float = 0.0
    """Seconds from sending the last attempt to reading its answer."""


class ClientCore:
    """Settings of one client and the pure parts of sending a call."""

    def __init__(
        self,
        api_key: str | None,
        base_url: str | None,
        timeout: TimeoutTypes,
        max_retries: int,
        max_retry_wait: float,
    ) -> None:
        credentials = resolve_credentials(api_key, base_url)
        refuse_placeholder_url(credentials)
        self.base_url = credentials.base_url
        self.redact = make_redactor(credentials.api_key)
        self._escapable_key = any(char in credentials.api_key for char in '/"\\')
        self._authorization = f"Bearer {credentials.api_key}"
        self.timeout = check_timeout(timeout)
        self.max_retries = check_max_retries(max_retries)
        self.max_retry_wait = float(max_retry_wait)
        self.user_agent = user_agent()

    def with_settings(self, timeout: TimeoutTypes | NotGiven, max_retries: int | NotGiven) -> ClientCore:
        """A copy that differs only in the settings given."""
        core = copy.copy(self)
        if not isinstance(timeout, NotGiven):
            core.timeout = check_timeout(timeout)
        if not isinstance(max_retries, NotGiven):
            core.max_retries = check_max_retries(max_retries)
        return core

    def call_options(self, given: Mapping[str, Any], timeout_name: str = "timeout") -> CallOptions:
        """One call's options (RequestOptions, or WaitOptions with `timeout_name` "request_timeout"), checked,
        the client's settings filling in what the call did not give."""
        unknown = set(given) - {"extra_headers", "extra_query", "max_retries", timeout_name}
        if unknown:
            raise TypeError(f"unexpected keyword argument {sorted(unknown)[0]!r}")
        return CallOptions(
            timeout=check_timeout(given[timeout_name]) if timeout_name in given else self.timeout,
            max_retries=check_max_retries(given.get("max_retries", self.max_retries)),
            extra_headers=dict(given.get("extra_headers") or {}),
            extra_query=dict(given.get("extra_query") or {}),
        )

    def policy(self, options: CallOptions) -> RetryPolicy:
        return RetryPolicy(max_retries=options.max_retries, max_wait=self.max_retry_wait)

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

    def where(self, call: Call[Any]) -> str:
        return f"{call.method} {self.redact(call.path)}"

    def build_request(
        self,
        http: httpx.Client | httpx.AsyncClient,
        call: Call[Any],
        options: CallOptions,
        retries_taken: int,
        timeout: TimeoutTypes,
    ) -> httpx.Request:
        """The request of one attempt, on either kind of httpx client (building one does no I/O). The key and
        the User-Agent go on the request, never into the httpx client's defaults; extra headers win, but a
        caller's User-Agent (in extra_headers or on an injected client) is kept with ours appended."""
        headers = {"Accept": "application/json", "Authorization": self._authorization, **options.extra_headers}
        theirs = next((value for name, value in options.extra_headers.items() if name.lower() == "user-agent"), None)
        for name in [name for name in headers if name.lower() == "user-agent"]:
            del headers[name]
        headers["User-Agent"] = joined_user_agent(theirs or http.headers.get("user-agent"), self.user_agent)
        headers["x-svc-retry-count"] = str(retries_taken)
        return http.build_request(
            call.method,
            self.url(call),
            params=merge_query(call.query, options.extra_query),
            json=call.body,
            headers=headers,
            timeout=timeout,
        )

    def interpret(self, call: Call[T], response: httpx.Response, started: float, retries_taken: int) -> Answer[T]:
        """The decoded value of a 2xx answer, or the error the status calls for. A model's `_request_id` is
        the answer's request id."""
        elapsed = time.perf_counter() - started
        request_id = self.redact(response.headers.get("x-request-id") or response.headers.get("request-id") or "")
        self._log(call, response.status_code, elapsed, request_id)
        text = response.text
        if not 200 <= response.status_code <= 299:
            raise self._status_error(call, response, text, request_id or None)
        retry_after = parse_retry_after(response.headers.get("retry-after"))
        if call.method == "DELETE" and text.strip() == "":
            value = call.decode(None)
        else:
            value = self._decode(call, text, response.status_code, request_id or None)
        if request_id and hasattr(value, "_request_id"):
            object.__setattr__(value, "_request_id", request_id)
        return Answer(value, response, request_id or None, retry_after, retries_taken, elapsed)

    def _log(self, call: Call[Any], status: int, elapsed: float, request_id: str) -> None:
        if logger.isEnabledFor(logging.DEBUG):
            logger.debug(
                "%s %s -> %s in %.0f ms (request id %s)",
                call.method,
                self.redact(call.path),
                status,
                elapsed * 1000,
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

    def _status_error(
        self, call: Call[Any], response: httpx.Response, text: str, request_id: str | None
    ) -> APIStatusError:
        body = self._error_body(text)
        status = response.status_code
        reason = message_from_body(body) or response.reason_phrase or "no message"
        message = f"{self.where(call)} failed with {status}: {reason}"
        headers = {name: self.redact(value) for name, value in response.headers.items()}
        return error_class_for_status(status)(
            message,
            status_code=status,
            headers=headers,
            body=body,
            request_id=request_id,
            retry_after=retry_after_of(headers),
        )

    def _error_body(self, text: str) -> Any:
        redacted = self.redact(text)
        if not redacted.strip():
            return redacted
        try:
            return redact_value(json.loads(redacted), self.redact)
        except ValueError:
            return redacted

    def attempt_timeout(self, call: Call[Any], seconds: float) -> APITimeoutError:
        """An attempt that did not end by its deadline (the answer may have begun: the request may have been
        carried out)."""
        where = f"{call.method} {self.redact(self.url(call))}"
        return APITimeoutError(f"{where} timed out (no whole answer within {seconds:.3g} s)")

    def transport_error(self, call: Call[Any], error: httpx.HTTPError) -> SvcError:
        """httpx's failure as the clients' error, its text scrubbed; the chain to httpx's error is cut, since
        its request carries the Authorization header."""
        where = f"{call.method} {self.redact(self.url(call))}"  # the host too: which one failed matters here
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


class NotGiven:
    """An argument left out, where None means something (with_options(timeout=None): no timeout)."""

    def __repr__(self) -> str:
        return "NOT_GIVEN"


NOT_GIVEN = NotGiven()


def check_timeout(value: Any) -> TimeoutTypes:
    if value is None or isinstance(value, httpx.Timeout):
        return value
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise ValueError(f"timeout must be a positive number of seconds, an httpx.Timeout or None, got {value!r}")
    return float(value)


def whole_attempt_seconds(timeout: TimeoutTypes) -> float | None:
    """How long one attempt may take in all, from connecting to the body's last byte: httpx's timeouts bound
    each phase and each read, so a body that keeps trickling in never trips them. A number bounds the whole
    attempt; an httpx.Timeout the longest of its phases, or nothing when one of them is None (no bound asked)."""
    if timeout is None or isinstance(timeout, (int, float)):
        return timeout
    phases = (timeout.connect, timeout.read, timeout.write, timeout.pool)
    return None if any(phase is None for phase in phases) else max(phase for phase in phases if phase is not None)


def attempt_limits(timeout: TimeoutTypes, wait_deadline: float | None, now: float) -> tuple[float | None, TimeoutTypes]:
    """The monotonic time one attempt must end by (None: never), the earlier of its timeout's and a wait's
    deadline, and the per-phase timeout of its request, cut to the time left (a retry starts afresh)."""
    whole = whole_attempt_seconds(timeout)
    ends = [end for end in (None if whole is None else now + whole, wait_deadline) if end is not None]
    if not ends:
        return None, timeout
    deadline = min(ends)
    return deadline, capped_timeout(timeout, deadline - now)


def capped_timeout(timeout: TimeoutTypes, remaining: float) -> httpx.Timeout:
    """The timeout of a request that must end within `remaining` seconds (a wait's deadline cuts it)."""
    remaining = max(0.001, remaining)
    if timeout is None or isinstance(timeout, (int, float)):
        return httpx.Timeout(remaining if timeout is None else min(float(timeout), remaining))
    phases = (timeout.connect, timeout.read, timeout.write, timeout.pool)
    connect, read, write, pool = (remaining if phase is None else min(phase, remaining) for phase in phases)
    return httpx.Timeout(connect=connect, read=read, write=write, pool=pool)


def refuse_placeholder_url(credentials: Credentials) -> None:
    """The built-in URL is the spec's placeholder on a reserved domain (RFC 2606: `.example` never resolves):
    with no URL given, say so before sending anything, as svc does, instead of retrying a host that cannot exist."""
    if credentials.base_url_source != "default" or not (httpx.URL(credentials.base_url).host or "").endswith(
        ".example"
    ):
        return
    raise ConfigError(
        f"No service URL was given (no base_url=, SVC_API_URL or base_url in ~/.svc/config.toml), so the client "
        f"took its built-in one, {credentials.base_url}, which is a placeholder no service answers at. Give yours "
        "with base_url='https://<host>/api/v1' or SVC_API_URL, or save it with svc login --api-url "
        "https://<host>/api/v1."
    )


def repository_not_found(full_name: str) -> NotFoundError:
    return NotFoundError(
        f"No repository named {full_name!r} is visible to this key (GET /repositories, compared ignoring case)",
        status_code=404,
    )


class ClientSettings:
    """What both clients show of their settings, and `with_options`."""

    _core: ClientCore
    _owns_http: bool

    @property
    def base_url(self) -> str:
        """The service's URL, without a trailing slash."""
        return self._core.base_url

    @property
    def timeout(self) -> TimeoutTypes:
        """Each attempt's timeout, from connecting to the answer's last byte (a call's `timeout=` overrides it)."""
        return self._core.timeout

    @property
    def max_retries(self) -> int:
        """Retries of one call (a call's `max_retries=` overrides it)."""
        return self._core.max_retries

    def __repr__(self) -> str:
        return self._core.describe(type(self).__name__)

    def with_options(
        self, *, timeout: TimeoutTypes | NotGiven = NOT_GIVEN, max_retries: int | NotGiven = NOT_GIVEN
    ) -> Self:
        """A client that shares this one's connection pool and credentials and differs only in the settings given.

        Args:
            timeout: Each attempt's timeout, from connecting to the answer's last byte: seconds, an httpx.Timeout,
                or None for none.
            max_retries: Retries of one call.

        Returns:
            The new client; closing it leaves the shared pool open (close the one that made it)."""
        clone = copy.copy(self)
        clone._core = self._core.with_settings(timeout, max_retries)
        clone._owns_http = False
        return clone
