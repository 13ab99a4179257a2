import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  NOTHING_DELIVERED,
  STAGES,
  delivered,
  deliveryKey,
  describeReporter,
  mergeDeliveries
} from "./chunk-O3VPFHJX.js";
import {
  SUMMARY_MAX_FINDINGS,
  annotationLevel,
  renderFailureSummary,
  renderScanSummary,
  renderSkippedSummary
} from "./chunk-XF4FWVMG.js";
import {
  remediationPrsOutput
} from "./chunk-URG4WKJK.js";
import {
  runnerToolkit,
  toolkitLogger
} from "./chunk-XBBKAVGM.js";
import {
  escapeAnnotationMessage,
  escapeAnnotationProperty
} from "./chunk-6JNELK4N.js";
import {
  SEVERITIES
} from "./chunk-QTPT64TT.js";

// src/report/check-run-delivery.ts
var CHECK_RUN_DELIVERED = deliveryKey(
  "check run",
  void 0
);

// src/report/fix-suggestions-delivery.ts
var FIX_SUGGESTIONS_DELIVERED = deliveryKey("fix suggestions", {
  posted: 0,
  folded: []
});

// src/report/sarif-file-delivery.ts
var SARIF_FILE_DELIVERED = deliveryKey("SARIF file", void 0);

