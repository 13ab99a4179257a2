import type { RecordedCall } from './call-log.ts';
import type { EmulatorClock } from './clock.ts';
import type { RequestValidator } from './request-validator.ts';
import type { Route } from './routes.ts';
import type { SecondaryRateLimiter } from './secondary-rate-limit.ts';
import type { Store } from './store.ts';
import type { TokenPermissions } from './token-permissions.ts';

/** Everything the server, the control endpoint and the in-process handle share. */
export interface EmulatorState {
  store: Store;
  /** The time every answer, token and limit reads; tests move it forward. */
  readonly clock: EmulatorClock;
  permissions: TokenPermissions;
  readonly token: string;
  readonly serverUrl: string;
  readonly routes: readonly Route[];
  readonly validator: RequestValidator;
  readonly secondaryRateLimit: SecondaryRateLimiter;
  readonly calls: RecordedCall[];
  /** GraphQL's `viewer` answers FORBIDDEN, as for a token GitHub names no account for. */
  viewerRefused: boolean;
  /** Added to every API request before it is handled; 0 for none. */
  readonly latencyMs: number;
  /** Replaces the store with one made from a seed. */
  reseed(seed: unknown): void;
}
