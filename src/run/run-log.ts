import type { Logger } from '../client/index.ts';

/**
 * Where the run writes its progress as it happens: the one Logger (the action's log, or the terminal of `svc`).
 * Plain text: each face escapes it once.
 */
export type RunLog = Logger;

/**
 * What the run tells its face about the scans it starts, as soon as it knows: the action saves them for its
 * post step (which cancels a scan left running) and sets the scan-id output early; `svc` needs none of it.
 */
export interface ScanRecord {
  /** A scan of the head has an id (started or reused). */
  scanId(id: string): void;
  /** The head scan reached a terminal state or was cancelled: nothing is left to cancel. */
  scanSettled(): void;
  /** The run started a baseline scan to compare with. */
  baselineScanId(id: string): void;
  baselineSettled(): void;
}
