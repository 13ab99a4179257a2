import type { Octokit } from '@octokit/core';
import { RequestError } from '@octokit/request-error';
import type { Route, RequestParameters, OctokitResponse } from '@octokit/types';
import type { Dispatcher } from 'undici';
import { loadUndici } from '../client/http-stack.ts';
import { isLoopbackHost } from '../client/base-url.ts';
import { realSleep, type Sleep } from '../client/clock.ts';
import type { Logger } from '../client/logger.ts';
import { refusalMessageOf, waitAskedByMs } from './rate-limit-answer.ts';

/** GitHub's secondary rate limits ask for a pause; a few are waited out, never more than the run has left. */
const MAX_RATE_LIMIT_WAITS = 3;
const PER_PAGE = 100;
/** GitHub lists at most 3,000 files of a pull request; comments of a busy PR stay well below this many pages. */
const MAX_PAGES = 100;

export interface GitHubClientOptions {
  token: string;
  /** GITHUB_API_URL: api.github.com, or a GitHub Enterprise Server's /api/v3. */
  apiUrl: string;
  /** The project's undici dispatcher (it honours HTTPS_PROXY, HTTP_PROXY and NO_PROXY). */
  dispatcher: Dispatcher;
  /** The run's signal: its deadline and the runner's stop cut every request and every wait. */
  signal: AbortSignal;
  logger: Logger;
  userAgent: string;
  sleep?: Sleep;
  now?: () => number;
}

/** GitHub refused or failed a request; `status` is its HTTP status (0 when there was no answer). */
export class GitHubError extends Error {
  override name = 'GitHubError';
  readonly status: number;

  constructor(message: string, status: number, options?: { cause?: unknown }) {
    super(message, options);
    this.status = status;
  }

  /**
   * A refusal the action falls back from: the token may not do this (403: a fork's read-only token, or
   * `permissions:` without the scope) or cannot see the resource (404).
   */
  get refused(): boolean {
    return this.status === 403 || this.status === 404;
  }
}

/** GITHUB_API_URL must be https, or plain http only to this machine: a token goes in every request's header. */
export function checkGitHubApiUrl(apiUrl: string): void {
  const url = new URL(apiUrl);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new Error(
      `GITHUB_API_URL (${apiUrl}) must be https: the token is sent in every request's Authorization header.`,
    );
  }
}

/**
 * `@octokit/core` on the project's own undici dispatcher, so one proxy setting serves both the service and
 * GitHub; with no `token`, each request brings its own authorization. Nothing is logged through octokit.
 */
export async function octokitOn(
  options: Pick<GitHubClientOptions, 'apiUrl' | 'dispatcher' | 'signal' | 'userAgent'> & { token?: string },
): Promise<Octokit> {
  const [{ Octokit: Client }, { fetch: undiciFetch }] = await Promise.all([
    import('@octokit/core'),
    loadUndici(),
  ]);
  const dispatcher = options.dispatcher;
  return new Client({
    ...(options.token === undefined ? {} : { auth: options.token }),
    baseUrl: options.apiUrl.replace(/\/+$/, ''),
    userAgent: options.userAgent,
    request: {
      fetch: (input: string | URL, init?: RequestInit) =>
        undiciFetch(input, { ...init, dispatcher } as Parameters<typeof undiciFetch>[1]),
      signal: options.signal,
    },
    log: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
  });
}

/**
 * The action's GitHub client: `@octokit/core` (the requests the action makes, typed by GitHub's OpenAPI
 * description) on the project's own undici dispatcher, so one proxy setting serves both the service and GitHub.
 * It waits out GitHub's secondary rate limits within the run's deadline, sends one request at a time, and
 * turns every failure into a GitHubError whose message never holds the token.
 */
