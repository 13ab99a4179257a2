import type { Stats } from './stats.ts';
import type { Principal, Store } from './store.ts';

/** What an API handler gets, and what it answers. Handlers are synchronous: the store is in memory. */

interface FaultEffects {
  /** Set by the never-finish fault on `POST /scans`. */
  readonly neverFinish: boolean;
  /** Added to a page's total by the changing-total fault. */
  readonly totalDelta: number;
  /** Set by the ignore-filter fault: `GET /scans` lists every repository's scans. */
  readonly ignoreFilter: boolean;
  /** Set by the bare-scans fault: a scan is answered with the spec's fields alone. */
  readonly bareScans: boolean;
}

export interface RequestContext {
  readonly principal: Principal;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** The parsed JSON body; undefined when the request had none. */
  readonly body: unknown;
  readonly store: Store;
  /** Service time (ms) of this request: one instant for everything it computes. */
  readonly now: number;
  readonly stats: Stats;
  readonly faults: FaultEffects;
  /** The `Retry-After` (seconds) a poll of a scan still running gets; undefined: none. */
  readonly pollRetryAfterSeconds: number | undefined;
}

export interface Reply {
  readonly status: number;
  /** Serialized as JSON; absent for 204. */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export type Handler = (context: RequestContext) => Reply;

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const created = (body: unknown): Reply => ({ status: 201, body });
export const noContent = (): Reply => ({ status: 204 });
