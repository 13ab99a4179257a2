"""Keeps the API key out of every string the clients show: messages, bodies, log lines, decoded answers."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

REDACTED = "[REDACTED]"

Redactor = Callable[[str], str]


def make_redactor(api_key: str) -> Redactor:
    """Replaces the key, and its URL-encoded form, wherever it appears."""
    forms = sorted({api_key, quote(api_key, safe="")}, key=len, reverse=True)
    forms = [form for form in forms if form]
    if not forms:
        return lambda text: text
    pattern = re.compile("|".join(re.escape(form) for form in forms))

    def redact(text: str) -> str:
        return pattern.sub(REDACTED, text) if any(form in text for form in forms) else text

    return redact


def redact_value(value: Any, redact: Redactor) -> Any:
    """A copy of a parsed JSON value with the key taken out of every string, keys of objects included."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, list):
        return [redact_value(item, redact) for item in value]
    if isinstance(value, dict):
        return {redact(str(name)): redact_value(item, redact) for name, item in value.items()}
    return value
