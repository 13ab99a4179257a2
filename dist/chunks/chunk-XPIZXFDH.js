import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  partialScanReason
} from "./chunk-6NIMHUJH.js";
import {
  FINGERPRINT_KEY,
  FingerprintIssuer,
  cleanText,
  countedSeverity,
  cutText,
  repositoryRelativeUri,
  streamScanFindings
} from "./chunk-JQT5TS2Q.js";
import {
  kindTitle,
  normaliseTitle,
  parseCwe,
  ruleIdFor
} from "./chunk-HN7FLA5P.js";
import {
  annotationLevel
} from "./chunk-DDEMGQ4X.js";
import {
  SARIF_TOOL_INFORMATION_URI,
  SARIF_TOOL_NAME,
  sarifCategoryOf
} from "./chunk-NDORBLCC.js";
import {
  MAX_RULE_TAGS,
  TEXT_BUDGETS
} from "./chunk-XDHJISCG.js";
import {
  ELSEWHERE,
  FINDING,
  counted
} from "./chunk-TF5Z63NO.js";
import {
  CLIENT_VERSION
} from "./chunk-DTJGZLIT.js";
import {
  isAtOrAbove,
  severityRank
} from "./chunk-QTPT64TT.js";
import {
  escapeMarkdownInline
} from "./chunk-CQTUBHRC.js";

// src/run/sarif-file.ts
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

// src/sarif/gzip-meter.ts
var PENDING_GZIP_RESERVE = 256 * 1024;
var GzipMeter = class {
  // node:zlib is looked up when a SARIF file is written, not imported: a run without one never loads it.
  #gzip = process.getBuiltinModule("node:zlib").createGzip();
  #compressedBytes = 0;
  #ended;
  constructor() {
    this.#gzip.on("data", (chunk) => {
      this.#compressedBytes += chunk.length;
    });
    this.#ended = new Promise((resolve, reject) => {
      this.#gzip.once("end", resolve);
      this.#gzip.once("error", reject);
    });
    this.#ended.catch(() => void 0);
  }
  /** Compressed bytes produced so far. */
  get compressedBytes() {
    return this.#compressedBytes;
  }
  /** Resolves once zlib has consumed `text`. */
  write(text) {
    return new Promise((resolve, reject) => {
      this.#gzip.write(text, (error) => {
        if (error) reject(error);
        else resolve();
      });
    });
  }
  /** The compressed size of everything written. */
  async end() {
    this.#gzip.end();
    await this.#ended;
    return this.#compressedBytes;
  }
  /** Frees zlib's memory when the writing stops early. */
  destroy() {
    this.#gzip.destroy();
  }
};

// src/sarif/security-severity.ts
var SECURITY_SEVERITY_BANDS = Object.freeze({
  critical: [9.1, 10],
  high: [7, 8.9],
  medium: [4, 6.9],
  low: [0.1, 3.9]
});
var FIXED_SECURITY_SEVERITY = Object.freeze({
  critical: 9.5,
  high: 8,
  medium: 5.5,
  low: 2
});
function securitySeverity(severity, cvssScore) {
  if (severity === "info") return void 0;
  const [low, high] = SECURITY_SEVERITY_BANDS[severity];
  const score = typeof cvssScore === "number" && Number.isFinite(cvssScore) ? Math.round(cvssScore * 10) / 10 : FIXED_SECURITY_SEVERITY[severity];
  return Math.min(high, Math.max(low, score)).toFixed(1);
}
function sarifLevel(severity) {
  const level = annotationLevel(severity);
  return level === "notice" ? "note" : level;
}

