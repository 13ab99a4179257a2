import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  SEVERITIES
} from "./chunk-QTPT64TT.js";
import {
  markdownCode,
  markdownLink
} from "./chunk-CQTUBHRC.js";

// src/text/left-out.ts
function noun(one, many = `${one}s`) {
  return { one, many };
}
var FINDING = noun("finding");
function counted(count, what) {
  return `${count} ${count === 1 ? what.one : what.many}`;
}
function leftOutSentence(leftOut, what, where) {
  if (!(leftOut > 0)) return "";
  return `${leftOut} more ${leftOut === 1 ? `${what.one} is` : `${what.many} are`} not listed here: ${where}.`;
}
function leftOutLines(leftOut, what, where) {
  const sentence = leftOutSentence(leftOut, what, where);
  return sentence ? ["", `_${sentence}_`] : [];
}
var FINDINGS_LIMIT_MAX = 1e5;
var ELSEWHERE = {
  /** The job summary, linked when the workflow run's page is known (markdown). */
  jobSummary(runUrl) {
    return `see the ${runUrl ? markdownLink("job summary", runUrl) : "job summary"}`;
  },
  /**
   * `svc findings list`, which pages through every finding of a scan. `total` is every finding the scan holds
   * (its default `--limit` is 100), so the command as printed lists them all; unknown, it is svc's largest.
   */
  findingsCommand(scanId, format, { total = FINDINGS_LIMIT_MAX, scan = "the scan" } = {}) {
    const limit = Math.min(Math.max(total, 1), FINDINGS_LIMIT_MAX);
    const command = `svc findings list --scan ${scanId} --limit ${limit}`;
    return `${format === "markdown" ? markdownCode(command) : command} lists every finding of ${scan}`;
  },
  /** A `svc` command that shows a whole list (compliance, the posture, the AI analysis). */
  command(command, format) {
    return `${format === "markdown" ? markdownCode(command) : command} lists them all`;
  }
};
function restOfScan(scanId, counts, policy, format) {
  const countedTotal = SEVERITIES.reduce((sum, severity) => sum + counts[severity], 0);
  const total = countedTotal + (policy?.suppressedCount ?? 0) + (policy?.outOfScopeCount ?? 0);
  return ELSEWHERE.findingsCommand(scanId, format, { total });
}

export {
  noun,
  FINDING,
  counted,
  leftOutSentence,
  leftOutLines,
  ELSEWHERE,
  restOfScan
};
//# sourceMappingURL=chunk-TF5Z63NO.js.map
