import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/client/job-status.ts
var SUCCEEDED_STATUSES = ["completed", "succeeded", "success", "done"];
var FAILED_STATUSES = ["failed", "error", "errored"];
var CANCELLED_STATUSES = ["cancelled", "canceled"];
var RUNNING_STATUSES = ["queued", "pending", "running", "in_progress", "created"];
function classifyStatus(status) {
  const normalized = status.trim().toLowerCase();
  if (SUCCEEDED_STATUSES.includes(normalized)) return "succeeded";
  if (FAILED_STATUSES.includes(normalized)) return "failed";
  if (CANCELLED_STATUSES.includes(normalized)) return "cancelled";
  return "running";
}
function isKnownStatus(status) {
  const normalized = status.trim().toLowerCase();
  return classifyStatus(normalized) !== "running" || RUNNING_STATUSES.includes(normalized);
}
var classifyScanStatus = classifyStatus;
var SKIPPED_STATUSES = ["skipped"];
function classifyModuleStatus(status) {
  return SKIPPED_STATUSES.includes(status.trim().toLowerCase()) ? "skipped" : classifyStatus(status);
}
function isModuleComplete(status) {
  const outcome = classifyModuleStatus(status);
  return outcome === "succeeded" || outcome === "skipped";
}
function classifyAiAnalysis(analysis, observe) {
  if (hasStatus(analysis.status)) {
    observe?.(analysis.status);
    return classifyStatus(analysis.status);
  }
  const outcomes = analysis.agent_runs.map((run) => {
    observe?.(run.status);
    return classifyStatus(run.status);
  });
  if (outcomes.length === 0 || outcomes.includes("running")) return "running";
  if (outcomes.includes("failed")) return "failed";
  if (outcomes.includes("cancelled")) return "cancelled";
  return "succeeded";
}
function classifyRemediation(job, observe) {
  if (hasStatus(job.status)) {
    observe?.(job.status);
    return classifyStatus(job.status);
  }
  return typeof job.pr_url === "string" && job.pr_url.length > 0 ? "succeeded" : "running";
}
function unknownStatusReporter(logger, what) {
  const reported = /* @__PURE__ */ new Set();
  return (status) => {
    if (isKnownStatus(status) || reported.has(status)) return;
    reported.add(status);
    logger.warning(`${what} has the unknown status "${status}"; waiting on as if it were still running`);
  };
}
function hasStatus(status) {
  return typeof status === "string" && status.trim().length > 0;
}

export {
  classifyStatus,
  classifyScanStatus,
  classifyModuleStatus,
  isModuleComplete,
  classifyAiAnalysis,
  classifyRemediation,
  unknownStatusReporter
};
//# sourceMappingURL=chunk-WNLN7TCM.js.map
