import { classifyScanStatus, type ServiceClient } from '../client/index.ts';
import type { Scan } from '../client/types.ts';
import { findBaselineScan } from './scan-selection.ts';
import type { BaselineChoice, BaselineCommit, BaselineFinder, RunContext } from './run-context.ts';
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

/**
 * The action's finder: a completed scan of the baseline commit found among the recent ones, else, under
 * `baseline-scan: auto`, one started with the head scan's modules and frameworks and waited for beside it.
 */
export const findOrStartBaseline: BaselineFinder = {
  name: 'found among the recent scans, else started (baseline-scan)',
  find: (context, head, scans, repositoryId) =>
    baselineOf(context, head, scans, repositoryId, context.settings.baselineScan === 'auto'),
};

/**
 * svc scan's finder: only a completed scan found among the recent ones, never one started, whatever
 * baseline-scan says: a command run by hand spends no scan it was not asked for (svc scan judges no change
 * under review today, so it asks this finder nothing yet).
 */
export const findCompletedBaseline: BaselineFinder = {
  name: 'found among the recent scans only',
  find: (context, head, scans, repositoryId) => baselineOf(context, head, scans, repositoryId, false),
};

/**
 * The baseline for a change, found or started, and waited for beside the head scan: undefined fields and a
 * `missing` reason when there is none. Never throws for a missing baseline; the gate then judges all.
 */
async function baselineOf(
  context: RunContext,
  head: Scan,
  scans: readonly Scan[] | undefined,
  repositoryId: string,
  startsMissing: boolean,
): Promise<BaselineChoice | undefined> {
  const commit = await context.change?.baselineCommit(context.signal);
  if (commit === undefined) return undefined;
  try {
    const choice = await chooseBaselineScan(context, { commit, head, scans, repositoryId }, startsMissing);
    return await waitForBaseline(context, choice);
  } catch (error) {
    // A baseline that cannot be had is said out loud and gated around; a stop or the deadline is the run's.
    context.signal.throwIfAborted();
    const reason = error instanceof Error ? error.message : String(error);
    return {
      commit,
      scan: undefined,
      started: false,
      missing: `the baseline scan could not be started: ${reason}`,
    };
  }
}

interface BaselineSearch {
  commit: BaselineCommit;
  head: Scan;
  scans: readonly Scan[] | undefined;
  repositoryId: string;
}

/**
 * A completed scan of the baseline commit with the head scan's modules (and frameworks where reported), from
 * the repository's newest scans; when there is none and the finder starts one, one is started with the head
 * scan's modules and frameworks.
 */
async function chooseBaselineScan(
  context: RunContext,
  { commit, head, scans, repositoryId }: BaselineSearch,
  startsMissing: boolean,
): Promise<BaselineChoice> {
  const found = scans ? findBaselineScan(scans, commit.sha, head) : undefined;
  if (found) {
    context.log.info(`Baseline: scan ${found.id} of ${commit.sha}, ${commit.source}.`);
    return { commit, scan: found, started: false };
  }
  if (!startsMissing) {
    const why = context.settings.baselineScan === 'never' ? 'baseline-scan is never' : 'this run starts none';
    return {
      commit,
      scan: undefined,
      started: false,
      missing: `no completed scan of the baseline commit ${commit.sha} with the same modules, and ${why}`,
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
async function waitForBaseline(context: RunContext, choice: BaselineChoice): Promise<BaselineChoice> {
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
