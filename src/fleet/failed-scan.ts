import { classifyModuleStatus, classifyScanStatus } from '../client/job-status.ts';
import type { Scan } from '../client/types.ts';
import type { RepositoryOutcome } from './rollup.ts';

/**
 * Why a failed scan judges nothing, in the roll-up's words: the modules whose status is failed. The spec gives the
 * scan no field that says why it failed, so nothing else is shown.
 */
export function failedScanError(scan: Pick<Scan, 'modules'>): string {
  const failed = scan.modules
    .filter((module) => classifyModuleStatus(module.status) === 'failed')
    .map((module) => module.name);
  if (failed.length === 0) return 'the scan failed; no module says it failed';
  return `the scan failed: ${failed.length === 1 ? 'module' : 'modules'} ${failed.join(', ')} failed`;
}

/**
 * A repository whose scan failed: not judged (its findings are missing, so nothing says the code is clean or not),
 * but an outcome of its own, kept apart from the repositories failing the gate and from the other faults. Any
 * status the project counts as failed (src/client/job-status.ts) is one.
 */
export function isScanFailed(outcome: RepositoryOutcome): boolean {
  return outcome.gate === null && outcome.scan_id !== null && classifyScanStatus(outcome.status) === 'failed';
}
