import { CONTROL_PREFIX } from '../emulator-kit/control.ts';
import { listen, type Listening } from '../emulator-kit/server.ts';
import { withBenchRepository } from './bench-repository.ts';
import { createServiceClock, DEFAULT_TIME_SCALE } from './clock.ts';
import type { EmulatorState } from './emulator-state.ts';
import { FaultInjector, type FaultSpec, type FaultView } from './faults.ts';
import { FieldError, isObject } from './json-fields.ts';
import { PendingTimers } from './pending-timers.ts';
import { DEFAULT_RATE_LIMIT, RateLimiter, type RateLimit } from './rate-limiter.ts';
import { loadScenario, type ScenarioSource } from './scenario-loader.ts';
import { ScenarioError, type Scenario } from './scenario.ts';
import { createEmulatorServer } from './server.ts';
import { Stats, type StatsSnapshot } from './stats.ts';
import { Store } from './store.ts';
import { API_PREFIX } from './api-routes.ts';

/** The programmatic entry: tests, benchmarks and the demo start an emulator with `startEmulator`. */

export interface EmulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** A bundled name (`demo`, the default, or `e2e`), a path to a JSON file, or a scenario object. */
  scenario?: ScenarioSource;
  /** Real seconds per service second (default 0.01); 0 freezes service time (see `advanceTime`). */
  timeScale?: number;
  /**
   * The real clock in milliseconds that a time scale above 0 runs on (default performance.now). A test passes
   * one it moves itself, so that a time scale is tried without waiting for real time, whatever the machine's load.
   */
  realNow?: () => number;
  /** Seeds the fault generator and the `findings` generator (default 1). */
  seed?: number;
  /** Latency added to every API request: fixed, plus a uniform draw up to `jitterMs`. */
  latencyMs?: number;
  jitterMs?: number;
  faults?: FaultSpec[];
  /** Per key token bucket (default 10,000 per second, burst 20,000); false turns it off. */
  rateLimit?: RateLimit | false;
  /** Adds the repository `bench/large` with this many generated findings and one completed scan of it. */
  findings?: number;
  /** Default 65,000 ms. */
  keepAliveTimeoutMs?: number;
  /** Answers a poll of a scan still running with this `Retry-After` (seconds of real time); default: none. */
  pollRetryAfterSeconds?: number;
  /** Where unexpected errors are reported (default: stderr). */
  log?: (line: string) => void;
}

export interface ScenarioKeyInfo {
  id: string;
  name: string;
  role: string;
  organization_id: string;
  secret: string;
  active: boolean;
}

export interface Emulator {
  /** `http://host:port` */
  readonly origin: string;
  /** `origin` + `/api/v1`: what clients take as their base URL. */
  readonly baseUrl: string;
  /** `origin` + `/_emulator` */
  readonly controlUrl: string;
  readonly port: number;
  /** The secret of the scenario's ready key. */
  readonly apiKey: string;
  /** The loaded scenario's name. */
  readonly scenario: string;
  /** The scenario's keys with their secrets (keys created through the API are not included). */
  keys(): ScenarioKeyInfo[];
  /** Replaces every fault; a seed restarts the fault generator. */
  setFaults(faults: readonly FaultSpec[], options?: { seed?: number }): FaultView[];
  addFaults(faults: readonly FaultSpec[]): FaultView[];
  clearFaults(): void;
  faults(): FaultView[];
  stats(): StatsSnapshot;
  resetStats(): void;
  /** Moves service time forward: scans, analyses and remediations progress at once. */
  advanceTime(serviceSeconds: number): void;
  setTimeScale(scale: number): void;
  setRateLimit(limit: RateLimit | false): void;
  /** Starts afresh from another scenario; stats, faults and the clock stay. */
  loadScenario(source: ScenarioSource, options?: { findings?: number }): Promise<void>;
  /** Cancels pending timers and closes every connection; the same promise on every call. */
  close(): Promise<void>;
}

export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 65_000;

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const state = await initialState(options);
  const log = options.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const server = createEmulatorServer(state, {
    keepAliveTimeoutMs: options.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
    log,
  });
  const listening = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1', () => {
    state.timers.clear();
  });
  return emulatorOf(state, listening);
}

