import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  creditsRunShort,
  didNotPass,
  isPassedStatus
} from "./chunk-YNNDKLNH.js";
import {
  ELSEWHERE,
  counted,
  leftOutLines,
  noun
} from "./chunk-TF5Z63NO.js";
import {
  classifyModuleStatus,
  classifyStatus
} from "./chunk-WNLN7TCM.js";
import {
  escapeMarkdownInline,
  markdownCode,
  markdownLink,
  truncate
} from "./chunk-CQTUBHRC.js";

// src/text/severity-label.ts
var SEVERITY_LABEL = {
  critical: "\u{1F7E5} Critical",
  high: "\u{1F7E7} High",
  medium: "\u{1F7E8} Medium",
  low: "\u{1F7E6} Low",
  info: "\u2B1C Info"
};

// src/report/policy-summary.ts
var TITLE_MAX = 200;
var PATH_MAX = 240;
var REASON_MAX = 300;
var COMMENT_SUPPRESSED_ROWS = 20;
function renderPolicyChange(policy) {
  if (!policy || policy.change.length === 0) return "";
  const applied = policy.changeApplied ? "this run was judged by the changed policy" : "shown, not applied: the base's policy judged this run";
  const items = policy.change.map((sentence) => `> - ${escapeMarkdownInline(sentence)}`);
  return [`> [!IMPORTANT]`, `> **This pull request changes the policy** (${applied}):`, ...items].join("\n");
}
function renderPolicySection(policy, options = {}) {
  if (!policy) return "";
  const { rows = Number.POSITIVE_INFINITY, findingsRead = true, restWhere: restWhere2 = "" } = options;
  const lines = ["### Policy", ""];
  lines.push(
    policy.source ? `Policy file ${escapeMarkdownInline(policy.source)}.` : "No policy file: the inputs alone set the gate."
  );
  const scope = scopeLine(policy, findingsRead);
  if (scope) lines.push("", scope);
  if (policy.suppressedCount > 0) lines.push("", ...suppressedBlock(policy, rows, restWhere2));
  lines.push(...entriesBlock("Expired suppressions (no longer applied)", policy.expired));
  lines.push(...entriesBlock("Suppressions that expire within 14 days", policy.expiringSoon));
  lines.push(...entriesBlock(unusedHeading(policy), policy.unused));
  return lines.join("\n");
}
function scopeLine(policy, findingsRead) {
  const parts = [];
  if (policy.paths.length > 0)
    parts.push(`paths ${policy.paths.map((glob) => markdownCode(glob)).join(", ")}`);
  if (policy.pathsIgnore.length > 0)
    parts.push(`paths-ignore ${policy.pathsIgnore.map((glob) => markdownCode(glob)).join(", ")}`);
  if (parts.length === 0) return "";
  if (!findingsRead) return `The gate judges ${parts.join(", not ")}.`;
  const outside = policy.outOfScopeCount;
  return `The gate judges ${parts.join(", not ")}. ${outside} ${outside === 1 ? "finding lies" : "findings lie"} outside: neither reported nor gated.`;
}
function suppressedBlock(policy, rows, restWhere2) {
  const listed = policy.suppressed.slice(0, rows);
  const items = listed.map((finding) => suppressedItem(finding));
  const what = noun("suppressed finding");
  return [
    `<details><summary>${counted(policy.suppressedCount, what)}: not gated</summary>`,
    "",
    ...items,
    ...leftOutLines(
      policy.suppressedCount - listed.length,
      what,
      restWhere2 || "the service lists every finding of the scan"
    ),
    "",
    "</details>"
  ];
}
function suppressedItem(finding) {
  const location = finding.line > 0 ? `${finding.filePath}:${finding.line}` : finding.filePath;
  return `- ${SEVERITY_LABEL[finding.severity]} ${escapeMarkdownInline(truncate(finding.title, TITLE_MAX))}${location ? ` (${markdownCode(truncate(location, PATH_MAX))})` : ""}: ${escapeMarkdownInline(truncate(finding.suppression, REASON_MAX))}; reason: ${escapeMarkdownInline(truncate(finding.reason, REASON_MAX))}`;
}
function unusedHeading(policy) {
  const read = policy.readWholeFrom ? ` (every finding at or above ${policy.readWholeFrom} was read)` : "";
  return `Unused suppressions: they matched no finding${read}; remove them so the policy does not rot`;
}
function entriesBlock(heading, entries) {
  if (entries.length === 0) return [];
  return [
    "",
    `**${escapeMarkdownInline(heading)}:**`,
    "",
    ...entries.map((entry) => `- ${escapeMarkdownInline(truncate(entry, REASON_MAX * 2))}`)
  ];
}
function renderSkippedSummary(reason, policy) {
  const sections = [
    renderPolicyChange(policy),
    ["## \u23ED\uFE0F svc-scan: skipped", "", `**${escapeMarkdownInline(reason)}**`].join("\n"),
    renderPolicySection(policy, { rows: 0, findingsRead: false })
  ];
  return sections.filter((section) => section !== "").join("\n\n") + "\n";
}

