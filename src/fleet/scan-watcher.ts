import {
  AuthError,
  PollTimeoutError,
  RateLimitError,
  classifyScanStatus,
  type Logger,
  type Now,
  type ServiceClient,
  type Sleep,
  type WaitOptions,
} from '../client/index.ts';
import { abortedError } from '../client/errors.ts';
import type { Scan } from '../client/types.ts';
import type { ScanWatcher } from '../run/run-context.ts';
import { nextPollDelayMs } from './poll-schedule.ts';
import { messageOf } from './error-text.ts';

/**
 * Page size asked of a round's `GET /scans` (the spec gives no maximum; a service that allows fewer says so in
 * the page's `limit`, and the round goes on from what it got).
 */
const WATCH_PAGE_SIZE = 200;
/** Pages a round reads at most before it asks for the scans it has not seen one by one. */
const WATCH_PAGES_PER_ROUND = 3;

export interface ScanWatcherOptions {
  client: Pick<ServiceClient, 'listScans' | 'getScan'>;
  log: Logger;
  now: Now;
  sleep: Sleep;
  /** The schedule's first interval; rounds are never closer together than this. */
  firstIntervalMs: number;
  pagesPerRound?: number | undefined;
  pageSize?: number | undefined;
  /**
   * The fleet's deadline and stop: a round's requests take it, so a request in flight (a service that never
   * answers, a Retry-After of a day holding the client) is cut with them, and nothing is left to hold the process.
   */
  signal?: AbortSignal | undefined;
}

interface Watch {
  readonly id: string;
  readonly endsAt: number;
  /** Polls that found it running. */
  polls: number;
  dueAt: number;
  lastStatus: string | undefined;
  readonly onUpdate: ((scan: Scan) => void) | undefined;
  readonly settle: (outcome: { scan: Scan } | { error: unknown }) => void;
}

/**
 * One watcher for every scan a fleet has in flight. Each polling round reads `GET /scans` pages (newest first,
 * as the service lists them: the spec gives no order, and this is the order assumed) until every scan in flight
 * has been seen or `pagesPerRound` pages were read, then asks `GET /scans/{id}` for those still unseen that are
 * due. A round runs when the earliest scan is due on the schedule, and refreshes every scan it sees.
 */
export class FleetScanWatcher implements ScanWatcher {
  readonly #options: ScanWatcherOptions;
  readonly #watches = new Map<string, Watch>();
  #running = false;
  #wake = new AbortController();
  #lastRoundAt = Number.NEGATIVE_INFINITY;

  constructor(options: ScanWatcherOptions) {
    this.#options = options;
  }

