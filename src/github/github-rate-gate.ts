import { RequestError } from '@octokit/request-error';
import type { EndpointOptions, OctokitResponse, RequestInterface } from '@octokit/types';
import type { Now, Sleep } from '../client/clock.ts';
import type { Logger } from '../client/logger.ts';
import { GitHubError } from './github-client.ts';
import { GitHubPacer, isContentCreating } from './github-pacer.ts';
import { budgetOf, waitAskedByMs, type AnswerHeaders } from './rate-limit-answer.ts';

/** Secondary limits waited out for one request before it fails (each wait within the deadline). */
const MAX_RATE_LIMIT_WAITS = 5;

/**
 * A request GitHub's limits let go only after the deadline (or that GitHub asked to hold until after it): it was
 * not sent, and nothing about the repository is known from it. A caller reports it as pending, never as failed.
 */
export class GitHubDeferredError extends GitHubError {
  override name = 'GitHubDeferredError';
  /** When the request could have gone (epoch milliseconds). */
  readonly opensAt: number;

  constructor(message: string, opensAt: number) {
    super(message, 0);
    this.opensAt = opensAt;
  }
}

export interface GitHubRateGateOptions {
  /** When the night ends (epoch milliseconds): no request is held past it, and budgets are spread up to it. */
  deadline: number;
  now: Now;
  sleep: Sleep;
  logger: Logger;
}

/**
 * The one gate every GitHub request of a process passes, whichever credentials it carries: each budget (an
 * installation, a token, the App) sends one request at a time, as GitHub asks of integrations, at the times the
 * pacer (github-pacer.ts) gives; every answer's `x-ratelimit-*` headers are read, and a secondary limit or a spent
 * budget is waited out within the deadline, holding every request of that budget meanwhile.
 */
export class GitHubRateGate {
  readonly #options: GitHubRateGateOptions;
  readonly #pacer: GitHubPacer;
  readonly #queues = new Map<string, Promise<unknown>>();

  constructor(options: GitHubRateGateOptions) {
    this.#options = options;
    this.#pacer = new GitHubPacer(options.deadline);
  }

  /**
   * Sends through the gate on budget `key`: `send` is called (again after a rate-limit wait) when its turn comes.
   * A content-creating request waits for its pace outside the budget's line, so that the reads behind it (the
   * next repositories' heads and policies) are never held for minutes behind a paced upload.
   */
  async pass<T extends { headers: AnswerHeaders }>(
    key: string,
    method: string,
    signal: AbortSignal,
    send: () => Promise<T>,
  ): Promise<T> {
    if (!isContentCreating(method))
      return this.#inLine(key, () => this.#sendPaced(key, method, signal, send));
    for (;;) {
      await this.#waitForTurn(key, method, signal);
      const sent = await this.#inLine(key, async () =>
        this.#opensLater(key, method) ? undefined : this.#sendPaced(key, method, signal, send),
      );
      if (sent !== undefined) return sent;
    }
  }

  /** `turn` once the budget's requests before it have ended: one request at a time per budget. */
  #inLine<T>(key: string, turn: () => Promise<T>): Promise<T> {
    const run = (this.#queues.get(key) ?? Promise.resolve()).then(turn, turn);
    this.#queues.set(
      key,
      run.catch(() => undefined),
    );
    return run;
  }

  /** Whether the pace lets the request go only later than now (another took its turn meanwhile). */
  #opensLater(key: string, method: string): boolean {
    const now = this.#options.now();
    return this.#pacer.opensAt(key, method, now) > now;
  }

  /**
   * An octokit request function whose every request passes the gate on budget `key` (for `@octokit/auth-app`'s
   * own requests), cut by `signal` unless the request brings its own.
   */
  requestOn(request: RequestInterface, key: string, signal: AbortSignal): RequestInterface {
    return request.defaults({
      request: {
        hook: (send: RequestInterface, options: EndpointOptions) => {
          const own = (options.request as { signal?: AbortSignal } | undefined)?.signal;
          const cut = own ?? signal;
          return this.pass<OctokitResponse<unknown>>(key, options.method, cut, () =>
            send({ ...options, request: { ...options.request, signal: cut } }),
          );
        },
      },
    });
  }

  async #sendPaced<T extends { headers: AnswerHeaders }>(
    key: string,
    method: string,
    signal: AbortSignal,
    send: () => Promise<T>,
  ): Promise<T> {
    for (let waits = 0; ; waits++) {
      await this.#waitForTurn(key, method, signal);
      this.#pacer.sent(key, method, this.#options.now());
      try {
        const answer = await send();
        this.#pacer.answered(key, method, this.#options.now());
        this.#pacer.observed(key, budgetOf(answer.headers));
        return answer;
      } catch (error) {
        this.#pacer.answered(key, method, this.#options.now());
        if (error instanceof RequestError) this.#pacer.observed(key, budgetOf(error.response?.headers ?? {}));
        const wait = waitAskedByMs(error, this.#options.now, waits);
        if (wait === undefined || waits >= MAX_RATE_LIMIT_WAITS) throw error;
        this.#pacer.hold(key, this.#options.now() + wait);
        this.#options.logger.info(
          `GitHub asked to slow down (a ${method} request, ${key}); waiting ${Math.ceil(wait / 1000)} s before trying again.`,
        );
      }
    }
  }

  async #waitForTurn(key: string, method: string, signal: AbortSignal): Promise<void> {
    for (;;) {
      signal.throwIfAborted();
      const now = this.#options.now();
      const opensAt = this.#pacer.opensAt(key, method, now);
      if (opensAt <= now) return;
      if (opensAt > this.#options.deadline) {
        throw new GitHubDeferredError(
          `${method} not sent: GitHub's rate limits let it go only at ${new Date(opensAt).toISOString()}, after the deadline`,
          opensAt,
        );
      }
      await this.#options.sleep(opensAt - now, signal);
    }
  }
}
