import { homedir } from 'node:os';
import { classifyScanStatus, type Logger, type ServiceClient } from '../client/index.ts';
import { openScansOf } from '../fleet/ledger.ts';
import { StartSeal } from '../fleet/start-seal.ts';
import { truncate } from '../text/escape.ts';
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
  // The step's one log: every line, the service's scan statuses and error messages among them, escaped once.
  const log = toolkitLogger(toolkit);
  const left = [...oneScanLeft(toolkit), ...fleetScansLeft(toolkit, log)];
  if (left.length === 0) return;
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
    for (const scan of left) await settleScan(client, log, scan);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warning(`Could not cancel the scans the main step left running: ${reason}`);
  } finally {
    await client?.close();
  }
}

/** A scan the main step started and did not see settle; `settled` records that it has since. */
interface LeftScan {
  id: string;
  what: string;
  settled: () => void;
}

/** The scan and the baseline scan of one repository's run, as the main step left them in its state. */
function oneScanLeft(toolkit: Toolkit): LeftScan[] {
  return [
    { id: toolkit.getState(STATE.scanId), settledState: STATE.scanSettled, what: 'Scan' },
    {
      id: toolkit.getState(STATE.baselineScanId),
      settledState: STATE.baselineSettled,
      what: 'Baseline scan',
    },
  ]
    .filter((scan) => scan.id !== '' && toolkit.getState(scan.settledState) !== 'true')
    .map(({ id, settledState, what }) => ({
      id,
      what,
      settled: () => {
        toolkit.saveState(settledState, 'true');
      },
    }));
}

/** Of the lines the post step passes over, the log names this many; the rest are counted. */
const IGNORED_LINES_NAMED = 20;
const ID_CHARACTERS = 100;

/**
 * Fleet mode: the scans its ledger lists as started by this step's main step (sealed under the nonce it kept in
 * the step's state) and not known to have ended. None when the main step ended by itself (it settled or
 * cancelled what it started) or kept no nonce (it started nothing). The ledger is a file any later step could
 * append to: a started line without the seal is passed over, and said.
 */
function fleetScansLeft(toolkit: Toolkit, log: Logger): LeftScan[] {
  const ledgerPath = toolkit.getState(STATE.fleetLedger);
  const nonce = toolkit.getState(STATE.fleetNonce);
  if (ledgerPath === '' || nonce === '' || toolkit.getState(STATE.fleetFinished) === 'true') return [];
  try {
    const { open, ignored } = openScansOf(ledgerPath, new StartSeal(nonce));
    for (const id of ignored.slice(0, IGNORED_LINES_NAMED))
      log.info(
        `The ledger names scan ${truncate(id, ID_CHARACTERS)} on a line the main step did not write: it is not cancelled.`,
      );
    if (ignored.length > IGNORED_LINES_NAMED)
      log.info(`${ignored.length - IGNORED_LINES_NAMED} more such lines were passed over.`);
    return open.map((id) => ({ id, what: 'Fleet scan', settled: () => undefined }));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warning(
      `Could not read the fleet's ledger ${ledgerPath} to cancel the scans left running: ${reason}`,
    );
    return [];
  }
}

/** Reads the scan first and cancels it only if it is still running; a cancel is retried like a read. */
async function settleScan(client: ServiceClient, log: Logger, scan: LeftScan): Promise<void> {
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
  await cancelScan({ client, log }, scan.id, scan.settled, POST_CANCEL_TIMEOUT_MS);
}
