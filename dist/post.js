import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  connectToService
} from "./chunks/chunk-WS5EIFKU.js";
import {
  cancelScan
} from "./chunks/chunk-UXMMS3EP.js";
import {
  STATE,
  createActionsToolkit,
  toolkitLogger
} from "./chunks/chunk-TQ3HAPY2.js";
import {
  classifyScanStatus
} from "./chunks/chunk-2JYI4MZX.js";
import "./chunks/chunk-QTPT64TT.js";
import "./chunks/chunk-KY6MOU6A.js";
import "./chunks/chunk-RIUXWCXC.js";

// src/action/post.ts
import { homedir } from "node:os";
var POST_CANCEL_TIMEOUT_MS = 2e4;
var POST_READ_TIMEOUT_MS = 1e4;
async function runPost(toolkit, env, homeDir = homedir()) {
  const left = [
    { id: toolkit.getState(STATE.scanId), settled: STATE.scanSettled, what: "Scan" },
    { id: toolkit.getState(STATE.baselineScanId), settled: STATE.baselineSettled, what: "Baseline scan" }
  ].filter((scan) => scan.id !== "" && toolkit.getState(scan.settled) !== "true");
  if (left.length === 0) return;
  const log = toolkitLogger(toolkit);
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
    for (const scan of left) await settleScan(client, { toolkit, log }, scan);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warning(`Could not cancel the scans the main step left running: ${reason}`);
  } finally {
    await client?.close();
  }
}
async function settleScan(client, { toolkit, log }, scan) {
  const status = await client.getScan(scan.id, { signal: AbortSignal.timeout(POST_READ_TIMEOUT_MS) }).then((seen) => seen.status).catch(() => void 0);
  if (status !== void 0 && classifyScanStatus(status) !== "running") {
    log.info(`${scan.what} ${scan.id} has already ended (status ${status}); nothing to cancel.`);
    return;
  }
  const state = status === void 0 ? "could not be read" : `is still ${status}`;
  log.info(`${scan.what} ${scan.id} ${state} after the main step; cancelling it.`);
  await cancelScan(
    { client, log },
    scan.id,
    () => {
      toolkit.saveState(scan.settled, "true");
    },
    POST_CANCEL_TIMEOUT_MS
  );
}

// src/post-step.ts
async function run() {
  await runPost(createActionsToolkit(), process.env);
}

// src/post.ts
await run();
//# sourceMappingURL=post.js.map
