"""Walking a paged list, item by item, as the TypeScript client walks one (src/client/paging.ts).

The spec's rule: a page is complete when offset + limit >= total, and the next page starts at offset + limit,
with the limit the page reports (a service may clamp the one asked for). Services are not always that tidy, so
the walk also advances past a short page only by the items it held (nothing is skipped), stops on an empty page,
skips an item whose id it yielded within the last few pages (overlapping pages would repeat it; remembering
only the last few keeps memory flat in the length of the list), and raises IncompleteListError when the list
runs past twice the pages its first total needs, never ending silently where a caller would take it for all."""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ._errors import IncompleteListError
from ._models import Page

T = TypeVar("T")

DEDUP_PAGES = 4
"""Pages whose ids a walk remembers (plus the pages in flight, for the async walk)."""


@dataclass(frozen=True)
class Taken(Generic[T]):
    fresh: list[T]
    """The items not yielded before."""
    consumed: int
    """How far the page moves the offset."""
    done: bool


class Walk(Generic[T]):
    """What one walk has seen so far."""

    def __init__(self, remember_pages: int = DEDUP_PAGES) -> None:
        self.pages = 0
        self._first_total: int | None = None
        self._largest_total = 0
        self._smallest_step = math.inf
        self._window = max(1, remember_pages)
        self._recent: deque[list[Any]] = deque()
        """The ids of the last `_window` pages, oldest first; `_seen` holds them all, for one lookup an item."""
        self._seen: set[Any] = set()

    @property
    def pages_left(self) -> int:
        if self._smallest_step == math.inf:
            return 10_000_000
        allowed = 2 * math.ceil((self._first_total or 0) / self._smallest_step) + 2
        return max(0, allowed - self.pages)

    def take(self, page: Page[T], offset: int) -> Taken[T]:
        self.pages += 1
        if self._first_total is None:
            self._first_total = page.total
        self._largest_total = max(self._largest_total, page.total)
        fresh = self._fresh(page.items)
        if not page.items:
            return Taken(fresh, 0, True)
        consumed = min(page.limit, len(page.items)) if page.limit > 0 else len(page.items)
        self._smallest_step = min(self._smallest_step, consumed)
        return Taken(fresh, consumed, offset + consumed >= page.total)

    def check_cap(self, offset: int) -> None:
        if self.pages_left > 0:
            return
        raise IncompleteListError(
            f"The list did not end: paging stopped at offset {offset} after {self.pages} pages, more than its "
            f"totals (first {self._first_total or 0}, largest {self._largest_total}) allow"
        )

    def _fresh(self, items: list[T]) -> list[T]:
        ids: list[Any] = []
        fresh: list[T] = []
        for item in items:
            key = getattr(item, "id", None)
            if key is None or key == "":
                fresh.append(item)
            elif key not in self._seen:
                self._seen.add(key)
                ids.append(key)
                fresh.append(item)
        self._recent.append(ids)
        if len(self._recent) > self._window:
            self._seen.difference_update(self._recent.popleft())
        return fresh


def planned_offsets(first: Page[Any], start: int, walk: Walk[Any]) -> list[int]:
    """The offsets of the pages the first one implies: start + k * its limit, up to its total."""
    step = first.limit
    offsets: list[int] = []
    offset = start + step
    while offset < first.total and len(offsets) < walk.pages_left:
        offsets.append(offset)
        offset += step
    return offsets
