import { classifyScanStatus, type ServiceClient } from '../client/index.ts';
import type { Scan } from '../client/types.ts';
import { findBaselineScan } from '../core/scan-selection.ts';
import type { BaselineCommit, RunContext } from './run-context.ts';
import { cancelScan } from './scan-step.ts';

/** The newest scans of a repository the action reads to find one to reuse or a baseline: at least 200. */
const RECENT_SCANS = 200;

/** The repository's newest scans, newest first as the service gives them; undefined when they cannot be read. */
export async function readRecentScans(
  context: RunContext,
  repositoryId: string,
): Promise<Scan[] | undefined> {
  const scans: Scan[] = [];
  try {
    for await (const scan of context.client.iterateScans(
      { repository_id: repositoryId },
      { limit: 100, maxItems: RECENT_SCANS, signal: context.signal },
    ))
      scans.push(scan);
    return scans;
  } catch (error) {
    context.signal.throwIfAborted();
    const reason = error instanceof Error ? error.message : String(error);
    context.log.warning(`Could not read the repository's scans: ${reason}`);
    return undefined;
  }
}

export interface BaselineChoice {
  commit: BaselineCommit;
  /** A completed scan of the baseline commit, found or started. */
  scan: Scan | undefined;
  /** The action started it: it costs a scan, and it is cancelled if still running when the run ends. */
  started: boolean;
  /** Why there is no baseline scan, when there is none. */
  missing?: string;
}

/**
 * A completed scan of the baseline commit with the head scan's modules (and frameworks where reported), from
 * the repository's newest scans; when there is none and `baseline-scan: auto`, one is started with the head
 * scan's modules and frameworks.
 */
export async function chooseBaselineScan(
  context: RunContext,
  commit: BaselineCommit,
  head: Scan,
  scans: readonly Scan[] | undefined,
  repositoryId: string,
): Promise<BaselineChoice> {
  const found = scans ? findBaselineScan(scans, commit.sha, head) : undefined;
  if (found) {
    context.log.info(`Baseline: scan ${found.id} of ${commit.sha}, ${commit.source}.`);
    return { commit, scan: found, started: false };
  }
  if (context.settings.baselineScan === 'never') {
    return {
      commit,
      scan: undefined,
      started: false,
      missing: `no completed scan of the baseline commit ${commit.sha} with the same modules, and baseline-scan is never`,
    };
  }
  const modules = head.modules.map((module) => module.name);
  const started = await context.client.createScan(
    {
      repository_id: repositoryId,
      ref: commit.sha,
      ...(modules.length > 0 ? { modules } : {}),
      ...(head.frameworks && head.frameworks.length > 0 ? { frameworks: head.frameworks } : {}),
      is_incremental: context.settings.incremental,
    },
    { signal: context.signal },
  );
  context.record.baselineScanId(started.id);
  context.log.info(
    `Baseline: no completed scan of ${commit.sha} (${commit.source}); started scan ${started.id} of it.`,
  );
  return { commit, scan: started, started: true };
}

/**
 * Waits for a baseline scan the action started, beside the head scan and under the same deadline. A baseline
 * that fails or is not done in time is no baseline (the gate then judges all findings and says why), never
 * the run's failure; on the runner's stop, it is cancelled.
 */
export async function waitForBaseline(context: RunContext, choice: BaselineChoice): Promise<BaselineChoice> {
  const scan = choice.scan;
  if (!scan || !choice.started) return choice;
  const settle = (): void => {
    context.record.baselineSettled();
  };
  try {
    const done =
      classifyScanStatus(scan.status) === 'running'
        ? await context.client.waitForScan(scan.id, {
            intervalMs: context.settings.pollIntervalSeconds * 1000,
            timeoutMs: context.deadline.remainingMs(),
            signal: context.signal,
            skipFirstFetch: true,
          })
        : scan;
    settle();
    if (classifyScanStatus(done.status) === 'succeeded') return { ...choice, scan: done };
    return { ...choice, scan: undefined, missing: `the baseline scan ${done.id} ended ${done.status}` };
  } catch (error) {
    if (context.stopSignal.aborted) {
      await cancelBaseline(context.client, context, scan.id);
      throw error;
    }
    const reason = error instanceof Error ? error.message : String(error);
    return { ...choice, scan: undefined, missing: `the baseline scan ${scan.id} did not finish: ${reason}` };
  }
}

async function cancelBaseline(client: ServiceClient, context: RunContext, id: string): Promise<void> {
  await cancelScan({ client, log: context.log }, id, () => {
    context.record.baselineSettled();
  });
}
