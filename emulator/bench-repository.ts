import { generateFindings } from './generate.ts';
import { DEFAULT_MODULES, parseScanProfile } from './scenario-profile.ts';
import type { Scenario, ScenarioRepository, ScenarioScan } from './scenario.ts';

/**
 * `--findings N` (and the `findings` option) adds the repository `bench/large` with N generated findings to
 * the organization of the ready key, plus one scan of it that has already completed, so a benchmark can page
 * through N findings at once without waiting. The scenario's own repositories stay as they are.
 */

export const BENCH_REPOSITORY_ID = 'repo_bench_large';
export const BENCH_SCAN_ID = 'scan_bench_large';
export const BENCH_FULL_NAME = 'bench/large';

export function withBenchRepository(scenario: Scenario, count: number, seed: number): Scenario {
  const readyKey = scenario.keys.find((key) => key.id === scenario.readyKeyId);
  const orgId = readyKey?.orgId ?? scenario.orgs[0]?.id ?? '';
  const base = parseScanProfile({ queue_seconds: 0, duration_seconds: 5 }, 'bench');
  const repository: ScenarioRepository = {
    id: BENCH_REPOSITORY_ID,
    orgId,
    projectId: null,
    fullName: BENCH_FULL_NAME,
    defaultBranch: 'main',
    profile: { ...base, findings: generateFindings({ count, seed, modules: DEFAULT_MODULES }) },
  };
  const scan: ScenarioScan = {
    id: BENCH_SCAN_ID,
    repositoryId: BENCH_REPOSITORY_ID,
    ref: 'main',
    ageSeconds: 60,
    modules: undefined,
    frameworks: [],
  };
  return {
    ...scenario,
    repositories: [...scenario.repositories.filter((r) => r.id !== BENCH_REPOSITORY_ID), repository],
    scans: [...scenario.scans.filter((s) => s.id !== BENCH_SCAN_ID), scan],
  };
}
