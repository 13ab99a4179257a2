import type { Scan } from '../client/types.ts';

/**
 * Turns successive polls of a scan into log lines: one when the scan or one of its modules changes status,
 * nothing otherwise. Status strings come from the server, so the caller escapes the lines before logging.
 */
export class ScanProgress {
  #scanStatus: string | undefined;
  readonly #moduleStatus = new Map<string, string>();
  readonly #startedAt: number;

  constructor(startedAt: number) {
    this.#startedAt = startedAt;
  }

  update(scan: Scan, now: number): string[] {
    const elapsed = formatElapsed(now - this.#startedAt);
    const lines: string[] = [];
    if (scan.status !== this.#scanStatus) {
      lines.push(`[${elapsed}] scan ${scan.id}: ${scan.status}`);
      this.#scanStatus = scan.status;
    }
    for (const module of scan.modules) {
      if (this.#moduleStatus.get(module.name) !== module.status) {
        lines.push(`[${elapsed}]   module ${module.name}: ${module.status}`);
        this.#moduleStatus.set(module.name, module.status);
      }
    }
    return lines;
  }
}

export function formatElapsed(ms: number): string {
  const totalSeconds = Math.max(0, ms) / 1000;
  if (totalSeconds < 60) return `${totalSeconds.toFixed(1)}s`;
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = Math.floor(totalSeconds % 60);
  return `${minutes}m${String(seconds).padStart(2, '0')}s`;
}
