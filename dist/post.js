import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  StartSeal
} from "./chunks/chunk-HCIP3CIK.js";
import {
  connectToService
} from "./chunks/chunk-AMZKIOQD.js";
import {
  openScansOf
} from "./chunks/chunk-6777VTFZ.js";
import {
  cancelScan
} from "./chunks/chunk-RTZFZVPV.js";
import "./chunks/chunk-DTJGZLIT.js";
import "./chunks/chunk-BBYHN6AK.js";
import {
  STATE,
  createActionsToolkit,
  toolkitLogger
} from "./chunks/chunk-3J24VQEH.js";
import "./chunks/chunk-ERRIPKIX.js";
import "./chunks/chunk-KQ5MWZ4S.js";
import {
  classifyScanStatus
} from "./chunks/chunk-WNLN7TCM.js";
import "./chunks/chunk-QJCS3XWK.js";
import "./chunks/chunk-4FZBDBB5.js";
import "./chunks/chunk-QTPT64TT.js";
import {
  truncate
} from "./chunks/chunk-CQTUBHRC.js";
import "./chunks/chunk-KY6MOU6A.js";
import "./chunks/chunk-RIUXWCXC.js";

// src/action/post.ts
import { homedir } from "node:os";
var POST_CANCEL_TIMEOUT_MS = 2e4;
var POST_READ_TIMEOUT_MS = 1e4;
async function runPost(toolkit, env, homeDir = homedir()) {
  const log = toolkitLogger(toolkit);
  const left = [...oneScanLeft(toolkit), ...fleetScansLeft(toolkit, log)];
  if (left.length === 0) return;
  let client;
  try {
    const apiKey = toolkit.getInput("api-key").trim();
    if (apiKey) toolkit.setSecret(apiKey);
    client = connectToService({
      apiKey: apiKey || void 0,
      apiUrl: toolkit.getInput("api-url").trim() || void 0,
      env,
      homeDir,
      toolkit,
      eventName: env.GITHUB_EVENT_NAME,
      log
    });
    for (const scan of left) await settleScan(client, log, scan);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warning(`Could not cancel the scans the main step left running: ${reason}`);
  } finally {
    await client?.close();
  }
}
function oneScanLeft(toolkit) {
  return [
    { id: toolkit.getState(STATE.scanId), settledState: STATE.scanSettled, what: "Scan" },
    {
      id: toolkit.getState(STATE.baselineScanId),
      settledState: STATE.baselineSettled,
      what: "Baseline scan"
    }
  ].filter((scan) => scan.id !== "" && toolkit.getState(scan.settledState) !== "true").map(({ id, settledState, what }) => ({
    id,
    what,
    settled: () => {
      toolkit.saveState(settledState, "true");
    }
  }));
}
var IGNORED_LINES_NAMED = 20;
var ID_CHARACTERS = 100;
function fleetScansLeft(toolkit, log) {
  const ledgerPath = toolkit.getState(STATE.fleetLedger);
  const nonce = toolkit.getState(STATE.fleetNonce);
  if (ledgerPath === "" || nonce === "" || toolkit.getState(STATE.fleetFinished) === "true") return [];
  try {
    const { open, ignored } = openScansOf(ledgerPath, new StartSeal(nonce));
    for (const id of ignored.slice(0, IGNORED_LINES_NAMED))
      log.info(
        `The ledger names scan ${truncate(id, ID_CHARACTERS)} on a line the main step did not write: it is not cancelled.`
      );
    if (ignored.length > IGNORED_LINES_NAMED)
      log.info(`${ignored.length - IGNORED_LINES_NAMED} more such lines were passed over.`);
    return open.map((id) => ({ id, what: "Fleet scan", settled: () => void 0 }));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warning(
      `Could not read the fleet's ledger ${ledgerPath} to cancel the scans left running: ${reason}`
    );
    return [];
  }
}
async function settleScan(client, log, scan) {
  const status = await client.getScan(scan.id, { signal: AbortSignal.timeout(POST_READ_TIMEOUT_MS) }).then((seen) => seen.status).catch(() => void 0);
  if (status !== void 0 && classifyScanStatus(status) !== "running") {
    log.info(`${scan.what} ${scan.id} has already ended (status ${status}); nothing to cancel.`);
    return;
  }
  const state = status === void 0 ? "could not be read" : `is still ${status}`;
  log.info(`${scan.what} ${scan.id} ${state} after the main step; cancelling it.`);
  await cancelScan({ client, log }, scan.id, scan.settled, POST_CANCEL_TIMEOUT_MS);
}

// src/post-step.ts
async function run() {
  await runPost(createActionsToolkit(), process.env);
}

// src/post.ts
await run();
//# sourceMappingURL=post.js.map