  /** Resolves with the scan once it ends; `intervalMs` is the fleet's schedule's, not the caller's. */
  waitForScan(id: string, options: WaitOptions<Scan> = {}): Promise<Scan> {
    const { now, firstIntervalMs } = this.#options;
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(abortedError(`Waiting for scan ${id}`, signal.reason));
    return new Promise<Scan>((resolve, reject) => {
      const onAbort = (): void => {
        watch.settle({ error: abortedError(`Waiting for scan ${id}`, signal?.reason) });
      };
      const watch: Watch = {
        id,
        polls: 0,
        endsAt: now() + (options.timeoutMs ?? Number.POSITIVE_INFINITY),
        dueAt: now() + (options.skipFirstFetch ? firstIntervalMs : 0),
        lastStatus: undefined,
        onUpdate: options.onUpdate,
        settle: (outcome) => {
          if (this.#watches.get(id) !== watch) return;
          this.#watches.delete(id);
          signal?.removeEventListener('abort', onAbort);
          if ('scan' in outcome) resolve(outcome.scan);
          else reject(outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error)));
        },
      };
      this.#watches.get(id)?.settle({ error: new Error(`scan ${id} is watched again`) });
      this.#watches.set(id, watch);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#wake.abort();
      if (!this.#running) {
        this.#running = true;
        void this.#run();
      }
    });
  }

  /** Scans being watched now. */
  get inFlight(): number {
    return this.#watches.size;
  }

  /** Runs rounds while any scan is watched; it stops in the same turn as it sees none (a new watch restarts it). */
  async #run(): Promise<void> {
    try {
      while (this.#watches.size > 0) {
        try {
          if (!(await this.#untilDue())) continue;
          this.#expire();
          await this.#round();
          this.#lastRoundAt = this.#options.now();
        } catch (error) {
          // Never left unhandled: a fault of the loop itself ends every wait with it.
          for (const watch of [...this.#watches.values()]) watch.settle({ error });
        }
      }
    } finally {
      this.#running = false;
    }
  }

  /** Sleeps until the next round is due; false when a new scan woke it first (the schedule is looked at again). */
  async #untilDue(): Promise<boolean> {
    const { now, sleep, firstIntervalMs } = this.#options;
    this.#wake = new AbortController();
    const earliest = Math.min(
      ...[...this.#watches.values()].map((watch) => Math.min(watch.dueAt, watch.endsAt)),
    );
    const waitMs = Math.max(earliest, this.#lastRoundAt + firstIntervalMs) - now();
    if (waitMs <= 0) return true;
    try {
      await sleep(waitMs, this.#wake.signal);
      return true;
    } catch {
      return false;
    }
  }

  /** Ends the waits whose deadline has passed, naming the last status seen. */
  #expire(): void {
    const at = this.#options.now();
    for (const watch of [...this.#watches.values()]) {
      if (at < watch.endsAt) continue;
      const status = watch.lastStatus ?? 'unknown';
      const message = `Timed out waiting for scan ${watch.id} to finish; last status: ${status}`;
      watch.settle({ error: new PollTimeoutError(message, status) });
    }
  }

  async #round(): Promise<void> {
    const unseen = await this.#readListPages();
    const at = this.#options.now();
    const due = [...unseen]
      .map((id) => this.#watches.get(id))
      .filter((watch): watch is Watch => watch !== undefined && watch.dueAt <= at);
    await Promise.all(due.map((watch) => this.#readOne(watch)));
  }

  /**
   * Reads pages of `GET /scans` while more than one scan in flight is unseen (for one, its own read costs the
   * same) and returns the ids not seen. A page that cannot be read leaves its scans to their own reads.
   */
  async #readListPages(): Promise<Set<string>> {
    const { client, log } = this.#options;
    const pageSize = this.#options.pageSize ?? WATCH_PAGE_SIZE;
    const pages = this.#options.pagesPerRound ?? WATCH_PAGES_PER_ROUND;
    const unseen = new Set(this.#watches.keys());
    let offset = 0;
    for (let page = 0; page < pages && unseen.size > 1; page++) {
      let listed: Awaited<ReturnType<typeof client.listScans>>;
      try {
        listed = await client.listScans({ limit: pageSize, offset }, { signal: this.#options.signal });
      } catch (error) {
        if (error instanceof AuthError) throw error;
        log.debug(`Listing the scans failed (${messageOf(error)}); each scan in flight is read on its own.`);
        break;
      }
      for (const scan of listed.items) if (unseen.delete(scan.id)) this.#seen(scan);
      offset += listed.items.length;
      if (listed.items.length === 0 || offset >= listed.total) break;
    }
    return unseen;
  }

  async #readOne(watch: Watch): Promise<void> {
    try {
      this.#seen(await this.#options.client.getScan(watch.id, { signal: this.#options.signal }));
    } catch (error) {
      // A rate limit is only a wait (the client holds every request meanwhile); anything else ends this wait.
      if (error instanceof RateLimitError) watch.dueAt = this.#options.now() + this.#options.firstIntervalMs;
      else watch.settle({ error });
    }
  }

  #seen(scan: Scan): void {
    const watch = this.#watches.get(scan.id);
    if (watch === undefined) return;
    watch.lastStatus = scan.status;
    watch.onUpdate?.(scan);
    if (classifyScanStatus(scan.status) !== 'running') {
      watch.settle({ scan });
      return;
    }
    watch.polls++;
    watch.dueAt = this.#options.now() + nextPollDelayMs(watch.polls, this.#options.firstIntervalMs);
  }
}
