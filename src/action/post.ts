import { homedir } from 'node:os';
import { classifyScanStatus, type Logger, type ServiceClient } from '../client/index.ts';
import { cancelScan } from '../run/scan-step.ts';
import { connectToService } from './service-connection.ts';
import { STATE } from './state.ts';
import { toolkitLogger, type Toolkit } from '../github/toolkit.ts';

/** The post step is not racing the runner's kill, so it can wait longer for the cancel than the main step. */
const POST_CANCEL_TIMEOUT_MS = 20_000;
const POST_READ_TIMEOUT_MS = 10_000;

/**
 * The post step runs after the job's other steps, whatever happened to the main step. When the main step
 * started a scan and never saw it settle (the runner killed it, or it failed mid-wait), the scan would
 * otherwise run on and spend credits: it is read first, and cancelled only if it is still running. The post
 * step never fails the job.
 */
export async function runPost(toolkit: Toolkit, env: NodeJS.ProcessEnv, homeDir = homedir()): Promise<void> {
  const left = [
    { id: toolkit.getState(STATE.scanId), settled: STATE.scanSettled, what: 'Scan' },
    { id: toolkit.getState(STATE.baselineScanId), settled: STATE.baselineSettled, what: 'Baseline scan' },
  ].filter((scan) => scan.id !== '' && toolkit.getState(scan.settled) !== 'true');
  if (left.length === 0) return;
  // The step's one log: every line, the service's scan statuses and error messages among them, escaped once.
  const log = toolkitLogger(toolkit);
  let client: ServiceClient | undefined;
  try {
    const apiKey = toolkit.getInput('api-key').trim();
    if (apiKey) toolkit.setSecret(apiKey);
    client = connectToService({
      apiKey: apiKey || undefined,
      apiUrl: toolkit.getInput('api-url').trim() || undefined,
      env,
      homeDir,
      toolkit,
      eventName: env.GITHUB_EVENT_NAME,
      log,
    });
    for (const scan of left) await settleScan(client, { toolkit, log }, scan);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warning(`Could not cancel the scans the main step left running: ${reason}`);
  } finally {
    await client?.close();
  }
}

/** Reads the scan first and cancels it only if it is still running; a cancel is retried like a read. */
async function settleScan(
  client: ServiceClient,
  { toolkit, log }: { toolkit: Toolkit; log: Logger },
  scan: { id: string; settled: string; what: string },
): Promise<void> {
  const status = await client
    .getScan(scan.id, { signal: AbortSignal.timeout(POST_READ_TIMEOUT_MS) })
    .then((seen) => seen.status)
    .catch(() => undefined);
  if (status !== undefined && classifyScanStatus(status) !== 'running') {
    log.info(`${scan.what} ${scan.id} has already ended (status ${status}); nothing to cancel.`);
    return;
  }
  const state = status === undefined ? 'could not be read' : `is still ${status}`;
  log.info(`${scan.what} ${scan.id} ${state} after the main step; cancelling it.`);
  await cancelScan(
    { client, log },
    scan.id,
    () => {
      toolkit.saveState(scan.settled, 'true');
    },
    POST_CANCEL_TIMEOUT_MS,
  );
}
