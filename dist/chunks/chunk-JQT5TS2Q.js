import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  normaliseTitle,
  parseCwe,
  ruleIdFor
} from "./chunk-HN7FLA5P.js";
import {
  MAX_ARTIFACT_URI_LENGTH,
  TEXT_BUDGETS
} from "./chunk-XDHJISCG.js";
import {
  fetchAllInOrder,
  fetchInOrder
} from "./chunk-DTJGZLIT.js";
import {
  SEVERITIES,
  isAtOrAbove,
  isSeverity,
  severitiesAtOrAbove,
  severityRank,
  zeroCounts
} from "./chunk-QTPT64TT.js";

// src/run/finding-pages.ts
function remainingPages(listings) {
  const pages = [];
  for (const { severity, offset, pageLimit, total, missing } of listings) {
    if (!(pageLimit > 0)) continue;
    let planned = 0;
    for (let at = offset; planned < missing && at < total; at += pageLimit) {
      const limit = Math.min(pageLimit, missing - planned);
      pages.push({ severity, offset: at, limit });
      planned += limit;
    }
  }
  return pages;
}

// src/domain/identity/artifact-uri.ts
function repositoryRelativeUri(path) {
  if (path.length === 0 || path.length > MAX_ARTIFACT_URI_LENGTH || !path.isWellFormed()) return void 0;
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u.test(path)) return void 0;
  const slashed = path.replaceAll("\\", "/");
  if (slashed.startsWith("//") || /^[a-z][a-z0-9+.-]*:/i.test(slashed)) return void 0;
  const segments = slashed.split("/").filter((segment) => segment !== "" && segment !== ".");
  if (segments.length === 0 || segments.includes("..")) return void 0;
  return segments.map((segment) => encodeURIComponent(segment)).join("/");
}

