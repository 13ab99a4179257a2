import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  remediationPrsOutput
} from "./chunk-JZ7SIFTV.js";
import {
  FIX_SUGGESTIONS_DELIVERED
} from "./chunk-AJMDYKUH.js";
import {
  SEVERITIES
} from "./chunk-QTPT64TT.js";

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
var outputsFactory = { create: () => outputsReporter };
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

export {
  outputsReporter,
  outputsFactory
};
//# sourceMappingURL=chunk-BA7GJAUD.js.map
