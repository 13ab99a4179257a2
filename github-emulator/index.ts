import { CONTROL_PREFIX } from '../emulator-kit/control.ts';
import { listen, type Listening } from '../emulator-kit/server.ts';
import type { RecordedCall } from './call-log.ts';
import {
  addApps,
  installationReports,
  setInstallationLimits,
  type InstallationLimits,
  type InstallationReport,
} from './apps/apps-control.ts';
import type { SeedApp } from './apps/app-seed.ts';
import { EmulatorClock } from './clock.ts';
import type { CodeScanningSettings } from './code-scanning/code-scanning-state.ts';
import { readPermissions } from './control.ts';
import type { EmulatorState } from './emulator-state.ts';
import { loadOperations } from './operations.ts';
import { pushToPull } from './pull-push.ts';
import { renderState } from './render.ts';
import { createRequestValidator } from './request-validator.ts';
import { buildRoutes } from './routes.ts';
import { SecondaryRateLimiter, type SecondaryRateLimit } from './secondary-rate-limit.ts';
import { DEFAULT_SEED, type GitHubSeed } from './seed.ts';
import { readSeed } from './seed-schema.ts';
import { createGitHubServer, GHES_PREFIX } from './server.ts';
import { snapshotOf, type StateSnapshot } from './state-snapshot.ts';
import { Store } from './store.ts';
import { permissionsOf, type TokenMode, type TokenPermissions } from './token-permissions.ts';
import { USER_LOGIN } from './tokens.ts';

/** The programmatic entry: tests and the demo start a GitHub API emulator with `startGitHubEmulator`. */

export interface GitHubEmulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Default: DEFAULT_SEED (octo-org/webapp with pull request 7). */
  seed?: GitHubSeed;
  /** The token clients must send (default DEFAULT_TOKEN). */
  token?: string;
  /** A preset (default `full`) or explicit permissions. */
  tokenMode?: TokenMode | Partial<TokenPermissions>;
  secondaryRateLimit?: SecondaryRateLimit;
  /** Where `html_url`s point (default https://github.com). */
  serverUrl?: string;
  /**
   * The clock (default: the real time) of timestamps, token expiry, JWT checks and the installations' limits;
   * `advanceClock` moves the emulator's time forward from it.
   */
  now?: () => Date;
  /** Every API request waits this long before it is handled, as a distant GitHub would (benchmarks). */
  latencyMs?: number;
  /** GraphQL's `viewer` answers FORBIDDEN (default false): GitHub names no account for the token. */
  viewerRefused?: boolean;
  /** Unexpected errors (default: stderr). */
  log?: (line: string) => void;
}

export interface GitHubEmulator {
  /** `http://host:port` */
  readonly origin: string;
  /** The API root, like https://api.github.com: what GITHUB_API_URL is set to (here the origin). */
  readonly baseUrl: string;
  /** The same as `baseUrl`. */
  readonly url: string;
  /** The same API under `/api/v3`, as GitHub Enterprise Server serves it. */
  readonly ghesUrl: string;
  readonly controlUrl: string;
  readonly port: number;
  readonly token: string;
  /** Every API call so far, oldest first, the token's value redacted. */
  calls(): RecordedCall[];
  clearCalls(): void;
  setTokenMode(mode: TokenMode | Partial<TokenPermissions>): void;
  /** The next `count` API requests answer a secondary rate limit; undefined turns it off. */
  setSecondaryRateLimit(limit: SecondaryRateLimit | undefined): void;
  /** Whether GraphQL's `viewer` answers FORBIDDEN rather than the token's account. */
  setViewerRefused(refused: boolean): void;
  /** Code scanning's behaviour: Advanced Security, processing (polls pending, failure), delegated dismissal. */
  setCodeScanning(settings: Partial<CodeScanningSettings>): void;
  /**
   * A reviewer (default `monalisa`) approves every pending dismissal request: each alert is dismissed by its
   * requester, as on GitHub. Answers how many were approved.
   */
  approveDismissalRequests(reviewer?: string): number;
  /** A push to a pull request's branch: its head moves to `sha`, with `files` at that commit; the rest stays. */
  pushToPull(repository: string, number: number, sha: string, files?: Readonly<Record<string, string>>): void;
  /** Starts afresh from a seed; recorded calls stay. */
  seed(seed: GitHubSeed): void;
  /** Adds GitHub Apps (or replaces those with the same id) beside the seeded repositories. */
  addApps(apps: readonly SeedApp[]): void;
  /** Each installation's counters: requests, content-creating requests, refusals, tokens, the budget now. */
  installations(): InstallationReport[];
  /** An installation's hourly budget (null: GitHub's rule), requests already used, content-creation limits. */
  setInstallationLimits(installationId: number, limits: InstallationLimits): void;
  /** Moves the emulator's clock forward: tokens expire, JWTs age, rate-limit windows pass. */
  advanceClock(seconds: number): void;
  /** The emulator's time now. */
  now(): Date;
  /** Check runs (with every annotation), comments, reviews and review comments as GitHub would return them. */
  state(): StateSnapshot;
  /** What GitHub would show, as plain text. */
  render(): string;
  /** Closes every connection; the same promise on every call. */
  close(): Promise<void>;
}

