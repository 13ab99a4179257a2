import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  LIMITS,
  RUN_INPUTS,
  SUMMARY_MAX_FINDINGS,
  SarifPathError,
  SecretScrubber,
  booleanInput,
  checkTogether,
  choiceInput,
  numberInput,
  optionalTextInput,
  readSettingInputs,
  remediationPrsOutput,
  renderFailureSummary,
  renderScanSummary,
  renderSkippedSummary,
  resolveSarifPath,
  runSettingsOf,
  schemaOf,
  textInput,
  textOf
} from "./chunk-GKPT5F4A.js";
import {
  escapeAnnotationMessage,
  escapeLogLine
} from "./chunk-RPBXLSDI.js";
import {
  SEVERITIES
} from "./chunk-QTPT64TT.js";
import {
  TEXT_BUDGETS
} from "./chunk-HXRTW7JD.js";

// src/action/reporters/reporter.ts
var STAGES = ["sink", "view", "outputs"];
function describeReporterInputs(inputs) {
  return inputs;
}
function describeReporter(descriptor) {
  return descriptor;
}
var NOTHING_DELIVERED = Object.freeze({
  annotations: Object.freeze({ sink: "none", shown: 0, notShown: 0 }),
  checkRun: void 0,
  commentUrl: void 0,
  suggestionsPosted: 0,
  foldedFixes: Object.freeze([]),
  sarifFile: void 0,
  outputs: Object.freeze({}),
  notes: Object.freeze([])
});
function mergeDeliveries(base, parts) {
  let merged = { ...base };
  for (const part of parts) {
    if (part === void 0) continue;
    merged = {
      ...merged,
      ...part,
      outputs: { ...merged.outputs, ...part.outputs },
      notes: [...merged.notes, ...part.notes ?? []]
    };
  }
  return Object.freeze({
    ...merged,
    outputs: Object.freeze({ ...merged.outputs }),
    notes: Object.freeze([...merged.notes])
  });
}
function combinedNeed(reporters) {
  const none = { rows: 0, perSeverity: 0, wholePages: false, fixes: 0 };
  return reporters.reduce(
    (need, reporter) => ({
      rows: Math.max(need.rows, reporter.needs?.rows ?? 0),
      perSeverity: Math.max(need.perSeverity, reporter.needs?.perSeverity ?? 0),
      wholePages: need.wholePages || reporter.needs?.wholePages === true,
      fixes: Math.max(need.fixes, reporter.needs?.fixes ?? 0)
    }),
    none
  );
}
function liveNeed(reporters) {
  return {
    get rows() {
      return combinedNeed(reporters).rows;
    },
    get perSeverity() {
      return combinedNeed(reporters).perSeverity;
    },
    get wholePages() {
      return combinedNeed(reporters).wholePages;
    },
    get fixes() {
      return combinedNeed(reporters).fixes;
    }
  };
}

