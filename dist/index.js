import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  ActionInputs,
  deliver,
  minimalReporting,
  readInputRecord
} from "./chunks/chunk-PVY3FC5Q.js";
import {
  freezeReport,
  scanStatusOutput
} from "./chunks/chunk-VKM5OPQD.js";
import "./chunks/chunk-VOKVJRS4.js";
import "./chunks/chunk-HXRTW7JD.js";
import {
  claimPostState,
  createActionsToolkit
} from "./chunks/chunk-TQ3HAPY2.js";
import {
  LazyProxyAgent,
  RequestAbortedError,
  RunError,
  RunTimeoutError,
  ScanInterruptedError,
  adviseOnFailure,
  describeStage,
  escapeAnnotationMessage
} from "./chunks/chunk-2JYI4MZX.js";
import "./chunks/chunk-QTPT64TT.js";
import {
  EXIT_CODE_INTERRUPTED,
  watchTermination
} from "./chunks/chunk-KY6MOU6A.js";
import "./chunks/chunk-RIUXWCXC.js";

// src/github/event.ts
import { readFile } from "node:fs/promises";
async function readWorkflowEvent(env) {
  const name = env.GITHUB_EVENT_NAME ?? "";
  const path = env.GITHUB_EVENT_PATH;
  if (!path) return { name, payload: {} };
  try {
    return { name, payload: JSON.parse(await readFile(path, "utf8")) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Could not read the event payload at GITHUB_EVENT_PATH (${path}): ${reason}`, {
      cause: error
    });
  }
}
var PULL_REQUEST_EVENTS = /* @__PURE__ */ new Set(["pull_request", "pull_request_target"]);
function changeOfEvent(event) {
  const payload = event.payload ?? {};
  if (event.name === "merge_group") {
    return {
      kind: "merge_group",
      headSha: commitSha(payload.merge_group?.head_sha),
      baseSha: commitSha(payload.merge_group?.base_sha)
    };
  }
  if (!PULL_REQUEST_EVENTS.has(event.name)) return void 0;
  const pullRequest = payload.pull_request;
  const number = pullRequest?.number;
  return {
    kind: "pull_request",
    number: typeof number === "number" && Number.isSafeInteger(number) && number > 0 ? number : void 0,
    headSha: typeof pullRequest?.head?.sha === "string" && pullRequest.head.sha !== "" ? pullRequest.head.sha : void 0,
    baseSha: commitSha(pullRequest?.base?.sha),
    fromFork: isFork(payload)
  };
}
function commitSha(value) {
  return typeof value === "string" && /^[0-9a-f]{7,64}$/i.test(value) ? value : void 0;
}
function isFork(payload) {
  const head = payload.pull_request?.head?.repo;
  if (head === null) return true;
  if (head === void 0) return false;
  const base = payload.repository?.full_name;
  return typeof head.full_name === "string" && typeof base === "string" && head.full_name !== base;
}

// src/github/github-environment.ts
function readGitHubEnvironment(env, event, change = changeOfEvent(event)) {
  const serverUrl = (env.GITHUB_SERVER_URL || "https://github.com").replace(/\/+$/, "");
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? "").split("/");
  const runId = env.GITHUB_RUN_ID;
  const attempt = env.GITHUB_RUN_ATTEMPT;
  return {
    apiUrl: (env.GITHUB_API_URL || "https://api.github.com").replace(/\/+$/, ""),
    serverUrl,
    owner: owner || void 0,
    repo: repo || void 0,
    sha: change?.headSha ?? (env.GITHUB_SHA || void 0),
    pullRequest: change?.kind === "pull_request" ? change.number : void 0,
    baseSha: change?.baseSha,
    mergeGroup: change?.kind === "merge_group",
    forChange: change !== void 0,
    ref: env.GITHUB_REF || void 0,
    defaultBranch: defaultBranchOf(event),
    runUrl: owner && repo && runId ? `${serverUrl}/${owner}/${repo}/actions/runs/${runId}${attempt ? `/attempts/${attempt}` : ""}` : void 0
  };
}
function defaultBranchOf(event) {
  const repository = event.payload?.repository;
  const branch = repository?.default_branch;
  return typeof branch === "string" && branch !== "" ? branch : void 0;
}

// src/action/workflow-origin.ts
function workflowOrigin(env, event, change = changeOfEvent(event)) {
  const sha = env.GITHUB_SHA?.trim();
  return {
    repository: env.GITHUB_REPOSITORY,
    ref: change?.headSha ?? (sha ? sha : void 0),
    workspace: env.GITHUB_WORKSPACE,
    judgesChange: change !== void 0,
    isForkPullRequest: change?.kind === "pull_request" && change.fromFork
  };
}
function workflowFacts(env, event) {
  const change = changeOfEvent(event);
  return {
    event,
    change,
    origin: workflowOrigin(env, event, change),
    environment: readGitHubEnvironment(env, event, change)
  };
}
function scannedPlace(scanned, environment) {
  const { owner, repo, sha } = environment;
  const ownRepository = !!owner && !!repo && scanned.repository.toLowerCase() === `${owner}/${repo}`.toLowerCase();
  return {
    ownRepository,
    atHead: ownRepository && !!sha && (scanned.ref === void 0 || scanned.ref === sha)
  };
}

// src/action/run.ts
async function runMain(input) {
  const { toolkit } = input;
  claimPostState(toolkit);
  const inputs = readInputRecord((name) => toolkit.getInput(name));
  maskSecretInputs(toolkit, inputs);
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
    const [{ runToReport }] = await Promise.all([import("./chunks/main-run-L3KKBRTN.js"), network.open()]);
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
    await runMain({ toolkit, env: process.env, signal: termination.signal, now: () => performance.now() });
  } catch (error) {
    toolkit.setFailed(error instanceof Error ? error.message : String(error));
  }
  termination.dispose();
  if (termination.received()) process.exitCode = EXIT_CODE_INTERRUPTED;
}

// src/index.ts
await run();
//# sourceMappingURL=index.js.map