async function initialState(options: EmulatorOptions): Promise<EmulatorState> {
  const seed = options.seed ?? 1;
  const clock = createServiceClock(options.timeScale ?? DEFAULT_TIME_SCALE, options.realNow);
  const stats = new Stats();
  const faults = startupFaults(options, seed, stats);
  const build = async (source: unknown, findings: number | undefined): Promise<Store> => {
    let scenario: Scenario = await loadScenario(toSource(source));
    if (findings !== undefined) scenario = withBenchRepository(scenario, findings, seed);
    return new Store(scenario, () => clock.now());
  };

  const state: EmulatorState = {
    store: await build(options.scenario ?? 'demo', options.findings),
    clock,
    stats,
    faults,
    rateLimiter: new RateLimiter(
      options.rateLimit === false ? null : (options.rateLimit ?? { ...DEFAULT_RATE_LIMIT }),
    ),
    timers: new PendingTimers(),
    pollRetryAfterSeconds: options.pollRetryAfterSeconds,
    loadScenario: async (source, findings) => {
      state.store = await build(source, findings);
      state.rateLimiter.configure(state.rateLimiter.limit);
    },
    readyKey: () => readyKeySecret(state.store.scenario),
  };
  return state;
}

/** The latency options are a fault like any other, ahead of the faults given. */
function startupFaults(options: EmulatorOptions, seed: number, stats: Stats): FaultInjector {
  const faults = new FaultInjector(seed, (kind) => {
    stats.fault(kind);
  });
  const latency: FaultSpec[] = [];
  if ((options.latencyMs ?? 0) > 0 || (options.jitterMs ?? 0) > 0) {
    latency.push({
      kind: 'latency',
      latency_ms: options.latencyMs ?? 0,
      jitter_ms: options.jitterMs ?? 0,
    });
  }
  checked(() => faults.add([...latency, ...(options.faults ?? [])]));
  return faults;
}

function emulatorOf(state: EmulatorState, listening: Listening): Emulator {
  const { origin } = listening;
  const { clock, faults, stats } = state;
  return {
    origin,
    baseUrl: `${origin}${API_PREFIX}`,
    controlUrl: `${origin}${CONTROL_PREFIX}`,
    port: listening.port,
    get apiKey() {
      return state.readyKey();
    },
    get scenario() {
      return state.store.scenario.name;
    },
    keys: () => scenarioKeys(state.store.scenario),
    setFaults(specs, setOptions = {}) {
      const added = checked(() => faults.add(specs, { replace: true }));
      if (setOptions.seed !== undefined) faults.reseed(setOptions.seed);
      return added;
    },
    addFaults: (specs) => checked(() => faults.add(specs)),
    clearFaults: () => {
      faults.clear();
    },
    faults: () => faults.list(),
    stats: () => stats.snapshot(),
    resetStats: () => {
      stats.reset();
    },
    advanceTime: (seconds) => {
      clock.advance(seconds * 1000);
    },
    setTimeScale: (scale) => {
      clock.setTimeScale(scale);
    },
    setRateLimit: (limit) => {
      state.rateLimiter.configure(limit === false ? null : limit);
    },
    loadScenario: (source, loadOptions = {}) => state.loadScenario(source, loadOptions.findings),
    close: () => listening.close(),
  };
}

function scenarioKeys(scenario: Scenario): ScenarioKeyInfo[] {
  return scenario.keys.map((key) => ({
    id: key.id,
    name: key.name,
    role: key.role,
    organization_id: key.orgId,
    secret: key.secret,
    active: key.active,
  }));
}

function toSource(source: unknown): ScenarioSource {
  if (typeof source === 'string' || isObject(source)) return source;
  throw new ScenarioError('A scenario is a bundled name, a path to a JSON file, or a scenario object.');
}

function readyKeySecret(scenario: Scenario): string {
  return scenario.keys.find((key) => key.id === scenario.readyKeyId)?.secret ?? '';
}

/** Fault specs given in code get the same checks as JSON ones, reported as a RangeError. */
function checked(add: () => FaultView[]): FaultView[] {
  try {
    return add();
  } catch (error) {
    if (error instanceof FieldError)
      throw new RangeError(`Invalid fault: ${error.message}`, { cause: error });
    throw error;
  }
}

export type { FaultSpec, FaultView, RateLimit, ScenarioSource, StatsSnapshot };
export { FAULT_KINDS } from './faults.ts';
export { generateFindings, type GenerateSpec } from './generate.ts';
export { BENCH_FULL_NAME, BENCH_REPOSITORY_ID, BENCH_SCAN_ID } from './bench-repository.ts';
