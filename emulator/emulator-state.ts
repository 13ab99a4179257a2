import type { ServiceClock } from './clock.ts';
import type { FaultInjector } from './faults.ts';
import type { PendingTimers } from './pending-timers.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { Stats } from './stats.ts';
import type { Store } from './store.ts';

/** Everything a running emulator holds. Loading a scenario swaps the store; the rest lives as long as the server. */
export interface EmulatorState {
  store: Store;
  readonly clock: ServiceClock;
  readonly stats: Stats;
  readonly faults: FaultInjector;
  readonly rateLimiter: RateLimiter;
  readonly timers: PendingTimers;
  /** The `Retry-After` (seconds) of a running scan's GET; undefined: none. */
  readonly pollRetryAfterSeconds: number | undefined;
  /** Loads a scenario (a bundled name, a path or an object) into a fresh store. */
  readonly loadScenario: (source: unknown, findings?: number) => Promise<void>;
  /** The secret of the scenario's ready key. */
  readonly readyKey: () => string;
}
