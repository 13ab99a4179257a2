import { isModuleComplete } from '../client/job-status.ts';
import type { ReportedScan } from './run-report.ts';

/**
 * Why a record outside the run (code scanning's alerts, the review threads, a SARIF file another step uploads)
 * must not be changed from this scan, or undefined when it may: a module that did not complete left its findings
 * out, and a record built from the rest would close their alerts and threads as fixed.
 */
export function partialScanReason(scan: Readonly<ReportedScan>): string | undefined {
  const incomplete = scan.modules
    .filter((module) => !isModuleComplete(module.status))
    .map((module) => `${module.name} (${module.status})`);
  if (incomplete.length === 0) return undefined;
  const named = incomplete.join(', ');
  const one = incomplete.length === 1;
  return `${one ? 'Module' : 'Modules'} ${named} did not complete and ${one ? 'its' : 'their'} findings are missing from the scan`;
}
