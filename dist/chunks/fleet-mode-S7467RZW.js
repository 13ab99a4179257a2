import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  FLEET_EXIT,
  FleetGitHubError,
  emptyRun,
  fleetExitCode,
  fleetPart,
  fleetRunName,
  ledgerRunOf,
  openFleetGitHub,
  renderRollUpMarkdown,
  rollUpOfPart,
  runFleet,
  selectionWarnings
} from "./chunk-LKDOE4E4.js";
import "./chunk-6KNMLQ7N.js";
import "./chunk-M4N7FEAI.js";
import "./chunk-AW5ZZLB7.js";
import "./chunk-MDKAJOYT.js";
import "./chunk-CIRYOFMV.js";
import "./chunk-OIP5DKJP.js";
import "./chunk-XPIZXFDH.js";
import "./chunk-6NIMHUJH.js";
import "./chunk-JQT5TS2Q.js";
import "./chunk-HN7FLA5P.js";
import "./chunk-DDEMGQ4X.js";
import "./chunk-HAVHDHR4.js";
import {
  GitHubError
} from "./chunk-HHAL4VUO.js";
import "./chunk-UTXIXAY2.js";
import {
  fleetStepSettings,
  readWorkflowEvent,
  workflowFacts
} from "./chunk-JAZDWY2K.js";
import "./chunk-RKRFC3FM.js";
import {
  GitHubCredentialsError
} from "./chunk-36H3BBLY.js";
import {
  formatShard,
  utcSecond
} from "./chunk-YF6BX2WK.js";
import "./chunk-OTAVHTIL.js";
import "./chunk-YNNDKLNH.js";
import "./chunk-FI2FODY6.js";
import "./chunk-JZ7SIFTV.js";
import "./chunk-VEUFIVSE.js";
import "./chunk-NDORBLCC.js";
import "./chunk-XDHJISCG.js";
import "./chunk-RNKFLICK.js";
import "./chunk-RUECQSS5.js";
import "./chunk-TF5Z63NO.js";
import "./chunk-YX3WZ7YO.js";
import "./chunk-LXRB7ZSZ.js";
import "./chunk-AJMDYKUH.js";
import "./chunk-JAMHECB7.js";
import "./chunk-DTE7QE2B.js";
import "./chunk-2MCR5RCG.js";
import "./chunk-JTBHCSTL.js";
import {
  StartSeal
} from "./chunk-HCIP3CIK.js";
import {
  connectToService
} from "./chunk-AMZKIOQD.js";
import {
  Ledger
} from "./chunk-6777VTFZ.js";
import "./chunk-RTZFZVPV.js";
import {
  DEFAULT_USER_AGENT
} from "./chunk-DTJGZLIT.js";
import "./chunk-BBYHN6AK.js";
import {
  STATE,
  toolkitLogger
} from "./chunk-3J24VQEH.js";
import {
  FleetUsageError
} from "./chunk-ERRIPKIX.js";
import {
  warningsAsInfo
} from "./chunk-KQ5MWZ4S.js";
import "./chunk-WNLN7TCM.js";
import {
  RunError,
  adviseOnFailure
} from "./chunk-QJCS3XWK.js";
import {
  LazyProxyAgent
} from "./chunk-4FZBDBB5.js";
import "./chunk-QTPT64TT.js";
import {
  escapeAnnotationMessage
} from "./chunk-CQTUBHRC.js";
import "./chunk-KY6MOU6A.js";
import "./chunk-RIUXWCXC.js";

