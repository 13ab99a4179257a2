import { mkdir, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Dispatcher } from 'undici';
import type { Logger, ServiceClient } from '../client/index.ts';
import { LazyProxyAgent } from '../client/http-stack.ts';
import { escapeAnnotationMessage } from '../text/escape.ts';
import type { FleetOptions, ShardPart } from '../fleet/fleet-options.ts';
import type { FleetRollUp } from '../fleet/rollup.ts';
import { timestampedLog } from '../fleet/fleet-log.ts';
import { fleetRunName } from '../fleet/fleet-part.ts';
import { FleetUsageError } from '../fleet/fleet-usage-error.ts';
import { Ledger } from '../fleet/ledger.ts';
import { StartSeal } from '../fleet/start-seal.ts';
import { ledgerRunOf } from '../fleet/run-fleet.ts';
import { readWorkflowEvent } from '../github/event.ts';
import { adviseOnFailure } from '../run/failure-advice.ts';
import { RunError } from '../run/run-error.ts';
import { fleetStepSettings, type FleetStepSettings } from './fleet-settings.ts';
import type { MainStepInput } from './main-step.ts';
import { connectToService } from './service-connection.ts';
import { STATE } from './state.ts';
import { toolkitLogger, warningsAsInfo, type Toolkit } from '../github/toolkit.ts';
import { workflowFacts } from './workflow-origin.ts';
import { scanFleet, type FleetVerdict } from './fleet-scan.ts';
import { connectFleetGitHub } from './fleet-github.ts';

/**
 * The action's fleet mode (`repositories:` set): the job scans many repositories from one process and writes one
 * roll-up, as `svc fleet scan` does. The job summary is the roll-up's markdown; the outputs name the roll-up's
 * file and the repositories that failed or could not be judged; the step fails as svc's exit code would. The
 * reporters of one scan (the check run, the comment, SARIF) do not apply. Whatever is thrown fails the step.
 */
export async function runFleetMode(
  input: MainStepInput,
  inputs: Readonly<Record<string, string>>,
): Promise<void> {
  const { toolkit } = input;
  // Every line of the fleet's log opens with the UTC time: a night's log is read in the morning.
  const log = timestampedLog(toolkitLogger(toolkit), input.now);
  const network = new LazyProxyAgent();
  const progress: FleetProgress = { doing: 'reading the inputs', client: undefined };
  try {
    const facts = workflowFacts(input.env, await readWorkflowEvent(input.env));
    const settings = fleetStepSettings(inputs, facts.origin, input.env);
    tellIgnoredInputs(toolkit, log, settings);
    const dispatcher = await network.open();
    progress.doing = 'checking the GitHub App';
    // GitHub's answer on the App comes before anything is asked of the service: a refused key starts nothing.
    const github =
      settings.github === undefined
        ? undefined
        : await connectFleetGitHub(toolkit, settings.github, {
            seconds: settings.options.waitTimeoutSeconds,
            stopSignal: input.signal,
            now: input.now,
            log,
            dispatcher,
          });
    progress.doing = 'connecting to the service';
    const client = serviceClientOf(input, { settings, eventName: facts.event.name, log, dispatcher });
    progress.client = client;
    const options = ownLedger(settings);
    if (settings.freshLedger) await rm(options.ledgerPath, { force: true });
    else checkLedger(options);
    // The post step cancels what the ledger still lists as running under this step's seal, should it be killed.
    const seal = StartSeal.drawn();
    toolkit.saveState(STATE.fleetLedger, options.ledgerPath);
    toolkit.saveState(STATE.fleetNonce, seal.nonce);
    progress.doing = 'listing and scanning the repositories';
    const verdict = await scanFleet(options, {
      client,
      log,
      stopSignal: input.signal,
      now: input.now,
      scrub: (text) => toolkit.scrub(text),
      seal,
      github,
    });
    // Ended by itself, every scan it started settled or cancelled: the post step has nothing to cancel. A run the
    // workflow's cancel stopped may have left a scan whose cancel failed: the post step tries again.
    if (!input.signal.aborted) toolkit.saveState(STATE.fleetFinished, 'true');
    progress.doing = 'writing the roll-up';
    await report({ toolkit, log }, input.env, options, verdict);
  } catch (thrown) {
    toolkit.setFailed(escapeAnnotationMessage(failureOf(thrown, progress, input.signal)));
  } finally {
    await progress.client?.close();
    await network.destroy();
  }
}

