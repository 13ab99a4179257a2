/**
 * The fleet bench's workload and its yardsticks, pure: an organization of `repositories` repositories whose scans
 * take 5 to 15 minutes of service time (seeded, so every run of a size is the same night), the ideal schedule
 * (greedy in selection order, no poll delay) and the naive matrix (one job a repository, polling every 2 s), both
 * computed on the same durations.
 */

const FLEET_BENCH_KEY = 'svc_sk_bench_fleet_member_01';
const ORG_ID = 'org_fleet_bench';
const MIN_SCAN_SECONDS = 5 * 60;
const MAX_SCAN_SECONDS = 15 * 60;
const QUEUE_SECONDS = 2;

/** The README's arithmetic of a one-repository job: requests besides its polls, and its poll interval. */
const NAIVE_REQUESTS_BESIDES_POLLS = 20;
export const NAIVE_POLL_SECONDS = 2;

export interface FleetWorkload {
  /** Full names in the listing's (and the selection's) order. */
  names: string[];
  /** Each scan's queued plus running time, service seconds, in the same order. */
  scanSeconds: number[];
  scenario: Record<string, unknown>;
}

/** A small linear congruential generator: the same seed gives the same night. */
function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The findings of the repository at `index` (0-based): 1 to 7 unless a bench says otherwise. */
const FEW_FINDINGS = (index: number): number => 1 + (index % 7);

export function fleetWorkload(
  repositories: number,
  seed = 7,
  findingsOf: (index: number) => number = FEW_FINDINGS,
): FleetWorkload {
  const random = seeded(seed);
  const width = String(repositories).length;
  const names: string[] = [];
  const scanSeconds: number[] = [];
  const entries = Array.from({ length: repositories }, (_, index) => {
    const fullName = `fleet-bench/service-${String(index + 1).padStart(width, '0')}`;
    const duration = Math.round(MIN_SCAN_SECONDS + random() * (MAX_SCAN_SECONDS - MIN_SCAN_SECONDS));
    names.push(fullName);
    scanSeconds.push(QUEUE_SECONDS + duration);
    return {
      id: `repo_fleet_${index + 1}`,
      organization_id: ORG_ID,
      project_id: null,
      full_name: fullName,
      default_branch: 'main',
      scan: {
        queue_seconds: QUEUE_SECONDS,
        duration_seconds: duration,
        generate: { count: findingsOf(index), seed: index + 1 },
      },
    };
  });
  const scenario = {
    name: `fleet-bench-${repositories}`,
    description: `${repositories} repositories whose scans take 5 to 15 minutes`,
    organizations: [
      { id: ORG_ID, name: 'Fleet bench', plan: 'enterprise', credits: 10_000_000, used_credits: 0 },
    ],
    users: [{ id: 'usr_fleet', email: 'fleet@bench.example', organization_ids: [ORG_ID] }],
    api_keys: [
      {
        id: 'key_fleet_member',
        name: 'Fleet bench',
        organization_id: ORG_ID,
        user_id: 'usr_fleet',
        role: 'member',
        secret: FLEET_BENCH_KEY,
        active: true,
        created_at: '2026-01-01T00:00:00Z',
      },
    ],
    projects: [],
    repositories: entries,
    scans: [],
  };
  return { names, scanSeconds, scenario };
}

/**
 * The makespan of scans started greedily in the given order on `slots` slots, each taking its duration (rounded up
 * to `granularity`, the time its end is seen: 0 for the ideal, the poll interval for a poller that never backs off).
 */
export function greedyMakespan(durations: readonly number[], slots: number, granularity = 0): number {
  return Math.max(0, ...greedyEnds(durations, slots, granularity));
}

/** When each scan of the greedy schedule ends (its end seen), in the order given. */
export function greedyEnds(durations: readonly number[], slots: number, granularity = 0): number[] {
  const free = Array.from({ length: Math.min(slots, durations.length) }, () => 0);
  return durations.map((duration) => {
    let earliest = 0;
    for (let slot = 1; slot < free.length; slot += 1) if (free[slot]! < free[earliest]!) earliest = slot;
    const seen = granularity > 0 ? Math.ceil(duration / granularity) * granularity : duration;
    free[earliest] = free[earliest]! + seen;
    return free[earliest]!;
  });
}

/** The naive matrix's service requests a repository: its requests besides polls, and a poll every 2 s. */
export function naiveRequestsPerRepository(durations: readonly number[]): number {
  const total = durations.reduce(
    (sum, duration) => sum + NAIVE_REQUESTS_BESIDES_POLLS + Math.ceil(duration / NAIVE_POLL_SECONDS),
    0,
  );
  return durations.length === 0 ? 0 : total / durations.length;
}