// src/report/annotations/annotations.ts
var MAX_PATH_LENGTH = 4096;
var ANNOTATION_LIMITS = {
  perLevelPerStep: { error: 9, warning: 10, notice: 10 },
  perJob: 50
};
function planAnnotations(findings, reportedTotal, budget = {}) {
  const perLevel = {
    error: 0,
    warning: budget.warningsUsed ?? 0,
    notice: 0
  };
  const annotations = [];
  for (const finding of findings) {
    if (annotations.length >= ANNOTATION_LIMITS.perJob) break;
    const level = annotationLevel(finding.severity);
    if (perLevel[level] >= ANNOTATION_LIMITS.perLevelPerStep[level]) continue;
    perLevel[level] += 1;
    annotations.push(annotationFor(finding, level));
  }
  return { annotations, notShown: Math.max(0, reportedTotal - annotations.length) };
}
function findingDetails(finding) {
  return [
    `Severity: ${finding.originalSeverity ?? finding.severity}`,
    finding.cwe,
    finding.owasp ? `OWASP ${finding.owasp}` : void 0,
    finding.id ? `finding ${finding.id}` : void 0,
    // What a policy suppresses it by (ignore: - fingerprint: …), as the SARIF file's partialFingerprints carry it.
    finding.fingerprint ? `fingerprint ${finding.fingerprint}` : void 0
  ].filter((part) => Boolean(part));
}
function annotationFor(finding, level) {
  const details = findingDetails(finding);
  const annotation = {
    level,
    title: escapeAnnotationProperty(`${finding.severity.toUpperCase()}: ${finding.title}`),
    message: escapeAnnotationMessage(`${finding.title}
${details.join(" \xB7 ")}`)
  };
  const file = finding.filePath.replace(/^\.\//, "");
  if (file && file.length <= MAX_PATH_LENGTH) {
    annotation.file = escapeAnnotationProperty(file, MAX_PATH_LENGTH);
    if (Number.isInteger(finding.line) && finding.line > 0) annotation.startLine = finding.line;
  }
  return annotation;
}

// src/report/annotations/workflow-annotations-reporter.ts
var ANNOTATIONS_DELIVERED = deliveryKey(
  "annotations",
  { sink: "none", shown: 0, notShown: 0 }
);
var workflowAnnotationsReporter = {
  name: "workflow-command annotations",
  needs: { rows: 0, perSeverity: ANNOTATION_LIMITS.perLevelPerStep.warning },
  finish(report, { log, toolkit }) {
    const results = report.results;
    if (results === void 0) return Promise.resolve(void 0);
    const plan = planAnnotations(results.findings, results.reportedTotal, {
      warningsUsed: report.notes.length
    });
    for (const annotation of plan.annotations) {
      toolkit.annotate(annotation.level, annotation.message, {
        title: annotation.title,
        ...annotation.file === void 0 ? {} : { file: annotation.file },
        ...annotation.startLine === void 0 ? {} : { startLine: annotation.startLine }
      });
    }
    if (plan.notShown > 0) {
      log.info(
        `${plan.notShown} reported findings are not shown as annotations: GitHub shows at most 10 annotations of each level from a step. The job summary lists them.`
      );
    }
    return Promise.resolve({
      delivered: [
        delivered(ANNOTATIONS_DELIVERED, {
          sink: "workflow commands",
          shown: plan.annotations.length,
          notShown: plan.notShown
        })
      ]
    });
  }
};
var workflowAnnotationsDescriptor = describeReporter({
  name: "workflow-command annotations",
  stage: "sink",
  inputs: {},
  outputs: {},
  needs: ["findings shown"],
  create: (_own, run) => run.settings.annotations === "workflow-commands" ? workflowAnnotationsReporter : void 0
});

// src/report/summary/job-summary-reporter.ts
var jobSummaryReporter = {
  name: "job summary",
  needs: { rows: SUMMARY_MAX_FINDINGS, perSeverity: 0 },
  async finish(report, context) {
    const { log, toolkit, delivery } = context;
    const results = report.results;
    const annotations = delivery.of(ANNOTATIONS_DELIVERED);
    const checkRun = delivery.of(CHECK_RUN_DELIVERED);
    const suggestions = delivery.of(FIX_SUGGESTIONS_DELIVERED);
    const markdown = report.outcome === "skipped" ? renderSkippedSummary(report.reason, report.policy) : results === void 0 || report.scan === void 0 ? renderFailureSummary({ message: report.reason, scan: report.scan }) : renderScanSummary({
      ...results,
      scan: report.scan,
      annotationsShown: annotations.shown,
      annotationsNotShown: annotations.notShown,
      annotations: {
        sink: annotations.sink,
        checkRun: checkRun ? { name: context.settings?.checkName ?? "check run", url: checkRun.url } : void 0
      },
      links: context.links,
      foldedFixes: suggestions.folded,
      suggestionsPosted: suggestions.posted,
      notes: [...report.notes, ...delivery.notes],
      insights: report.insights,
      sarifFile: delivery.of(SARIF_FILE_DELIVERED),
      policy: report.policy
    });
    await toolkit.appendSummary(markdown).catch((error) => {
      log.warning(`Could not write the job summary: ${String(error)}`);
    });
    return void 0;
  }
};
var jobSummaryDescriptor = describeReporter({
  name: "job summary",
  stage: "view",
  inputs: {},
  outputs: {},
  needs: ["findings shown"],
  create: () => jobSummaryReporter
});

// src/report/outputs/outputs-reporter.ts
var outputsReporter = {
  name: "outputs",
  finish(report, { toolkit, delivery }) {
    toolkit.setOutput("result", resultOutput(report));
    if (report.scan) toolkit.setOutput("scan-id", report.scan.id);
    if (report.scanStatus) toolkit.setOutput("scan-status", report.scanStatus);
    for (const [name, value] of Object.entries(delivery.outputs)) if (value) toolkit.setOutput(name, value);
    const results = report.results;
    if (results === void 0) return Promise.resolve(void 0);
    const { counts } = results;
    toolkit.setOutput("risk-score", results.riskScore === null ? "" : String(results.riskScore));
    toolkit.setOutput("total-findings", String(SEVERITIES.reduce((sum, s) => sum + counts[s], 0)));
    for (const severity of SEVERITIES) toolkit.setOutput(`findings-${severity}`, String(counts[severity]));
    toolkit.setOutput("failing-findings", String(results.verdict.failingFindings));
    toolkit.setOutput("remediation-prs", remediationPrsOutput(results.remediations));
    toolkit.setOutput("suggestions-posted", String(delivery.of(FIX_SUGGESTIONS_DELIVERED).posted));
    toolkit.setOutput("suppressed-findings", String(report.policy?.suppressedCount ?? 0));
    toolkit.setOutput("out-of-scope-findings", String(report.policy?.outOfScopeCount ?? 0));
    const comparison = results.comparison;
    if (comparison) {
      toolkit.setOutput("new-findings", String(comparison.counts.new));
      toolkit.setOutput("new-failing-findings", String(comparison.counts.newFailing));
      toolkit.setOutput("fixed-findings", String(comparison.counts.fixed));
      toolkit.setOutput("existing-findings", String(comparison.counts.existing));
      toolkit.setOutput("baseline-scan-id", comparison.baselineScanId);
    }
    setInsightOutputs(report, toolkit);
    return Promise.resolve(void 0);
  }
};
var outputsDescriptor = describeReporter({
  name: "outputs",
  stage: "outputs",
  inputs: {},
  outputs: {
    "scan-id": "Id of the scan on the service.",
    "scan-status": "Final status of the scan (completed, failed, cancelled, or timed-out); the last status seen when the run failed mid-scan.",
    "risk-score": "Risk score from the scan report.",
    "total-findings": "Number of findings of the scan, not counting those the policy suppressed or left out of scope (suppressed-findings, out-of-scope-findings).",
    "findings-critical": "Number of critical findings.",
    "findings-high": "Number of high findings.",
    "findings-medium": "Number of medium findings.",
    "findings-low": "Number of low findings.",
    "findings-info": "Number of info findings.",
    "failing-findings": "Number of findings at or above fail-on.",
    result: "passed, failed, or skipped (a pull request or merge group that changes no file in paths: no scan was started).",
    "suppressed-findings": "Findings that matched a suppression of the policy file in force (not gated; shown with their reasons).",
    "out-of-scope-findings": "Findings outside paths or inside paths-ignore (neither reported nor gated).",
    "remediation-prs": "JSON array of {finding_id, pr_url, branch} for the remediation jobs started.",
    "new-findings": "Findings the pull request introduces, against the baseline (empty when the gate is all or no baseline was had).",
    "new-failing-findings": "New findings at or above fail-on: what the gate decides on under gate new (empty when no baseline).",
    "fixed-findings": "Baseline findings the pull request fixes (empty when no baseline).",
    "existing-findings": "Findings that were already in the baseline (empty when no baseline).",
    "baseline-scan-id": "The scan compared against (empty when none).",
    "suggestions-posted": "How many fix suggestions this run posted (0 when none: off, a fork, nothing new).",
    "ai-risk-score": "Risk score of the AI analysis, as the service gives it (empty unless the analysis completed).",
    "ai-confidence": "Overall confidence of the AI analysis, as the service gives it (empty unless the analysis completed).",
    "compliance-score": "Overall compliance score of the frameworks (empty when no frameworks)."
  },
  needs: [],
  create: () => outputsReporter
});
function resultOutput(report) {
  if (report.outcome === "passed" || report.outcome === "skipped") return report.outcome;
  return "failed";
}
function setInsightOutputs(report, toolkit) {
  const { ai, compliance } = report.insights ?? {};
  if (ai?.outcome === "succeeded") {
    if (ai.riskScore !== null) toolkit.setOutput("ai-risk-score", String(ai.riskScore));
    if (ai.overallConfidence !== null) toolkit.setOutput("ai-confidence", String(ai.overallConfidence));
  }
  if (compliance?.overallScore !== void 0)
    toolkit.setOutput("compliance-score", String(compliance.overallScore));
}

// src/action/report-delivery.ts
function minimalReporting(toolkit) {
  return {
    reporters: [
      { reporter: jobSummaryReporter, stage: "view" },
      { reporter: outputsReporter, stage: "outputs" }
    ],
    context: reportContextOver(toolkit),
    github: void 0
  };
}
function reportContextOver(toolkit, given = {}) {
  return {
    log: toolkitLogger(toolkit),
    toolkit: runnerToolkit(toolkit),
    settings: void 0,
    links: void 0,
    runUrl: void 0,
    delivery: NOTHING_DELIVERED,
    ...given
  };
}
async function announceStart(reporting, scan) {
  const standIns = /* @__PURE__ */ new Map();
  for (const { reporter } of reporting.reporters) {
    if (!reporter.start) continue;
    const standIn = await reporter.start(scan, reporting.context).catch((error) => {
      warn(reporting.context.log, reporter.name, error);
    });
    if (standIn) standIns.set(reporter, standIn);
  }
  return standIns;
}
async function deliver(reporting, report) {
  let delivery = reporting.context.delivery;
  for (const stage of STAGES) {
    for (const { reporter } of reporting.reporters.filter((staged) => staged.stage === stage)) {
      const context = { ...reporting.context, delivery };
      try {
        delivery = mergeDeliveries(delivery, [await reporter.finish(report, context)]);
      } catch (error) {
        warn(context.log, reporter.name, error);
      }
    }
  }
}
function warn(log, name, error) {
  const reason = error instanceof Error ? error.message : String(error);
  log.warning(`Could not write the ${name}: ${reason}. The verdict stands.`);
}

export {
  CHECK_RUN_DELIVERED,
  FIX_SUGGESTIONS_DELIVERED,
  SARIF_FILE_DELIVERED,
  findingDetails,
  ANNOTATIONS_DELIVERED,
  workflowAnnotationsReporter,
  workflowAnnotationsDescriptor,
  jobSummaryDescriptor,
  outputsDescriptor,
  minimalReporting,
  announceStart,
  deliver
};
//# sourceMappingURL=chunk-MZFSOFUG.js.map
