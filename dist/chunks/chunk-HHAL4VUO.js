import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  RequestError
} from "./chunk-UTXIXAY2.js";
import {
  parseRetryAfter,
  realSleep
} from "./chunk-BBYHN6AK.js";
import {
  isLoopbackHost,
  loadUndici
} from "./chunk-4FZBDBB5.js";

// src/github/rate-limit-answer.ts
var DEFAULT_WAIT_MS = 6e4;
var MAX_DEFAULT_WAIT_MS = 15 * 6e4;
function headerText(headers, name) {
  const value = headers[name];
  return typeof value === "string" || typeof value === "number" ? String(value) : void 0;
}
function headerCount(headers, name) {
  const text = headerText(headers, name)?.trim();
  return text !== void 0 && /^\d+$/.test(text) ? Number(text) : void 0;
}
function budgetOf(headers) {
  const limit = headerCount(headers, "x-ratelimit-limit");
  const remaining = headerCount(headers, "x-ratelimit-remaining");
  const reset = headerCount(headers, "x-ratelimit-reset");
  if (limit === void 0 || remaining === void 0 || reset === void 0 || limit === 0) return void 0;
  return { limit, remaining: Math.min(remaining, limit), resetAt: reset * 1e3 };
}
var SECONDARY_LIMIT_MESSAGE = /secondary rate limit|abuse detection/i;
function rateLimitWaitMs(status, headers, message, now, waitsMade = 0) {
  if (status !== 403 && status !== 429) return void 0;
  const retryAfter = parseRetryAfter(headerText(headers, "retry-after"), now);
  if (retryAfter !== void 0) return retryAfter;
  if (headerCount(headers, "x-ratelimit-remaining") === 0) {
    const reset = headerCount(headers, "x-ratelimit-reset");
    if (reset !== void 0) return Math.max(0, reset * 1e3 - now());
  }
  if (status === 429 || SECONDARY_LIMIT_MESSAGE.test(message))
    return Math.min(DEFAULT_WAIT_MS * 2 ** waitsMade, MAX_DEFAULT_WAIT_MS);
  return void 0;
}
function tokenExpiryOf(headers) {
  const text = headerText(headers, "github-authentication-token-expiration")?.trim();
  const match = text && /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})\s*(UTC|Z|[+-]\d{2}:?\d{2})$/i.exec(text);
  if (!match) return void 0;
  const [, day, time, zone = ""] = match;
  const offset = /^(UTC|Z)$/i.test(zone) ? "Z" : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const at = Date.parse(`${day ?? ""}T${time ?? ""}${offset}`);
  return Number.isNaN(at) ? void 0 : at;
}
function refusalMessageOf(error) {
  const body = error.response?.data;
  return typeof body?.message === "string" ? body.message : error.message;
}
function waitAskedByMs(error, now, waitsMade = 0) {
  if (!(error instanceof RequestError)) return void 0;
  return rateLimitWaitMs(
    error.status,
    error.response?.headers ?? {},
    refusalMessageOf(error),
    now,
    waitsMade
  );
}

