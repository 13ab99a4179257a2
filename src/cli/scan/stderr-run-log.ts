import type { RunLog, ScanRecord } from '../../run/run-log.ts';
import type { Writer } from '../cli-io.ts';
import { terminalText } from '../terminal-text.ts';

/**
 * The run's log on svc's stderr, never among the results on stdout. A terminal has no log groups: their name is
 * left out, and on a terminal their lines too (the spinner of ScanProgressWriter shows the same progress on one
 * line); elsewhere (a CI log, a file) each line is written as it comes. Debug lines only with SVC_DEBUG set.
 */
export function stderrRunLog(err: Writer, debugging: boolean): RunLog {
  let inGroup = false;
  const quiet = (): boolean => inGroup && err.isTTY;
  return {
    debug: (message) => {
      if (debugging) err.line(terminalText(`debug: ${message}`));
    },
    info: (message) => {
      if (!quiet()) err.line(terminalText(message));
    },
    warning: (message) => {
      err.line(terminalText(`warning: ${message}`));
    },
    startGroup: () => {
      inGroup = true;
    },
    endGroup: () => {
      inGroup = false;
    },
  };
}

/**
 * Where the run records the scan svc started: svc has no post step, so the command itself cancels a scan still
 * running when it gives up (the deadline, a failure after the start).
 */
export class StartedScanRecord implements ScanRecord {
  #id: string | undefined;
  #settled = true;

  /** The scan svc started and that has not ended nor been cancelled yet. */
  get leftRunning(): string | undefined {
    return this.#settled ? undefined : this.#id;
  }

  scanId(id: string): void {
    this.#id = id;
    this.#settled = false;
  }

  scanSettled(): void {
    this.#settled = true;
  }

  /** svc scan starts no baseline. */
  baselineScanId(): void {
    return undefined;
  }

  baselineSettled(): void {
    return undefined;
  }
}