// src/domain/identity/finding-fingerprint.ts
var { createHash } = process.getBuiltinModule("node:crypto");
var FINGERPRINT_KEY = "svcScanFindingHash/v1";
var FingerprintIssuer = class {
  #occurrences = /* @__PURE__ */ new Map();
  fingerprint(ruleId, path, normalisedTitle) {
    return fingerprintOf(this.occurrence(ruleId, path, normalisedTitle));
  }
  /**
   * Counts one more result of the triple and says which it is, without the fingerprint's second hash: a reader
   * that keeps few of the findings it counts hashes only those (fingerprintOf).
   */
  occurrence(ruleId, path, normalisedTitle) {
    const triple = createHash("sha256").update(`${ruleId}\0${path}\0${normalisedTitle}`).digest("hex");
    const occurrence = (this.#occurrences.get(triple) ?? 0) + 1;
    this.#occurrences.set(triple, occurrence);
    return { triple, occurrence };
  }
};
function fingerprintOf({ triple, occurrence }) {
  return createHash("sha256").update(`${triple}:${occurrence}`).digest("hex").slice(0, 32);
}

// src/domain/identity/sarif-text.ts
var LINE_BREAKS_AND_TABS = /[\t\n\v\f\r\u0085\u2028\u2029]+/gu;
var INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/gu;
function cleanText(text, budget, scrub) {
  const visible = text.toWellFormed().replace(LINE_BREAKS_AND_TABS, " ").replace(INVISIBLE, "\uFFFD").trim();
  return cutText(scrub(visible), budget);
}
function cutText(text, budget) {
  if (text.length <= budget) return text;
  let end = Math.max(0, budget - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 55296 && last <= 56319) end -= 1;
  return `${text.slice(0, end)}\u2026`;
}

// src/domain/identity/finding-fingerprinter.ts
var keep = (text) => text;
var FindingFingerprinter = class {
  #issuer = new FingerprintIssuer();
  #scrub;
  /** Rule ids by CWE and normalised title: the findings of one kind share one, worked out once. */
  #ruleIds = new BoundedMemo();
  /** Path keys by the finding's file: a scan's findings share few files. */
  #pathKeys = new BoundedMemo();
  constructor(scrub = keep) {
    this.#scrub = scrub;
  }
  of(finding) {
    return fingerprintOf(this.occurrenceOf(finding));
  }
  /** Counts the finding towards the fingerprints of its kind after it; fingerprintOf gives its own when needed. */
  occurrenceOf(finding) {
    const title = cleanText(
      typeof finding.title === "string" ? finding.title : "",
      TEXT_BUDGETS.message,
      this.#scrub
    );
    const normalisedTitle = normaliseTitle(title);
    const cwe = parseCwe(finding.cwe);
    const ruleId = this.#ruleIds.get(
      `${cwe ?? ""}\0${normalisedTitle}`,
      () => ruleIdFor(cwe, normalisedTitle)
    );
    const pathKey = finding.malformed?.includes("file_path") ? cleanText(finding.file_path, TEXT_BUDGETS.message, this.#scrub) : this.#pathKeys.get(finding.file_path, () => this.#pathKeyOf(finding.file_path));
    return this.#issuer.occurrence(ruleId, pathKey, normalisedTitle);
  }
  /** The file as the SARIF file's location gives it, or its cleaned text when it is no repository path. */
  #pathKeyOf(filePath) {
    const uri = repositoryRelativeUri(this.#scrub(filePath));
    return uri ?? cleanText(filePath, TEXT_BUDGETS.message, this.#scrub);
  }
};
var BoundedMemo = class {
  #values = /* @__PURE__ */ new Map();
  get(key, make) {
    const known = this.#values.get(key);
    if (known !== void 0) return known;
    if (this.#values.size >= MEMO_ENTRIES) this.#values.clear();
    const value = make();
    this.#values.set(key, value);
    return value;
  }
};
var MEMO_ENTRIES = 1e3;

// src/domain/finding-filter.ts
var NO_FINDING_FILTER = { active: false, classifier: () => () => void 0 };

// src/domain/finding-tally.ts
var UNKNOWN_SEVERITY_COUNTS_AS = "critical";
function countedSeverity(raw) {
  const normalized = raw.trim().toLowerCase();
  return isSeverity(normalized) ? normalized : UNKNOWN_SEVERITY_COUNTS_AS;
}
var LISTED_SUPPRESSED = 100;
function reportedFindingOf(finding) {
  const raw = finding.severity;
  const severity = countedSeverity(raw);
  return {
    id: finding.id,
    severity,
    ...severity === raw.trim().toLowerCase() ? {} : { originalSeverity: raw },
    title: finding.title,
    filePath: finding.file_path,
    line: finding.line,
    ...finding.cwe ? { cwe: finding.cwe } : {},
    ...finding.owasp ? { owasp: finding.owasp } : {}
  };
}
var FindingTally = class {
  /** Severities the service used that are not one of the five. */
  unknownSeverities = /* @__PURE__ */ new Set();
  /** Findings that arrived with unusable fields, by field name: counted all the same. */
  malformedFields = /* @__PURE__ */ new Map();
  #malformed = 0;
  #stated = zeroCounts();
  #seen = zeroCounts();
  #seenIds = /* @__PURE__ */ new Set();
  #uncategorised = 0;
  #kept = {
    critical: [],
    high: [],
    medium: [],
    low: [],
    info: []
  };
  #reportFloor;
  #classify;
  /** Findings of each severity that were read and that the policy leaves out of the gate. */
  #excluded = zeroCounts();
  #outOfScope = 0;
  #suppressed = [];
  #suppressedCount = 0;
  #matchedSuppressions = /* @__PURE__ */ new Set();
  #fingerprints = new FindingFingerprinter();
  #keptPerSeverity;
  /**
   * `keptPerSeverity`: the most findings of one severity any sink shows. A run that reads more (every finding at
   * or above fail-on under a policy, the SARIF file's) counts them all but keeps only these, not every record.
   */
  constructor(reportFloor, filter = NO_FINDING_FILTER, keptPerSeverity = Number.POSITIVE_INFINITY) {
    this.#reportFloor = reportFloor;
    this.#classify = filter.classifier();
    this.#keptPerSeverity = keptPerSeverity;
  }
  get reportFloor() {
    return this.#reportFloor;
  }
  isReported(severity) {
    return isAtOrAbove(severity, this.#reportFloor);
  }
  /** What the service says the count of one severity is; the largest statement stands. */
  stateCount(severity, count) {
    if (Number.isFinite(count)) this.#stated[severity] = Math.max(this.#stated[severity], count);
  }
  /** Findings the service counts under no known severity; they count as UNKNOWN_SEVERITY_COUNTS_AS. */
  addUncategorised(count, severityName) {
    this.#uncategorised += count;
    this.unknownSeverities.add(severityName);
  }
  /** Counts a listed finding, and keeps it to show when its severity is reported. */
  keep(finding) {
    if (finding.id !== "") {
      if (this.#seenIds.has(finding.id)) return;
      this.#seenIds.add(finding.id);
    }
    if (finding.malformed && finding.malformed.length > 0) {
      this.#malformed += 1;
      for (const field of finding.malformed)
        this.malformedFields.set(field, (this.malformedFields.get(field) ?? 0) + 1);
    }
    const raw = finding.severity;
    const severity = countedSeverity(raw);
    const normalized = raw.trim().toLowerCase();
    if (severity !== normalized) this.unknownSeverities.add(raw);
    this.#seen[severity] += 1;
    const occurrence = this.#fingerprints.occurrenceOf(finding);
    if (this.#leaveOut(finding, severity)) return;
    if (!this.isReported(severity) || this.#kept[severity].length >= this.#keptPerSeverity) return;
    this.#kept[severity].push({ ...reportedFindingOf(finding), fingerprint: fingerprintOf(occurrence) });
  }
  /** A finding the policy leaves out is counted apart, and a suppressed one kept to show with its reason. */
  #leaveOut(finding, severity) {
    const exclusion = this.#classify(finding);
    if (exclusion === void 0) return false;
    this.#excluded[severity] += 1;
    if (exclusion.kind === "out-of-scope") {
      this.#outOfScope += 1;
      return true;
    }
    this.#suppressedCount += 1;
    this.#matchedSuppressions.add(exclusion.entry);
    if (this.#suppressed.length < LISTED_SUPPRESSED) {
      this.#suppressed.push({
        ...reportedFindingOf(finding),
        reason: exclusion.reason,
        suppression: exclusion.label
      });
    }
    return true;
  }
  /**
   * The findings of each severity that count: the largest statement of the service less the findings read that
   * the policy leaves out. A severity read whole is exact; one read in part counts every unread finding (fail
   * closed).
   */
  get counts() {
    const counts = zeroCounts();
    for (const severity of SEVERITIES)
      counts[severity] = Math.max(0, this.listedCount(severity) - this.#excluded[severity]);
    counts[UNKNOWN_SEVERITY_COUNTS_AS] += this.#uncategorised;
    return counts;
  }
  /** Findings of one severity the scan holds, policy or not: what paging walks. */
  listedCount(severity) {
    return Math.max(this.#stated[severity], this.#seen[severity]);
  }
  /** Findings the scan holds under the five severities, policy or not. */
  get listedTotal() {
    return SEVERITIES.reduce((sum, severity) => sum + this.listedCount(severity), 0);
  }
  /** Findings of one severity read so far, left out or not. */
  seenCount(severity) {
    return this.#seen[severity];
  }
  /** Findings read that lie outside the policy's paths. */
  get outOfScopeCount() {
    return this.#outOfScope;
  }
  /** Findings read that a suppression in force covers. */
  get suppressedCount() {
    return this.#suppressedCount;
  }
  /** The first LISTED_SUPPRESSED suppressed findings, most severe first. */
  suppressed() {
    return SEVERITIES.flatMap(
      (severity) => this.#suppressed.filter((finding) => finding.severity === severity)
    );
  }
  /** The indexes of the suppressions that covered at least one finding read. */
  get matchedSuppressions() {
    return this.#matchedSuppressions;
  }
  /** How many findings arrived with unusable fields. */
  get malformedCount() {
    return this.#malformed;
  }
  keptCount(severity) {
    return this.#kept[severity].length;
  }
  get total() {
    const counts = this.counts;
    return SEVERITIES.reduce((sum, severity) => sum + counts[severity], 0);
  }
  /** Findings at or above the report floor, shown or not. */
  get reportedTotal() {
    const counts = this.counts;
    return SEVERITIES.filter((s) => this.isReported(s)).reduce((sum, s) => sum + counts[s], 0);
  }
  /** The kept findings, most severe first. */
  kept() {
    return SEVERITIES.flatMap((severity) => this.#kept[severity]);
  }
};
function findingsToList(counts, reportFloor, rows, perSeverityMinimum) {
  const wanted = zeroCounts();
  let rowsLeft = rows;
  for (const severity of SEVERITIES) {
    if (!isAtOrAbove(severity, reportFloor)) continue;
    const forRows = Math.min(counts[severity], rowsLeft);
    rowsLeft -= forRows;
    wanted[severity] = Math.max(forRows, Math.min(counts[severity], perSeverityMinimum));
  }
  return wanted;
}

// src/run/unfiltered-findings.ts
var UNFILTERED_READ_MAX = 1e3;
function readsUnfiltered(reported, floor, pageSize) {
  const total = reported.total_findings;
  const counts = SEVERITIES.map((severity) => reported.severity_breakdown[severity] ?? 0);
  const whole = counts.every((count) => Number.isInteger(count) && count >= 0);
  if (!whole || counts.reduce((sum, count) => sum + count, 0) !== total) return false;
  if (total > UNFILTERED_READ_MAX || !(pageSize >= 1)) return false;
  const pages = (count) => Math.max(1, Math.ceil(count / pageSize));
  const filtered = SEVERITIES.filter((severity) => isAtOrAbove(severity, floor)).reduce(
    (sum, severity) => sum + pages(reported.severity_breakdown[severity] ?? 0),
    0
  );
  return pages(total) <= filtered;
}
async function readUnfiltered(list, request, signal, refuse) {
  const total = request.reported.total_findings;
  const first = await list({ offset: 0, limit: request.pageSize }, { signal });
  checkTotal(first, total, refuse);
  const step = Math.floor(first.limit);
  if (first.items.length < total && !(step > 0))
    throw refuse(
      `the first page of findings holds ${first.items.length} of ${total} and no usable page size (limit ${first.limit})`
    );
  const offsets = [];
  for (let offset = first.items.length; offset < total; offset += step) offsets.push(offset);
  const further = await fetchAllInOrder(
    offsets,
    { concurrency: request.concurrency, signal },
    (offset, pageSignal) => list({ offset, limit: step }, { signal: pageSignal })
  );
  for (const page of further) checkTotal(page, total, refuse);
  const all = [first, ...further].flatMap((page) => page.items);
  checkCounts(all, request.reported, refuse);
  const kept = all.filter((finding) => isAtOrAbove(countedSeverity(finding.severity), request.floor));
  return kept.sort(
    (a, b) => severityRank(countedSeverity(a.severity)) - severityRank(countedSeverity(b.severity))
  );
}
function checkTotal(page, total, refuse) {
  if (page.total !== total)
    throw refuse(
      `the list of findings counts ${page.total} where the scan's report counts ${total}: the list changed while it was read`
    );
}
function checkCounts(findings, reported, refuse) {
  if (findings.length !== reported.total_findings)
    throw refuse(
      `the list of findings gave ${findings.length} findings where ${reported.total_findings} were expected`
    );
  const counts = zeroCounts();
  for (const finding of findings) counts[countedSeverity(finding.severity)] += 1;
  for (const severity of SEVERITIES) {
    const expected = reported.severity_breakdown[severity] ?? 0;
    if (counts[severity] !== expected)
      throw refuse(
        `the list holds ${counts[severity]} ${severity} findings where the scan's report counts ${expected}`
      );
  }
}

// src/run/finding-stream.ts
var FINDINGS_PAGE_CONCURRENCY = 16;
var IncompleteListError = class extends Error {
  name = "IncompleteListError";
};
function streamScanFindings(client, request) {
  let notRead = 0;
  return {
    findings: readFindings(client, request, (count) => {
      notRead = count;
    }),
    notRead: () => notRead
  };
}
async function* readFindings(client, request, onNotRead) {
  const { scanId, signal } = request;
  if (request.reported && readsUnfiltered(request.reported, request.floor, request.pageSize)) {
    yield* readSmallScan(client, { ...request, reported: request.reported }, onNotRead);
    return;
  }
  const severities = severitiesAtOrAbove(request.floor);
  const list = (page, options) => client.listFindings(
    { scan_id: scanId, severity: page.severity, offset: page.offset, limit: page.limit },
    options
  );
  const firstPages = await Promise.all(
    severities.map((severity) => list({ severity, offset: 0, limit: request.pageSize }, { signal }))
  );
  const { plan, totals, wanted, listed } = planPages(severities, firstPages, request.limit);
  const received = /* @__PURE__ */ new Map();
  const pages = fetchInOrder(
    plan,
    { concurrency: request.concurrency ?? FINDINGS_PAGE_CONCURRENCY, signal },
    async (planned, pageSignal) => ({
      severity: planned.severity,
      page: planned.read ?? await list(planned, { signal: pageSignal })
    })
  );
  for await (const { severity, page } of pages) {
    checkPage(page, severity, totals.get(severity));
    received.set(severity, (received.get(severity) ?? 0) + page.items.length);
    yield* page.items;
  }
  for (const severity of severities) {
    const want = wanted.get(severity) ?? 0;
    const got = received.get(severity) ?? 0;
    if (got !== want)
      throw new IncompleteListError(
        `the list of ${severity} findings gave ${got} findings where ${want} were expected (its total is ${totals.get(severity) ?? 0})`
      );
  }
  onNotRead(listed - [...wanted.values()].reduce((sum, want) => sum + want, 0));
}
async function* readSmallScan(client, request, onNotRead) {
  const listed = await readUnfiltered(
    (page, options) => client.listFindings({ scan_id: request.scanId, ...page }, options),
    { ...request, concurrency: request.concurrency ?? FINDINGS_PAGE_CONCURRENCY },
    request.signal,
    (message) => new IncompleteListError(message)
  );
  const read = listed.slice(0, request.limit ?? listed.length);
  yield* read;
  onNotRead(listed.length - read.length);
}
function planPages(severities, firstPages, limit) {
  const planned = { plan: [], totals: /* @__PURE__ */ new Map(), wanted: /* @__PURE__ */ new Map(), listed: 0 };
  let budget = limit ?? Number.POSITIVE_INFINITY;
  for (const [index, severity] of severities.entries()) {
    const first = firstPages[index];
    checkPage(first, severity, void 0);
    planned.totals.set(severity, first.total);
    planned.listed += first.total;
    const want = Math.min(first.total, budget);
    budget -= want;
    planned.wanted.set(severity, want);
    const items = first.items.slice(0, want);
    const pageLimit = Math.floor(first.limit);
    if (items.length < want && !(pageLimit > 0))
      throw new IncompleteListError(
        `the first page of ${severity} findings holds ${first.items.length} of ${first.total} and no usable page size (limit ${first.limit})`
      );
    planned.plan.push({ severity, offset: 0, limit: items.length, read: { ...first, items } });
    planned.plan.push(
      ...remainingPages([
        { severity, offset: items.length, pageLimit, total: first.total, missing: want - items.length }
      ])
    );
  }
  return planned;
}
function checkPage(page, severity, total) {
  const other = page.items.find((finding) => countedSeverity(finding.severity) !== severity);
  if (other)
    throw new IncompleteListError(
      `a page of ${severity} findings holds one of severity ${JSON.stringify(other.severity)}: the service ignored the severity filter`
    );
  if (total !== void 0 && page.total !== total)
    throw new IncompleteListError(
      `the total of ${severity} findings changed from ${total} to ${page.total} while the list was read`
    );
}

export {
  cleanText,
  cutText,
  repositoryRelativeUri,
  FINGERPRINT_KEY,
  FingerprintIssuer,
  FindingFingerprinter,
  NO_FINDING_FILTER,
  countedSeverity,
  reportedFindingOf,
  FindingTally,
  findingsToList,
  remainingPages,
  readsUnfiltered,
  readUnfiltered,
  FINDINGS_PAGE_CONCURRENCY,
  IncompleteListError,
  streamScanFindings
};
//# sourceMappingURL=chunk-JQT5TS2Q.js.map
