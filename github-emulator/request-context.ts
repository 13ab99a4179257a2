import { notFound } from './github-errors.ts';
import { pageOf } from './paging.ts';
import type { PullRequest, Repository, Store } from './store.ts';
import type { Caller } from './tokens.ts';

/** What a handler gets and answers. Handlers are synchronous: the state is in memory. */

export interface Links {
  /** The API root this request came in on: the origin, or the origin + `/api/v3`. */
  readonly apiUrl: string;
  /** Where `html_url`s point (GITHUB_SERVER_URL's role). */
  readonly serverUrl: string;
}

export interface RequestContext {
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** The JSON body after the schema check: an object for operations that take one. */
  readonly body: Record<string, unknown>;
  readonly store: Store;
  readonly links: Links;
  readonly requestUrl: URL;
  /** Whom the token names: the Actions token, an App's or a person's. */
  readonly caller: Caller;
}

export interface Reply {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export type Handler = (context: RequestContext) => Reply;

export function requireRepository(context: RequestContext): Repository {
  const repository = context.store.repository(context.params.owner ?? '', context.params.repo ?? '');
  if (!repository) throw notFound();
  return repository;
}

export function requirePull(
  context: RequestContext,
  name = 'pull_number',
): { repository: Repository; pull: PullRequest } {
  const repository = requireRepository(context);
  const pull = repository.pulls.get(Number(context.params[name]));
  if (!pull) throw notFound();
  return { repository, pull };
}

export function repositoryPath(repository: Repository): string {
  return `/repos/${repository.owner}/${repository.name}`;
}

/** GitHub's global node ids: a type prefix and the id, base64-encoded. */
export function nodeId(prefix: string, id: number | string): string {
  return `${prefix}_kwDO${Buffer.from(String(id)).toString('base64url')}`;
}

/** One page of a list, with GitHub's `Link` header when there is more than one page. */
export function pagedReply<T>(
  context: RequestContext,
  items: readonly T[],
  toJson: (item: T) => unknown,
): Reply {
  const page = pageOf(items, context.query, context.requestUrl);
  return {
    status: 200,
    body: page.items.map(toJson),
    headers: page.link === undefined ? {} : { link: page.link },
  };
}
