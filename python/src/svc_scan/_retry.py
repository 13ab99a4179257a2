"""The retry rules of the TypeScript client (src/client/retry.ts), as pure functions both clients share, with the
waits of the best SDKs (openai-python, stripe-python).

A 429 is retried for every method. 5xx, 408, resets, timeouts and undecodable answers are retried only for
idempotent calls: a POST that failed that way may have been processed, and repeating it could start a second
scan. A POST is otherwise retried only when the connection was never made, so the service cannot have seen it.
A 429 or 503 waits the service's retry-after-ms or Retry-After (seconds or an HTTP date) when it gave one; other
waits back off exponentially with a jitter that keeps at least 3/4 of the step, so no retry follows at ~0 s.
The waits of one call are bounded in total (`max_retry_wait`)."""

from __future__ import annotations

import email.utils
import random
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass

from ._errors import APIConnectionError, APIStatusError, DecodeError, RateLimitError, ServerError, SvcError

IDEMPOTENT_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "PUT", "DELETE"})


@dataclass(frozen=True)
class RetryPolicy:
    max_retries: int = 2
    """Retries after the first attempt (the issue's default; the TypeScript client's is 3)."""
    max_wait: float = 60.0
    """Upper bound, in seconds, on the sum of the waits between the attempts of one call."""
    base_delay: float = 0.5
    max_delay: float = 8.0


def failure_kind(error: SvcError) -> str:
    """`rate-limited`, `server` (5xx, 408), `connect` (never sent), `network` (may have been seen) or `final`."""
    if isinstance(error, RateLimitError):
        return "rate-limited"
    if isinstance(error, ServerError) or (isinstance(error, APIStatusError) and error.status_code == 408):
        return "server"
    if isinstance(error, APIConnectionError):
        return "connect" if error.never_sent else "network"
    if isinstance(error, DecodeError):
        return "network"
    return "final"


def is_retryable(error: SvcError, method: str, idempotent: bool = False) -> bool:
    kind = failure_kind(error)
    if kind in ("rate-limited", "connect"):
        return True
    if kind in ("server", "network"):
        return idempotent or method.upper() in IDEMPOTENT_METHODS
    return False


def backoff_delay(retry_index: int, policy: RetryPolicy, rand: float | None = None) -> float:
    """Exponential backoff with a floor, as openai-python's: the step min(max_delay, base_delay * 2**retry_index)
    less a jitter of at most a quarter of it, so uniform in (3/4 step, step]."""
    step = min(policy.max_delay, policy.base_delay * 2.0**retry_index)
    fraction: float = random.random() if rand is None else rand  # noqa: S311 - jitter, not a secret
    return step * (1.0 - 0.25 * fraction)


RETRY_AFTER_STATUSES = frozenset({429, 503})


def next_delay(error: SvcError, retry_index: int, policy: RetryPolicy) -> float:
    if (
        isinstance(error, APIStatusError)
        and error.status_code in RETRY_AFTER_STATUSES
        and error.retry_after is not None
    ):
        return float(error.retry_after)
    return backoff_delay(retry_index, policy)


def retry_after_of(headers: Mapping[str, str], now: float | None = None) -> float | None:
    """The wait an answer asks for, in seconds: retry-after-ms when present and usable, else Retry-After."""
    millis = headers.get("retry-after-ms")
    if millis is not None and _SECONDS.match(millis.strip()):
        return float(millis.strip()) / 1000.0
    return parse_retry_after(headers.get("retry-after"), now)


_SECONDS = re.compile(r"^\d+(\.\d+)?$")
_HTTP_DATE = re.compile(r"^[a-z]{3,9}[, ]", re.IGNORECASE)


def parse_retry_after(value: str | None, now: float | None = None) -> float | None:
    """Retry-After in seconds from now (never negative): delta seconds or an HTTP date; None when unusable."""
    if value is None:
        return None
    text = value.strip()
    if not text:
        return None
    if _SECONDS.match(text):
        return float(text)
    if not _HTTP_DATE.match(text):
        return None
    try:
        when = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError):
        return None
    current = time.time() if now is None else now
    return max(0.0, when.timestamp() - current)


class RetryState:
    """The bookkeeping of one call's attempts: which failure to retry, and how long to wait first."""

    def __init__(self, method: str, policy: RetryPolicy, idempotent: bool) -> None:
        self.method = method
        self.policy = policy
        self.idempotent = idempotent
        self.retries = 0
        self.waited = 0.0

    def delay_before_retry(self, error: SvcError) -> float | None:
        """Seconds to wait before the next attempt, or None when `error` is final for this call."""
        if self.retries >= self.policy.max_retries:
            return None
        if not is_retryable(error, self.method, self.idempotent):
            return None
        delay = next_delay(error, self.retries, self.policy)
        if self.waited + delay > self.policy.max_wait:
            return None
        self.retries += 1
        self.waited += delay
        return delay