// src/github/github-client.ts
var MAX_RATE_LIMIT_WAITS = 3;
var PER_PAGE = 100;
var MAX_PAGES = 100;
var GitHubError = class extends Error {
  name = "GitHubError";
  status;
  constructor(message, status, options) {
    super(message, options);
    this.status = status;
  }
  /**
   * A refusal the action falls back from: the token may not do this (403: a fork's read-only token, or
   * `permissions:` without the scope) or cannot see the resource (404).
   */
  get refused() {
    return this.status === 403 || this.status === 404;
  }
};
function checkGitHubApiUrl(apiUrl) {
  const url = new URL(apiUrl);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname))) {
    throw new Error(
      `GITHUB_API_URL (${apiUrl}) must be https: the token is sent in every request's Authorization header.`
    );
  }
}
async function octokitOn(options) {
  const [{ Octokit: Client }, { fetch: undiciFetch }] = await Promise.all([
    import("./dist-src-IEXDJS2N.js"),
    loadUndici()
  ]);
  const dispatcher = options.dispatcher;
  return new Client({
    ...options.token === void 0 ? {} : { auth: options.token },
    baseUrl: options.apiUrl.replace(/\/+$/, ""),
    userAgent: options.userAgent,
    request: {
      fetch: (input, init) => undiciFetch(input, { ...init, dispatcher }),
      signal: options.signal
    },
    log: { debug: () => void 0, info: () => void 0, warn: () => void 0, error: () => void 0 }
  });
}
var GitHubClient = class {
  /** Loaded with the first request: a run without a token, or refused before any, never compiles octokit. */
  #octokit;
  #options;
  #sleep;
  #now;
  #queue = Promise.resolve();
  constructor(options) {
    checkGitHubApiUrl(options.apiUrl);
    this.#options = options;
    this.#sleep = options.sleep ?? realSleep;
    this.#now = options.now ?? Date.now;
  }
  #client() {
    this.#octokit ??= this.#createOctokit();
    return this.#octokit;
  }
  #createOctokit() {
    const { token, apiUrl, userAgent, dispatcher, signal } = this.#options;
    return octokitOn({ token, apiUrl, userAgent, dispatcher, signal });
  }
  /** One request, after the ones before it have ended: GitHub asks integrations not to send bursts. */
  request(route, parameters) {
    return this.#enqueue(() => this.#send(route, parameters));
  }
  /**
   * One GraphQL document (`{GITHUB_API_URL}/graphql`, or `/api/graphql` on GitHub Enterprise Server), in the same
   * queue. GitHub answers errors with HTTP 200 and an `errors` array: those become a GitHubError too, 403 for
   * `FORBIDDEN` (what the workflow's token gets for resolveReviewThread) and 404 for `NOT_FOUND`.
   */
  graphql(document, variables) {
    return this.#enqueue(async () => {
      this.#options.signal.throwIfAborted();
      try {
        const octokit = await this.#client();
        return await octokit.graphql(document, {
          ...variables,
          request: { signal: this.#options.signal }
        });
      } catch (error) {
        throw this.#wrapGraphql(error);
      }
    });
  }
  #enqueue(send) {
    const run = this.#queue.then(send, send);
    this.#queue = run.catch(() => void 0);
    return run;
  }
  #wrapGraphql(error) {
    const errors = error?.errors;
    if (!Array.isArray(errors)) return this.#wrap("POST /graphql", error);
    const first = errors[0] ?? {};
    const status = first.type === "FORBIDDEN" ? 403 : first.type === "NOT_FOUND" ? 404 : 422;
    const said = typeof first.message === "string" ? first.message : "GraphQL error";
    const token = this.#options.token;
    return new GitHubError(`POST /graphql failed: ${token ? said.replaceAll(token, "***") : said}`, status);
  }
  /** Every item of a list, page by page (100 a page), following GitHub's `Link` header. */
  async listAll(route, parameters = {}) {
    const items = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const response = await this.request(route, { ...parameters, per_page: PER_PAGE, page });
      const data = response.data;
      items.push(...data);
      const link = response.headers.link ?? "";
      if (!/rel="next"/.test(link) || data.length === 0) return items;
    }
    throw new GitHubError(`${route}: more than ${MAX_PAGES} pages; the list was not read to its end`, 0);
  }
  async #send(route, parameters = {}) {
    for (let waits = 0; ; waits++) {
      this.#options.signal.throwIfAborted();
      try {
        const octokit = await this.#client();
        return await octokit.request(route, {
          ...parameters,
          request: { signal: this.#options.signal }
        });
      } catch (error) {
        const wait = waitAskedByMs(error, this.#now, waits);
        if (wait === void 0 || waits >= MAX_RATE_LIMIT_WAITS) throw this.#wrap(route, error);
        this.#options.logger.info(
          `GitHub asked the action to slow down (${route}); waiting ${Math.ceil(wait / 1e3)} s before trying again.`
        );
        try {
          await this.#sleep(wait, this.#options.signal);
        } catch {
          throw this.#wrap(route, error);
        }
      }
    }
  }
  #wrap(route, error) {
    const token = this.#options.token;
    const hide = (text) => token ? text.replaceAll(token, "***") : text;
    if (error instanceof RequestError) {
      return new GitHubError(
        hide(`${route} failed with ${error.status}: ${refusalMessageOf(error)}`),
        error.status
      );
    }
    const reason = error instanceof Error ? error.message : String(error);
    return new GitHubError(hide(`${route} failed: ${reason}`), 0);
  }
};

export {
  budgetOf,
  tokenExpiryOf,
  refusalMessageOf,
  waitAskedByMs,
  GitHubError,
  checkGitHubApiUrl,
  octokitOn,
  GitHubClient
};
//# sourceMappingURL=chunk-HHAL4VUO.js.map
