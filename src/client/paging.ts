import { IncompleteListError } from './errors.ts';
import { fetchInOrder } from './page-fetcher.ts';
import type { Page } from './types.ts';

/**
 * Walks a paged list endpoint, item by item. The spec's rule: a page is complete when offset + limit >= total,
 * and the next page starts at offset + limit, where limit is the one the page reports (the server may clamp
 * the one asked for). Servers are not always that tidy, so the walk also:
 * - advances past a short page only by the items it held, so nothing is skipped, and follows the items alone
 *   when the reported limit is not positive;
 * - stops on an empty page;
 * - bounds the pages by a cap derived from the first total and the fewest items a page actually held (never
 *   from the limit a page claims, which a server may report while sending fewer): twice the pages the list
 *   needed when the walk began, so a list that grows a little while it is read still ends, and one whose
 *   total keeps running ahead of the walk does not drag it on forever. Reaching the cap is an
 *   IncompleteListError, never a silent end that a caller would take for the whole list;
 * - yields an item with an `id` only once, since overlapping pages would otherwise repeat it.
 */

export type FetchPage<T> = (
  offset: number,
  limit: number,
  signal: AbortSignal | undefined,
) => Promise<Page<T>>;

export interface PagingOptions {
  /** Page size asked for. */
  limit: number;
  /** Where to start; 0 by default. */
  offset?: number | undefined;
  /** Pages in flight at once after the first; 1 (sequential) by default. */
  concurrency?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Absolute bound on the pages of one walk, whatever the totals say. */
  maxPages?: number | undefined;
  /**
   * Ends the walk once this many items have been yielded, and asks for no page beyond them: for a caller that
   * shows the first few of a long list. Unbounded by default.
   */
  maxItems?: number | undefined;
}

const DEFAULT_MAX_PAGES = 10_000;

type PageEnd = 'empty' | 'complete';

interface Taken<T> {
  /** Items not yielded before. */
  fresh: T[];
  /** How far the page moves the offset. */
  consumed: number;
  end: PageEnd | undefined;
}

/** What a walk has seen so far, shared by its sequential and concurrent parts. */
class WalkState<T> {
  readonly #seen = new Set<unknown>();
  readonly #maxPages: number;
  #pages = 0;
  #firstTotal: number | undefined;
  #largestTotal = 0;
  #smallestStep = Number.POSITIVE_INFINITY;

  constructor(maxPages: number) {
    this.#maxPages = maxPages;
  }