// src/text/status-icon.ts
function moduleIcon(status) {
  switch (classifyModuleStatus(status)) {
    case "succeeded":
      return "\u2705";
    case "failed":
      return "\u274C";
    case "skipped":
      return "\u23ED\uFE0F";
    case "cancelled":
      return "\u{1F6AB}";
    case "running":
      return "\u23F3";
  }
}

// src/report/insights-summary.ts
var INSIGHTS_SUMMARY_BUDGET_BYTES = 64 * 1024;
var INSIGHTS_MAX_ROWS = 50;
var COMMENT_AGENT_RUNS = 10;
var TEXT_MAX = 200;
var ID_MAX = 100;
var STATUS_MAX = 40;
function renderInsightsSections(insights, scanId) {
  if (insights === void 0) return [];
  const budget = { bytesLeft: INSIGHTS_SUMMARY_BUDGET_BYTES, scanId };
  return [
    aiSection(insights.ai, budget),
    complianceSection(insights.compliance, budget),
    aiSecuritySection(insights.aiSecurity, budget)
  ].filter((section) => section.length > 0);
}
function renderCreditsLine(credits) {
  if (credits === void 0) return "";
  const used = credits.used === void 0 ? "" : `; this run used **${credits.used}**`;
  const short = creditsRunShort(credits) ? " \u26A0\uFE0F That is not enough for another run like this one." : "";
  return `_Credits: **${credits.remaining}** remaining${used}._${short}`;
}
function renderInsightsCommentLines(insights, summaryUrl) {
  if (insights === void 0) return [];
  const details = summaryUrl ? ` \u2014 ${markdownLink("details in the job summary", summaryUrl)}` : "";
  const lines = [];
  if (insights.ai) lines.push(`- ${aiCommentLine(insights.ai)}${details}`);
  if (insights.compliance) lines.push(`- ${complianceCommentLine(insights.compliance)}${details}`);
  const posture = insights.aiSecurity;
  if (posture && posture.checksTotal > 0) {
    lines.push(
      `- **AI-security posture:** ${posture.checksFailed} of ${posture.checksTotal} checks failed${details}`
    );
  }
  return lines;
}
function restWhere(command, budget) {
  return budget.scanId === void 0 ? "the service has them all" : ELSEWHERE.command(command(budget.scanId), "markdown");
}
function aiSection(ai, budget) {
  if (ai === void 0) return "";
  const lines = ["### AI analysis", ""];
  if (ai.outcome === "succeeded") {
    lines.push(`${aiScores(ai)} \xB7 ${plural(ai.runs.length, "agent run")}`);
  } else {
    lines.push(`**${aiOutcomeSentence(ai)}** The verdict does not depend on it.`);
  }
  if (ai.runs.length > 0) {
    const rows = inSequence(ai).map(
      (run) => `| ${run.sequence} | ${markdownCode(truncate(run.agentId, ID_MAX))} | ${statusCell(run.status, moduleIcon)} | ${run.confidence === null ? "" : String(run.confidence)} |`
    );
    lines.push(
      "",
      ...table(
        ["| # | Agent | Status | Confidence |", "| ---: | --- | --- | ---: |"],
        rows,
        { total: ai.runs.length, what: noun("agent run") },
        budget,
        restWhere((scan) => `svc ai-analysis view ${scan}`, budget)
      )
    );
  }
  return lines.join("\n");
}
function inSequence(ai) {
  return [...ai.runs].sort((a, b) => a.sequence - b.sequence);
}
function aiScores(ai) {
  return `Risk score **${numberOrNa(ai.riskScore)}** \xB7 overall confidence **${numberOrNa(ai.overallConfidence)}**`;
}
function aiOutcomeSentence(ai) {
  const why = ai.problem ? `: ${escapeMarkdownInline(truncate(ai.problem, 500))}` : "";
  switch (ai.outcome) {
    case "succeeded":
      return "The AI analysis completed.";
    case "failed":
      return `The AI analysis failed${why}.`;
    case "cancelled":
      return `The AI analysis was cancelled${why}.`;
    case "timed-out":
      return `The AI analysis did not finish in the time wait-timeout left${why}.`;
    case "not-started":
      return `The AI analysis could not be started${why}.`;
  }
}
function aiCommentLine(ai) {
  if (ai.outcome !== "succeeded")
    return `**AI analysis:** ${aiOutcomeSentence(ai)} The verdict does not depend on it.`;
  const runs = inSequence(ai).slice(0, COMMENT_AGENT_RUNS).map((run) => {
    const confidence = run.confidence === null ? "" : ` ${run.confidence}`;
    return `${markdownCode(truncate(run.agentId, ID_MAX))} ${moduleIcon(run.status)}${confidence}`;
  });
  const more = ai.runs.length > COMMENT_AGENT_RUNS ? ` (+${ai.runs.length - COMMENT_AGENT_RUNS} more in the job summary)` : "";
  const list = runs.length > 0 ? ` \xB7 agent runs: ${runs.join(" \u2192 ")}${more}` : "";
  return `**AI analysis:** ${aiScores(ai).replace(/^Risk/, "risk")}${list}`;
}
function complianceSection(compliance, budget) {
  if (compliance === void 0) return "";
  const lines = ["### Compliance", "", overallLine(compliance)];
  for (const framework of compliance.frameworks) {
    lines.push("", frameworkLine(framework));
    if (framework.notPassed.length === 0) continue;
    const rows = framework.notPassed.map(
      (control) => `| ${markdownCode(truncate(control.controlId, ID_MAX))} | ${escapeMarkdownInline(truncate(control.title, TEXT_MAX))} | ${statusCell(control.status, checkIcon)} |`
    );
    lines.push(
      "",
      ...table(
        ["| Control | Title | Status |", "| --- | --- | --- |"],
        rows,
        { total: framework.notPassedTotal, what: noun("control") },
        budget,
        restWhere((scan) => `svc compliance view ${framework.id} --scan ${scan}`, budget)
      )
    );
  }
  return lines.join("\n");
}
function overallLine(compliance) {
  const { overallScore, minScore } = compliance;
  if (overallScore === void 0) {
    const why = compliance.problem ? `: ${escapeMarkdownInline(truncate(compliance.problem, 500))}` : "";
    const gate2 = minScore === void 0 ? "" : ` min-compliance-score **${minScore}** fails the step.`;
    return `The overall score could not be read${why}.${gate2}`;
  }
  const gate = minScore === void 0 ? "" : ` \xB7 min-compliance-score **${minScore}**: ${overallScore < minScore ? "\u274C below, the step fails" : "\u2705 met"}`;
  return `Overall score **${overallScore}**${gate}`;
}
function frameworkLine(framework) {
  const id = markdownCode(truncate(framework.id, ID_MAX));
  const name = framework.name ? `**${escapeMarkdownInline(truncate(framework.name, TEXT_MAX))}** (${id})` : `**${id}**`;
  const score = framework.score === void 0 ? "" : ` \xB7 score **${framework.score}**`;
  if (framework.problem !== void 0) {
    return `${name}${score} \xB7 its controls could not be read: ${escapeMarkdownInline(truncate(framework.problem, 500))}`;
  }
  const result = framework.notPassedTotal === 0 ? `every one of ${plural(framework.controlsTotal, "control")} passed or does not apply` : `${framework.notPassedTotal} of ${plural(framework.controlsTotal, "control")} did not pass`;
  return `${name}${score} \xB7 ${result}`;
}
function complianceCommentLine(compliance) {
  const { overallScore, minScore } = compliance;
  const gate = minScore === void 0 ? "" : ` (min-compliance-score ${minScore})`;
  if (overallScore === void 0) return `**Compliance:** the score could not be read${gate}`;
  const notPassed = compliance.frameworks.reduce((sum, framework) => sum + framework.notPassedTotal, 0);
  const frameworks = plural(compliance.frameworks.length, "framework");
  return `**Compliance:** score **${overallScore}**${gate} \xB7 ${plural(notPassed, "control")} did not pass in ${frameworks}`;
}
function aiSecuritySection(posture, budget) {
  if (posture === void 0 || posture.checksTotal <= 0) return "";
  const lines = [
    "### AI-security posture",
    "",
    `**${posture.checksFailed} of ${posture.checksTotal} checks failed**`
  ];
  if (posture.notPassed.length > 0) {
    const rows = posture.notPassed.map(
      (check) => `| ${escapeMarkdownInline(truncate(check.name, TEXT_MAX))} | ${markdownCode(truncate(check.owaspLlm, ID_MAX))} | ${statusCell(check.status, checkIcon)} |`
    );
    lines.push(
      "",
      ...table(
        ["| Check | OWASP LLM | Status |", "| --- | --- | --- |"],
        rows,
        { total: posture.notPassedTotal, what: noun("check") },
        budget,
        restWhere((scan) => `svc ai-security --scan ${scan}`, budget)
      )
    );
  }
  return lines.join("\n");
}
function table(header, rows, { total, what }, budget, where) {
  const shown = [];
  for (const row of rows) {
    if (shown.length >= INSIGHTS_MAX_ROWS) break;
    const bytes = Buffer.byteLength(row) + 1;
    if (bytes > budget.bytesLeft) break;
    budget.bytesLeft -= bytes;
    shown.push(row);
  }
  const lines = shown.length > 0 ? [...header, ...shown] : [];
  const leftOut = leftOutLines(total - shown.length, what, where);
  return lines.length > 0 ? [...lines, ...leftOut] : leftOut.slice(1);
}
function statusCell(status, icon) {
  return `${icon(status)} ${escapeMarkdownInline(truncate(status, STATUS_MAX))}`;
}
function checkIcon(status) {
  if (isPassedStatus(status)) return "\u2705";
  if (!didNotPass(status)) return "\u2796";
  return classifyStatus(status) === "failed" ? "\u274C" : "\u26A0\uFE0F";
}
function numberOrNa(value) {
  return value === null ? "n/a" : String(value);
}
function plural(count, noun2) {
  return `${count} ${noun2}${count === 1 ? "" : "s"}`;
}

export {
  moduleIcon,
  renderInsightsSections,
  renderCreditsLine,
  renderInsightsCommentLines,
  SEVERITY_LABEL,
  COMMENT_SUPPRESSED_ROWS,
  renderPolicyChange,
  renderPolicySection,
  renderSkippedSummary
};
//# sourceMappingURL=chunk-W6AG7AH6.js.map
