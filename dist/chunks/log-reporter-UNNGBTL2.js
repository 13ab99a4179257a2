import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  expiringSuppressionNotice
} from "./chunk-MDKAJOYT.js";
import {
  creditsNotice
} from "./chunk-YNNDKLNH.js";
import {
  withNotCounted
} from "./chunk-D6TG47T5.js";
import "./chunk-2MCR5RCG.js";
import {
  SEVERITIES
} from "./chunk-QTPT64TT.js";
import "./chunk-RIUXWCXC.js";

// src/report/log/log-reporter.ts
var logReporter = {
  name: "log",
  finish(report, { log, toolkit }) {
    for (const note of report.notes) log.warning(note);
    for (const entry of report.policy?.expiringSoon ?? [])
      toolkit.annotate("notice", expiringSuppressionNotice(entry));
    const unused = report.policy?.unused ?? [];
    if (unused.length > 0) log.info(`Unused suppressions (they matched no finding): ${unused.join(" | ")}`);
    const notice = creditsNotice(report.insights?.credits);
    if (notice) toolkit.annotate("notice", notice);
    const results = report.results;
    if (results === void 0) return Promise.resolve(void 0);
    const breakdown = SEVERITIES.map((severity) => `${results.counts[severity]} ${severity}`).join(", ");
    const findings = withNotCounted(breakdown, report.policy);
    log.info(`Findings: ${findings}. Risk score: ${results.riskScore ?? "n/a"}.`);
    log.info(`Gate ${results.verdict.passed ? "passed" : "failed"}: ${results.verdict.reason}`);
    return Promise.resolve(void 0);
  }
};
var logFactory = { create: () => logReporter };
export {
  logFactory
};
//# sourceMappingURL=log-reporter-UNNGBTL2.js.map