// src/sarif/rule-table.ts
var RuleTable = class {
  #indexById = /* @__PURE__ */ new Map();
  #json = [];
  get size() {
    return this.#json.length;
  }
  /** The rule's index, when a result already uses it. */
  indexOf(id) {
    return this.#indexById.get(id);
  }
  /** Adds a rule serialised by `serialiseRule`; returns its index. */
  add(id, json) {
    const index = this.#json.length;
    this.#indexById.set(id, index);
    this.#json.push(json);
    return index;
  }
  /** The rules' JSON, in index order. */
  serialised() {
    return this.#json;
  }
};
function serialiseRule(source) {
  return JSON.stringify(ruleObject(source));
}
function ruleObject(source) {
  const score = securitySeverity(source.severity, source.cvssScore);
  const owasp = source.owasp ? owaspId(source.owasp) : void 0;
  const tags = ["security"];
  if (source.cwe !== void 0) tags.push(`CWE-${source.cwe}`);
  if (owasp) tags.push(cutText(`OWASP-${owasp}`, TEXT_BUDGETS.tag));
  const title = cutText(source.title || source.id, TEXT_BUDGETS.shortDescription);
  const helpUri = source.cwe === void 0 ? void 0 : `https://cwe.mitre.org/data/definitions/${source.cwe}.html`;
  const classification = [
    source.cwe === void 0 ? void 0 : `CWE-${source.cwe}`,
    owasp ? `OWASP ${owasp}` : void 0
  ].filter((part) => part !== void 0);
  const described = classification.length > 0 ? `${title} (${classification.join(", ")}).` : `${title}.`;
  return {
    id: source.id,
    shortDescription: { text: title },
    // GitHub's checks (the multitool's GH2012) want a full description and help on every rule.
    fullDescription: { text: described },
    help: {
      text: helpUri ? `${described} See ${helpUri}` : described,
      markdown: helpMarkdown(title, source.cwe, helpUri, owasp)
    },
    ...helpUri ? { helpUri } : {},
    defaultConfiguration: { level: sarifLevel(source.severity) },
    properties: {
      tags: tags.slice(0, MAX_RULE_TAGS),
      ...score === void 0 ? {} : { "security-severity": score }
    }
  };
}
function helpMarkdown(title, cwe, helpUri, owasp) {
  const parts = [`**${escapeMarkdownInline(title)}**`];
  if (cwe !== void 0 && helpUri) parts.push(`[CWE-${cwe}](${helpUri})`);
  if (owasp) parts.push(`OWASP ${escapeMarkdownInline(owasp)}`);
  return parts.join(" \xB7 ");
}
function owaspId(owasp) {
  return /^(A\d{1,2}:\d{4})\b/iu.exec(owasp)?.[1]?.toUpperCase() ?? owasp;
}

// src/sarif/sarif-location.ts
function sarifPlaceOf(finding, scrub) {
  const title = cleanText(finding.title, TEXT_BUDGETS.message, scrub);
  const uri = repositoryRelativeUri(scrub(finding.filePath));
  return placeOfResult(ruleIdFor(parseCwe(finding.cwe), normaliseTitle(title)), uri, finding);
}
function placeOfResult(ruleId, uri, finding) {
  return {
    ruleId,
    path: uri === void 0 || finding.filePath.includes("\\") ? void 0 : decodeURIComponent(uri),
    line: finding.line
  };
}

