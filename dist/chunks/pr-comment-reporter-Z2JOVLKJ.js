import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  accountIdOf,
  isTokenAccount
} from "./chunk-ON4IMCVJ.js";
import {
  GitHubError
} from "./chunk-HHAL4VUO.js";
import "./chunk-UTXIXAY2.js";
import {
  PR_COMMENT_PERMISSIONS
} from "./chunk-OTAVHTIL.js";
import {
  COMMENT_SUPPRESSED_ROWS,
  renderInsightsCommentLines,
  renderPolicyChange,
  renderPolicySection
} from "./chunk-W6AG7AH6.js";
import "./chunk-YNNDKLNH.js";
import {
  fileLink
} from "./chunk-SERTICK7.js";
import {
  withNotCounted
} from "./chunk-D6TG47T5.js";
import {
  CHECK_RUN_DELIVERED
} from "./chunk-RUECQSS5.js";
import {
  ELSEWHERE,
  FINDING,
  counted,
  leftOutLines,
  noun
} from "./chunk-TF5Z63NO.js";
import {
  FIX_SUGGESTIONS_DELIVERED
} from "./chunk-AJMDYKUH.js";
import "./chunk-DTE7QE2B.js";
import "./chunk-2MCR5RCG.js";
import {
  permissionsAdvice
} from "./chunk-JTBHCSTL.js";
import "./chunk-BBYHN6AK.js";
import "./chunk-WNLN7TCM.js";
import "./chunk-4FZBDBB5.js";
import {
  SEVERITIES
} from "./chunk-QTPT64TT.js";
import {
  escapeMarkdownInline,
  markdownCode,
  markdownCodeLink,
  markdownLink,
  truncate
} from "./chunk-CQTUBHRC.js";
import "./chunk-RIUXWCXC.js";