export const DEFAULT_TOKEN = 'ghs_emulatorToken0000000000000000000000';

export async function startGitHubEmulator(options: GitHubEmulatorOptions = {}): Promise<GitHubEmulator> {
  const state = initialState(options);
  const log = options.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const server = createGitHubServer(state, log);
  const listening = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  return emulatorOf(state, listening);
}

function initialState(options: GitHubEmulatorOptions): EmulatorState {
  const clock = new EmulatorClock(options.now ?? (() => new Date()));
  const now = (): string => clock.iso();
  // The built-in seed is known good: skipping its check saves compiling the seed schema at start-up.
  const makeStore = (seed: unknown): Store =>
    new Store(seed === DEFAULT_SEED ? DEFAULT_SEED : readSeed(seed), now, () => clock.nowMs());
  const state: EmulatorState = {
    store: makeStore(options.seed ?? DEFAULT_SEED),
    clock,
    permissions: permissionsFrom(options.tokenMode ?? 'full'),
    token: options.token ?? DEFAULT_TOKEN,
    serverUrl: (options.serverUrl ?? 'https://github.com').replace(/\/$/, ''),
    routes: buildRoutes(loadOperations().values()),
    validator: createRequestValidator(),
    secondaryRateLimit: new SecondaryRateLimiter(),
    calls: [],
    latencyMs: options.latencyMs ?? 0,
    viewerRefused: options.viewerRefused ?? false,
    reseed: (seed) => {
      state.store = makeStore(seed);
    },
  };
  state.secondaryRateLimit.set(options.secondaryRateLimit);
  return state;
}

function emulatorOf(state: EmulatorState, listening: Listening): GitHubEmulator {
  const { origin } = listening;
  return {
    origin,
    baseUrl: origin,
    url: origin,
    ghesUrl: `${origin}${GHES_PREFIX}`,
    controlUrl: `${origin}${CONTROL_PREFIX}`,
    port: listening.port,
    token: state.token,
    calls: () => [...state.calls],
    clearCalls: () => {
      state.calls.length = 0;
    },
    setTokenMode: (mode) => {
      state.permissions = permissionsFrom(mode);
    },
    setSecondaryRateLimit: (limit) => {
      state.secondaryRateLimit.set(limit);
    },
    setViewerRefused: (refused) => {
      state.viewerRefused = refused;
    },
    setCodeScanning: (settings) => {
      const scanning = state.store.codeScanning;
      scanning.settings = { ...scanning.settings, ...settings };
    },
    approveDismissalRequests: (reviewer = USER_LOGIN) =>
      state.store.codeScanning.approveDismissalRequests(reviewer),
    pushToPull: (repository, number, sha, files) => {
      pushToPull(state.store, repository, number, sha, files);
    },
    seed: (seed) => {
      state.reseed(seed);
    },
    ...appsHandle(state),
    state: () => snapshotOf(state.store, { apiUrl: origin, serverUrl: state.serverUrl }),
    render: () => renderState(state.store),
    close: () => listening.close(),
  };
}

/** The handle's methods for Apps, installations and the clock. */
function appsHandle(
  state: EmulatorState,
): Pick<GitHubEmulator, 'addApps' | 'installations' | 'setInstallationLimits' | 'advanceClock' | 'now'> {
  return {
    addApps: (apps) => {
      addApps(state, { apps });
    },
    installations: () => installationReports(state),
    setInstallationLimits: (installationId, limits) => {
      setInstallationLimits(state, { installation_id: installationId, ...limits });
    },
    advanceClock: (seconds) => {
      state.clock.advance(seconds);
    },
    now: () => new Date(state.clock.nowMs()),
  };
}

function permissionsFrom(mode: TokenMode | Partial<TokenPermissions>): TokenPermissions {
  return typeof mode === 'string' ? permissionsOf(mode) : readPermissions({ permissions: mode });
}

export type { GitHubSeed, RecordedCall, SecondaryRateLimit, StateSnapshot, TokenMode, TokenPermissions };
export { DEFAULT_REPOSITORY, DEFAULT_SEED } from './seed.ts';
export { TOKEN_MODES } from './token-permissions.ts';
export { TOKEN_USER } from './users.ts';
export { APP_LOGIN, APP_TOKEN, USER_LOGIN, USER_TOKEN } from './tokens.ts';
export type { CodeScanningSettings, InstallationLimits, InstallationReport, SeedApp };