export class GitHubClient {
  /** Loaded with the first request: a run without a token, or refused before any, never compiles octokit. */
  #octokit: Promise<Octokit> | undefined;
  readonly #options: GitHubClientOptions;
  readonly #sleep: Sleep;
  readonly #now: () => number;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: GitHubClientOptions) {
    checkGitHubApiUrl(options.apiUrl);
    this.#options = options;
    this.#sleep = options.sleep ?? realSleep;
    this.#now = options.now ?? Date.now;
  }

  #client(): Promise<Octokit> {
    this.#octokit ??= this.#createOctokit();
    return this.#octokit;
  }

  #createOctokit(): Promise<Octokit> {
    const { token, apiUrl, userAgent, dispatcher, signal } = this.#options;
    return octokitOn({ token, apiUrl, userAgent, dispatcher, signal });
  }

  /** One request, after the ones before it have ended: GitHub asks integrations not to send bursts. */
  request(route: Route, parameters?: RequestParameters): Promise<OctokitResponse<unknown>> {
    return this.#enqueue(() => this.#send(route, parameters));
  }

  /**
   * One GraphQL document (`{GITHUB_API_URL}/graphql`, or `/api/graphql` on GitHub Enterprise Server), in the same
   * queue. GitHub answers errors with HTTP 200 and an `errors` array: those become a GitHubError too, 403 for
   * `FORBIDDEN` (what the workflow's token gets for resolveReviewThread) and 404 for `NOT_FOUND`.
   */
  graphql<T>(document: string, variables: Record<string, unknown>): Promise<T> {
    return this.#enqueue(async () => {
      this.#options.signal.throwIfAborted();
      try {
        const octokit = await this.#client();
        return await octokit.graphql<T>(document, {
          ...variables,
          request: { signal: this.#options.signal },
        });
      } catch (error) {
        throw this.#wrapGraphql(error);
      }
    });
  }

  #enqueue<T>(send: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(send, send);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  #wrapGraphql(error: unknown): GitHubError {
    const errors = (error as { errors?: unknown } | null)?.errors;
    if (!Array.isArray(errors)) return this.#wrap('POST /graphql', error);
    const first = (errors[0] ?? {}) as { type?: unknown; message?: unknown };
    const status = first.type === 'FORBIDDEN' ? 403 : first.type === 'NOT_FOUND' ? 404 : 422;
    const said = typeof first.message === 'string' ? first.message : 'GraphQL error';
    const token = this.#options.token;
    return new GitHubError(`POST /graphql failed: ${token ? said.replaceAll(token, '***') : said}`, status);
  }

  /** Every item of a list, page by page (100 a page), following GitHub's `Link` header. */
  async listAll<T>(route: Route, parameters: RequestParameters = {}): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const response = await this.request(route, { ...parameters, per_page: PER_PAGE, page });
      const data = response.data as T[];
      items.push(...data);
      const link = response.headers.link ?? '';
      if (!/rel="next"/.test(link) || data.length === 0) return items;
    }
    throw new GitHubError(`${route}: more than ${MAX_PAGES} pages; the list was not read to its end`, 0);
  }

  async #send(route: Route, parameters: RequestParameters = {}): Promise<OctokitResponse<unknown>> {
    for (let waits = 0; ; waits++) {
      this.#options.signal.throwIfAborted();
      try {
        const octokit = await this.#client();
        return await octokit.request(route, {
          ...parameters,
          request: { signal: this.#options.signal },
        });
      } catch (error) {
        const wait = waitAskedByMs(error, this.#now, waits);
        if (wait === undefined || waits >= MAX_RATE_LIMIT_WAITS) throw this.#wrap(route, error);
        this.#options.logger.info(
          `GitHub asked the action to slow down (${route}); waiting ${Math.ceil(wait / 1000)} s before trying again.`,
        );
        try {
          await this.#sleep(wait, this.#options.signal);
        } catch {
          throw this.#wrap(route, error);
        }
      }
    }
  }

  #wrap(route: Route, error: unknown): GitHubError {
    const token = this.#options.token;
    const hide = (text: string): string => (token ? text.replaceAll(token, '***') : text);
    if (error instanceof RequestError) {
      return new GitHubError(
        hide(`${route} failed with ${error.status}: ${refusalMessageOf(error)}`),
        error.status,
      );
    }
    const reason = error instanceof Error ? error.message : String(error);
    return new GitHubError(hide(`${route} failed: ${reason}`), 0);
  }
}
