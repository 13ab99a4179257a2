import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  PullRequestDiff,
  readHunks
} from "./chunk-QDGJAFNT.js";
import {
  findingIdentities
} from "./chunk-HAVHDHR4.js";
import {
  accountIdOf,
  isTokenAccount
} from "./chunk-ON4IMCVJ.js";
import {
  GitHubError
} from "./chunk-HHAL4VUO.js";
import "./chunk-UTXIXAY2.js";
import {
  FIX_SUGGESTIONS_PERMISSIONS
} from "./chunk-LXRB7ZSZ.js";
import {
  FIX_SUGGESTIONS_DELIVERED
} from "./chunk-AJMDYKUH.js";
import "./chunk-JAMHECB7.js";
import "./chunk-DTE7QE2B.js";
import "./chunk-2MCR5RCG.js";
import {
  delivered,
  permissionsAdvice
} from "./chunk-JTBHCSTL.js";
import "./chunk-BBYHN6AK.js";
import "./chunk-QJCS3XWK.js";
import "./chunk-4FZBDBB5.js";
import "./chunk-QTPT64TT.js";
import {
  escapeMarkdownInline,
  truncate
} from "./chunk-CQTUBHRC.js";
import "./chunk-RIUXWCXC.js";

// src/fix-suggestions/fix-suggestion.ts
function placeFix(unifiedDiff, path, lines) {
  const parsed = hunksOfFix(unifiedDiff);
  if (typeof parsed === "string") return { ok: false, reason: parsed };
  if (parsed.length !== 1) return { ok: false, reason: "the fix has several hunks" };
  const hunk = parsed[0];
  const changed = hunk.lines.filter((line) => line.kind !== "context");
  const first = hunk.lines.findIndex((line) => line.kind !== "context");
  const last = hunk.lines.length - 1 - [...hunk.lines].reverse().findIndex((line) => line.kind !== "context");
  if (first < 0) return { ok: false, reason: "the fix changes nothing" };
  if (hunk.lines.slice(first, last + 1).some((line) => line.kind === "context"))
    return { ok: false, reason: "the lines the fix removes do not form one run" };
  const removed = changed.filter((line) => line.kind === "removed");
  if (removed.length === 0)
    return { ok: false, reason: "the fix only inserts lines, and a suggestion replaces lines" };
  const start = removed[0]?.baseLine ?? 0;
  const end = removed.at(-1)?.baseLine ?? 0;
  if (lines === void 0 || lines.coarse)
    return { ok: false, reason: `the pull request's diff of ${path} is not available` };
  const prHunk = lines.hunks.find(
    (candidate) => start >= candidate.headStart && end < candidate.headStart + candidate.headCount
  );
  if (!prHunk) return { ok: false, reason: "the lines it changes are outside the pull request's diff" };
  const headText = /* @__PURE__ */ new Map();
  for (const line of prHunk.lines) if (line.headLine !== null) headText.set(line.headLine, line.text);
  for (const line of hunk.lines) {
    if (line.kind === "added" || line.baseLine === null) continue;
    const shown = headText.get(line.baseLine);
    if (shown === void 0)
      return { ok: false, reason: "the fix's context reaches outside the pull request's diff" };
    if (shown !== line.text)
      return {
        ok: false,
        reason: `line ${line.baseLine} of the pull request differs from what the fix expects`
      };
  }
  return {
    ok: true,
    suggestion: {
      path,
      startLine: end > start ? start : void 0,
      line: end,
      replacement: changed.filter((line) => line.kind === "added").map((line) => line.text)
    }
  };
}
function hunksOfFix(unifiedDiff) {
  const text = unifiedDiff.replace(/\n$/, "");
  const lines = text.split("\n");
  const headerFiles = lines.filter((line) => line.startsWith("+++ ")).length;
  if (lines.some((line) => line.startsWith("diff --git")) && headerFiles > 1)
    return "the fix changes several files";
  if (headerFiles > 1) return "the fix changes several files";
  const firstHunk = lines.findIndex((line) => line.startsWith("@@"));
  if (firstHunk < 0) return "the fix has no hunk";
  const hunks = readHunks(lines.slice(firstHunk).join("\n"));
  return typeof hunks === "string" ? `the fix cannot be read: ${hunks}` : hunks;
}
function fenceFor(text) {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (match) => match[0].length));
  return "`".repeat(Math.max(3, longest + 1));
}
var SUGGESTION_MARKER_START = "<!-- svc-scan-action:suggestion:";
function suggestionMarker(identityKey) {
  return `${SUGGESTION_MARKER_START}${identityKey} -->`;
}
function suggestionBody(finding, identityKey, replacement) {
  const content = replacement.join("\n");
  const fence = fenceFor(content);
  const cwe = finding.cwe ? ` (${escapeMarkdownInline(finding.cwe)})` : "";
  return [
    suggestionMarker(identityKey),
    `**Suggested fix** for ${finding.severity} ${escapeMarkdownInline(truncate(finding.title, 200))}${cwe}`,
    "",
    `${fence}suggestion`,
    content,
    fence
  ].join("\n");
}
var FOLDED_DIFF_MAX = 4e3;
function foldedFix(finding, unifiedDiff, reason) {
  const diff = truncate(unifiedDiff.replace(/\r?\n$/, ""), FOLDED_DIFF_MAX);
  const fence = fenceFor(diff);
  return [
    `<details><summary>Fix for ${escapeMarkdownInline(truncate(finding.title, 200))}: ${escapeMarkdownInline(reason)}</summary>`,
    "",
    `${fence}diff`,
    diff,
    fence,
    "",
    "</details>"
  ].join("\n");
}

