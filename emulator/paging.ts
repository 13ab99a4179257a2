import { validation } from './errors.ts';

/**
 * Paging as the project README fixes it: a Page is `{items, total, limit, offset}`; `limit` above 200 is
 * clamped and the page reports the limit used; a `limit` or `offset` that is not a non-negative integer, and a
 * `limit` of 0, are 422s.
 */

const MAX_PAGE_SIZE = 200;

export interface Paging {
  readonly limit: number;
  readonly offset: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}

export function readPaging(query: URLSearchParams, defaultLimit: number): Paging {
  const limit = readInteger(query, 'limit') ?? defaultLimit;
  if (limit === 0) throw validation('limit must be a positive integer');
  const offset = readInteger(query, 'offset') ?? 0;
  return { limit: Math.min(limit, MAX_PAGE_SIZE), offset };
}

/** `totalDelta` is non-zero only while the changing-total fault is injected. */
export function pageOf<T>(items: readonly T[], paging: Paging, totalDelta = 0): Page<T> {
  return {
    items: items.slice(paging.offset, paging.offset + paging.limit),
    total: Math.max(0, items.length + totalDelta),
    limit: paging.limit,
    offset: paging.offset,
  };
}

function readInteger(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value))
    throw validation(`${name} must be a non-negative integer, not ${JSON.stringify(raw)}`);
  return value;
}
