/**
 * GitHub's paging: `per_page` (default 30, at most 100) and `page` (from 1), and a `Link` header with
 * `first`, `prev`, `next` and `last` URLs that keep the request's other query parameters.
 */

const DEFAULT_PER_PAGE = 30;
const MAX_PER_PAGE = 100;

export interface PageOf<T> {
  readonly items: T[];
  /** The `Link` header; absent when everything fits on one page. */
  readonly link: string | undefined;
}

export function pageOf<T>(items: readonly T[], query: URLSearchParams, requestUrl: URL): PageOf<T> {
  const perPage = clamp(readPositive(query.get('per_page')) ?? DEFAULT_PER_PAGE, 1, MAX_PER_PAGE);
  const page = readPositive(query.get('page')) ?? 1;
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  const slice = items.slice((page - 1) * perPage, page * perPage);
  if (lastPage === 1 && page === 1) return { items: slice, link: undefined };
  const at = (target: number): string => {
    const url = new URL(requestUrl);
    url.searchParams.set('per_page', String(perPage));
    url.searchParams.set('page', String(target));
    return `<${url.toString()}>`;
  };
  const links: string[] = [];
  if (page > 1) links.push(`${at(Math.min(page - 1, lastPage))}; rel="prev"`);
  if (page < lastPage) links.push(`${at(page + 1)}; rel="next"`, `${at(lastPage)}; rel="last"`);
  if (page > 1) links.push(`${at(1)}; rel="first"`);
  return { items: slice, link: links.join(', ') };
}

/** Query values already passed the operation's schema (integers); 0 and below read as absent, as on GitHub. */
function readPositive(raw: string | null): number | undefined {
  if (raw === null) return undefined;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
