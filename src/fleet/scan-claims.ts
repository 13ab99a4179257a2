import { zeroCounts } from '../domain/severity.ts';
import type { RepositoryOutcome } from './rollup.ts';

/**
 * One scan is one repository's: a scan id that two or more outcomes name (a forged ledger, a listing of another
 * repository's scans, shards' roll-ups put together) judged none of them truly, so each is made not judged, saying
 * who else claims it. The others are returned as they are, in their order.
 */
export function disownSharedScans(outcomes: readonly RepositoryOutcome[]): RepositoryOutcome[] {
  const claimants = new Map<string, string[]>();
  for (const { scan_id: scanId, repository } of outcomes)
    if (scanId !== null) claimants.set(scanId, [...(claimants.get(scanId) ?? []), repository]);
  return outcomes.map((outcome) => {
    const names = outcome.scan_id === null ? [] : (claimants.get(outcome.scan_id) ?? []);
    if (names.length < 2) return outcome;
    return {
      ...outcome,
      gate: null,
      findings: zeroCounts(),
      error: `scan ${outcome.scan_id ?? ''} is claimed by ${claimList(names)}`,
    };
  });
}

/** `a and b`, or `a, b and c`. */
function claimList(names: readonly string[]): string {
  return names.length <= 2
    ? names.join(' and ')
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}
