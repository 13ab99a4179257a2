import type { ScanRecord } from './records.ts';

/**
 * A finding id names its scan's sequence number and the finding's template index (`fnd_12_345`), so a
 * finding leads back to its scan without a map holding one entry per finding.
 */

const FINDING_ID = /^fnd_(\d+)_(\d+)$/;

export function findingIdOf(scan: ScanRecord, index: number): string {
  return `fnd_${scan.num}_${index}`;
}

export function parseFindingId(id: string): { scanNum: number; index: number } | undefined {
  const match = FINDING_ID.exec(id);
  if (!match) return undefined;
  return { scanNum: Number(match[1]), index: Number(match[2]) };
}
