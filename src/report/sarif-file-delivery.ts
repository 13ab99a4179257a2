import { deliveryKey } from './reporter.ts';

/** The SARIF file written (src/code-scanning/sarif-file-reporter.ts), for the summary. */
export interface SarifFileDelivery {
  /** Absolute path. */
  path: string;
  results: number;
  /** Findings at or above the floor that GitHub's limits kept out of the file. */
  leftOut: number;
}

export const SARIF_FILE_DELIVERED = deliveryKey<SarifFileDelivery | undefined>('SARIF file', undefined);