// src/sarif/sarif-writer.ts
var SARIF_SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json";
var SOURCE_ROOT = "%SRCROOT%";
var CHUNK_CHARS = 64 * 1024;
var TAIL_RESERVE_BYTES = 16 * 1024;
var FindingOrderError = class extends Error {
  name = "FindingOrderError";
};
async function writeSarif(findings, metadata, options, sink) {
  const run = new SarifRunWriter(sink, options);
  try {
    await run.writeHead(metadata);
    for await (const finding of findings) await run.add(finding);
    return await run.writeTail(metadata);
  } finally {
    run.destroy();
  }
}
var SarifRunWriter = class {
  #output;
  #rulesMeter = new GzipMeter();
  #options;
  #limits;
  #clean;
  #summary = emptySummary();
  #rules = new RuleTable();
  #fingerprints = new FingerprintIssuer();
  #kinds = new KindCache();
  #seenIds = /* @__PURE__ */ new Set();
  #lastRank = 0;
  constructor(sink, options) {
    this.#output = new SarifOutput(sink);
    this.#options = options;
    this.#limits = options.limits;
    this.#clean = (text, budget) => cleanText(text, budget, options.scrub);
  }
  async writeHead(metadata) {
    const output = this.#output;
    await output.write(`{"version":"2.1.0","$schema":${JSON.stringify(SARIF_SCHEMA_URI)},"runs":[{
`);
    await output.write(
      `"automationDetails":${JSON.stringify({ id: automationId(metadata, this.#clean) })},
`
    );
    const provenance = versionControlProvenance(metadata, this.#clean);
    if (provenance) await output.write(`"versionControlProvenance":${JSON.stringify(provenance)},
`);
    await output.write('"results":[');
  }
  /** Writes the finding as a result, or counts why it is left out. */
  async add(finding) {
    const severity = this.#admit(finding);
    if (severity === void 0) return;
    const pending = this.#resultOf(finding, severity);
    if (pending === void 0) {
      this.#summary.leftOutForResultLimit += 1;
      return;
    }
    if (!this.#fits(pending)) {
      this.#summary.leftOutForSizeLimit += 1;
      return;
    }
    await this.#write(pending);
  }
  /** The rules, the invocation with its notifications and the run's properties, which need the final counts. */
  async writeTail(metadata) {
    const output = this.#output;
    const summary = this.#summary;
    const options = this.#options;
    summary.leftOutForResultLimit += Math.max(0, options.notRead?.() ?? 0);
    await output.write(summary.results === 0 ? "]" : "\n]");
    await output.write(
      `,
"tool":{"driver":${JSON.stringify(driverHead(metadata, this.#clean)).slice(0, -1)},"rules":[`
    );
    const serialisedRules = this.#rules.serialised();
    for (let i = 0; i < serialisedRules.length; i++)
      await output.write(`${i === 0 ? "\n" : ",\n"}${serialisedRules[i]}`);
    await output.write(serialisedRules.length === 0 ? "]}}" : "\n]}}");
    summary.rules = serialisedRules.length;
    const scanId = metadata.scanId && this.#clean(metadata.scanId, TEXT_BUDGETS.findingId);
    await output.write(
      `,
"invocations":${JSON.stringify([invocation(summary, options, this.#limits, scanId)])}`
    );
    await output.write(
      `,
"properties":${JSON.stringify(runProperties(summary, metadata, this.#clean))}
}]}
`
    );
    const sizes = await output.end();
    return { ...summary, ...sizes };
  }
  destroy() {
    this.#output.destroy();
    this.#rulesMeter.destroy();
  }
  /**
   * The finding's counted severity when it may become a result; undefined when it is counted apart (below the
   * floor, given twice, past a limit). Throws when the findings do not come most severe first.
   */
  #admit(finding) {
    const summary = this.#summary;
    const raw = finding.severity;
    const severity = countedSeverity(raw);
    const rank = severityRank(severity);
    if (rank < this.#lastRank)
      throw new FindingOrderError(
        `a ${severity} finding came after a less severe one: the findings must come most severe first`
      );
    this.#lastRank = rank;
    if (!isAtOrAbove(severity, this.#options.severityFloor)) {
      summary.belowFloor += 1;
      return void 0;
    }
    if (finding.id !== "") {
      if (this.#seenIds.has(finding.id)) {
        summary.duplicates += 1;
        return void 0;
      }
      this.#seenIds.add(finding.id);
    }
    if (summary.leftOutForSizeLimit > 0) summary.leftOutForSizeLimit += 1;
    else if (summary.results >= this.#limits.maxResults) summary.leftOutForResultLimit += 1;
    else return severity;
    return void 0;
  }
  /** The result of a finding, with its rule when new; undefined when a new rule would pass the rule limit. */
  #resultOf(finding, severity) {
    const clean = this.#clean;
    const title = clean(typeof finding.title === "string" ? finding.title : "", TEXT_BUDGETS.message);
    const cwe = parseCwe(finding.cwe);
    const { normalisedTitle, ruleId } = this.#kinds.identify(cwe, title);
    const knownRule = this.#rules.indexOf(ruleId);
    if (knownRule === void 0 && this.#rules.size >= this.#limits.maxRules) return void 0;
    const newRule = knownRule === void 0 ? serialiseRule({
      id: ruleId,
      cwe,
      title: kindTitle(title),
      owasp: finding.owasp ? clean(finding.owasp, TEXT_BUDGETS.tag) : void 0,
      severity,
      cvssScore: finding.cvss_score ?? void 0
    }) : void 0;
    const uri = finding.malformed?.includes("file_path") ? void 0 : repositoryRelativeUri(this.#options.scrub(finding.file_path));
    const pathKey = uri ?? clean(finding.file_path, TEXT_BUDGETS.message);
    const result = resultObject({
      finding,
      severity,
      ruleId,
      ruleIndex: knownRule ?? this.#rules.size,
      message: title || `(no title) ${ruleId}`,
      uri,
      fingerprint: this.#fingerprints.fingerprint(ruleId, pathKey, normalisedTitle),
      findingId: clean(finding.id, TEXT_BUDGETS.findingId),
      justification: finding.suppression ? clean(finding.suppression.justification, TEXT_BUDGETS.message) : void 0
    });
    return {
      finding,
      ruleId,
      uri,
      newRule,
      json: `${this.#summary.results === 0 ? "\n" : ",\n"}${JSON.stringify(result)}`,
      malformed: (finding.malformed?.length ?? 0) > 0
    };
  }
  /** Whether an upper bound of the compressed file, with this result (and its rule, if new), is within the limit. */
  #fits(pending) {
    const bound = this.#output.compressedUpperBound + this.#rulesMeter.compressedBytes + PENDING_GZIP_RESERVE + TAIL_RESERVE_BYTES + (pending.newRule === void 0 ? 0 : Buffer.byteLength(pending.newRule) + 2) + Buffer.byteLength(pending.json);
    return bound <= this.#limits.maxGzipBytes;
  }
  async #write(pending) {
    if (pending.newRule !== void 0) {
      this.#rules.add(pending.ruleId, pending.newRule);
      await this.#rulesMeter.write(`${pending.newRule},
`);
    }
    await this.#output.write(pending.json);
    this.#summary.results += 1;
    const { finding, ruleId, uri } = pending;
    this.#options.onResult?.(
      finding,
      placeOfResult(ruleId, uri, { filePath: finding.file_path, line: finding.line })
    );
    if (uri === void 0) this.#summary.withoutLocation += 1;
    if (pending.malformed) this.#summary.malformed += 1;
  }
};
function emptySummary() {
  return {
    results: 0,
    rules: 0,
    belowFloor: 0,
    duplicates: 0,
    leftOutForResultLimit: 0,
    leftOutForSizeLimit: 0,
    withoutLocation: 0,
    malformed: 0
  };
}
function automationId(metadata, clean) {
  const category = clean(metadata.category, TEXT_BUDGETS.category) || SARIF_TOOL_NAME;
  return category.endsWith("/") ? category : `${category}/`;
}
function versionControlProvenance(metadata, clean) {
  if (!metadata.repositoryUrl) return void 0;
  let url;
  try {
    url = new URL(metadata.repositoryUrl);
  } catch {
    return void 0;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:" || url.username || url.password)
    return void 0;
  const revision = clean(metadata.commitSha, TEXT_BUDGETS.commit);
  return [
    {
      repositoryUri: url.href,
      ...revision ? { revisionId: revision } : {},
      mappedTo: { uriBaseId: SOURCE_ROOT }
    }
  ];
}
function driverHead(metadata, clean) {
  const version = clean(metadata.toolVersion, TEXT_BUDGETS.tag);
  return {
    name: clean(metadata.toolName, TEXT_BUDGETS.tag) || SARIF_TOOL_NAME,
    ...version ? { version, semanticVersion: version } : {},
    informationUri: metadata.informationUri
  };
}
function resultObject(input) {
  const { finding, uri } = input;
  const line = finding.line;
  const region = Number.isSafeInteger(line) && line > 0 && !finding.malformed?.includes("line") ? { region: { startLine: line } } : {};
  return {
    ruleId: input.ruleId,
    ruleIndex: input.ruleIndex,
    level: sarifLevel(input.severity),
    message: { text: input.message },
    ...uri === void 0 ? {} : {
      locations: [{ physicalLocation: { artifactLocation: { uri, uriBaseId: SOURCE_ROOT }, ...region } }]
    },
    partialFingerprints: { [FINGERPRINT_KEY]: input.fingerprint },
    ...finding.suppression ? { suppressions: [{ kind: "external", justification: input.justification ?? "" }] } : {},
    properties: {
      severity: input.severity,
      ...input.findingId ? { findingId: input.findingId } : {},
      ...finding.malformed && finding.malformed.length > 0 ? { malformedFields: finding.malformed.slice(0, 10).map((field) => field.slice(0, 50)) } : {}
    }
  };
}
function invocation(summary, options, limits, scanId) {
  const restWhere = scanId ? ELSEWHERE.findingsCommand(scanId, "plain") : "the service lists every finding of the scan";
  const notifications = [];
  if (summary.leftOutForResultLimit > 0)
    notifications.push({
      descriptor: { id: "svc-scan/result-limit" },
      level: "warning",
      message: {
        text: `${counted(summary.leftOutForResultLimit, FINDING)} at or above ${options.severityFloor} ${summary.leftOutForResultLimit === 1 ? "was" : "were"} left out: code scanning accepts at most ${limits.maxResults} results in a run. The most severe findings are included; ${restWhere}.`
      }
    });
  if (summary.leftOutForSizeLimit > 0)
    notifications.push({
      descriptor: { id: "svc-scan/size-limit" },
      level: "warning",
      message: {
        text: `${counted(summary.leftOutForSizeLimit, FINDING)} at or above ${options.severityFloor} ${summary.leftOutForSizeLimit === 1 ? "was" : "were"} left out: the file would have exceeded code scanning's limit of ${limits.maxGzipBytes} bytes gzip-compressed. The most severe findings are included; ${restWhere}.`
      }
    });
  if (summary.withoutLocation > 0)
    notifications.push({
      descriptor: { id: "svc-scan/no-location" },
      level: "note",
      message: {
        text: `${summary.withoutLocation} results have no location: the service's file path was not a safe path inside the repository.`
      }
    });
  return {
    executionSuccessful: true,
    ...notifications.length > 0 ? { toolExecutionNotifications: notifications } : {}
  };
}
function runProperties(summary, metadata, clean) {
  return {
    repository: clean(metadata.repository, TEXT_BUDGETS.repository),
    commitSha: clean(metadata.commitSha, TEXT_BUDGETS.commit),
    resultsWritten: summary.results,
    findingsLeftOut: summary.leftOutForResultLimit + summary.leftOutForSizeLimit,
    leftOutForResultLimit: summary.leftOutForResultLimit,
    leftOutForSizeLimit: summary.leftOutForSizeLimit,
    resultsWithoutLocation: summary.withoutLocation,
    malformedFindings: summary.malformed
  };
}
var KindCache = class _KindCache {
  static MAX_ENTRIES = 2048;
  #byKind = /* @__PURE__ */ new Map();
  identify(cwe, title) {
    const key = `${cwe ?? ""}\0${kindTitle(title)}`;
    const known = this.#byKind.get(key);
    if (known) return known;
    const normalisedTitle = normaliseTitle(title);
    const identity = { normalisedTitle, ruleId: ruleIdFor(cwe, normalisedTitle) };
    if (this.#byKind.size < _KindCache.MAX_ENTRIES) this.#byKind.set(key, identity);
    return identity;
  }
};
var SarifOutput = class {
  #sink;
  #meter = new GzipMeter();
  #pending = [];
  #pendingChars = 0;
  #pendingBytes = 0;
  #bytes = 0;
  constructor(sink) {
    this.#sink = sink;
  }
  /** Compressed bytes of what was flushed, plus what deflate may hold back, plus the unflushed text raw. */
  get compressedUpperBound() {
    return this.#meter.compressedBytes + PENDING_GZIP_RESERVE + this.#pendingBytes;
  }
  async write(text) {
    this.#pending.push(text);
    this.#pendingChars += text.length;
    this.#pendingBytes += Buffer.byteLength(text);
    if (this.#pendingChars >= CHUNK_CHARS) await this.#flush();
  }
  async end() {
    await this.#flush();
    return { bytes: this.#bytes, gzipBytes: await this.#meter.end() };
  }
  destroy() {
    this.#meter.destroy();
  }
  async #flush() {
    if (this.#pending.length === 0) return;
    const chunk = this.#pending.join("");
    this.#bytes += this.#pendingBytes;
    this.#pending = [];
    this.#pendingChars = 0;
    this.#pendingBytes = 0;
    await Promise.all([this.#sink.write(chunk), this.#meter.write(chunk)]);
  }
};

// src/run/sarif-file.ts
async function* throughPolicy(findings, filter, kept = () => void 0) {
  const classify = filter.classifier();
  for await (const finding of findings) {
    const exclusion = classify(finding);
    if (exclusion?.kind === "out-of-scope") continue;
    const handedOn = exclusion === void 0 ? finding : { ...finding, suppression: { justification: `${exclusion.label}: ${exclusion.reason}` } };
    kept(handedOn, exclusion);
    yield handedOn;
  }
}
async function writeFileAtomically(target, produce) {
  await mkdir(dirname(target), { recursive: true });
  const temporary = join(
    dirname(target),
    `.${basename(target)}.${process.getBuiltinModule("node:crypto").randomBytes(6).toString("hex")}.tmp`
  );
  const stream = createWriteStream(temporary, { flags: "wx", mode: 420 });
  const opened = new Promise((resolveOpen, rejectOpen) => {
    stream.once("open", () => {
      resolveOpen();
    });
    stream.once("error", rejectOpen);
  });
  try {
    await opened;
    const produced = await produce({
      write: (chunk) => new Promise((resolveWrite, rejectWrite) => {
        stream.write(chunk, "utf8", (error) => {
          if (error) rejectWrite(error);
          else resolveWrite();
        });
      })
    });
    await new Promise((resolveEnd, rejectEnd) => {
      stream.once("error", rejectEnd);
      stream.end(() => {
        resolveEnd();
      });
    });
    await rename(temporary, target);
    return produced;
  } catch (error) {
    stream.destroy();
    await rm(temporary, { force: true });
    throw error;
  }
}

// src/code-scanning/github-upload-limits.ts
var GITHUB_UPLOAD_LIMITS = Object.freeze({
  // GitHub rejects more than 25,000 results in a run (and shows the top 5,000 by severity).
  maxResults: 25e3,
  // Each result brings at most one new rule, so maxResults bounds the rules already.
  maxRules: 25e3,
  // GitHub rejects a file over 10 MB gzip-compressed, read as 10^7 bytes, the smaller of the two readings of "MB".
  maxGzipBytes: 1e7
});

// src/code-scanning/sarif-run.ts
var FULL_COMMIT_SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i;
var SarifRun = class {
  #source;
  #built;
  constructor(source) {
    this.#source = source;
  }
  /** The run of this report, built once. */
  of(report, context) {
    if (this.#built?.report !== report) this.#built = { report, outcome: this.#build(report, context) };
    return this.#built.outcome;
  }
  async #build(report, context) {
    const { results, scan } = report;
    if (results === void 0 || scan === void 0) return { kind: "none" };
    const partial = partialScanReason(scan);
    if (partial) return { kind: "partial", reason: partial };
    const { findings, signal, maxResults } = this.#source;
    const stream = streamScanFindings(findings, {
      scanId: scan.id,
      floor: results.reportFloor,
      pageSize: this.#source.pageSize,
      signal,
      limit: maxResults,
      reported: this.#source.reported
    });
    const places = [];
    const suppressedBy = /* @__PURE__ */ new WeakMap();
    const chunks = [];
    try {
      const summary = await writeSarif(
        throughPolicy(stream.findings, this.#source.filter, (finding, suppression) => {
          if (suppression && suppression.entry >= 0) suppressedBy.set(finding, suppression);
        }),
        sarifRunMetadata(report, context, this.#source),
        {
          limits: { ...GITHUB_UPLOAD_LIMITS, maxResults },
          severityFloor: results.reportFloor,
          scrub: (text) => context.toolkit.scrub(text),
          notRead: stream.notRead,
          onResult: (finding, place) => places.push({ place, suppressedBy: suppressedBy.get(finding) })
        },
        { write: (chunk) => Promise.resolve(void chunks.push(Buffer.from(chunk, "utf8"))) }
      );
      const leftOut = summary.leftOutForResultLimit + summary.leftOutForSizeLimit;
      return { kind: "built", log: Buffer.concat(chunks), summary, leftOut, findings: places };
    } catch (error) {
      const cause = error instanceof Error ? error : new Error(String(error));
      return { kind: "unread", error: cause, aborted: signal.aborted };
    }
  }
};
var SARIF_RUNS = /* @__PURE__ */ new WeakMap();
function sarifRunOf(run) {
  let sarif = SARIF_RUNS.get(run);
  if (sarif === void 0) {
    sarif = new SarifRun({
      findings: run.findings,
      pageSize: run.settings.pageSize,
      maxResults: run.settings.sarifMaxResults,
      category: sarifCategoryOf(run.settings),
      serverUrl: run.environment.serverUrl,
      signal: run.signal,
      filter: run.policyFilter
    });
    SARIF_RUNS.set(run, sarif);
  }
  return sarif;
}
function sarifRunMetadata(report, context, target) {
  const scan = report.scan;
  const repository = scan?.repository ?? "";
  const commitSha = context.links?.sha ?? (FULL_COMMIT_SHA.test(scan?.ref ?? "") ? scan?.ref ?? "" : "");
  return {
    toolName: SARIF_TOOL_NAME,
    toolVersion: CLIENT_VERSION,
    informationUri: SARIF_TOOL_INFORMATION_URI,
    category: target.category,
    repository,
    commitSha,
    repositoryUrl: repository && target.serverUrl ? `${target.serverUrl}/${repository}` : void 0,
    scanId: scan?.id
  };
}

export {
  sarifPlaceOf,
  GITHUB_UPLOAD_LIMITS,
  writeFileAtomically,
  SarifRun,
  sarifRunOf
};
//# sourceMappingURL=chunk-XPIZXFDH.js.map
