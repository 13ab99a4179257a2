import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  SUMMARY_MAX_FINDINGS,
  renderFailureSummary,
  renderScanSummary
} from "./chunk-OGKRM6AL.js";
import {
  renderSkippedSummary
} from "./chunk-W6AG7AH6.js";
import {
  SARIF_FILE_DELIVERED
} from "./chunk-FI2FODY6.js";
import {
  CHECK_RUN_DELIVERED
} from "./chunk-RUECQSS5.js";
import {
  ANNOTATIONS_DELIVERED
} from "./chunk-YX3WZ7YO.js";
import {
  FIX_SUGGESTIONS_DELIVERED
} from "./chunk-AJMDYKUH.js";

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
var jobSummaryFactory = { create: () => jobSummaryReporter };

export {
  jobSummaryReporter,
  jobSummaryFactory
};
//# sourceMappingURL=chunk-M6TTIMFQ.js.map
