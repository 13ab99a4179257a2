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


class PagePlan(Generic[T]):
    """The walk of one list, as both clients run it: the first page; then the pages it implies (offsets stepping
    by its limit up to its total), which the async client reads up to `concurrency` at a time and hands over in
    order, and the sync client reads one at a time; then, where the data disagreed with the plan (a short page,
    a total that grew), a sequential walk from the first place it ended. The shells only fetch:

        items = plan.first(page_at_0)
        for offset in plan.planned: items = plan.planned_page(page, offset, last)
        while plan.resume_at is not None: plan.check_cap(offset); items = plan.sequential_page(page, offset)"""

    def __init__(self, concurrency: int = 1) -> None:
        self.walk: Walk[T] = Walk(DEDUP_PAGES + concurrency)
        self.planned: list[int] = []
        """The offsets the first page implies, in order."""
        self.resume_at: int | None = None
        """Where the sequential walk goes on; None when there is nothing left to read."""
        self._step = 0

    def first(self, page: Page[T]) -> list[T]:
        taken = self.walk.take(page, 0)
        if taken.done:
            return taken.fresh
        self._step = page.limit
        if taken.consumed == page.limit:
            self.planned = planned_offsets(page, 0, self.walk)
        else:
            self.resume_at = taken.consumed
        return taken.fresh

    def planned_page(self, page: Page[T], offset: int, last: bool) -> list[T]:
        """A planned page's new items; a short one, or a last one short of a total that grew, marks where the
        sequential walk must resume (the earliest such place)."""
        taken = self.walk.take(page, offset)
        end = offset + taken.consumed
        if (taken.consumed < self._step or last) and end < page.total and not taken.done:
            self.resume_at = end if self.resume_at is None else min(self.resume_at, end)
        return taken.fresh

    def sequential_page(self, page: Page[T], offset: int) -> list[T]:
        taken = self.walk.take(page, offset)
        self.resume_at = None if taken.done else offset + taken.consumed
        return taken.fresh

    def check_cap(self, offset: int) -> None:
        self.walk.check_cap(offset)