  get pagesLeft(): number {
    const derived =
      this.#smallestStep === Number.POSITIVE_INFINITY
        ? this.#maxPages
        : 2 * Math.ceil((this.#firstTotal ?? 0) / this.#smallestStep) + 2;
    return Math.max(0, Math.min(this.#maxPages, derived) - this.#pages);
  }

  take(page: Page<T>, offset: number): Taken<T> {
    this.#pages++;
    this.#firstTotal ??= page.total;
    this.#largestTotal = Math.max(this.#largestTotal, page.total);
    const fresh = page.items.filter((item) => this.#isFresh(item));
    if (page.items.length === 0) return { fresh, consumed: 0, end: 'empty' };
    const limit = Math.floor(page.limit);
    const consumed = limit > 0 ? Math.min(limit, page.items.length) : page.items.length;
    this.#smallestStep = Math.min(this.#smallestStep, consumed);
    return { fresh, consumed, end: offset + consumed >= page.total ? 'complete' : undefined };
  }

  /** Throws once the cap is reached: the list did not end within the pages its totals allow. */
  checkCap(offset: number): void {
    if (this.pagesLeft > 0) return;
    throw new IncompleteListError(
      `The list did not end: paging stopped at offset ${offset} after ${this.#pages} pages, more than its ` +
        `totals (first ${this.#firstTotal ?? 0}, largest ${this.#largestTotal}) allow`,
    );
  }

  #isFresh(item: T): boolean {
    const key = itemId(item);
    if (key === undefined) return true;
    if (this.#seen.has(key)) return false;
    this.#seen.add(key);
    return true;
  }
}

function itemId(item: unknown): string | number | undefined {
  if (item === null || typeof item !== 'object' || !('id' in item)) return undefined;
  const { id } = item;
  // An empty id (a malformed item) identifies nothing: such items are all kept.
  return (typeof id === 'string' && id !== '') || typeof id === 'number' ? id : undefined;
}

export async function* paginate<T>(
  fetchPage: FetchPage<T>,
  options: PagingOptions,
): AsyncGenerator<T, void, undefined> {
  const maxItems = options.maxItems ?? Number.POSITIVE_INFINITY;
  if (!(maxItems > 0)) return;
  let yielded = 0;
  for await (const item of walk(fetchPage, options, maxItems)) {
    yield item;
    if (++yielded >= maxItems) return;
  }
}

async function* walk<T>(
  fetchPage: FetchPage<T>,
  options: PagingOptions,
  maxItems: number,
): AsyncGenerator<T, void, undefined> {
  const { signal } = options;
  if (!(Number.isInteger(options.limit) && options.limit > 0))
    throw new RangeError(`page limit must be a positive integer, got ${options.limit}`);
  const limit = Math.min(options.limit, maxItems);
  const state = new WalkState<T>(options.maxPages ?? DEFAULT_MAX_PAGES);
  const start = options.offset ?? 0;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  if (concurrency === 1) {
    yield* walkSequentially(fetchPage, state, start, limit, signal);
    return;
  }
  signal?.throwIfAborted();
  const first = await fetchPage(start, limit, signal);
  const taken = state.take(first, start);
  yield* taken.fresh;
  if (taken.end !== undefined) return;
  if (taken.consumed < Math.floor(first.limit) || !(first.limit >= 1)) {
    // A short first page makes the planned offsets unreliable: walk on from where the data ended.
    yield* walkSequentially(fetchPage, state, start + taken.consumed, limit, signal);
    return;
  }
  const end = Math.min(first.total, start + maxItems);
  yield* walkConcurrently(fetchPage, state, { start, first, end, concurrency, limit, signal });
}

async function* walkSequentially<T>(
  fetchPage: FetchPage<T>,
  state: WalkState<T>,
  start: number,
  limit: number,
  signal: AbortSignal | undefined,
): AsyncGenerator<T, void, undefined> {
  let offset = start;
  for (;;) {
    signal?.throwIfAborted();
    state.checkCap(offset);
    const page = await fetchPage(offset, limit, signal);
    const taken = state.take(page, offset);
    yield* taken.fresh;
    if (taken.end !== undefined) return;
    offset += taken.consumed;
  }
}

interface ConcurrentPlan<T> {
  start: number;
  first: Page<T>;
  /** Offset the planned pages stop before: the total, or fewer when the caller wants fewer items. */
  end: number;
  concurrency: number;
  limit: number;
  signal: AbortSignal | undefined;
}

/**
 * Fetches the pages the first one implies, a bounded number at a time, and yields them in order. When the
 * data disagrees with the plan (a page came back short, or the total grew) it walks on sequentially from the
 * first place the data ended, so nothing is skipped; ids keep the overlap from repeating items.
 */
async function* walkConcurrently<T>(
  fetchPage: FetchPage<T>,
  state: WalkState<T>,
  plan: ConcurrentPlan<T>,
): AsyncGenerator<T, void, undefined> {
  const { start, first, end: planEnd, concurrency, limit, signal } = plan;
  const step = Math.floor(first.limit);
  const offsets: number[] = [];
  for (let offset = start + step; offset < planEnd && offsets.length < state.pagesLeft; offset += step) {
    offsets.push(offset);
  }
  let resumeAt: number | undefined;
  let index = 0;
  const pages = fetchInOrder(offsets, { concurrency, signal }, (offset, pageSignal) =>
    fetchPage(offset, limit, pageSignal),
  );
  for await (const page of pages) {
    const offset = offsets[index] ?? 0;
    const last = index === offsets.length - 1;
    index++;
    const taken = state.take(page, offset);
    yield* taken.fresh;
    // Each page is judged by its own total: the latest word on how far the data goes from there.
    const end = offset + taken.consumed;
    if ((taken.consumed < step || last) && end < page.total) resumeAt = Math.min(resumeAt ?? end, end);
  }
  if (offsets.length === 0) resumeAt = start + step;
  if (resumeAt !== undefined) yield* walkSequentially(fetchPage, state, resumeAt, limit, signal);
}
