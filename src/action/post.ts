import { homedir } from 'node:os';
import { ServiceClient, resolveCredentials } from '../client/index.ts';
import { escapeLogLine } from '../core/escape.ts';
import { STATE } from './state.ts';
import { cancelScan } from './scan-step.ts';
import type { Toolkit } from './toolkit.ts';

/** The post step is not racing the runner's kill, so it can wait longer for the cancel than the main step. */
const POST_CANCEL_TIMEOUT_MS = 20_000;

/**
 * The post step runs after the job's other steps, whatever happened to the main step. When the main step
 * started a scan and never saw it settle (the runner killed it, or it failed mid-wait), the scan would
 * otherwise run on and spend credits: cancel it. The post step never fails the job.
 */
export async function runPost(toolkit: Toolkit, env: NodeJS.ProcessEnv): Promise<void> {
  const scanId = toolkit.getState(STATE.scanId);
  if (!scanId || toolkit.getState(STATE.scanSettled) === 'true') return;
  let client: ServiceClient | undefined;
  try {
    const apiKey = toolkit.getInput('api-key').trim();
    if (apiKey) toolkit.setSecret(apiKey);
    const credentials = resolveCredentials({
      apiKey: apiKey || undefined,
      baseUrl: toolkit.getInput('api-url').trim() || undefined,
      env,
      homeDir: homedir(),
    });
    toolkit.setSecret(credentials.apiKey);
    client = new ServiceClient({ apiKey: credentials.apiKey, baseUrl: credentials.baseUrl, maxRetries: 2 });
    toolkit.info(escapeLogLine(`Scan ${scanId} was left running by the main step; cancelling it.`));
    await cancelScan(client, scanId, toolkit, POST_CANCEL_TIMEOUT_MS);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    toolkit.warning(escapeLogLine(`Could not cancel scan ${scanId}: ${reason}`));
  } finally {
    await client?.close();
  }
}
