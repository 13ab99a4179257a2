import { zeroCounts, type SeverityCounts } from '../../../src/domain/severity.ts';
import { buildRollUp } from '../../../src/fleet/rollup-build.ts';
import type { FleetRollUp, RepositoryOutcome } from '../../../src/fleet/rollup.ts';

/** A repository that passed, failed or was not judged (its scan cancelled), with these findings. */
export function outcome(
  repository: string,
  gate: RepositoryOutcome['gate'],
  findings: Partial<SeverityCounts> = {},
  error: string | null = gate === null ? 'The scan was cancelled.' : null,
): RepositoryOutcome {
  return {
    repository,
    scan_id: gate === null && error?.includes('not started') ? null : `scan_${repository.replace('/', '_')}`,
    status: gate === null ? 'cancelled' : 'completed',
    gate,
    findings: { ...zeroCounts(), ...findings },
    error,
  };
}

/** 2026-11-28T01:00:00Z: the fixtures' night. */
const STARTED_AT = Date.UTC(2026, 10, 28, 1);

/** A roll-up of these outcomes, of a shard (`i/n`, recording `selected`) or of a whole fleet. */
export function rollUpOf(
  outcomes: RepositoryOutcome[],
  options: {
    shard?: string;
    selected?: string[];
    stoppedBy?: 'key-refused' | 'interrupted';
    runId?: string | null;
    repositoryPolicy?: boolean;
  } = {},
): FleetRollUp {
  return buildRollUp(
    { outcomes, stoppedBy: options.stoppedBy, startedAt: STARTED_AT, finishedAt: STARTED_AT + 3_600_000 },
    {
      shard: options.shard ?? null,
      failOn: 'high',
      selected: options.selected ?? null,
      runId: options.runId ?? null,
      ref: null,
      repositoryPolicy: options.repositoryPolicy ?? false,
    },
  );
}

/** A repository whose scan failed, these modules failing: not judged, and apart from the gate's failures. */
export function failedScan(repository: string, modules: string[]): RepositoryOutcome {
  return {
    ...outcome(
      repository,
      null,
      {},
      `the scan failed: module${modules.length === 1 ? '' : 's'} ${modules.join(', ')} failed`,
    ),
    status: 'failed',
  };
}
