import type { FleetRollUp } from './rollup.ts';

/**
 * The exit codes of a fleet's run, which scripts branch on (svc's own table says the same numbers): 2, a usage
 * error, is decided before the run.
 */
export const FLEET_EXIT = {
  passed: 0,
  failed: 1,
  keyRefused: 3,
  notJudged: 4,
  interrupted: 130,
} as const;

export type FleetExitCode = (typeof FLEET_EXIT)[keyof typeof FLEET_EXIT];

/**
 * 130 when the user stopped it, 3 when a refused key stopped new starts, 1 when a repository failed the gate, 4
 * when none failed but one could not be judged (its scan failed, or a shard's roll-up was missing, …), 0 when every
 * repository was scanned and passed.
 */
export function fleetExitCode(rollUp: FleetRollUp): FleetExitCode {
  if (rollUp.stopped_by === 'interrupted') return FLEET_EXIT.interrupted;
  if (rollUp.stopped_by === 'key-refused') return FLEET_EXIT.keyRefused;
  if (rollUp.repositories.some((outcome) => outcome.gate === 'failed')) return FLEET_EXIT.failed;
  const notJudged = rollUp.repositories.some((outcome) => outcome.gate !== 'passed');
  return notJudged || rollUp.missing_shards.length > 0 ? FLEET_EXIT.notJudged : FLEET_EXIT.passed;
}