// src/action/reporters/job-summary.ts
var jobSummaryReporter = {
  name: "job summary",
  needs: { rows: SUMMARY_MAX_FINDINGS, perSeverity: 0 },
  async finish(report, context) {
    const { toolkit, delivery } = context;
    const results = report.results;
    const markdown = report.outcome === "skipped" ? renderSkippedSummary(report.reason, report.policy) : results === void 0 || report.scan === void 0 ? renderFailureSummary({ message: report.reason, scan: report.scan }) : renderScanSummary({
      ...results,
      scan: report.scan,
      annotationsShown: delivery.annotations.shown,
      annotationsNotShown: delivery.annotations.notShown,
      annotations: {
        sink: delivery.annotations.sink,
        checkRun: delivery.checkRun ? { name: context.settings?.checkName ?? "check run", url: delivery.checkRun.url } : void 0
      },
      links: context.links,
      foldedFixes: delivery.foldedFixes,
      suggestionsPosted: delivery.suggestionsPosted,
      notes: [...report.notes, ...delivery.notes],
      insights: report.insights,
      sarifFile: delivery.sarifFile,
      policy: report.policy
    });
    await toolkit.appendSummary(markdown).catch((error2) => {
      toolkit.warning(escapeAnnotationMessage(`Could not write the job summary: ${String(error2)}`));
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

// src/action/reporters/outputs.ts
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
    toolkit.setOutput("suggestions-posted", String(delivery.suggestionsPosted));
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
    context: {
      toolkit,
      settings: void 0,
      links: void 0,
      runUrl: void 0,
      delivery: NOTHING_DELIVERED
    },
    github: void 0
  };
}
async function announceStart(reporting, scan) {
  for (const { reporter } of reporting.reporters) {
    if (!reporter.start) continue;
    await reporter.start(scan, reporting.context).catch((error2) => {
      warn(reporting.context.toolkit, reporter.name, error2);
    });
  }
}
async function deliver(reporting, report) {
  let delivery = reporting.context.delivery;
  for (const stage of STAGES) {
    for (const { reporter } of reporting.reporters.filter((staged) => staged.stage === stage)) {
      const context = { ...reporting.context, delivery };
      try {
        delivery = mergeDeliveries(delivery, [await reporter.finish(report, context)]);
      } catch (error2) {
        warn(context.toolkit, reporter.name, error2);
      }
    }
  }
}
function warn(toolkit, name, error2) {
  const reason = error2 instanceof Error ? error2.message : String(error2);
  toolkit.warning(escapeAnnotationMessage(`Could not write the ${name}: ${reason}. The verdict stands.`));
}

// src/core/sarif/sarif-category.ts
function sarifCategoryProblem(category) {
  const max = TEXT_BUDGETS.category - 1;
  if (category.length > max) return `at most ${max} characters, such as svc-scan/acme/web`;
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(category)) return "one line without control or invisible characters";
  if (!/[^/\s]/u.test(category))
    return "a category with a name in it, such as svc-scan/acme/web (slashes alone leave it empty)";
  return void 0;
}

// src/action/shared-inputs.ts
var ANNOTATIONS_MODES = ["check-run", "workflow-commands", "none"];
var checkNameInput = {
  name: "check-name",
  default: "svc-scan",
  description: "Name of the check run; matrix jobs scanning several repositories set their own. Also keys the pull request comment. Default: svc-scan.",
  parse: (value, problems) => {
    const name = textOf(value);
    if (name.length > LIMITS.checkNameLength.max || /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(name))
      problems.invalid(
        name,
        `1 to ${LIMITS.checkNameLength.max} characters on one line, no control characters`
      );
    return name;
  }
};
var sarifCategoryInput = {
  name: "sarif-category",
  default: "",
  description: "Code scanning category of the SARIF run (runs[0].automationDetails.id); a / is appended when it does not end in one, so the category is exactly this. Empty: svc-scan/<owner>/<name> of the scanned repository, so matrix jobs over several repositories never collide.",
  parse: (value, problems) => {
    const category = textOf(value);
    const problem = category === "" ? void 0 : sarifCategoryProblem(category);
    if (problem) problems.invalid(category, problem);
    return category;
  }
};
var SARIF_MAX_RESULTS = { min: 1, max: 25e3 };
var SHARED_INPUTS = {
  githubToken: optionalTextInput({
    name: "github-token",
    default: "",
    description: "Token for the GitHub API: the check run (checks: write) and the pull request comment (pull-requests: write). Masked; never sent to the service."
  }),
  checkName: checkNameInput,
  annotations: choiceInput(
    {
      name: "annotations",
      default: "check-run",
      description: "Where findings are annotated on their lines: check-run (up to max-annotations, through the check run), workflow-commands (GitHub shows 10 of each level), or none. Default: check-run.",
      schema: schemaOf.oneOf("Where findings are annotated.", ANNOTATIONS_MODES)
    },
    ANNOTATIONS_MODES
  ),
  // The SARIF file and the code scanning upload write the same run.
  sarifCategory: sarifCategoryInput,
  sarifMaxResults: numberInput(
    {
      name: "sarif-max-results",
      default: "5000",
      description: "Most results in the SARIF run (the file and the upload), the most severe, with a notification counting the rest: 1 to 25000. Code scanning shows the top 5000 of a run. Default: 5000."
    },
    SARIF_MAX_RESULTS,
    true
  )
};
function sarifCategoryOf(settings) {
  return settings.sarifCategory || `svc-scan/${settings.repository}`;
}

// node_modules/@actions/core/lib/command.js
import * as os from "os";

// node_modules/@actions/core/lib/utils.js
function toCommandValue(input) {
  if (input === null || input === void 0) {
    return "";
  } else if (typeof input === "string" || input instanceof String) {
    return input;
  }
  return JSON.stringify(input);
}
function toCommandProperties(annotationProperties) {
  if (!Object.keys(annotationProperties).length) {
    return {};
  }
  return {
    title: annotationProperties.title,
    file: annotationProperties.file,
    line: annotationProperties.startLine,
    endLine: annotationProperties.endLine,
    col: annotationProperties.startColumn,
    endColumn: annotationProperties.endColumn
  };
}

// node_modules/@actions/core/lib/command.js
function issueCommand(command, properties, message) {
  const cmd = new Command(command, properties, message);
  process.stdout.write(cmd.toString() + os.EOL);
}
function issue(name, message = "") {
  issueCommand(name, {}, message);
}
var CMD_STRING = "::";
var Command = class {
  constructor(command, properties, message) {
    if (!command) {
      command = "missing.command";
    }
    this.command = command;
    this.properties = properties;
    this.message = message;
  }
  toString() {
    let cmdStr = CMD_STRING + this.command;
    if (this.properties && Object.keys(this.properties).length > 0) {
      cmdStr += " ";
      let first = true;
      for (const key in this.properties) {
        if (this.properties.hasOwnProperty(key)) {
          const val = this.properties[key];
          if (val) {
            if (first) {
              first = false;
            } else {
              cmdStr += ",";
            }
            cmdStr += `${key}=${escapeProperty(val)}`;
          }
        }
      }
    }
    cmdStr += `${CMD_STRING}${escapeData(this.message)}`;
    return cmdStr;
  }
};
function escapeData(s) {
  return toCommandValue(s).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
function escapeProperty(s) {
  return toCommandValue(s).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A").replace(/:/g, "%3A").replace(/,/g, "%2C");
}

// node_modules/@actions/core/lib/file-command.js
import * as crypto from "crypto";
import * as fs from "fs";
import * as os2 from "os";
function issueFileCommand(command, message) {
  const filePath = process.env[`GITHUB_${command}`];
  if (!filePath) {
    throw new Error(`Unable to find environment variable for file command ${command}`);
  }
  if (!fs.existsSync(filePath)) {
    throw new Error(`Missing file at path: ${filePath}`);
  }
  fs.appendFileSync(filePath, `${toCommandValue(message)}${os2.EOL}`, {
    encoding: "utf8"
  });
}
function prepareKeyValueMessage(key, value) {
  const delimiter = `ghadelimiter_${crypto.randomUUID()}`;
  const convertedValue = toCommandValue(value);
  if (key.includes(delimiter)) {
    throw new Error(`Unexpected input: name should not contain the delimiter "${delimiter}"`);
  }
  if (convertedValue.includes(delimiter)) {
    throw new Error(`Unexpected input: value should not contain the delimiter "${delimiter}"`);
  }
  return `${key}<<${delimiter}${os2.EOL}${convertedValue}${os2.EOL}${delimiter}`;
}

// node_modules/@actions/core/lib/core.js
import * as os4 from "os";

// node_modules/@actions/core/lib/summary.js
import { EOL as EOL3 } from "os";
import { constants, promises } from "fs";
var __awaiter = function(thisArg, _arguments, P, generator) {
  function adopt(value) {
    return value instanceof P ? value : new P(function(resolve) {
      resolve(value);
    });
  }
  return new (P || (P = Promise))(function(resolve, reject) {
    function fulfilled(value) {
      try {
        step(generator.next(value));
      } catch (e) {
        reject(e);
      }
    }
    function rejected(value) {
      try {
        step(generator["throw"](value));
      } catch (e) {
        reject(e);
      }
    }
    function step(result) {
      result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected);
    }
    step((generator = generator.apply(thisArg, _arguments || [])).next());
  });
};
var { access, appendFile, writeFile } = promises;
var SUMMARY_ENV_VAR = "GITHUB_STEP_SUMMARY";
var Summary = class {
  constructor() {
    this._buffer = "";
  }
  /**
   * Finds the summary file path from the environment, rejects if env var is not found or file does not exist
   * Also checks r/w permissions.
   *
   * @returns step summary file path
   */
  filePath() {
    return __awaiter(this, void 0, void 0, function* () {
      if (this._filePath) {
        return this._filePath;
      }
      const pathFromEnv = process.env[SUMMARY_ENV_VAR];
      if (!pathFromEnv) {
        throw new Error(`Unable to find environment variable for $${SUMMARY_ENV_VAR}. Check if your runtime environment supports job summaries.`);
      }
      try {
        yield access(pathFromEnv, constants.R_OK | constants.W_OK);
      } catch (_a) {
        throw new Error(`Unable to access summary file: '${pathFromEnv}'. Check if the file has correct read/write permissions.`);
      }
      this._filePath = pathFromEnv;
      return this._filePath;
    });
  }
  /**
   * Wraps content in an HTML tag, adding any HTML attributes
   *
   * @param {string} tag HTML tag to wrap
   * @param {string | null} content content within the tag
   * @param {[attribute: string]: string} attrs key-value list of HTML attributes to add
   *
   * @returns {string} content wrapped in HTML element
   */
  wrap(tag, content, attrs = {}) {
    const htmlAttrs = Object.entries(attrs).map(([key, value]) => ` ${key}="${value}"`).join("");
    if (!content) {
      return `<${tag}${htmlAttrs}>`;
    }
    return `<${tag}${htmlAttrs}>${content}</${tag}>`;
  }
  /**
   * Writes text in the buffer to the summary buffer file and empties buffer. Will append by default.
   *
   * @param {SummaryWriteOptions} [options] (optional) options for write operation
   *
   * @returns {Promise<Summary>} summary instance
   */
  write(options) {
    return __awaiter(this, void 0, void 0, function* () {
      const overwrite = !!(options === null || options === void 0 ? void 0 : options.overwrite);
      const filePath = yield this.filePath();
      const writeFunc = overwrite ? writeFile : appendFile;
      yield writeFunc(filePath, this._buffer, { encoding: "utf8" });
      return this.emptyBuffer();
    });
  }
  /**
   * Clears the summary buffer and wipes the summary file
   *
   * @returns {Summary} summary instance
   */
  clear() {
    return __awaiter(this, void 0, void 0, function* () {
      return this.emptyBuffer().write({ overwrite: true });
    });
  }
  /**
   * Returns the current summary buffer as a string
   *
   * @returns {string} string of summary buffer
   */
  stringify() {
    return this._buffer;
  }
  /**
   * If the summary buffer is empty
   *
   * @returns {boolen} true if the buffer is empty
   */
  isEmptyBuffer() {
    return this._buffer.length === 0;
  }
  /**
   * Resets the summary buffer without writing to summary file
   *
   * @returns {Summary} summary instance
   */
  emptyBuffer() {
    this._buffer = "";
    return this;
  }
  /**
   * Adds raw text to the summary buffer
   *
   * @param {string} text content to add
   * @param {boolean} [addEOL=false] (optional) append an EOL to the raw text (default: false)
   *
   * @returns {Summary} summary instance
   */
  addRaw(text, addEOL = false) {
    this._buffer += text;
    return addEOL ? this.addEOL() : this;
  }
  /**
   * Adds the operating system-specific end-of-line marker to the buffer
   *
   * @returns {Summary} summary instance
   */
  addEOL() {
    return this.addRaw(EOL3);
  }
  /**
   * Adds an HTML codeblock to the summary buffer
   *
   * @param {string} code content to render within fenced code block
   * @param {string} lang (optional) language to syntax highlight code
   *
   * @returns {Summary} summary instance
   */
  addCodeBlock(code, lang) {
    const attrs = Object.assign({}, lang && { lang });
    const element = this.wrap("pre", this.wrap("code", code), attrs);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML list to the summary buffer
   *
   * @param {string[]} items list of items to render
   * @param {boolean} [ordered=false] (optional) if the rendered list should be ordered or not (default: false)
   *
   * @returns {Summary} summary instance
   */
  addList(items, ordered = false) {
    const tag = ordered ? "ol" : "ul";
    const listItems = items.map((item) => this.wrap("li", item)).join("");
    const element = this.wrap(tag, listItems);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML table to the summary buffer
   *
   * @param {SummaryTableCell[]} rows table rows
   *
   * @returns {Summary} summary instance
   */
  addTable(rows) {
    const tableBody = rows.map((row) => {
      const cells = row.map((cell) => {
        if (typeof cell === "string") {
          return this.wrap("td", cell);
        }
        const { header, data, colspan, rowspan } = cell;
        const tag = header ? "th" : "td";
        const attrs = Object.assign(Object.assign({}, colspan && { colspan }), rowspan && { rowspan });
        return this.wrap(tag, data, attrs);
      }).join("");
      return this.wrap("tr", cells);
    }).join("");
    const element = this.wrap("table", tableBody);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds a collapsable HTML details element to the summary buffer
   *
   * @param {string} label text for the closed state
   * @param {string} content collapsable content
   *
   * @returns {Summary} summary instance
   */
  addDetails(label, content) {
    const element = this.wrap("details", this.wrap("summary", label) + content);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML image tag to the summary buffer
   *
   * @param {string} src path to the image you to embed
   * @param {string} alt text description of the image
   * @param {SummaryImageOptions} options (optional) addition image attributes
   *
   * @returns {Summary} summary instance
   */
  addImage(src, alt, options) {
    const { width, height } = options || {};
    const attrs = Object.assign(Object.assign({}, width && { width }), height && { height });
    const element = this.wrap("img", null, Object.assign({ src, alt }, attrs));
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML section heading element
   *
   * @param {string} text heading text
   * @param {number | string} [level=1] (optional) the heading level, default: 1
   *
   * @returns {Summary} summary instance
   */
  addHeading(text, level) {
    const tag = `h${level}`;
    const allowedTag = ["h1", "h2", "h3", "h4", "h5", "h6"].includes(tag) ? tag : "h1";
    const element = this.wrap(allowedTag, text);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML thematic break (<hr>) to the summary buffer
   *
   * @returns {Summary} summary instance
   */
  addSeparator() {
    const element = this.wrap("hr", null);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML line break (<br>) to the summary buffer
   *
   * @returns {Summary} summary instance
   */
  addBreak() {
    const element = this.wrap("br", null);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML blockquote to the summary buffer
   *
   * @param {string} text quote text
   * @param {string} cite (optional) citation url
   *
   * @returns {Summary} summary instance
   */
  addQuote(text, cite) {
    const attrs = Object.assign({}, cite && { cite });
    const element = this.wrap("blockquote", text, attrs);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML anchor tag to the summary buffer
   *
   * @param {string} text link text/content
   * @param {string} href hyperlink
   *
   * @returns {Summary} summary instance
   */
  addLink(text, href) {
    const element = this.wrap("a", text, { href });
    return this.addRaw(element).addEOL();
  }
};
var _summary = new Summary();
var summary = _summary;

// node_modules/@actions/core/lib/platform.js
import os3 from "os";

// node_modules/@actions/io/lib/io-util.js
import * as fs2 from "fs";
var { chmod, copyFile, lstat, mkdir, open, readdir, rename, rm, rmdir, stat, symlink, unlink } = fs2.promises;
var IS_WINDOWS = process.platform === "win32";
var READONLY = fs2.constants.O_RDONLY;

// node_modules/@actions/exec/lib/toolrunner.js
var IS_WINDOWS2 = process.platform === "win32";

// node_modules/@actions/core/lib/platform.js
var platform = os3.platform();
var arch = os3.arch();

// node_modules/@actions/core/lib/core.js
var ExitCode;
(function(ExitCode2) {
  ExitCode2[ExitCode2["Success"] = 0] = "Success";
  ExitCode2[ExitCode2["Failure"] = 1] = "Failure";
})(ExitCode || (ExitCode = {}));
function setSecret(secret) {
  issueCommand("add-mask", {}, secret);
}
function getInput(name, options) {
  const val = process.env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] || "";
  if (options && options.required && !val) {
    throw new Error(`Input required and not supplied: ${name}`);
  }
  if (options && options.trimWhitespace === false) {
    return val;
  }
  return val.trim();
}
function setOutput(name, value) {
  const filePath = process.env["GITHUB_OUTPUT"] || "";
  if (filePath) {
    return issueFileCommand("OUTPUT", prepareKeyValueMessage(name, value));
  }
  process.stdout.write(os4.EOL);
  issueCommand("set-output", { name }, toCommandValue(value));
}
function setFailed(message) {
  process.exitCode = ExitCode.Failure;
  error(message);
}
function debug(message) {
  issueCommand("debug", {}, message);
}
function error(message, properties = {}) {
  issueCommand("error", toCommandProperties(properties), message instanceof Error ? message.toString() : message);
}
function warning(message, properties = {}) {
  issueCommand("warning", toCommandProperties(properties), message instanceof Error ? message.toString() : message);
}
function notice(message, properties = {}) {
  issueCommand("notice", toCommandProperties(properties), message instanceof Error ? message.toString() : message);
}
function info(message) {
  process.stdout.write(message + os4.EOL);
}
function startGroup(name) {
  issue("group", name);
}
function endGroup() {
  issue("endgroup");
}
function saveState(name, value) {
  const filePath = process.env["GITHUB_STATE"] || "";
  if (filePath) {
    return issueFileCommand("STATE", prepareKeyValueMessage(name, value));
  }
  issueCommand("save-state", { name }, toCommandValue(value));
}
function getState(name) {
  return process.env[`STATE_${name}`] || "";
}

// src/action/toolkit.ts
function createActionsToolkit() {
  const scrubber = new SecretScrubber();
  const scrub = (text) => scrubber.scrub(text);
  const scrubProperties = (properties) => {
    if (properties === void 0) return void 0;
    return {
      ...properties,
      ...properties.title === void 0 ? {} : { title: scrub(properties.title) },
      ...properties.file === void 0 ? {} : { file: scrub(properties.file) }
    };
  };
  return {
    getInput: (name) => getInput(name),
    setSecret: (value) => {
      if (scrubber.has(value)) return;
      scrubber.add(value);
      setSecret(value);
    },
    setOutput: (name, value) => {
      setOutput(name, scrub(value));
    },
    saveState: (name, value) => {
      saveState(name, scrub(value));
    },
    getState: (name) => getState(name),
    debug: (message) => {
      debug(scrub(message));
    },
    info: (message) => {
      info(scrub(message));
    },
    warning: (message, properties) => {
      warning(scrub(message), scrubProperties(properties));
    },
    error: (message, properties) => {
      error(scrub(message), scrubProperties(properties));
    },
    notice: (message, properties) => {
      notice(scrub(message), scrubProperties(properties));
    },
    startGroup: (name) => {
      startGroup(scrub(name));
    },
    endGroup: () => {
      endGroup();
    },
    appendSummary: async (markdown) => {
      if (!process.env.GITHUB_STEP_SUMMARY) return;
      await summary.addRaw(scrub(markdown), true).write();
    },
    setFailed: (message) => {
      setFailed(scrub(message));
    },
    scrub
  };
}
function toolkitLogger(toolkit) {
  return {
    debug: (message) => {
      toolkit.debug(escapeLogLine(message));
    },
    info: (message) => {
      toolkit.info(escapeLogLine(message));
    },
    warning: (message) => {
      toolkit.warning(escapeAnnotationMessage(message));
    },
    startGroup: (name) => {
      toolkit.startGroup(escapeLogLine(name));
    },
    endGroup: () => {
      toolkit.endGroup();
    }
  };
}

// src/action/policy/policy-inputs.ts
var CONFIG_FROM = ["auto", "head", "base"];
var DEFAULT_POLICY_FILE = ".github/svc-scan.yml";
var POLICY_INPUTS = {
  path: textInput({
    name: "config-file",
    default: DEFAULT_POLICY_FILE,
    description: "The repository's policy file (YAML, schema svc-scan.schema.json): gate settings, paths and suppressions with reasons. An input the workflow sets wins over the file, the file over the built-in default. A missing default file means no policy; a file named here must exist. Default: .github/svc-scan.yml."
  }),
  from: choiceInput(
    {
      name: "config-from",
      default: "auto",
      description: "Which commit's policy judges a pull request: head, base (the pull request's base commit), or auto (base for a pull request from a fork, head otherwise). A change to the policy is shown either way. Default: auto."
    },
    CONFIG_FROM
  )
};

// src/action/reporters/reporter-inputs.ts
var triageInput = {
  name: "code-scanning-triage",
  default: "",
  description: "Triage both ways: code scanning alerts a person dismissed take their findings out of the gate (listed with who, when and why), and alerts of findings the policy suppresses are dismissed with its reason (reopened when the entry goes). Needs security-events: read (write to dismiss). Empty: on when upload-sarif is.",
  parse: (value, problems, origin) => textOf(value) === "" ? void 0 : booleanInput({ name: "code-scanning-triage", default: "", description: "" }).parse(
    value,
    problems,
    origin
  )
};
var sarifFileInput = {
  name: "sarif-file",
  default: "",
  description: "Path of a SARIF 2.1.0 file to write for code scanning (github/codeql-action/upload-sarif), with every finding at or above severity-threshold, most severe first, within code scanning limits. Relative paths resolve against GITHUB_WORKSPACE and must stay inside it; absolute paths are taken as given. Empty: no file.",
  parse: (value, problems, origin) => {
    const path = textOf(value);
    if (path === "") return void 0;
    try {
      return resolveSarifPath(path, origin.workspace ?? "");
    } catch (error2) {
      if (!(error2 instanceof SarifPathError)) throw error2;
      problems.add(error2.message);
      return void 0;
    }
  }
};
var PR_COMMENT_MODES = ["always", "on-failure", "never"];
var CHECK_RUN_INPUTS = describeReporterInputs({
  name: "check run",
  inputs: {
    maxAnnotations: numberInput(
      {
        name: "max-annotations",
        default: "1000",
        description: "Most findings annotated through the check run, most severe first (0 to 10000). Default: 1000.",
        schema: schemaOf.number(
          "Most findings annotated through the check run.",
          LIMITS.maxAnnotations,
          true
        )
      },
      LIMITS.maxAnnotations,
      true
    )
  }
});
var FIX_SUGGESTIONS_INPUTS = describeReporterInputs({
  name: "fix suggestions",
  inputs: {
    suggestFixes: booleanInput({
      name: "suggest-fixes",
      default: "true",
      description: "Post the fixes of the findings the gate fails on as suggested changes on the pull request's lines, in one review (true or false). Needs pull-requests: write. Default: true.",
      schema: schemaOf.boolean("Post fixes as suggested changes on the pull request.")
    }),
    maxSuggestions: numberInput(
      {
        name: "max-suggestions",
        default: "20",
        description: "Most suggestions posted in one run, and most finding details read for fixes (0 to 100). Default: 20.",
        schema: schemaOf.number("Most suggestions posted in one run.", LIMITS.maxSuggestions, true)
      },
      LIMITS.maxSuggestions,
      true
    )
  }
});
var SARIF_FILE_INPUTS = describeReporterInputs({
  name: "SARIF file",
  inputs: { sarifFile: sarifFileInput }
});
var CODE_SCANNING_UPLOAD_INPUTS = describeReporterInputs({
  name: "code scanning upload",
  inputs: {
    uploadSarif: booleanInput({
      name: "upload-sarif",
      default: "false",
      description: "Upload the SARIF run to code scanning (needs security-events: write), gzip-compressed, for the scanned commit on refs/pull/N/head on a pull request, else GITHUB_REF. Nothing is uploaded from a run that did not read every finding (an error, a cancel, a timeout). Default: false."
    }),
    waitForProcessing: booleanInput({
      name: "wait-for-processing",
      default: "true",
      description: "After upload-sarif, wait (within wait-timeout) for code scanning to process the upload, and report complete, or failed with its errors. Default: true."
    }),
    codeScanningTriage: triageInput
  },
  settle: (own) => ({ ...own, codeScanningTriage: own.codeScanningTriage ?? own.uploadSarif })
});
var PR_COMMENT_INPUTS = describeReporterInputs({
  name: "pull request comment",
  inputs: {
    prComment: choiceInput(
      {
        name: "pr-comment",
        default: "on-failure",
        description: "The sticky pull request comment: always, on-failure (created when the gate fails, then kept up to date), or never. Default: on-failure.",
        schema: schemaOf.oneOf("The sticky pull request comment.", PR_COMMENT_MODES)
      },
      PR_COMMENT_MODES
    )
  }
});
var REPORTER_INPUTS = [
  CHECK_RUN_INPUTS,
  FIX_SUGGESTIONS_INPUTS,
  SARIF_FILE_INPUTS,
  CODE_SCANNING_UPLOAD_INPUTS,
  PR_COMMENT_INPUTS
];

// src/action/action-settings.ts
var TABLES = {
  run: RUN_INPUTS,
  shared: SHARED_INPUTS,
  policy: POLICY_INPUTS,
  ...Object.fromEntries(REPORTER_INPUTS.map((reporter) => [reporter.name, reporter.inputs]))
};
var INPUTS = Object.values(TABLES).flatMap(
  (table) => Object.values(table)
);
var INPUT_DEFAULTS = Object.freeze(
  Object.fromEntries(INPUTS.map((input) => [input.name, input.default]))
);
function readInputRecord(getInput2) {
  return Object.freeze(Object.fromEntries(INPUTS.map(({ name }) => [name, getInput2(name)])));
}
var ActionInputs = class {
  #reading;
  #origin;
  constructor(record, origin) {
    this.#origin = origin;
    this.#reading = readSettingInputs(TABLES, (name) => record[name] ?? "", origin);
  }
  /** Refuses the inputs the workflow set that are invalid, every one named, before anything is read elsewhere. */
  checkGiven() {
    this.#reading.throwIfInvalid();
    return this;
  }
  /** Where the policy file is: from the inputs alone (the policy cannot move itself). */
  get policyLocation() {
    const { path, from } = this.#reading.completeTable("policy", void 0);
    return { path, from, named: this.#reading.sources(void 0)["config-file"] === "input" };
  }
  /** What the run scans, from the inputs and the origin, before the policy is read (it cannot change them). */
  get scanned() {
    const { repository, ref } = this.#reading.completeTable("run", void 0);
    return { repository, ref };
  }
  /** The token for GitHub, to read the policy file at a commit the workspace does not hold. */
  get githubToken() {
    return this.#reading.completeTable("shared", void 0).githubToken;
  }
  /** Every setting: an input the workflow sets wins over the policy file, and the file over the default. */
  settings(policy) {
    const tables = this.#reading.complete(policy);
    const shared = {
      ...runSettingsOf(
        tables.run,
        this.#origin,
        this.#reading.sources(policy)
      ),
      ...tables.shared
    };
    const own = REPORTER_INPUTS.map((reporter) => {
      const parsed = tables[reporter.name];
      return reporter.settle ? reporter.settle(parsed, shared) : parsed;
    });
    this.#reading.addProblems(checkTogether(shared, this.#reading.problems.length));
    this.#reading.throwIfInvalid();
    return Object.freeze(Object.assign({}, shared, ...own));
  }
};
function ownSettings(settings, reporter) {
  const all = settings;
  return Object.fromEntries(
    Object.keys(reporter.inputs).map((field) => [field, all[field]])
  );
}

export {
  describeReporter,
  NOTHING_DELIVERED,
  combinedNeed,
  liveNeed,
  jobSummaryDescriptor,
  outputsDescriptor,
  minimalReporting,
  announceStart,
  deliver,
  CHECK_RUN_INPUTS,
  FIX_SUGGESTIONS_INPUTS,
  SARIF_FILE_INPUTS,
  CODE_SCANNING_UPLOAD_INPUTS,
  PR_COMMENT_INPUTS,
  sarifCategoryOf,
  readInputRecord,
  ActionInputs,
  ownSettings,
  createActionsToolkit,
  toolkitLogger
};
//# sourceMappingURL=chunk-35QCI77X.js.map
