import { describe, expect, it } from 'vitest';
import { paginate, type FetchPage } from '../../../src/client/paging.ts';
import type { Page } from '../../../src/client/types.ts';
import { numbered } from './support/builders.ts';
import { IncompleteListError } from '../../../src/client/errors.ts';

type Item = { id: string; n: number };

interface Call {
  offset: number;
  limit: number;
}

/**
 * A server over `count` items that behaves as `shape` says, recording the calls it gets.
 * By default it is tidy: it honours the limit and reports the real total.
 */
function server(
  count: number,
  shape: (call: Call, index: number) => Partial<Page<Item>> = () => ({}),
): { fetchPage: FetchPage<Item>; calls: Call[] } {
  const all = numbered(0, count);
  const calls: Call[] = [];
  const fetchPage: FetchPage<Item> = (offset, limit) => {
    const call = { offset, limit };
    const overrides = shape(call, calls.length);
    calls.push(call);
    const reportedLimit = overrides.limit ?? limit;
    const items = overrides.items ?? all.slice(offset, offset + Math.max(0, reportedLimit));
    return Promise.resolve({ items, total: count, limit: reportedLimit, offset, ...overrides });
  };
  return { fetchPage, calls };
}

/** The items a walk yielded before it failed, and the failure. */
async function collectUntilError<T>(iterable: AsyncIterable<T>): Promise<{ items: T[]; error: unknown }> {
  const items: T[] = [];
  try {
    for await (const item of iterable) items.push(item);
  } catch (error) {
    return { items, error };
  }
  return { items, error: undefined };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

const ns = (items: Item[]): number[] => items.map((item) => item.n);
const range = (start: number, end: number): number[] =>
  Array.from({ length: end - start }, (_, i) => start + i);

describe('paginate, sequentially', () => {
  it('walks every page of a tidy server', async () => {
    const { fetchPage, calls } = server(45);
    expect(ns(await collect(paginate(fetchPage, { limit: 20 })))).toEqual(range(0, 45));
    expect(calls).toEqual([
      { offset: 0, limit: 20 },
      { offset: 20, limit: 20 },
      { offset: 40, limit: 20 },
    ]);
  });

  it('stops when offset + limit reaches the total exactly', async () => {
    const { fetchPage, calls } = server(40);
    expect(await collect(paginate(fetchPage, { limit: 20 }))).toHaveLength(40);
    expect(calls).toHaveLength(2);
  });

  it('makes one request for an empty list', async () => {
    const { fetchPage, calls } = server(0);
    expect(await collect(paginate(fetchPage, { limit: 20 }))).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('starts at the given offset', async () => {
    const { fetchPage } = server(30);
    expect(ns(await collect(paginate(fetchPage, { limit: 20, offset: 25 })))).toEqual(range(25, 30));
  });

  it('advances by the limit the page reports, not the one asked for', async () => {
    const { fetchPage, calls } = server(450, () => ({ limit: 200 }));
    expect(ns(await collect(paginate(fetchPage, { limit: 500 })))).toEqual(range(0, 450));
    expect(calls.map((call) => call.offset)).toEqual([0, 200, 400]);
  });

  it('advances by a smaller reported limit without skipping', async () => {
    const { fetchPage, calls } = server(25, () => ({ limit: 10 }));
    expect(ns(await collect(paginate(fetchPage, { limit: 20 })))).toEqual(range(0, 25));
    expect(calls.map((call) => call.offset)).toEqual([0, 10, 20]);
  });

  it('advances past a short page only by the items it held', async () => {
    const all = numbered(0, 30);
    const { fetchPage, calls } = server(30, ({ offset }) => ({ items: all.slice(offset, offset + 7) }));
    expect(ns(await collect(paginate(fetchPage, { limit: 20 })))).toEqual(range(0, 30));
    expect(calls.map((call) => call.offset)).toEqual([0, 7, 14, 21, 28]);
  });

  it('follows a total that grows between pages', async () => {
    let total = 30;
    const all = numbered(0, 100);
    const fetchPage: FetchPage<Item> = (offset, limit) => {
      const page = { items: all.slice(offset, Math.min(total, offset + limit)), total, limit, offset };
      total += 15;
      return Promise.resolve(page);
    };
    // Totals seen: 30, 45, 60; the page at 40 holds items 40..59 and reaches its total of 60.
    expect(ns(await collect(paginate(fetchPage, { limit: 20 })))).toEqual(range(0, 60));
  });

  it('ends when the total shrinks below the next offset', async () => {
    const { fetchPage, calls } = server(100, ({ offset }) => (offset >= 20 ? { total: 30 } : {}));
    expect(ns(await collect(paginate(fetchPage, { limit: 20 })))).toEqual(range(0, 40));
    expect(calls.map((call) => call.offset)).toEqual([0, 20]);
  });

  it('stops on an empty page even when the total says more', async () => {
    const { fetchPage, calls } = server(100, ({ offset }) => (offset === 40 ? { items: [] } : {}));
    expect(ns(await collect(paginate(fetchPage, { limit: 20 })))).toEqual(range(0, 40));
    expect(calls).toHaveLength(3);
  });

  it('follows the items when a page reports a limit of zero or less', async () => {
    for (const limit of [0, -5, Number.NaN]) {
      const all = numbered(0, 10);
      const { fetchPage, calls } = server(10, ({ offset }) => ({
        limit,
        items: all.slice(offset, offset + 3),
      }));
      expect(ns(await collect(paginate(fetchPage, { limit: 20 })))).toEqual(range(0, 10));
      expect(calls.map((call) => call.offset)).toEqual([0, 3, 6, 9]);
    }
  });

  it('pages on when a page claims a larger limit than the items it holds', async () => {
    // A service that echoes limit: 100 but sends 7 items: the cap follows the items, not the claim.
    const all = numbered(0, 50);
    const { fetchPage, calls } = server(50, ({ offset }) => ({
      limit: 100,
      items: all.slice(offset, offset + 7),
    }));
    expect(ns(await collect(paginate(fetchPage, { limit: 100 })))).toEqual(range(0, 50));
    expect(calls).toHaveLength(8);
  });

  it('yields an item that appears on two pages once', async () => {
    const all = numbered(0, 40);
    // The page at 20 overlaps the previous one by five items, as when items are inserted meanwhile.
    const { fetchPage } = server(40, ({ offset }) =>
      offset === 20 ? { items: all.slice(15, 35), total: 40 } : {},
    );
    const seen = ns(await collect(paginate(fetchPage, { limit: 20 })));
    expect(seen).toEqual(range(0, 35));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('keeps items without an id even when they repeat', async () => {
    const fetchPage: FetchPage<{ name: string }> = (offset, limit) =>
      Promise.resolve({ items: [{ name: 'same' }, { name: 'same' }], total: 2, limit, offset });
    expect(await collect(paginate(fetchPage, { limit: 20 }))).toHaveLength(2);
  });

  it('never loops forever on a total that keeps moving ahead, and says the list is incomplete', async () => {
    let calls = 0;
    const fetchPage: FetchPage<Item> = (offset, limit) => {
      calls++;
      return Promise.resolve({ items: numbered(offset, 1), total: offset + 50, limit, offset });
    };
    const { items, error } = await collectUntilError(paginate(fetchPage, { limit: 20 }));
    // Twice the pages the first total needed at the smallest page seen, plus two.
    expect(calls).toBe(102);
    expect(items).toHaveLength(calls);
    expect(error).toBeInstanceOf(IncompleteListError);
    expect((error as Error).message).toContain('paging stopped at offset 102 after 102 pages');
  });

  it('respects an absolute page cap when every page is full and the total always one page ahead', async () => {
    const fetchPage: FetchPage<Item> = (offset, limit) =>
      Promise.resolve({ items: numbered(offset, limit), total: offset + 2 * limit, limit, offset });
    const { items, error } = await collectUntilError(paginate(fetchPage, { limit: 5, maxPages: 3 }));
    expect(items).toHaveLength(15);
    expect(error).toBeInstanceOf(IncompleteListError);
  });

  it('rejects a page size that is not a positive integer', async () => {
    const { fetchPage } = server(1);
    await expect(collect(paginate(fetchPage, { limit: 0 }))).rejects.toThrow(RangeError);
    await expect(collect(paginate(fetchPage, { limit: 2.5 }))).rejects.toThrow(RangeError);
  });

  it('stops at once on an aborted signal', async () => {
    const controller = new AbortController();
    const { fetchPage, calls } = server(100);
    const items: Item[] = [];
    const walk = async (): Promise<void> => {
      for await (const item of paginate(fetchPage, { limit: 10, signal: controller.signal })) {
        items.push(item);
        if (item.n === 12) controller.abort(new Error('enough'));
      }
    };
    await expect(walk()).rejects.toThrow('enough');
    expect(calls).toHaveLength(2);
    expect(items).toHaveLength(20);
  });

  it('passes the signal to fetchPage and stops fetching when the consumer stops', async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const controller = new AbortController();
    const { fetchPage: inner, calls } = server(100);
    const fetchPage: FetchPage<Item> = (offset, limit, signal) => {
      signals.push(signal);
      return inner(offset, limit, signal);
    };
    for await (const item of paginate(fetchPage, { limit: 10, signal: controller.signal })) {
      if (item.n === 3) break;
    }
    expect(calls).toHaveLength(1);
    expect(signals).toEqual([controller.signal]);
  });
});

/** A server whose responses the test releases by hand, to observe concurrency. */
function gatedServer(count: number, shape: (offset: number) => Partial<Page<Item>> = () => ({})) {
  const all = numbered(0, count);
  let inFlight = 0;
  let maxInFlight = 0;
  const calls: number[] = [];
  const fetchPage: FetchPage<Item> = async (offset, limit, signal) => {
    calls.push(offset);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    // Later pages answer first, so that order must come from the walk, not the server.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 10 - offset / 10)));
    inFlight--;
    signal?.throwIfAborted();
    const overrides = shape(offset);
    const reported = overrides.limit ?? limit;
    return {
      items: all.slice(offset, offset + reported),
      total: count,
      limit: reported,
      offset,
      ...overrides,
    };
  };
  return { fetchPage, calls, maxInFlight: () => maxInFlight };
}

describe('paginate, concurrently', () => {
  it('yields every item in order with at most `concurrency` requests in flight', async () => {
    const { fetchPage, calls, maxInFlight } = gatedServer(95);
    const items = await collect(paginate(fetchPage, { limit: 10, concurrency: 3 }));
    expect(ns(items)).toEqual(range(0, 95));
    expect(calls.sort((a, b) => a - b)).toEqual(range(0, 10).map((n) => n * 10));
    expect(maxInFlight()).toBe(3);
  });

  it('plans with the limit the first page reports', async () => {
    const { fetchPage, calls } = gatedServer(60, () => ({ limit: 15 }));
    expect(ns(await collect(paginate(fetchPage, { limit: 50, concurrency: 4 })))).toEqual(range(0, 60));
    expect(calls.sort((a, b) => a - b)).toEqual([0, 15, 30, 45]);
  });

  it('needs no more requests than the first page when it holds everything', async () => {
    const { fetchPage, calls } = gatedServer(8);
    expect(await collect(paginate(fetchPage, { limit: 10, concurrency: 4 }))).toHaveLength(8);
    expect(calls).toEqual([0]);
  });

  it('fills the gap a short planned page leaves, sequentially, without repeating items', async () => {
    const all = numbered(0, 50);
    const { fetchPage, calls } = gatedServer(50, (offset) =>
      offset === 20 ? { items: all.slice(20, 24) } : {},
    );
    const items = await collect(paginate(fetchPage, { limit: 10, concurrency: 3 }));
    expect(ns(items).sort((a, b) => a - b)).toEqual(range(0, 50));
    expect(new Set(ns(items)).size).toBe(50);
    // Planned 10..40, then the walk resumes where the short page ended.
    expect(calls.slice(-3)).toEqual([24, 34, 44]);
  });

  it('continues sequentially when the total grew during the walk', async () => {
    const all = numbered(0, 60);
    const { fetchPage, calls } = gatedServer(60, (offset) =>
      offset === 0 ? { total: 30 } : { items: all.slice(offset, offset + 10), total: 60 },
    );
    expect(ns(await collect(paginate(fetchPage, { limit: 10, concurrency: 3 })))).toEqual(range(0, 60));
    expect(calls.slice(-3)).toEqual([30, 40, 50]);
  });

  it('does not refetch when the total shrank during the walk', async () => {
    const { fetchPage, calls } = gatedServer(60, (offset) => (offset >= 30 ? { items: [], total: 30 } : {}));
    expect(ns(await collect(paginate(fetchPage, { limit: 10, concurrency: 3 })))).toEqual(range(0, 30));
    expect(calls).toHaveLength(6);
  });

  it('walks sequentially when the first page is short', async () => {
    const all = numbered(0, 30);
    const { fetchPage, calls } = gatedServer(30, (offset) => ({ items: all.slice(offset, offset + 6) }));
    expect(ns(await collect(paginate(fetchPage, { limit: 10, concurrency: 3 })))).toEqual(range(0, 30));
    expect(calls).toEqual([0, 6, 12, 18, 24]);
  });

  it('reads on after a planned page that reports a zero limit, following its items', async () => {
    const { fetchPage } = gatedServer(50, (offset) =>
      offset === 20 ? { limit: 0, items: numbered(20, 2) } : {},
    );
    // The pages planned from the first one arrive in order; the items after the short page follow them.
    const seen = ns(await collect(paginate(fetchPage, { limit: 10, concurrency: 2 })));
    expect(seen.toSorted((x, y) => x - y)).toEqual(range(0, 50));
  });

  it('keeps to the page cap, planning no more pages than it allows', async () => {
    const { fetchPage, calls } = gatedServer(100);
    const { items, error } = await collectUntilError(
      paginate(fetchPage, { limit: 10, concurrency: 3, maxPages: 4 }),
    );
    expect(ns(items)).toEqual(range(0, 40));
    expect(calls).toHaveLength(4);
    expect((error as Error).message).toContain('paging stopped at offset 40 after 4 pages');
  });

  it('stops when the caller aborts between pages', async () => {
    const controller = new AbortController();
    const { fetchPage } = gatedServer(100);
    const items: Item[] = [];
    const walk = async (): Promise<void> => {
      for await (const item of paginate(fetchPage, {
        limit: 10,
        concurrency: 2,
        signal: controller.signal,
      })) {
        items.push(item);
        if (item.n === 15) controller.abort(new Error('caller stopped'));
      }
    };
    await expect(walk()).rejects.toThrow('caller stopped');
    expect(items).toHaveLength(20);
  });

  it('rethrows a failed page in its turn and aborts the pages in flight', async () => {
    const aborted: number[] = [];
    const fetchPage: FetchPage<Item> = async (offset, limit, signal) => {
      if (offset === 10) throw new Error('page 10 failed');
      if (offset > 10) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (signal?.aborted) aborted.push(offset);
      }
      return { items: numbered(offset, limit), total: 100, limit, offset };
    };
    const items: Item[] = [];
    const walk = async (): Promise<void> => {
      for await (const item of paginate(fetchPage, { limit: 10, concurrency: 3 })) items.push(item);
    };
    await expect(walk()).rejects.toThrow('page 10 failed');
    expect(items).toHaveLength(10);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(aborted.length).toBeGreaterThan(0);
  });

  it('aborts the pages in flight when the consumer stops early', async () => {
    const aborted: number[] = [];
    const fetchPage: FetchPage<Item> = async (offset, limit, signal) => {
      if (offset > 0) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        if (signal?.aborted) aborted.push(offset);
      }
      return { items: numbered(offset, limit), total: 100, limit, offset };
    };
    for await (const item of paginate(fetchPage, { limit: 10, concurrency: 3 })) {
      if (item.n === 12) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 30));
    // Pages 20 and 30 were in flight with page 10, and page 40 started when page 10 arrived.
    expect(aborted.sort((a, b) => a - b)).toEqual([20, 30, 40]);
  });
});

describe('paginate with maxItems', () => {
  it('yields the first maxItems items and asks for no page beyond them, sequentially', async () => {
    const { fetchPage, calls } = server(1000);
    expect(ns(await collect(paginate(fetchPage, { limit: 20, maxItems: 45 })))).toEqual(range(0, 45));
    expect(calls).toEqual([
      { offset: 0, limit: 20 },
      { offset: 20, limit: 20 },
      { offset: 40, limit: 20 },
    ]);
  });

  it('plans only the pages it needs when concurrent', async () => {
    const { fetchPage, calls } = server(1000);
    const items = await collect(paginate(fetchPage, { limit: 20, maxItems: 70, concurrency: 8 }));
    expect(ns(items)).toEqual(range(0, 70));
    expect(calls.map((call) => call.offset)).toEqual([0, 20, 40, 60]);
  });

  it('asks for no more than maxItems in the first page', async () => {
    const { fetchPage, calls } = server(1000);
    expect(await collect(paginate(fetchPage, { limit: 50, maxItems: 5, concurrency: 4 }))).toHaveLength(5);
    expect(calls).toEqual([{ offset: 0, limit: 5 }]);
  });

  it('ends with the list when it holds fewer items', async () => {
    const { fetchPage } = server(30);
    expect(await collect(paginate(fetchPage, { limit: 20, maxItems: 100, concurrency: 4 }))).toHaveLength(30);
  });

  it('yields nothing and fetches nothing for maxItems 0', async () => {
    const { fetchPage, calls } = server(30);
    expect(await collect(paginate(fetchPage, { limit: 20, maxItems: 0 }))).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('starts from an offset', async () => {
    const { fetchPage } = server(1000);
    const items = await collect(paginate(fetchPage, { limit: 20, offset: 50, maxItems: 30, concurrency: 4 }));
    expect(ns(items)).toEqual(range(50, 80));
  });
});
