import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  classifyModuleStatus,
  classifyScanStatus
} from "./chunk-WNLN7TCM.js";
import {
  ACTION_WORDS,
  RunError,
  RunTimeoutError,
  ScanInterruptedError,
  phraseText
} from "./chunk-QJCS3XWK.js";
import {
  DecodeError,
  PollTimeoutError
} from "./chunk-4FZBDBB5.js";
import {
  graceAfter
} from "./chunk-KY6MOU6A.js";

// src/run/stop-words.ts
var ACTION_STOP_WORDS = {
  stopped: "The workflow was cancelled",
  cancelAgain: "the post step tries again"
};
var StopRequest = class extends Error {
  name = "StopRequest";
  words;
  constructor(words, cause) {
    super(cause instanceof Error ? cause.message : "stopped", { cause });
    this.words = words;
  }
};
function stopSignalWith(signal, words) {
  const controller = new AbortController();
  const stop = () => {
    controller.abort(new StopRequest(words, signal.reason));
  };
  if (signal.aborted) stop();
  else signal.addEventListener("abort", stop, { once: true });
  return controller.signal;
}
function stopWordsOf(signal) {
  const reason = signal.reason;
  return reason instanceof StopRequest ? reason.words : ACTION_STOP_WORDS;
}

// src/run/scan-progress.ts
var ScanProgress = class {
  #scanStatus;
  #moduleStatus = /* @__PURE__ */ new Map();
  #startedAt;
  constructor(startedAt) {
    this.#startedAt = startedAt;
  }
  update(scan, now) {
    const elapsed = formatElapsed(now - this.#startedAt);
    const lines = [];
    if (scan.status !== this.#scanStatus) {
      lines.push(`[${elapsed}] scan ${scan.id}: ${scan.status}`);
      this.#scanStatus = scan.status;
    }
    for (const module of scan.modules) {
      if (this.#moduleStatus.get(module.name) !== module.status) {
        lines.push(`[${elapsed}]   module ${module.name}: ${module.status}`);
        this.#moduleStatus.set(module.name, module.status);
      }
    }
    return lines;
  }
};
function formatElapsed(ms) {
  const totalSeconds = Math.max(0, ms) / 1e3;
  if (totalSeconds < 60) return `${totalSeconds.toFixed(1)}s`;
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = Math.floor(totalSeconds % 60);
  return `${minutes}m${String(seconds).padStart(2, "0")}s`;
}

// src/run/scan-step.ts
var CREATE_GRACE_MS = 3500;
var CANCEL_TIMEOUT_MS = 3500;
var RepositoryNotFoundError = class extends RunError {
  name = "RepositoryNotFoundError";
  /** The message, naming the inputs to check: each face words them (the action's words are the message). */
  advice;
  constructor(advice) {
    super(phraseText(advice, ACTION_WORDS));
    this.advice = advice;
  }
};
var ScanStartError = class extends RunError {
  name = "ScanStartError";
};
async function lookUpRepository(scope) {
  const { client, settings, signal } = scope;
  const found = await client.findRepositoryByFullName(settings.repository, {
    ...settings.projectId ? { projectId: settings.projectId } : {},
    signal
  });
  if (found) return found;
  const principal = await client.me({ signal }).catch(() => void 0);
  const org = principal ? ` in organization ${principal.active_org_id}` : "";
  const project = settings.projectId ? ` (project ${settings.projectId})` : "";
  throw new RepositoryNotFoundError([
    `Repository '${settings.repository}' was not found on the service${org}${project}. `,
    "Connect the repository to the service, check ",
    { input: "repository" },
    " (owner/name, as the service lists it)",
    ...settings.projectId ? [", and ", { input: "project-id" }] : [],
    ", or use an API key of the organization that owns it."
  ]);
}
async function startScan(scope, params, onStarted) {
  const { client, record } = scope;
  const grace = graceAfter(scope.stopSignal, CREATE_GRACE_MS);
  let started;
  try {
    started = await (scope.scanStarter ?? client).createScan(params, {
      signal: AbortSignal.any([scope.deadline.signal, grace.signal])
    });
  } catch (error) {
    const id = error instanceof DecodeError ? error.resourceId : void 0;
    if (id === void 0) {
      if (scope.stopSignal.aborted && !(error instanceof ScanInterruptedError)) {
        throw new ScanInterruptedError(
          `${stopWordsOf(scope.stopSignal).stopped} while the scan was being started, and the service sent back no scan id in time: if it started one, cancel it on the service.`,
          void 0
        );
      }
      throw error;
    }
    record.scanId(id);
    const cancelled = await cancelScan(scope, id, () => {
      record.scanSettled();
    });
    throw new ScanStartError(
      `The service started scan ${id} but its answer could not be read (${error instanceof Error ? error.message : String(error)}). ` + (cancelled ? "The scan was cancelled." : "The scan is cancelled when the job ends.") + " Re-run the job; if it persists, the service is answering in an unexpected format."
    );
  } finally {
    grace.dispose();
  }
  record.scanId(started.id);
  onStarted(started);
  if (scope.stopSignal.aborted) {
    const cancelled = await cancelScan(scope, started.id, () => {
      record.scanSettled();
    });
    const words = stopWordsOf(scope.stopSignal);
    throw new ScanInterruptedError(
      `${words.stopped} while scan ${started.id} was being started; ` + (cancelled ? "it was cancelled on the service." : `it could not be cancelled; ${words.cancelAgain}.`),
      cancelled?.status
    );
  }
  return started;
}
async function waitForScan(scope, started, onScan) {
  const { client, settings, log, deadline } = scope;
  const startedAt = scope.now();
  const progress = new ScanProgress(startedAt);
  const show = (scan) => {
    onScan(scan);
    for (const line of progress.update(scan, scope.now())) log.info(line);
  };
  log.startGroup(`Waiting for scan ${started.id}`);
  try {
    show(started);
    if (classifyScanStatus(started.status) !== "running") return started;
    return await (scope.scanWatcher ?? client).waitForScan(started.id, {
      intervalMs: settings.pollIntervalSeconds * 1e3,
      timeoutMs: deadline.remainingMs(),
      signal: scope.signal,
      onUpdate: show,
      skipFirstFetch: true
    });
  } catch (error) {
    if (scope.stopSignal.aborted) {
      const cancelled = await cancelScan(scope, started.id, () => {
        scope.record.scanSettled();
      });
      const words = stopWordsOf(scope.stopSignal);
      throw new ScanInterruptedError(
        `${words.stopped} after ${formatElapsed(scope.now() - startedAt)}; ` + (cancelled ? `scan ${started.id} was cancelled on the service.` : `scan ${started.id} could not be cancelled; ${words.cancelAgain}.`),
        cancelled?.status
      );
    }
    if (deadline.expired || error instanceof PollTimeoutError) {
      throw new RunTimeoutError(settings.waitTimeoutSeconds, "scan", started.id);
    }
    throw error;
  } finally {
    log.endGroup();
  }
}
async function cancelScan(scope, scanId, onSettled, timeoutMs = CANCEL_TIMEOUT_MS) {
  const { client, log } = scope;
  try {
    const scan = await client.cancelScan(scanId, { timeoutMs, signal: AbortSignal.timeout(timeoutMs) });
    onSettled();
    log.info(describeCancelled(scan));
    return scan;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warning(`Could not cancel scan ${scanId}: ${reason}`);
    return void 0;
  }
}
function describeCancelled(scan) {
  switch (classifyScanStatus(scan.status)) {
    case "cancelled":
      return `Cancelled scan ${scan.id} on the service.`;
    case "running":
      return `Asked the service to cancel scan ${scan.id}; it is stopping (status ${scan.status}).`;
    case "succeeded":
    case "failed":
      return `Scan ${scan.id} had already ended (status ${scan.status}); there was nothing to cancel.`;
  }
}
function describeEndedScan(scan) {
  const failed = scan.modules.filter((module) => classifyModuleStatus(module.status) === "failed");
  const modules = failed.length > 0 ? `; failed modules: ${failed.map((m) => m.name).join(", ")}` : "";
  return `Scan ${scan.id} ended ${scan.status}${modules}.`;
}

export {
  ScanProgress,
  formatElapsed,
  stopSignalWith,
  RepositoryNotFoundError,
  lookUpRepository,
  startScan,
  waitForScan,
  cancelScan,
  describeCancelled,
  describeEndedScan
};
//# sourceMappingURL=chunk-RTZFZVPV.js.map