// src/action/fleet-mode.ts
import { mkdir, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";

// src/fleet/fleet-log.ts
function timestampedLog(log, now) {
  const stamped = (message) => `${utcSecond(now())} ${message}`;
  return {
    debug: (message) => {
      log.debug(stamped(message));
    },
    info: (message) => {
      log.info(stamped(message));
    },
    warning: (message) => {
      log.warning(stamped(message));
    },
    startGroup: (name) => {
      log.startGroup(stamped(name));
    },
    endGroup: () => {
      log.endGroup();
    }
  };
}

// src/action/fleet-scan.ts
async function scanFleet(options, io) {
  const part = partOf(await listRepositories(io.client, options.selection, io.stopSignal), options);
  for (const warning of selectionWarnings(part)) io.log.warning(`Input 'repositories': ${warning}`);
  const shard = options.shard ? ` (shard ${formatShard(options.shard)})` : "";
  io.log.info(
    `Scanning ${part.repositories.length} of the ${part.selected.length} repositories selected${shard}, at most ${options.concurrency} at a time.`
  );
  const result = part.repositories.length === 0 ? emptyRun(io.now()) : await runFleet(part.repositories, options, io);
  const rollUp = rollUpOfPart(part, result, options);
  const exitCode = fleetExitCode(rollUp);
  return { rollUp, markdown: renderRollUpMarkdown(rollUp), exitCode, reason: reasonOf(rollUp, exitCode) };
}
async function listRepositories(client, selection, signal) {
  const params = selection.kind === "project" ? { project_id: selection.projectId } : {};
  const listing = [];
  for await (const repository of client.iterateRepositories(params, { signal })) listing.push(repository);
  return listing;
}
function partOf(listing, options) {
  try {
    return fleetPart(listing, options);
  } catch (error) {
    if (error instanceof FleetUsageError) throw new RunError(`Input 'repositories': ${error.message}`);
    throw error;
  }
}
function scansFailed(totals) {
  if (totals.scan_failed === 0) return "";
  return totals.scan_failed === 1 ? " (1 because its scan failed)" : ` (${totals.scan_failed} because their scan failed)`;
}
function reasonOf(rollUp, exitCode) {
  const { totals } = rollUp;
  switch (exitCode) {
    case FLEET_EXIT.passed:
      return totals.repositories === 0 ? "This shard holds none of the repositories selected: nothing to scan." : `Every one of the ${totals.repositories} repositories passed the gate.`;
    case FLEET_EXIT.failed:
      return `${totals.failed} of ${totals.repositories} repositories failed the gate (fail-on: ${rollUp.fail_on})${totals.not_judged > 0 ? `; ${totals.not_judged} could not be judged` : ""}. The job summary lists them.`;
    case FLEET_EXIT.keyRefused:
      return `The service refused the key: no scan was started after it, and ${totals.not_judged} repositories were not judged.`;
    case FLEET_EXIT.interrupted:
      return `The workflow was cancelled: the scans the fleet started that still ran were cancelled, and ${totals.not_judged} repositories were not judged.`;
    default:
      return `${totals.not_judged} of ${totals.repositories} repositories could not be judged${scansFailed(totals)}; none failed the gate. The job summary says why.`;
  }
}

// src/action/fleet-github.ts
async function connectFleetGitHub(toolkit, given, setting) {
  const ms = setting.seconds * 1e3;
  try {
    const { access, who } = await openFleetGitHub(given, {
      dispatcher: setting.dispatcher,
      signal: AbortSignal.any([setting.stopSignal, AbortSignal.timeout(ms)]),
      deadline: setting.now() + ms,
      logger: setting.log,
      userAgent: DEFAULT_USER_AGENT,
      fleetError: (kind, message, status) => new FleetGitHubError(kind, message, status),
      onSecret: (secret) => {
        toolkit.setSecret(secret);
      },
      now: setting.now
    });
    setting.log.info(`GitHub: ${who}, at ${given.apiUrl.value}.`);
    return access;
  } catch (error) {
    if (error instanceof GitHubCredentialsError) throw new RunError(error.message);
    if (error instanceof GitHubError)
      throw new RunError(
        `GitHub did not answer whether it takes the GitHub App (${given.apiUrl.value}): ${error.message}`
      );
    throw error;
  }
}

// src/action/fleet-mode.ts
async function runFleetMode(input, inputs) {
  const { toolkit } = input;
  const log = timestampedLog(toolkitLogger(toolkit), input.now);
  const network = new LazyProxyAgent();
  const progress = { doing: "reading the inputs", client: void 0 };
  try {
    const facts = workflowFacts(input.env, await readWorkflowEvent(input.env));
    const settings = fleetStepSettings(inputs, facts.origin, input.env);
    tellIgnoredInputs(toolkit, log, settings);
    const dispatcher = await network.open();
    progress.doing = "checking the GitHub App";
    const github = settings.github === void 0 ? void 0 : await connectFleetGitHub(toolkit, settings.github, {
      seconds: settings.options.waitTimeoutSeconds,
      stopSignal: input.signal,
      now: input.now,
      log,
      dispatcher
    });
    progress.doing = "connecting to the service";
    const client = serviceClientOf(input, { settings, eventName: facts.event.name, log, dispatcher });
    progress.client = client;
    const options = ownLedger(settings);
    if (settings.freshLedger) await rm(options.ledgerPath, { force: true });
    else checkLedger(options);
    const seal = StartSeal.drawn();
    toolkit.saveState(STATE.fleetLedger, options.ledgerPath);
    toolkit.saveState(STATE.fleetNonce, seal.nonce);
    progress.doing = "listing and scanning the repositories";
    const verdict = await scanFleet(options, {
      client,
      log,
      stopSignal: input.signal,
      now: input.now,
      scrub: (text) => toolkit.scrub(text),
      seal,
      github
    });
    if (!input.signal.aborted) toolkit.saveState(STATE.fleetFinished, "true");
    progress.doing = "writing the roll-up";
    await report({ toolkit, log }, input.env, options, verdict);
  } catch (thrown) {
    toolkit.setFailed(escapeAnnotationMessage(failureOf(thrown, progress, input.signal)));
  } finally {
    await progress.client?.close();
    await network.destroy();
  }
}
function serviceClientOf(input, using) {
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
    rateLimitWaitMs: settings.options.waitTimeoutSeconds * 1e3
  });
}
function ownLedger(settings) {
  const { options } = settings;
  return { ...options, ledgerPath: resolve(options.ledgerPath ?? ""), ledgerRun: fleetRunName(options) };
}
function checkLedger(options) {
  try {
    Ledger.check(options.ledgerPath, ledgerRunOf(options));
  } catch (error) {
    if (error instanceof FleetUsageError)
      throw new RunError(`Input 'ledger': ${error.message.replace(/^--ledger /, "")}`);
    throw error;
  }
}
function failureOf(thrown, progress, stop) {
  if (thrown instanceof RunError) return thrown.message;
  if (stop.aborted)
    return `The workflow was cancelled while ${progress.doing}; the step ends without a verdict.`;
  return adviseOnFailure(thrown, "repository", { baseUrl: progress.client?.baseUrl, doing: progress.doing });
}
function tellIgnoredInputs(toolkit, log, settings) {
  for (const notice of settings.notices) toolkit.notice(escapeAnnotationMessage(notice));
  for (const warning of settings.warnings) log.warning(warning);
}
async function report({ toolkit, log }, env, options, verdict) {
  const file = rollUpPath(env, options.shard);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, toolkit.scrub(`${JSON.stringify(verdict.rollUp, null, 2)}
`));
  await toolkit.appendSummary(verdict.markdown);
  toolkit.setOutput("fleet-report", file);
  toolkit.setOutput("repositories-failed", JSON.stringify(namesWhere(verdict.rollUp, "failed")));
  toolkit.setOutput("repositories-not-judged", JSON.stringify(namesWhere(verdict.rollUp, null)));
  if (verdict.exitCode !== 0) toolkit.setFailed(escapeAnnotationMessage(verdict.reason));
  else log.info(verdict.reason);
}
function rollUpPath(env, shard) {
  const name = shard ? `svc-fleet-roll-up-${shard.index}-of-${shard.count}.json` : "svc-fleet-roll-up.json";
  return resolve(join(env.RUNNER_TEMP?.trim() || ".", name));
}
function namesWhere(rollUp, gate) {
  return rollUp.repositories.filter((entry) => entry.gate === gate).map((entry) => entry.repository);
}
export {
  runFleetMode
};
//# sourceMappingURL=fleet-mode-S7467RZW.js.map
