import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  connectToService
} from "./chunk-3P7AL55C.js";
import {
  cancelScan
} from "./chunk-7XQMF33P.js";
import {
  STATE
} from "./chunk-FFWQE3NT.js";
import {
  classifyScanStatus,
  escapeAnnotationMessage,
  escapeLogLine
} from "./chunk-RPBXLSDI.js";
import "./chunk-KY6MOU6A.js";
import "./chunk-QTPT64TT.js";
import "./chunk-RIUXWCXC.js";

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
  let client;
  try {
    const apiKey = toolkit.getInput("api-key").trim();
    if (apiKey) toolkit.setSecret(apiKey);
    client = connectToService({
      apiKey: apiKey || void 0,
      apiUrl: toolkit.getInput("api-url").trim() || void 0,
      env,
      homeDir,
      toolkit
    });
    for (const scan of left) await settleScan(client, toolkit, scan);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    toolkit.warning(
      escapeAnnotationMessage(`Could not cancel the scans the main step left running: ${reason}`)
    );
  } finally {
    await client?.close();
  }
}
async function settleScan(client, toolkit, scan) {
  const status = await client.getScan(scan.id, { signal: AbortSignal.timeout(POST_READ_TIMEOUT_MS) }).then((seen) => seen.status).catch(() => void 0);
  if (status !== void 0 && classifyScanStatus(status) !== "running") {
    toolkit.info(
      escapeLogLine(`${scan.what} ${scan.id} has already ended (status ${status}); nothing to cancel.`)
    );
    return;
  }
  const state = status === void 0 ? "could not be read" : `is still ${status}`;
  toolkit.info(escapeLogLine(`${scan.what} ${scan.id} ${state} after the main step; cancelling it.`));
  await cancelScan(
    { client, log: toolkit },
    scan.id,
    () => {
      toolkit.saveState(scan.settled, "true");
    },
    POST_CANCEL_TIMEOUT_MS
  );
}
export {
  runPost
};
//# sourceMappingURL=post-OXSNYYQ2.js.map
