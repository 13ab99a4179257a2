import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  SEVERITY_LABEL,
  moduleIcon,
  renderCreditsLine,
  renderInsightsSections,
  renderPolicyChange,
  renderPolicySection
} from "./chunk-W6AG7AH6.js";
import {
  fileLink
} from "./chunk-SERTICK7.js";
import {
  withNotCounted
} from "./chunk-D6TG47T5.js";
import {
  ELSEWHERE,
  FINDING,
  counted,
  leftOutLines,
  noun,
  restOfScan
} from "./chunk-TF5Z63NO.js";
import {
  SEVERITIES,
  isAtOrAbove
} from "./chunk-QTPT64TT.js";
import {
  escapeMarkdownInline,
  markdownCode,
  markdownCodeLink,
  markdownLink,
  truncate
} from "./chunk-CQTUBHRC.js";

// src/report/summary/summary.ts
var SUMMARY_BUDGET_BYTES = 512 * 1024;
var SUMMARY_MAX_FINDINGS = 500;
var TITLE_MAX = 200;
var PATH_MAX = 240;
var SUMMARY_OPEN_ROWS = 10;
function renderScanSummary(input) {
  const sections = [
    renderPolicyChange(input.policy),
    verdictSection(input),
    countsSection(input),
    modulesSection(input.scan.modules),
    findingsSection(input),
    renderPolicySection(input.policy, { restWhere: restWhere(input) }),
    suppressionHint(input),
    fixesSection(input),
    sarifFileLine(input.sarifFile),
    remediationSection(input.remediations),
    ...renderInsightsSections(input.insights, input.scan.id),
    renderCreditsLine(input.insights?.credits)
  ];
  return sections.filter((section) => section.length > 0).join("\n\n") + "\n";
}
function verdictSection(input) {
  const { verdict, scan } = input;
  const heading = verdict.passed ? "## \u2705 svc-scan: passed" : "## \u274C svc-scan: failed";
  const facts = [
    `Scan ${markdownCode(scan.id)} of ${markdownCode(scan.repository)} at ${markdownCode(scan.ref)}`,
    `risk score **${input.riskScore === null ? "n/a" : escapeMarkdownInline(String(input.riskScore))}**`,
    withNotCounted(`${SEVERITIES.reduce((sum, s) => sum + input.counts[s], 0)} findings`, input.policy)
  ];
  const checkRun = input.annotations?.checkRun;
  if (checkRun) facts.push(`check run ${markdownLink(checkRun.name, checkRun.url)}`);
  const lines = [heading, "", `**${escapeMarkdownInline(verdict.reason)}**`, "", facts.join(" \xB7 ")];
  for (const note of input.notes) lines.push("", `> [!WARNING]
> ${escapeMarkdownInline(note)}`);
  return lines.join("\n");
}
function suppressionHint(input) {
  if (input.verdict.failingFindings === 0) return "";
  return "_A false positive, or an accepted risk? Suppress it in `.github/svc-scan.yml` (`ignore:` with its `fingerprint`, or a `cwe` and `paths`, a `reason` and an `expires` date): the fingerprint is in the check run's annotation details, the SARIF file and `svc scan --json`._";
}
function countsSection(input) {
  const rows = SEVERITIES.map((severity) => {
    const marks = [];
    if (input.failOn !== "none" && isAtOrAbove(severity, input.failOn)) marks.push("fails the step");
    else if (isAtOrAbove(severity, input.reportFloor)) marks.push("reported");
    else marks.push("counted, not reported");
    if (severity === input.severityThreshold) marks.push("\u2190 severity-threshold");
    if (severity === input.failOn) marks.push("\u2190 fail-on");
    return `| ${SEVERITY_LABEL[severity]} | ${input.counts[severity]} | ${marks.join(" ")} |`;
  });
  return ["| Severity | Findings | Gate |", "| --- | ---: | --- |", ...rows].join("\n");
}
function modulesSection(modules) {
  if (modules.length === 0) return "";
  const items = modules.map(
    (module) => `${markdownCode(module.name)} ${moduleIcon(module.status)} ${escapeMarkdownInline(module.status)}`
  );
  return `**Modules:** ${items.join(" \xB7 ")}`;
}
function fixesSection(input) {
  const folded = input.foldedFixes ?? [];
  const posted = input.suggestionsPosted ?? 0;
  if (folded.length === 0 && posted === 0) return "";
  const lines = ["### Fixes", ""];
  if (posted > 0)
    lines.push(
      `${posted} ${posted === 1 ? "fix was" : "fixes were"} suggested on the pull request's lines.`,
      ""
    );
  lines.push(...folded.flatMap((block) => [block, ""]));
  return lines.join("\n").trimEnd();
}
function sarifFileLine(file) {
  if (!file) return "";
  const leftOut = file.leftOut > 0 ? `; ${file.leftOut} left out by code scanning's limits` : "";
  return `_SARIF for code scanning: ${markdownCode(file.path)}, ${file.results} results${leftOut}._`;
}
function remediationSection(outcomes) {
  if (outcomes.length === 0) return "";
  const rows = outcomes.map((outcome) => {
    const finding = `${escapeMarkdownInline(truncate(outcome.title, TITLE_MAX))} (${markdownCode(outcome.findingId)})`;
    const result = outcome.problem === null ? `${markdownLink("pull request", outcome.prUrl)} on ${markdownCode(outcome.branch)}` : `no pull request: ${escapeMarkdownInline(outcome.problem)}`;
    return `| ${SEVERITY_LABEL[outcome.severity]} | ${finding} | ${result} |`;
  });
  return ["### Remediations", "", "| Severity | Finding | Result |", "| --- | --- | --- |", ...rows].join(
    "\n"
  );
}
function findingsSection(input) {
  if (input.comparison) return comparisonSection(input, input.comparison);
  const lines = [
    `### Findings (${input.reportedTotal} at or above ${input.reportFloor}, most severe first)`,
    ""
  ];
  if (input.reportedTotal === 0) {
    lines.push("No finding at or above the reported severity.");
    return lines.join("\n");
  }
  const table = findingsTable(input.findings, input.links, SUMMARY_MAX_FINDINGS);
  lines.push(...table.lines);
  lines.push(...leftOutLines(input.reportedTotal - table.listed, noun("reported finding"), restWhere(input)));
  const annotationLine = annotationsLine(input);
  if (annotationLine) lines.push("", annotationLine);
  return lines.join("\n");
}
function restWhere(input) {
  return restOfScan(input.scan.id, input.counts, input.policy, "markdown");
}
function comparisonSection(input, comparison) {
  const lines = [
    ...newFindingsLines(input, comparison),
    ...existingFindingsLines(input, comparison),
    ...fixedFindingsLines(comparison),
    "",
    baselineLine(comparison),
    ...coarseMatchingLines(comparison)
  ];
  const annotationLine = annotationsLine(input);
  if (annotationLine) lines.push("", annotationLine);
  return lines.join("\n");
}
function newFindingsLines(input, comparison) {
  const { counts } = comparison;
  const lines = [`### New findings (${counts.new} at or above ${input.reportFloor}, most severe first)`, ""];
  if (counts.new === 0) {
    lines.push("This pull request introduces no finding at or above the reported severity.");
    return lines;
  }
  const table = findingsTable(
    comparison.newFindings,
    input.links,
    SUMMARY_MAX_FINDINGS,
    SUMMARY_OPEN_ROWS,
    SUMMARY_BUDGET_BYTES / 2
  );
  lines.push(
    ...table.lines,
    ...leftOutLines(counts.new - table.listed, noun("new finding"), restWhere(input))
  );
  return lines;
}
function existingFindingsLines(input, comparison) {
  const existing = comparison.counts.existing;
  if (existing === 0) return [];
  const table = findingsTable(
    comparison.existingFindings,
    input.links,
    SUMMARY_MAX_FINDINGS,
    Number.POSITIVE_INFINITY,
    SUMMARY_BUDGET_BYTES / 2
  );
  return [
    "",
    `<details><summary>${counted(existing, noun("existing finding"))}, already in the baseline: ${existing === 1 ? "it does" : "they do"} not fail the gate</summary>`,
    "",
    ...table.lines,
    ...leftOutLines(existing - table.listed, noun("existing finding"), restWhere(input)),
    "",
    "</details>"
  ];
}
function fixedFindingsLines(comparison) {
  const fixed = comparison.counts.fixed;
  if (fixed === 0) return [];
  const items = comparison.fixedFindings.slice(0, SUMMARY_OPEN_ROWS * 5).map(
    (finding) => `- ${SEVERITY_LABEL[finding.severity]} ${escapeMarkdownInline(truncate(finding.title, TITLE_MAX))} (${markdownCode(truncate(finding.filePath, PATH_MAX))})`
  );
  const where = ELSEWHERE.findingsCommand(comparison.baselineScanId, "markdown", { scan: "the baseline" });
  return [
    "",
    `<details><summary>This pull request fixes ${counted(fixed, FINDING)}</summary>`,
    "",
    ...items,
    ...leftOutLines(fixed - items.length, noun("fixed finding"), where),
    "",
    "</details>"
  ];
}
function baselineLine(comparison) {
  return `_Compared with scan ${markdownCode(comparison.baselineScanId)} of ${markdownCode(comparison.baselineCommit)}, ${escapeMarkdownInline(comparison.baselineSource)}${comparison.startedBaseline ? ", started for this comparison (it cost a scan)" : ""}._`;
}
function coarseMatchingLines(comparison) {
  const files = comparison.coarseFiles.length;
  if (files === 0) return [];
  return [
    "",
    `_Coarse matching (by title, CWE and file only) for ${files} ${files === 1 ? "file" : "files"} whose diff GitHub did not give._`
  ];
}
function findingsTable(findings, links, maxRows, openRows = SUMMARY_OPEN_ROWS, budgetBytes = SUMMARY_BUDGET_BYTES) {
  const header = ["| Severity | Finding | Location | CWE | OWASP |", "| --- | --- | --- | --- | --- |"];
  const rows = [];
  let bytes = 0;
  for (const finding of findings) {
    if (rows.length >= maxRows) break;
    const row = findingRow(finding, links);
    bytes += Buffer.byteLength(row) + 1;
    if (bytes > budgetBytes) break;
    rows.push(row);
  }
  const lines = [...header, ...rows.slice(0, openRows)];
  if (rows.length > openRows) {
    const folded = rows.length - openRows;
    lines.push(
      "",
      `<details><summary>${folded} more ${folded === 1 ? "finding" : "findings"}</summary>`,
      "",
      ...header,
      ...rows.slice(openRows),
      "",
      "</details>"
    );
  }
  return { lines, listed: rows.length };
}
function annotationsLine(input) {
  const sink = input.annotations?.sink ?? "workflow commands";
  const { annotationsShown: shown, annotationsNotShown: notShown } = input;
  if (sink === "none")
    return input.reportedTotal > 0 ? "_Annotations are off (`annotations: none`)._" : void 0;
  if (notShown === 0) return void 0;
  if (sink === "check run") {
    const checkRun = input.annotations?.checkRun;
    const where = checkRun ? ` in the check run ${markdownLink(checkRun.name, checkRun.url)}` : "";
    return `_${shown} findings are annotated on their lines${where}; ${notShown} are not (\`max-annotations\`): the check run lists them, and the table above the most severe._`;
  }
  return `_${shown} findings are annotated on their lines; ${notShown} are not, since GitHub shows at most 10 annotations of each level from a step._`;
}
function findingRow(finding, links) {
  const location = finding.line > 0 ? `${finding.filePath}:${finding.line}` : finding.filePath;
  const url = fileLink(links, finding);
  const code = location ? markdownCode(truncate(location, PATH_MAX)) : "";
  const cells = [
    SEVERITY_LABEL[finding.severity],
    escapeMarkdownInline(truncate(finding.title, TITLE_MAX)),
    url && code ? markdownCodeLink(code, url) : code,
    finding.cwe ? escapeMarkdownInline(finding.cwe) : "",
    finding.owasp ? escapeMarkdownInline(finding.owasp) : ""
  ];
  return `| ${cells.join(" | ")} |`;
}
function renderFailureSummary(input) {
  const lines = ["## \u274C svc-scan: failed", ""];
  for (const line of input.message.split("\n")) {
    lines.push(
      line.startsWith("- ") ? `- ${escapeMarkdownInline(line.slice(2))}` : escapeMarkdownInline(line)
    );
  }
  if (input.scan) {
    lines.push("", `Scan ${markdownCode(input.scan.id)}: ${escapeMarkdownInline(input.scan.status)}`);
    const modules = modulesSection(input.scan.modules);
    if (modules) lines.push("", modules);
  }
  return lines.join("\n") + "\n";
}

export {
  SUMMARY_MAX_FINDINGS,
  renderScanSummary,
  renderFailureSummary
};
//# sourceMappingURL=chunk-OGKRM6AL.js.map
