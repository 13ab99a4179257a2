import { afterEach } from 'vitest';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../emulator/index.ts';
import type { Repository, Sleep } from '../../src/client/index.ts';
import type { FleetRunOptions } from '../../src/fleet/fleet-options.ts';
import type { FleetIo } from '../../src/fleet/run-fleet.ts';
import { clientFor, closeClients, collect, memoryLogger, serviceTime, type ServiceTime } from './support.ts';

/**
 * A fleet's organization on the emulator: repositories `fleet/repo-1`… whose scans take `durationSeconds` of
 * service time, with service time frozen so that only the fleet's own waits move it (no test waits for real).
 */
export const FLEET_MEMBER_KEY = 'svc_sk_fleet_member_000001';
export const FLEET_VIEWER_KEY = 'svc_sk_fleet_viewer_000002';
export const FLEET_REVOKED_KEY = 'svc_sk_fleet_revoked_00003';

export interface FleetRepository {
  /** `fleet/repo-<n>` when not given. */
  name?: string;
  durationSeconds?: number;
  outcome?: 'completed' | 'failed' | 'never';
  /**
   * The modules that fail: of a failed scan (default: dependencies), or of a completed one, whose findings are
   * then missing.
   */
  failedModules?: ('sast' | 'dependencies')[];
  findings?: ('critical' | 'high' | 'medium' | 'low' | 'info')[];
}

export function fleetScenario(repositories: FleetRepository[], credits = 10_000): Record<string, unknown> {
  const key = (id: string, secret: string, role: string, active = true) => ({
    id,
    name: id,
    organization_id: 'org_fleet',
    user_id: 'usr_fleet',
    role,
    secret,
    active,
  });
  return {
    name: 'fleet',
    organizations: [{ id: 'org_fleet', name: 'Fleet', plan: 'business', credits, used_credits: 0 }],
    users: [{ id: 'usr_fleet', email: 'fleet@example.com', organization_ids: ['org_fleet'] }],
    api_keys: [
      key('key_member', FLEET_MEMBER_KEY, 'member'),
      key('key_viewer', FLEET_VIEWER_KEY, 'viewer'),
      key('key_revoked', FLEET_REVOKED_KEY, 'member', false),
    ],
    repositories: repositories.map((repository, index) => ({
      id: `repo_${index + 1}`,
      organization_id: 'org_fleet',
      full_name: repository.name ?? `fleet/repo-${index + 1}`,
      default_branch: 'main',
      scan: {
        modules: ['sast', 'dependencies'],
        queue_seconds: 1,
        duration_seconds: repository.durationSeconds ?? 30,
        outcome: repository.outcome ?? 'completed',
        failed_modules: repository.failedModules ?? (repository.outcome === 'failed' ? ['dependencies'] : []),
        credits_per_module: 1,
        findings: (repository.findings ?? []).map((severity, line) => ({
          severity,
          module: 'sast',
          title: `A ${severity} finding`,
          file_path: 'src/app.ts',
          line: line + 1,
        })),
      },
    })),
  };
}

/** Starts each test's emulator; it and the clients are closed after the test. */
export function fleetEmulatorPerTest(): typeof startFleetEmulator {
  let started: Emulator | undefined;
  afterEach(async () => {
    await closeClients();
    await started?.close();
    started = undefined;
  });
  return async (repositories, options) => {
    started = await startFleetEmulator(repositories, options);
    return started;
  };
}

function startFleetEmulator(
  repositories: FleetRepository[],
  options: EmulatorOptions & { credits?: number } = {},
): Promise<Emulator> {
  const { credits, ...rest } = options;
  return startEmulator({
    scenario: fleetScenario(repositories, credits),
    timeScale: 0,
    log: () => undefined,
    ...rest,
  });
}

export const FLEET_OPTIONS: FleetRunOptions = {
  ref: undefined,
  concurrency: 10,
  pollIntervalSeconds: 2,
  waitTimeoutSeconds: 3600,
  progressIntervalSeconds: 0,
  minCredits: undefined,
  ledgerPath: undefined,
  failOn: 'high',
  severityThreshold: 'low',
};

export interface FleetHarness {
  io: FleetIo & { sleep: Sleep };
  clock: ServiceTime;
  log: ReturnType<typeof memoryLogger>;
  stop: AbortController;
  repositories: () => Promise<Repository[]>;
}

/** The fleet's collaborators on one client of `apiKey`, on the emulator's clock. */
export function fleetHarness(emulator: Emulator, apiKey = FLEET_MEMBER_KEY): FleetHarness {
  // A turn of the event loop at each sleep, so that requests in flight are answered as time moves on.
  const clock = serviceTime(emulator, () => new Promise((resolve) => setTimeout(resolve, 1)));
  const client = clientFor(emulator, apiKey, { sleep: clock.sleep, now: clock.now });
  const log = memoryLogger();
  const stop = new AbortController();
  const lister = clientFor(emulator, FLEET_MEMBER_KEY);
  return {
    io: { client, log, stopSignal: stop.signal, now: clock.now, sleep: clock.sleep },
    clock,
    log,
    stop,
    repositories: () => collect(lister.iterateRepositories()),
  };
}

/** A sleep in which time stands still: it ends only when its signal aborts (the stop, the deadline). */
export const timeStandsStill: Sleep = (_ms, signal) =>
  new Promise((_resolve, reject) => {
    signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });

/** Waits, a real 20 ms at a time, until `done` holds, for at most `ms` of real time (a busy machine is slow). */
export async function until(done: () => boolean, ms = 30_000): Promise<void> {
  for (const end = Date.now() + ms; !done();) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
