import { classifyScanStatus } from '../client/job-status.ts';
import type { Scan } from '../client/types.ts';

/** What a scan must match to stand in for one the action would start: the same commit and modules. */
export interface ScanCriteria {
  /** The commit SHA scanned: any other ref matches no scan. */
  ref: string;
  /** Module names; empty: any set (the service's default). */
  modules: readonly string[];
  /** Frameworks; compared only where the service reports a scan's frameworks. */
  frameworks: readonly string[];
}

/** A full commit SHA (SHA-1, or SHA-256 in a repository that uses it): the only ref a scan is reused for. */
const COMMIT_SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i;

/**
 * Whether a ref names one commit for good. A branch, a tag or `HEAD` may have moved since a recent scan of the
 * same name: reusing that scan would judge another commit, a false pass across a push.
 */
export function isCommitSha(ref: string): boolean {
  return COMMIT_SHA.test(ref);
}

/** A scan reused for the same commit must have been created within this long. */
export const REUSE_WINDOW_MS = 60 * 60 * 1000;

/**
 * A queued, running or completed scan of the same commit, created within the last hour, with the requested
 * modules (any module set when none is requested) and the frameworks where reported: reusing it costs
 * nothing, where starting one costs credits. A failed or cancelled scan is never reused, nor one of a ref that
 * is not a full commit SHA. `scans` newest first; the newest match wins.
 */
export function findReusableScan(
  scans: readonly Scan[],
  criteria: ScanCriteria,
  now: number,
): Scan | undefined {
  if (!isCommitSha(criteria.ref)) return undefined;
  return scans.find((scan) => {
    if (classifyScanStatus(scan.status) === 'failed' || classifyScanStatus(scan.status) === 'cancelled')
      return false;
    if (scan.ref !== criteria.ref) return false;
    const created = scan.created_at === undefined ? Number.NaN : Date.parse(scan.created_at);
    if (!(now - created <= REUSE_WINDOW_MS && created <= now + 60_000)) return false;
    if (criteria.modules.length > 0 && !sameSet(moduleNames(scan), criteria.modules)) return false;
    return sameFrameworks(scan, criteria.frameworks);
  });
}

/**
 * A completed scan of the baseline commit with the same set of module names as the head scan and the same
 * frameworks where reported: comparing scans of different modules would call every finding of a missing
 * module new or fixed. `scans` newest first; the newest match wins.
 */
export function findBaselineScan(
  scans: readonly Scan[],
  baselineRef: string,
  head: Pick<Scan, 'modules' | 'frameworks'>,
): Scan | undefined {
  const modules = moduleNames(head);
  return scans.find(
    (scan) =>
      scan.ref === baselineRef &&
      classifyScanStatus(scan.status) === 'succeeded' &&
      sameSet(moduleNames(scan), modules) &&
      sameFrameworks(scan, head.frameworks ?? []),
  );
}

function moduleNames(scan: Pick<Scan, 'modules'>): string[] {
  return scan.modules.map((module) => module.name);
}

/** Frameworks count only where the service reports them. */
function sameFrameworks(scan: Scan, wanted: readonly string[]): boolean {
  return scan.frameworks === undefined || sameSet(scan.frameworks, wanted);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a.map((x) => x.toLowerCase()));
  const right = new Set(b.map((x) => x.toLowerCase()));
  return left.size === right.size && [...left].every((x) => right.has(x));
}
