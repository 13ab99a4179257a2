import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  findingDetails,
  workflowAnnotationsReporter
} from "./chunk-XSQOBF46.js";
import "./chunk-DDEMGQ4X.js";
import {
  GitHubError
} from "./chunk-HHAL4VUO.js";
import "./chunk-UTXIXAY2.js";
import {
  CHECK_RUN_PERMISSIONS
} from "./chunk-RNKFLICK.js";
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
  noun,
  restOfScan
} from "./chunk-TF5Z63NO.js";
import {
  ANNOTATIONS_DELIVERED
} from "./chunk-YX3WZ7YO.js";
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
import {
  SEVERITIES
} from "./chunk-QTPT64TT.js";
import {
  escapeMarkdownInline,
  markdownCode,
  markdownCodeLink,
  truncate
} from "./chunk-CQTUBHRC.js";
import "./chunk-RIUXWCXC.js";

// src/report/check-run/check-run-output.ts
var CHECK_RUN_LIMITS = {
  /** `output.annotations` per create or update request; more is a 422. */
  annotationsPerRequest: 50,
  /** `output.summary` and `output.text`, each: "Only 65535 characters are allowed". */
  outputCharacters: 65535,
  titleCharacters: 255,
  /** GitHub takes 64 KB; a finding's message needs far less. */
  messageCharacters: 4096,
  rawDetailsCharacters: 1024
};
function checkAnnotationLevel(severity) {
  switch (severity) {
    case "critical":
    case "high":
      return "failure";
    case "medium":
      return "warning";
    case "low":
    case "info":
      return "notice";
  }
}
function renderCheckRunOutput(report, options) {
  const results = report.results;
  const title = truncate(titleOf(report), CHECK_RUN_LIMITS.titleCharacters);
  if (results === void 0) {
    return {
      title,
      summary: budget(escapeMarkdownInline(report.reason)),
      text: "",
      annotations: [],
      annotatedFindings: 0,
      suppressedNotices: 0,
      notAnnotated: 0
    };
  }
  const placed = placeAnnotations(results, report.policy, options.maxAnnotations);
  const notAnnotated = results.reportedTotal - placed.annotatedFindings;
  return {
    title,
    summary: budget(summaryLines(report, results, placed, options.runUrl).join("\n")),
    text: unplacedText(
      placed.unplaced,
      notAnnotated,
      options.links,
      restWhere(report, results, options.runUrl)
    ),
    annotations: placed.annotations,
    annotatedFindings: placed.annotatedFindings,
    suppressedNotices: placed.suppressedNotices,
    notAnnotated
  };
}
function placeAnnotations(results, policy, maxAnnotations) {
  const annotations = [];
  const unplaced = [];
  for (const finding of results.findings) {
    const annotation = annotations.length < maxAnnotations ? annotationOf(finding) : void 0;
    if (annotation) annotations.push(annotation);
    else unplaced.push(finding);
  }
  const annotatedFindings = annotations.length;
  for (const finding of policy?.suppressed ?? []) {
    if (annotations.length >= maxAnnotations) break;
    const annotation = suppressedAnnotationOf(finding);
    if (annotation) annotations.push(annotation);
  }
  return {
    annotations,
    annotatedFindings,
    suppressedNotices: annotations.length - annotatedFindings,
    unplaced
  };
}
function summaryLines(report, results, placed, runUrl) {
  const counts = SEVERITIES.map((s) => `${results.counts[s]} ${s}`).join(" \xB7 ");
  const lines = [
    `**${escapeMarkdownInline(report.reason)}**`,
    "",
    `${withNotCounted(counts, report.policy)} \xB7 risk score ${results.riskScore ?? "n/a"}`
  ];
  const scan = report.scan;
  if (scan) {
    lines.push(
      "",
      `Scan ${markdownCode(scan.id)} of ${markdownCode(scan.repository)} at ${markdownCode(scan.ref)}.`
    );
  }
  lines.push("", annotatedSentence(results.reportedTotal, placed, report.policy?.suppressedCount ?? 0));
  for (const note of report.notes) lines.push("", `> ${escapeMarkdownInline(note)}`);
  if (runUrl) lines.push("", `[Job summary](${runUrl})`);
  return lines;
}
function annotatedSentence(reportedTotal, placed, suppressedTotal) {
  const notAnnotated = reportedTotal - placed.annotatedFindings;
  let sentence = `${placed.annotatedFindings} of ${reportedTotal} reported findings are annotated on their lines` + (notAnnotated > 0 ? `; the other ${notAnnotated} are listed below or in the job summary.` : ".");
  const notices = placed.suppressedNotices;
  if (notices > 0)
    sentence += ` ${counted(notices, noun("suppressed finding"))} ${notices === 1 ? "is" : "are"} shown as ${notices === 1 ? "a notice" : "notices"}.`;
  const unshown = suppressedTotal - notices;
  if (unshown > 0)
    sentence += ` ${counted(unshown, noun(notices > 0 ? "more suppressed finding" : "suppressed finding"))} ${unshown === 1 ? "is" : "are"} not annotated (\`max-annotations\`): the job summary lists them.`;
  return sentence;
}
function titleOf(report) {
  const results = report.results;
  const fresh = results?.comparison ? "new " : "";
  const failing = results?.comparison ? results.comparison.counts.newFailing : results?.verdict.failingFindings;
  switch (report.outcome) {
    case "passed":
      return results ? `Passed: ${failing} ${fresh}failing, ${results.reportedTotal} reported` : "Passed";
    case "failed":
      return results ? `Failed: ${counted(failing ?? 0, noun(`${fresh}finding`))} at or above fail-on` : "Failed";
    case "skipped":
      return "Skipped: no file in scope changed";
    case "error":
      return "The scan could not be completed";
    case "cancelled":
      return "Cancelled";
  }
}
function checkRunLogLine(checkName, output, url) {
  const notices = output.suppressedNotices > 0 ? `, and ${counted(output.suppressedNotices, noun("suppressed finding"))} as ${output.suppressedNotices === 1 ? "a notice" : "notices"}` : "";
  const notAnnotated = output.notAnnotated > 0 ? `; ${output.notAnnotated} not annotated (listed in its text)` : "";
  return `Check run ${checkName}: ${counted(output.annotatedFindings, FINDING)} annotated${notices}${notAnnotated}. ${url}`;
}
function annotationOf(finding) {
  const path = finding.filePath.replace(/^\.\//, "");
  if (path === "" || path.length > 4096 || !(Number.isInteger(finding.line) && finding.line > 0))
    return void 0;
  const details = findingDetails(finding);
  return {
    path,
    start_line: finding.line,
    end_line: finding.line,
    annotation_level: checkAnnotationLevel(finding.severity),
    title: truncate(
      plain(`${finding.severity.toUpperCase()}: ${finding.title}`),
      CHECK_RUN_LIMITS.titleCharacters
    ),
    message: truncate(plain(finding.title), CHECK_RUN_LIMITS.messageCharacters),
    raw_details: truncate(details.join("\n"), CHECK_RUN_LIMITS.rawDetailsCharacters)
  };
}
function suppressedAnnotationOf(finding) {
  const annotation = annotationOf(finding);
  if (annotation === void 0) return void 0;
  return {
    ...annotation,
    annotation_level: "notice",
    title: truncate(
      plain(`SUPPRESSED ${finding.severity}: ${finding.title}`),
      CHECK_RUN_LIMITS.titleCharacters
    ),
    message: truncate(
      plain(`Suppressed by the policy's ${finding.suppression}: ${finding.reason}`),
      CHECK_RUN_LIMITS.messageCharacters
    )
  };
}
function plain(text) {
  return text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (c) => c === "\n" || c === "	" ? " " : "\uFFFD");
}
function unplacedText(unplaced, notAnnotated, links, restWhere2) {
  if (notAnnotated === 0) return "";
  const heading = `### ${notAnnotated} reported ${notAnnotated === 1 ? "finding" : "findings"} without an annotation
`;
  const lines = [heading];
  let length = heading.length;
  let listed = 0;
  const tail = (left) => `
${leftOutLines(left, noun("reported finding"), restWhere2).join("\n")}`;
  for (const finding of unplaced) {
    const location = finding.line > 0 ? `${finding.filePath}:${finding.line}` : finding.filePath;
    const code = location ? markdownCode(truncate(location, 240)) : "_no location_";
    const url = fileLink(links, finding);
    const line = `- **${finding.severity}** ${escapeMarkdownInline(truncate(finding.title, 200))} \u2014 ${url ? markdownCodeLink(code, url) : code}
`;
    if (length + line.length + tail(notAnnotated).length > CHECK_RUN_LIMITS.outputCharacters) break;
    lines.push(line);
    length += line.length;
    listed += 1;
  }
  if (notAnnotated > listed) lines.push(tail(notAnnotated - listed));
  return lines.join("");
}
function restWhere(report, results, runUrl) {
  const summary = ELSEWHERE.jobSummary(runUrl);
  if (!report.scan) return summary;
  return `${summary}; ${restOfScan(report.scan.id, results.counts, report.policy, "markdown")}`;
}
function budget(text) {
  return truncate(text, CHECK_RUN_LIMITS.outputCharacters);
}

