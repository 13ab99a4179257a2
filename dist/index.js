import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  deliver,
  minimalReporting
} from "./chunks/chunk-LPM5IYNL.js";
import {
  fleetModeOn,
  readWorkflowEvent,
  scannedPlace,
  workflowFacts
} from "./chunks/chunk-JAZDWY2K.js";
import {
  ActionInputs,
  readInputRecord
} from "./chunks/chunk-RKRFC3FM.js";
import {
  privateKeyMaskParts
} from "./chunks/chunk-36H3BBLY.js";
import {
  freezeReport,
  scanStatusOutput
} from "./chunks/chunk-YF6BX2WK.js";
import "./chunks/chunk-OTAVHTIL.js";
import "./chunks/chunk-M6TTIMFQ.js";
import "./chunks/chunk-OGKRM6AL.js";
import "./chunks/chunk-W6AG7AH6.js";
import "./chunks/chunk-YNNDKLNH.js";
import "./chunks/chunk-FI2FODY6.js";
import "./chunks/chunk-BA7GJAUD.js";
import "./chunks/chunk-JZ7SIFTV.js";
import "./chunks/chunk-VEUFIVSE.js";
import "./chunks/chunk-NDORBLCC.js";
import "./chunks/chunk-XDHJISCG.js";
import "./chunks/chunk-RNKFLICK.js";
import "./chunks/chunk-SERTICK7.js";
import "./chunks/chunk-D6TG47T5.js";
import "./chunks/chunk-RUECQSS5.js";
import "./chunks/chunk-TF5Z63NO.js";
import "./chunks/chunk-YX3WZ7YO.js";
import "./chunks/chunk-LXRB7ZSZ.js";
import "./chunks/chunk-AJMDYKUH.js";
import "./chunks/chunk-JAMHECB7.js";
import "./chunks/chunk-DTE7QE2B.js";
import "./chunks/chunk-2MCR5RCG.js";
import "./chunks/chunk-JTBHCSTL.js";
import {
  claimPostState,
  createActionsToolkit
} from "./chunks/chunk-3J24VQEH.js";
import "./chunks/chunk-ERRIPKIX.js";
import "./chunks/chunk-KQ5MWZ4S.js";
import "./chunks/chunk-WNLN7TCM.js";
import {
  RunError,
  RunTimeoutError,
  ScanInterruptedError,
  adviseOnFailure,
  describeStage
} from "./chunks/chunk-QJCS3XWK.js";
import {
  LazyProxyAgent,
  RequestAbortedError
} from "./chunks/chunk-4FZBDBB5.js";
import "./chunks/chunk-QTPT64TT.js";
import {
  escapeAnnotationMessage
} from "./chunks/chunk-CQTUBHRC.js";
import {
  EXIT_CODE_INTERRUPTED,
  watchTermination
} from "./chunks/chunk-KY6MOU6A.js";
import "./chunks/chunk-RIUXWCXC.js";

// src/action/run.ts
async function runMain(input) {
  const { toolkit } = input;
  claimPostState(toolkit);
  const inputs = readInputRecord((name) => toolkit.getInput(name));
  maskSecretInputs(toolkit, inputs);
  if (fleetModeOn(inputs)) {
    const { runFleetMode } = await import("./chunks/fleet-mode-S7467RZW.js");
    await runFleetMode(input, inputs);
    return;
  }
  const network = new LazyProxyAgent();
  const run2 = {
    progress: { stage: "inputs", scan: void 0 },
    client: void 0,
    deadline: void 0,
    reporting: minimalReporting(toolkit)
  };
  let report;
  try {
    const given = await checkGivenInputs(input, inputs);
    const [{ runToReport }] = await Promise.all([import("./chunks/main-run-24D3JSFS.js"), network.open()]);
    report = await runToReport(input, given, run2, network);
  } catch (thrown) {
    report = failureReport(thrown, input, run2);
  }
  try {
    const frozen = freezeReport(report);
    await deliver(run2.reporting, frozen);
    if (frozen.outcome !== "passed" && frozen.outcome !== "skipped")
      toolkit.setFailed(escapeAnnotationMessage(frozen.reason));
  } finally {
    await run2.reporting.close?.().catch(() => void 0);
    await run2.client?.close();
    await network.destroy();
  }
}
async function checkGivenInputs(input, inputs) {
  const facts = workflowFacts(input.env, await readWorkflowEvent(input.env));
  const actionInputs = new ActionInputs(inputs, facts.origin).checkGiven();
  return { facts, actionInputs, place: scannedPlace(actionInputs.scanned, facts.environment) };
}
function maskSecretInputs(toolkit, inputs) {
  for (const secret of ["api-key", "github-token", "workflow-token"]) {
    const raw = inputs[secret]?.trim();
    if (raw) toolkit.setSecret(raw);
  }
  const privateKey = inputs["github-app-private-key"]?.trim();
  if (privateKey) for (const part of privateKeyMaskParts(privateKey)) toolkit.setSecret(part);
}
function failureReport(thrown, input, run2) {
  const { progress, deadline, client } = run2;
  const error = explainAbort(thrown, { progress, deadline, stopSignal: input.signal });
  return {
    outcome: input.signal.aborted ? "cancelled" : "error",
    reason: error instanceof RunError ? error.message : adviseOnFailure(error, progress.stage, { baseUrl: client?.baseUrl }),
    scan: progress.scan ? reportedScan(progress.scan, run2.reporting.context.settings) : void 0,
    scanStatus: scanStatusAfter(error, progress.scan),
    results: void 0,
    notes: []
  };
}
function reportedScan(scan, settings) {
  return {
    id: scan.id,
    status: scan.status,
    repository: settings?.repository ?? "",
    ref: settings?.ref ?? "",
    modules: scan.modules
  };
}
function explainAbort(error, context) {
  if (error instanceof RunError) return error;
  const { stage } = context.progress;
  if (context.stopSignal.aborted) {
    return new RunError(
      `The workflow was cancelled while ${describeStage(stage)}; the step ends without a verdict.`
    );
  }
  const aborted = error instanceof RequestAbortedError || error instanceof DOMException && error.name === "TimeoutError";
  if (context.deadline?.expired && (aborted || context.deadline.signal.aborted)) {
    return new RunTimeoutError(context.deadline.timeoutMs / 1e3, stage, context.progress.scan?.id);
  }
  return error;
}
function scanStatusAfter(error, scan) {
  if (error instanceof RunTimeoutError && error.stage === "scan") return "timed-out";
  if (error instanceof ScanInterruptedError && error.scanStatus) return scanStatusOutput(error.scanStatus);
  return scan ? scanStatusOutput(scan.status) : void 0;
}

// src/main.ts
async function run() {
  const toolkit = createActionsToolkit();
  const termination = watchTermination(process);
  try {
    await runMain({
      toolkit,
      env: process.env,
      signal: termination.signal,
      now: () => performance.timeOrigin + performance.now()
    });
  } catch (error) {
    toolkit.setFailed(error instanceof Error ? error.message : String(error));
  }
  termination.dispose();
  if (termination.received()) process.exitCode = EXIT_CODE_INTERRUPTED;
}

// src/index.ts
await run();
//# sourceMappingURL=index.js.map
