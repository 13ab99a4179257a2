import type { ModuleStatus, ScanRecord, ScanStatus } from './records.ts';

/**
 * A scan's state is computed from the service time since it was created, never stored or driven by timers:
 * queued for `queueSeconds`, then running while its modules finish one after another over `durationSeconds`,
 * then completed or failed. A scan whose outcome is `never` keeps its last module running forever. A cancel
 * freezes the state at the moment it was asked for, with every unfinished module cancelled.
 */

interface ModuleState {
  readonly name: string;
  readonly status: ModuleStatus;
}

export interface ScanState {
  readonly status: ScanStatus;
  readonly modules: readonly ModuleState[];
}

const TERMINAL_SCAN: readonly ScanStatus[] = ['completed', 'failed', 'cancelled'];
const TERMINAL_MODULE: readonly ModuleStatus[] = ['completed', 'failed', 'skipped', 'cancelled'];

export function isTerminalScan(status: ScanStatus): boolean {
  return TERMINAL_SCAN.includes(status);
}

export function scanStateAt(scan: ScanRecord, now: number): ScanState {
  if (scan.cancelledAt !== null) return cancelled(stateAt(scan, scan.cancelledAt));
  return stateAt(scan, now);
}

function stateAt(scan: ScanRecord, at: number): ScanState {
  const elapsed = at - scan.startedAt;
  const queueMs = scan.queueSeconds * 1000;
  if (elapsed < queueMs) {
    return { status: 'queued', modules: scan.modules.map((name) => ({ name, status: 'queued' })) };
  }
  const running = elapsed - queueMs;
  const durationMs = scan.durationSeconds * 1000;
  const working = scan.modules.filter((name) => !scan.skippedModules.includes(name));
  const modules = scan.modules.map((name): ModuleState => {
    if (scan.skippedModules.includes(name)) return { name, status: 'skipped' };
    const position = working.indexOf(name);
    const isLast = position === working.length - 1;
    const finishesAt = (durationMs * (position + 1)) / working.length;
    if ((scan.outcome === 'never' && isLast) || running < finishesAt) return { name, status: 'running' };
    return { name, status: scan.failedModules.includes(name) ? 'failed' : 'completed' };
  });
  if (scan.outcome === 'never' || running < durationMs) return { status: 'running', modules };
  return { status: scan.outcome === 'failed' ? 'failed' : 'completed', modules };
}

function cancelled(state: ScanState): ScanState {
  if (isTerminalScan(state.status)) return state;
  return {
    status: 'cancelled',
    modules: state.modules.map((module) =>
      TERMINAL_MODULE.includes(module.status) ? module : { name: module.name, status: 'cancelled' },
    ),
  };
}

/** Credits are charged per module that has run to an end (completed or failed), so usage grows as scans run. */
export function creditsUsed(scan: ScanRecord, now: number): number {
  const state = scanStateAt(scan, now);
  const finished = state.modules.filter(
    (module) => module.status === 'completed' || module.status === 'failed',
  );
  return finished.length * scan.creditsPerModule;
}