/** The process's one client of the service. */
function serviceClientOf(
  input: MainStepInput,
  using: { settings: FleetStepSettings; eventName: string; log: Logger; dispatcher: Dispatcher },
): ServiceClient {
  const { settings, log } = using;
  return connectToService({
    apiKey: settings.service.apiKey,
    apiUrl: settings.service.apiUrl,
    env: input.env,
    homeDir: input.homeDir ?? homedir(),
    toolkit: input.toolkit,
    eventName: using.eventName,
    log: warningsAsInfo(log),
    logger: warningsAsInfo(log),
    dispatcher: using.dispatcher,
    // A busy service delays the night; its 429s are waited out up to the fleet's deadline, never a dropped repository.
    rateLimitWaitMs: settings.options.waitTimeoutSeconds * 1000,
  });
}

/** The step's options with the ledger it keeps, named by this run (selection, shard, ref) as svc names it. */
function ownLedger(settings: FleetStepSettings): FleetOptions & { ledgerPath: string } {
  const { options } = settings;
  return { ...options, ledgerPath: resolve(options.ledgerPath ?? ''), ledgerRun: fleetRunName(options) };
}

/**
 * A ledger the workflow named that another run (another selection, shard or ref) left unfinished is refused before
 * any request: finishing it over that run would lose its unrecorded starts, and its re-run would send them twice.
 */
function checkLedger(options: FleetOptions & { ledgerPath: string }): void {
  try {
    Ledger.check(options.ledgerPath, ledgerRunOf(options));
  } catch (error) {
    if (error instanceof FleetUsageError)
      throw new RunError(`Input 'ledger': ${error.message.replace(/^--ledger /, '')}`);
    throw error;
  }
}

/** How far the step got: what a failure report names, and the client to close. */
interface FleetProgress {
  doing: string;
  client: ServiceClient | undefined;
}

/** A thrown value of any type, as the step's failure: the user's mistake as it is, else advice. */
function failureOf(thrown: unknown, progress: FleetProgress, stop: AbortSignal): string {
  if (thrown instanceof RunError) return thrown.message;
  if (stop.aborted)
    return `The workflow was cancelled while ${progress.doing}; the step ends without a verdict.`;
  return adviseOnFailure(thrown, 'repository', { baseUrl: progress.client?.baseUrl, doing: progress.doing });
}

/** The notice and warnings about the inputs the workflow set that fleet mode does not read. */
function tellIgnoredInputs(toolkit: Toolkit, log: Logger, settings: FleetStepSettings): void {
  for (const notice of settings.notices) toolkit.notice(escapeAnnotationMessage(notice));
  for (const warning of settings.warnings) log.warning(warning);
}

/** The roll-up everywhere the mode writes: its file, the job summary, the outputs; then the step's result. */
async function report(
  { toolkit, log }: { toolkit: Toolkit; log: Logger },
  env: NodeJS.ProcessEnv,
  options: FleetOptions,
  verdict: FleetVerdict,
): Promise<void> {
  const file = rollUpPath(env, options.shard);
  await mkdir(dirname(file), { recursive: true });
  // The roll-up holds the service's strings: a service echoing the key must not put it in a file kept as an artifact.
  await writeFile(file, toolkit.scrub(`${JSON.stringify(verdict.rollUp, null, 2)}\n`));
  await toolkit.appendSummary(verdict.markdown);
  toolkit.setOutput('fleet-report', file);
  toolkit.setOutput('repositories-failed', JSON.stringify(namesWhere(verdict.rollUp, 'failed')));
  toolkit.setOutput('repositories-not-judged', JSON.stringify(namesWhere(verdict.rollUp, null)));
  if (verdict.exitCode !== 0) toolkit.setFailed(escapeAnnotationMessage(verdict.reason));
  else log.info(verdict.reason);
}

/** Each shard's roll-up has a name of its own, so that a merge job's download puts them side by side. */
function rollUpPath(env: NodeJS.ProcessEnv, shard: ShardPart | undefined): string {
  const name = shard ? `svc-fleet-roll-up-${shard.index}-of-${shard.count}.json` : 'svc-fleet-roll-up.json';
  return resolve(join(env.RUNNER_TEMP?.trim() || '.', name));
}

function namesWhere(rollUp: FleetRollUp, gate: 'failed' | null): string[] {
  return rollUp.repositories.filter((entry) => entry.gate === gate).map((entry) => entry.repository);
}