// src/report/pr-comment/pr-comment.ts
var COMMENT_MAX_CHARACTERS = 65536;
var COMMENT_TOP_FINDINGS = 10;
var SEVERITY_ICON = {
  critical: "\u{1F7E5}",
  high: "\u{1F7E7}",
  medium: "\u{1F7E8}",
  low: "\u{1F7E6}",
  info: "\u2B1C"
};
function commentMarker(checkName) {
  return `<!-- svc-scan-action:comment:${encodeURIComponent(checkName)} -->`;
}
function renderPrComment(report, options) {
  const policyChange = renderPolicyChange(report.policy);
  const lines = [
    commentMarker(options.checkName),
    ...policyChange ? [policyChange, ""] : [],
    heading(report),
    "",
    `**${escapeMarkdownInline(report.reason)}**`,
    ...report.results ? resultsLines(report, report.results, options) : [],
    ...fixesLines(options),
    ...paragraph(renderInsightsCommentLines(report.insights, options.runUrl)),
    ...report.notes.flatMap((note) => ["", `> ${escapeMarkdownInline(truncate(note, 1e3))}`]),
    ...paragraph([linksLine(options)].filter((line) => line !== ""))
  ];
  return withinLimit(lines.join("\n"), options.runUrl);
}
function resultsLines(report, results, options) {
  const lines = ["", countsLine(results, report.policy)];
  const where = ELSEWHERE.jobSummary(options.runUrl);
  if (results.comparison) lines.push(...comparisonLines(results.comparison, options.links, where));
  else lines.push(...mostSevereLines(results, options.links, where));
  const policy = renderPolicySection(report.policy, { rows: COMMENT_SUPPRESSED_ROWS, restWhere: where });
  if (policy) lines.push("", policy.replace(/^### Policy/, "**Policy**"));
  const opened = results.remediations.filter((remediation) => remediation.problem === null);
  if (opened.length > 0) {
    lines.push("", "**Remediation pull requests:**", "");
    for (const remediation of opened)
      lines.push(`- ${markdownLink(truncate(remediation.title, 200), remediation.prUrl)}`);
  }
  return lines;
}
function countsLine(results, policy) {
  const counts = SEVERITIES.map((s) => `${SEVERITY_ICON[s]} ${results.counts[s]} ${s}`).join(" \xB7 ");
  return `${withNotCounted(counts, policy)} \xB7 risk score **${results.riskScore ?? "n/a"}**`;
}
function comparisonLines(comparison, links, where) {
  const { counts } = comparison;
  const top = comparison.newFindings.slice(0, COMMENT_TOP_FINDINGS);
  const lines = [
    "",
    counts.new === 0 ? "**This pull request introduces no new finding.**" : `**New findings** (${top.length} of ${counts.new}):`
  ];
  if (top.length > 0) lines.push("", ...top.map((finding) => findingItem(finding, links)));
  lines.push(...leftOutLines(counts.new - top.length, noun("new finding"), where));
  lines.push(
    ...foldedList(
      `${counted(counts.existing, noun("existing finding"))} (already in the baseline; not failing the gate)`,
      comparison.existingFindings,
      counts.existing,
      { links, what: noun("existing finding"), where }
    )
  );
  const atBase = links && { ...links, sha: comparison.baselineCommit };
  lines.push(
    ...foldedList(
      `This pull request fixes ${counted(counts.fixed, FINDING)}`,
      comparison.fixedFindings,
      counts.fixed,
      { links: atBase, what: noun("fixed finding"), where }
    )
  );
  return lines;
}
function foldedList(summary, findings, total, rest) {
  if (total <= 0) return [];
  const shown = findings.slice(0, COMMENT_TOP_FINDINGS);
  return [
    "",
    `<details><summary>${summary}</summary>`,
    "",
    ...shown.map((finding) => findingItem(finding, rest.links)),
    ...leftOutLines(total - shown.length, rest.what, rest.where),
    "",
    "</details>"
  ];
}
function mostSevereLines(results, links, where) {
  const top = results.findings.slice(0, COMMENT_TOP_FINDINGS);
  if (top.length === 0) return [];
  return [
    "",
    `**Most severe findings** (${top.length} of ${results.reportedTotal} reported):`,
    "",
    ...top.map((finding) => findingItem(finding, links)),
    ...leftOutLines(results.reportedTotal - top.length, noun("reported finding"), where)
  ];
}
function findingItem(finding, links) {
  const location = finding.line > 0 ? `${finding.filePath}:${finding.line}` : finding.filePath;
  const code = location ? markdownCode(truncate(location, 200)) : "";
  const url = fileLink(links, finding);
  const where = code ? ` \u2014 ${url ? markdownCodeLink(code, url) : code}` : "";
  const cwe = finding.cwe ? ` (${escapeMarkdownInline(finding.cwe)})` : "";
  return `- ${SEVERITY_ICON[finding.severity]} ${escapeMarkdownInline(truncate(finding.title, 200))}${where}${cwe}`;
}
function fixesLines(options) {
  const lines = [];
  const posted = options.suggestionsPosted ?? 0;
  if (posted > 0)
    lines.push(
      "",
      `${posted} ${posted === 1 ? "fix is" : "fixes are"} suggested on the lines: commit ${posted === 1 ? "it" : "them"} from the review.`
    );
  const folded = options.foldedFixes ?? [];
  const shown = folded.slice(0, COMMENT_TOP_FINDINGS);
  for (const block of shown) lines.push("", block);
  lines.push(
    ...leftOutLines(
      folded.length - shown.length,
      noun("fix that is not a suggestion", "fixes that are not suggestions"),
      ELSEWHERE.jobSummary(options.runUrl)
    )
  );
  return lines;
}
function linksLine(options) {
  return [
    options.checkRunUrl ? markdownLink(`Check run ${options.checkName}`, options.checkRunUrl) : void 0,
    options.runUrl ? markdownLink("Job summary", options.runUrl) : void 0
  ].filter((link) => link !== void 0).join(" \xB7 ");
}
function paragraph(lines) {
  return lines.length > 0 ? ["", ...lines] : [];
}
function withinLimit(body, runUrl) {
  if (body.length <= COMMENT_MAX_CHARACTERS) return body;
  const tail = `
\u2026

_The comment was cut at GitHub's limit of ${COMMENT_MAX_CHARACTERS} characters: ${ELSEWHERE.jobSummary(runUrl)}._`;
  return `${body.slice(0, COMMENT_MAX_CHARACTERS - tail.length)}${tail}`;
}
function heading(report) {
  switch (report.outcome) {
    case "passed":
      return "### \u2705 svc-scan: passed";
    case "failed":
      return "### \u274C svc-scan: failed";
    case "skipped":
      return "### \u23ED\uFE0F svc-scan: skipped, no file in scope changed";
    case "error":
      return "### \u274C svc-scan: the scan could not be completed";
    case "cancelled":
      return "### \u{1F6AB} svc-scan: cancelled";
  }
}

// src/report/pr-comment/pr-comment-reporter.ts
var prCommentFactory = {
  create: ({ prComment }, { github, environment, settings }) => github && environment.pullRequest !== void 0 && prComment !== "never" ? new PrCommentReporter(
    { ...github, pullRequest: environment.pullRequest },
    { mode: prComment, checkName: settings.checkName }
  ) : void 0
};
var PrCommentReporter = class {
  name = "pull request comment";
  needs = { rows: 10, perSeverity: 0 };
  #github;
  #mode;
  #checkName;
  constructor(github, options) {
    this.#github = github;
    this.#mode = options.mode;
    this.#checkName = options.checkName;
  }
  async finish(report, context) {
    if (this.#mode === "never" || report.outcome === "cancelled") return void 0;
    const { client, environment } = this.#github;
    const where = { owner: environment.owner, repo: environment.repo };
    try {
      const marker = commentMarker(this.#checkName);
      const comments = await client.listAll(
        "GET /repos/{owner}/{repo}/issues/{issue_number}/comments",
        {
          ...where,
          issue_number: this.#github.pullRequest
        }
      );
      const existing = await this.#ownComment(
        comments.filter((comment) => comment.body?.startsWith(marker)),
        context
      );
      const failed = report.outcome !== "passed" && report.outcome !== "skipped";
      const changesPolicy = (report.policy?.change.length ?? 0) > 0;
      if (existing === void 0 && this.#mode === "on-failure" && !failed && !changesPolicy)
        return void 0;
      const suggestions = context.delivery.of(FIX_SUGGESTIONS_DELIVERED);
      const body = renderPrComment(report, {
        checkName: this.#checkName,
        links: context.links,
        checkRunUrl: context.delivery.of(CHECK_RUN_DELIVERED)?.url || void 0,
        runUrl: context.runUrl,
        foldedFixes: suggestions.folded,
        suggestionsPosted: suggestions.posted
      });
      const response = existing ? await client.request("PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}", {
        ...where,
        comment_id: existing.id,
        body
      }) : await client.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
        ...where,
        issue_number: this.#github.pullRequest,
        body
      });
      const url = response.data.html_url;
      context.log.info(`${existing ? "Updated" : "Posted"} the pull request comment: ${url}`);
      return { outputs: { "comment-url": url } };
    } catch (error) {
      if (!(error instanceof GitHubError && error.refused)) throw error;
      context.log.info(
        `The token may not comment on the pull request (${error.status}): ${permissionsAdvice(PR_COMMENT_PERMISSIONS, context)}. The job summary has the report.`
      );
      return void 0;
    }
  }
  /** The comment among those carrying the marker that the token's account wrote; the others are left alone. */
  async #ownComment(marked, context) {
    if (marked.length === 0) return void 0;
    const identity = await this.#github.account.identity();
    const own = marked.find((comment) => isTokenAccount(identity, accountIdOf(comment.user?.id)));
    if (own) return own;
    context.log.info(
      identity.known ? `A comment carrying the report's marker was written by another account than the token's (${identity.login}): it is left as it is.` : `Could not tell which account the token acts as (${identity.reason}): a new comment is posted rather than editing one that may be someone else's.`
    );
    return void 0;
  }
};
export {
  prCommentFactory
};
//# sourceMappingURL=pr-comment-reporter-Z2JOVLKJ.js.map
