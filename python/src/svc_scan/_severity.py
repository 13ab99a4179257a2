"""The spec's severities, most severe first, and how an unknown one counts: as critical, as the TypeScript side
counts it (a gate must fail closed on a value it does not know)."""

from __future__ import annotations

from typing import Literal

Severity = Literal["critical", "high", "medium", "low", "info"]
"""The spec's Severity values. A finding may carry another string (it is kept as sent); it counts as critical."""

SEVERITIES: tuple[Severity, ...] = ("critical", "high", "medium", "low", "info")


def severity_rank(severity: str) -> int:
    """0 for critical up to 4 for info; an unknown severity ranks 0 (critical)."""
    try:
        return SEVERITIES.index(severity.lower())
    except ValueError:
        return 0


def is_at_or_above(severity: str, floor: Severity) -> bool:
    """True when `severity` is as severe as `floor` or more; an unknown severity counts as critical."""
    return severity_rank(severity) <= severity_rank(floor)