// src/fix-suggestions/fix-suggestions-reporter.ts
var UNKNOWN_ACCOUNT = "the token's account could not be read, so the suggestions posted before cannot be told from another's";
function reviewComments(targets, diff, postedBodies, folded) {
  const comments = [];
  for (const target of targets) {
    const placement = placeFix(target.diff, target.finding.filePath, diff.head(target.finding.filePath));
    if (!placement.ok) {
      folded.push(foldedFix(target.finding, target.diff, placement.reason));
      continue;
    }
    if (postedBodies.some((body) => body.includes(suggestionMarker(target.identity)))) continue;
    const { suggestion } = placement;
    comments.push({
      path: suggestion.path,
      line: suggestion.line,
      side: "RIGHT",
      ...suggestion.startLine === void 0 ? {} : { start_line: suggestion.startLine, start_side: "RIGHT" },
      body: suggestionBody(target.finding, target.identity, suggestion.replacement)
    });
  }
  return comments;
}
var fixSuggestionsFactory = {
  create: ({ suggestFixes, maxSuggestions }, { github, pullRequest }) => github && pullRequest !== void 0 && suggestFixes ? new FixSuggestionsReporter({ ...github, pullRequest }, maxSuggestions) : void 0
};
var FixSuggestionsReporter = class {
  name = "fix suggestions";
  /** The run reads the fixes of this many failing findings, after the verdict and with its fail-on. */
  needs;
  #github;
  constructor(github, maxSuggestions) {
    this.#github = github;
    this.needs = { rows: 0, perSeverity: 0, fixes: maxSuggestions };
  }
  async finish(report, context) {
    const targets = this.#targets(report);
    if (targets.length === 0) return void 0;
    const { client, environment } = this.#github;
    const where = { owner: environment.owner, repo: environment.repo, pull_number: this.#github.pullRequest };
    const folded = [];
    let posted = 0;
    try {
      const [files, existing] = await Promise.all([
        client.listAll("GET /repos/{owner}/{repo}/pulls/{pull_number}/files", where),
        client.listAll("GET /repos/{owner}/{repo}/pulls/{pull_number}/comments", where)
      ]);
      const diff = PullRequestDiff.fromFiles(files, { complete: files.length < 3e3 });
      const bodies = await this.#ownBodies(existing, context);
      if (bodies === void 0) return this.#allFolded(targets, UNKNOWN_ACCOUNT);
      const comments = reviewComments(targets, diff, bodies, folded);
      if (comments.length > 0) {
        await client.request("POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews", {
          ...where,
          commit_id: environment.sha,
          event: "COMMENT",
          body: `svc-scan suggests ${comments.length === 1 ? "a fix" : `${comments.length} fixes`} for findings that fail the gate.`,
          comments
        });
        posted = comments.length;
        context.log.info(`Posted ${comments.length} fix suggestions in one review.`);
      }
    } catch (error) {
      if (!(error instanceof GitHubError && error.refused)) throw error;
      context.log.info(
        `The token may not review the pull request (${error.status}): ${permissionsAdvice(FIX_SUGGESTIONS_PERMISSIONS, context)}. The fixes are shown in the summary instead.`
      );
      return this.#allFolded(targets, "the token may not post suggestions");
    }
    return { delivered: [delivered(FIX_SUGGESTIONS_DELIVERED, { posted, folded })] };
  }
  #allFolded(targets, reason) {
    const folded = targets.map((target) => foldedFix(target.finding, target.diff, reason));
    return { delivered: [delivered(FIX_SUGGESTIONS_DELIVERED, { posted: 0, folded })] };
  }
  /**
   * The bodies of the review comments the token's account wrote: another's marker never stops a suggestion.
   * Undefined, and logged, when some comment carries a marker and the account could not be read.
   */
  async #ownBodies(existing, context) {
    const marked = existing.filter((comment) => comment.body?.includes(SUGGESTION_MARKER_START));
    if (marked.length === 0) return [];
    const identity = await this.#github.account.identity();
    if (!identity.known) {
      context.log.info(
        `Could not tell which account the token acts as (${identity.reason}): no fix is suggested, they are shown folded.`
      );
      return void 0;
    }
    return marked.flatMap(
      (comment) => isTokenAccount(identity, accountIdOf(comment.user?.id)) ? [comment.body ?? ""] : []
    );
  }
  /** The fixes the run read for the findings the gate fails on, each with its finding and identity marker. */
  #targets(report) {
    const results = report.results;
    if (results === void 0) return [];
    const identities = new Map(
      findingIdentities(
        results.findings.map((f) => ({
          title: f.title,
          file_path: f.filePath,
          line: f.line,
          cwe: f.cwe ?? null
        }))
      ).map((identity, index) => [results.findings[index], identity.key])
    );
    const failing = results.comparison ? results.comparison.newFindings : results.findings;
    return (results.fixes ?? []).flatMap((fix) => {
      const finding = failing.find((candidate) => candidate.id === fix.findingId);
      return finding ? [{ finding, identity: identities.get(finding) ?? finding.id, diff: fix.diff }] : [];
    });
  }
};
export {
  fixSuggestionsFactory
};
//# sourceMappingURL=fix-suggestions-reporter-EFH6YI6F.js.map