// src/report/check-run/check-run-reporter.ts
var checkRunFactory = {
  create: ({ maxAnnotations }, run) => {
    if (run.settings.annotations !== "check-run") return void 0;
    if (run.github)
      return new CheckRunReporter(
        run.github,
        { checkName: run.settings.checkName, maxAnnotations },
        workflowAnnotationsReporter
      );
    run.logger.info(
      "No github-token, or no repository and commit in the environment: annotating with workflow commands (GitHub shows 10 of each level) instead of a check run."
    );
    return workflowAnnotationsReporter;
  }
};
var CheckRunReporter = class {
  name = "check run";
  needs;
  #github;
  #checkName;
  #maxAnnotations;
  #fallback;
  #checkRun;
  #refused = false;
  constructor(github, options, fallback) {
    this.#github = github;
    this.#checkName = options.checkName;
    this.#maxAnnotations = options.maxAnnotations;
    this.#fallback = fallback;
    this.needs = { rows: options.maxAnnotations, perSeverity: 0 };
  }
  /**
   * Once refused at the scan's start (no `checks: write`, GitHub out of reach), the workflow-command annotations
   * stand in: it says so, and the findings are read for them, not for max-annotations no check run will take.
   */
  async start(scan, context) {
    await this.#guard(context, async () => {
      this.#checkRun = await this.#create({
        status: "in_progress",
        started_at: (/* @__PURE__ */ new Date()).toISOString(),
        external_id: scan.id,
        output: {
          title: "Scanning",
          summary: `Scan \`${scan.id}\` is running.`
        }
      });
    });
    return this.#refused ? this.#fallback : void 0;
  }
  async finish(report, context) {
    let delivered2;
    if (!this.#refused) {
      await this.#guard(context, async () => {
        delivered2 = await this.#complete(report, context);
      });
    }
    return this.#refused ? this.#fallback.finish(report, context) : delivered2;
  }
  async #complete(report, context) {
    const output = renderCheckRunOutput(report, {
      maxAnnotations: this.#maxAnnotations,
      links: context.links,
      runUrl: context.runUrl
    });
    const batches = chunk(output.annotations, CHECK_RUN_LIMITS.annotationsPerRequest);
    const last = batches.pop() ?? [];
    this.#checkRun ??= await this.#create({ status: "in_progress", output: outputWith(output, []) });
    for (const batch of batches) await this.#update({ output: outputWith(output, batch) });
    await this.#update({
      status: "completed",
      conclusion: conclusionOf(report),
      completed_at: (/* @__PURE__ */ new Date()).toISOString(),
      output: outputWith(output, last)
    });
    const url = this.#checkRun.html_url ?? "";
    if (output.annotations.length > 0 || url) context.log.info(checkRunLogLine(this.#checkName, output, url));
    return {
      delivered: [
        delivered(CHECK_RUN_DELIVERED, { id: this.#checkRun.id, url }),
        delivered(ANNOTATIONS_DELIVERED, {
          sink: "check run",
          shown: output.annotatedFindings,
          notShown: output.notAnnotated
        })
      ],
      outputs: { "check-run-id": String(this.#checkRun.id), "check-run-url": url }
    };
  }
  async #create(fields) {
    const { client, environment } = this.#github;
    const response = await client.request("POST /repos/{owner}/{repo}/check-runs", {
      owner: environment.owner,
      repo: environment.repo,
      name: this.#checkName,
      head_sha: environment.sha,
      ...environment.runUrl ? { details_url: environment.runUrl } : {},
      ...fields
    });
    return response.data;
  }
  async #update(fields) {
    const { client, environment } = this.#github;
    await client.request("PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}", {
      owner: environment.owner,
      repo: environment.repo,
      check_run_id: this.#checkRun?.id ?? 0,
      ...fields
    });
  }
  /**
   * Any failure turns this reporter off, so the findings are still annotated, by workflow commands: a refusal
   * with one line naming the permission to add, any other failure (GitHub down) with its reason.
   */
  async #guard(context, work) {
    try {
      await work();
    } catch (error) {
      this.#refused = true;
      const instead = "Annotating with workflow commands instead, which GitHub shows 10 of each level.";
      const message = error instanceof GitHubError && error.refused ? `The token may not create check runs (${error.status}): ${permissionsAdvice(CHECK_RUN_PERMISSIONS, context)}. ${instead}` : `Could not write the check run: ${error instanceof Error ? error.message : String(error)}. ${instead}`;
      context.log.info(message);
    }
  }
};
function outputWith(output, annotations) {
  return {
    title: output.title,
    summary: output.summary,
    ...output.text ? { text: output.text } : {},
    ...annotations.length > 0 ? { annotations } : {}
  };
}
function conclusionOf(report) {
  switch (report.outcome) {
    case "passed": {
      const results = report.results;
      const found = results ? SEVERITIES.some((s) => results.counts[s] > 0) : false;
      return results?.failOn === "none" && found ? "neutral" : "success";
    }
    case "skipped":
      return "skipped";
    case "failed":
    case "error":
      return "failure";
    case "cancelled":
      return "cancelled";
  }
}
function chunk(items, size) {
  const chunks = [];
  for (let index = 0; index < items.length; index += size) chunks.push(items.slice(index, index + size));
  return chunks;
}
export {
  checkRunFactory
};
//# sourceMappingURL=check-run-reporter-2K5RJBZV.js.map
