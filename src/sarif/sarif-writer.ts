import type { Finding, FindingDetail } from '../client/types.ts';
import { countedSeverity } from '../domain/finding-tally.ts';
import { counted, ELSEWHERE, FINDING } from '../text/left-out.ts';
import { isAtOrAbove, severityRank, type Severity } from '../domain/severity.ts';
import { repositoryRelativeUri } from '../domain/identity/artifact-uri.ts';
import { FINGERPRINT_KEY, FingerprintIssuer } from '../domain/identity/finding-fingerprint.ts';
import { GzipMeter, PENDING_GZIP_RESERVE } from './gzip-meter.ts';
import { kindTitle, normaliseTitle, parseCwe, ruleIdFor } from '../domain/identity/rule-identity.ts';
import { RuleTable, serialiseRule } from './rule-table.ts';
import { TEXT_BUDGETS } from '../domain/identity/sarif-limits.ts';
import { cleanText, type Scrub } from '../domain/identity/sarif-text.ts';
import { SARIF_TOOL_NAME } from './sarif-category.ts';
import { placeOfResult, type SarifPlace } from './sarif-location.ts';
import { sarifLevel } from './security-severity.ts';

/**
 * Writes a SARIF 2.1.0 log for code scanning, streaming: the findings are read once, each result is written as it
 * comes, and memory holds only the rule table and a chunk of output. So 100,000 findings never sit in one string.
 *
 * Rules before results is what a reader expects, but rules are known only once every result has been seen. JSON
 * objects are unordered (RFC 8259, and SARIF 2.1.0 §3.1 builds on it), so the run is written with `results` first
 * and `tool` (with `driver.rules`) after them, followed by `invocations` and `properties`, which need the final
 * counts too. Each result's `ruleIndex` points into the rule table, which is filled in the order results use it.
 * The alternatives cost more: a second pass over the findings means fetching them twice, and spooling results
 * to a temporary file writes every byte twice and needs a disk. upload-sarif parses the whole file
 * (`JSON.parse`) and the SARIF multitool accepts the order (see the tests).
 *
 * GitHub's limits hold by construction: at most `maxResults` results (the findings must come most severe first,
 * so the most severe are kept), hence at most as many rules, one location per result, and a gzip-compressed size
 * under `maxGzipBytes`, measured while writing; results that would cross it are left out. Every left-out finding
 * is counted in a run-level notification.
 */

const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';
const SOURCE_ROOT = '%SRCROOT%';
/** Output is handed to the sink in chunks of about this many characters. */
const CHUNK_CHARS = 64 * 1024;
/** Room kept for what follows the results besides the rules: the driver, notifications, properties, the end. */
const TAIL_RESERVE_BYTES = 16 * 1024;

export type SarifFinding = Finding &
  Partial<Pick<FindingDetail, 'cvss_score'>> & {
    /**
     * The repository's policy suppresses it: the result carries `suppressions` (kind external, the reason as
     * justification), so code scanning shows it dismissed by policy, never as an open alert.
     */
    suppression?: { justification: string } | undefined;
  };

export interface SarifRunMetadata {
  toolName: string;
  /** The action's version. */
  toolVersion: string;
  informationUri: string;
  /**
   * The code scanning category (`runs[0].automationDetails.id`). A `/` is appended when it has none at the end:
   * code scanning takes what precedes the last `/` as the category (upload-sarif appends one to its own category
   * input), so `svc-scan/owner/name` would otherwise be the category `svc-scan/owner`.
   */
  category: string;
  /** `owner/name` of the scanned repository. */
  repository: string;
  /** The scanned commit. */
  commitSha: string;
  /** `${GITHUB_SERVER_URL}/${owner}/${name}`, for `versionControlProvenance`; left out when not http(s). */
  repositoryUrl?: string;
  /** The service's scan: a notification of findings left out names the command that lists them all. */
  scanId?: string | undefined;
}

/** What bounds a run: the writer holds each by construction (code scanning's are GITHUB_UPLOAD_LIMITS). */
export interface SarifLimits {
  /** Results in the run: the most severe are kept, the rest counted in a notification. */
  maxResults: number;
  /** Rules in the run's driver. Each result brings at most one new rule, so maxResults bounds it already. */
  maxRules: number;
  /** The log, gzip-compressed: results that would cross it are left out and counted. */
  maxGzipBytes: number;
}

export interface SarifWriteOptions {
  /** Findings less severe than this are not reported. */
  severityFloor: Severity;
  /** Applied to every string from the service before it is written. */
  scrub: Scrub;
  limits: SarifLimits;
  /**
   * Findings at or above the floor that the source did not hand over, read once the findings ended: a source
   * may stop at `maxResults` findings, since the writer would leave out every further one. They are counted as
   * left out for the result limit.
   */
  notRead?: () => number;
  /**
   * Hears of each result written, with the rule id and the path it was written with, so that a reader of the
   * run (code scanning's triage) knows each result's place without working it out again.
   */
  onResult?: (finding: SarifFinding, place: SarifPlace) => void;
}

/** Where the log goes, chunk by chunk; each write is awaited before the next. */
export interface SarifSink {
  write(chunk: string): Promise<void>;
}

export interface SarifWriteSummary {
  results: number;
  rules: number;
  /** Findings less severe than the floor. */
  belowFloor: number;
  /** Findings given twice (same id): written once. */
  duplicates: number;
  /** Findings at or above the floor that were left out: GitHub's result limit. */
  leftOutForResultLimit: number;
  /** Findings at or above the floor that were left out: GitHub's compressed size limit. */
  leftOutForSizeLimit: number;
  /** Results written without a location: their path could not be made a safe repository-relative one. */
  withoutLocation: number;
  /** The findings that arrived with unusable fields (`malformed`). */
  malformed: number;
  /** The log's size in UTF-8 bytes, and gzip-compressed. */
  bytes: number;
  gzipBytes: number;
}

/** The findings did not come most severe first, so the most severe could not be kept under the limits. */
export class FindingOrderError extends Error {
  override name = 'FindingOrderError';
}

export async function writeSarif(
  findings: AsyncIterable<SarifFinding> | Iterable<SarifFinding>,
  metadata: SarifRunMetadata,
  options: SarifWriteOptions,
  sink: SarifSink,
): Promise<SarifWriteSummary> {
  const run = new SarifRunWriter(sink, options);
  try {
    await run.writeHead(metadata);
    for await (const finding of findings) await run.add(finding);
    return await run.writeTail(metadata);
  } finally {
    run.destroy();
  }
}

/** A result ready to be written: its JSON, and its rule's when the rule is new. */
interface PendingResult {
  finding: SarifFinding;
  ruleId: string;
  /** Undefined when the result has no location. */
  uri: string | undefined;
  newRule: string | undefined;
  json: string;
  malformed: boolean;
}

/** One run of the log, written as the findings come: the head, each result that fits, then the tail. */
class SarifRunWriter {
  readonly #output: SarifOutput;
  readonly #rulesMeter = new GzipMeter();
  readonly #options: SarifWriteOptions;
  readonly #limits: SarifLimits;
  readonly #clean: Clean;
  readonly #summary = emptySummary();
  readonly #rules = new RuleTable();
  readonly #fingerprints = new FingerprintIssuer();
  readonly #kinds = new KindCache();
  readonly #seenIds = new Set<string>();
  #lastRank = 0;

  constructor(sink: SarifSink, options: SarifWriteOptions) {
    this.#output = new SarifOutput(sink);
    this.#options = options;
    this.#limits = options.limits;
    this.#clean = (text, budget) => cleanText(text, budget, options.scrub);
  }

  async writeHead(metadata: SarifRunMetadata): Promise<void> {
    const output = this.#output;
    await output.write(`{"version":"2.1.0","$schema":${JSON.stringify(SARIF_SCHEMA_URI)},"runs":[{\n`);
    await output.write(
      `"automationDetails":${JSON.stringify({ id: automationId(metadata, this.#clean) })},\n`,
    );
    const provenance = versionControlProvenance(metadata, this.#clean);
    if (provenance) await output.write(`"versionControlProvenance":${JSON.stringify(provenance)},\n`);
    await output.write('"results":[');
  }

  /** Writes the finding as a result, or counts why it is left out. */
  async add(finding: SarifFinding): Promise<void> {
    const severity = this.#admit(finding);
    if (severity === undefined) return;
    const pending = this.#resultOf(finding, severity);
    if (pending === undefined) {
      this.#summary.leftOutForResultLimit += 1;
      return;
    }
    // From here on every finding is left out (see #admit), so the occurrence counted for this one is never used.
    if (!this.#fits(pending)) {
      this.#summary.leftOutForSizeLimit += 1;
      return;
    }
    await this.#write(pending);
  }

  /** The rules, the invocation with its notifications and the run's properties, which need the final counts. */
  async writeTail(metadata: SarifRunMetadata): Promise<SarifWriteSummary> {
    const output = this.#output;
    const summary = this.#summary;
    const options = this.#options;
    summary.leftOutForResultLimit += Math.max(0, options.notRead?.() ?? 0);
    await output.write(summary.results === 0 ? ']' : '\n]');
    await output.write(
      `,\n"tool":{"driver":${JSON.stringify(driverHead(metadata, this.#clean)).slice(0, -1)},"rules":[`,
    );
    const serialisedRules = this.#rules.serialised();
    for (let i = 0; i < serialisedRules.length; i++)
      await output.write(`${i === 0 ? '\n' : ',\n'}${serialisedRules[i]}`);
    await output.write(serialisedRules.length === 0 ? ']}}' : '\n]}}');
    summary.rules = serialisedRules.length;
    const scanId = metadata.scanId && this.#clean(metadata.scanId, TEXT_BUDGETS.findingId);
    await output.write(
      `,\n"invocations":${JSON.stringify([invocation(summary, options, this.#limits, scanId)])}`,
    );
    await output.write(
      `,\n"properties":${JSON.stringify(runProperties(summary, metadata, this.#clean))}\n}]}\n`,
    );
    const sizes = await output.end();
    return { ...summary, ...sizes };
  }

  destroy(): void {
    this.#output.destroy();
    this.#rulesMeter.destroy();
  }

  /**
   * The finding's counted severity when it may become a result; undefined when it is counted apart (below the
   * floor, given twice, past a limit). Throws when the findings do not come most severe first.
   */
  #admit(finding: SarifFinding): Severity | undefined {
    const summary = this.#summary;
    // Typed as a Severity, but it is whatever the service sent: an unknown one counts as critical.
    const raw: string = finding.severity;
    const severity = countedSeverity(raw);
    const rank = severityRank(severity);
    if (rank < this.#lastRank)
      throw new FindingOrderError(
        `a ${severity} finding came after a less severe one: the findings must come most severe first`,
      );
    this.#lastRank = rank;
    if (!isAtOrAbove(severity, this.#options.severityFloor)) {
      summary.belowFloor += 1;
      return undefined;
    }
    if (finding.id !== '') {
      if (this.#seenIds.has(finding.id)) {
        summary.duplicates += 1;
        return undefined;
      }
      this.#seenIds.add(finding.id);
    }
    // Once one result did not fit the size limit, every later finding is left out: the most severe are kept.
    if (summary.leftOutForSizeLimit > 0) summary.leftOutForSizeLimit += 1;
    else if (summary.results >= this.#limits.maxResults) summary.leftOutForResultLimit += 1;
    else return severity;
    return undefined;
  }

  /** The result of a finding, with its rule when new; undefined when a new rule would pass the rule limit. */
  #resultOf(finding: SarifFinding, severity: Severity): PendingResult | undefined {
    const clean = this.#clean;
    const title = clean(typeof finding.title === 'string' ? finding.title : '', TEXT_BUDGETS.message);
    const cwe = parseCwe(finding.cwe);
    const { normalisedTitle, ruleId } = this.#kinds.identify(cwe, title);
    const knownRule = this.#rules.indexOf(ruleId);
    if (knownRule === undefined && this.#rules.size >= this.#limits.maxRules) return undefined;
    const newRule =
      knownRule === undefined
        ? serialiseRule({
            id: ruleId,
            cwe,
            title: kindTitle(title),
            owasp: finding.owasp ? clean(finding.owasp, TEXT_BUDGETS.tag) : undefined,
            severity,
            cvssScore: finding.cvss_score ?? undefined,
          })
        : undefined;
    // Scrubbed too: a path is a string from the service like any other (a secret in it becomes `***`).
    const uri = finding.malformed?.includes('file_path')
      ? undefined
      : repositoryRelativeUri(this.#options.scrub(finding.file_path));
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
      justification: finding.suppression
        ? clean(finding.suppression.justification, TEXT_BUDGETS.message)
        : undefined,
    });
    return {
      finding,
      ruleId,
      uri,
      newRule,
      json: `${this.#summary.results === 0 ? '\n' : ',\n'}${JSON.stringify(result)}`,
      malformed: (finding.malformed?.length ?? 0) > 0,
    };
  }

  /** Whether an upper bound of the compressed file, with this result (and its rule, if new), is within the limit. */
  #fits(pending: PendingResult): boolean {
    const bound =
      this.#output.compressedUpperBound +
      this.#rulesMeter.compressedBytes +
      PENDING_GZIP_RESERVE +
      TAIL_RESERVE_BYTES +
      (pending.newRule === undefined ? 0 : Buffer.byteLength(pending.newRule) + 2) +
      Buffer.byteLength(pending.json);
    return bound <= this.#limits.maxGzipBytes;
  }

  async #write(pending: PendingResult): Promise<void> {
    if (pending.newRule !== undefined) {
      this.#rules.add(pending.ruleId, pending.newRule);
      await this.#rulesMeter.write(`${pending.newRule},\n`);
    }
    await this.#output.write(pending.json);
    this.#summary.results += 1;
    const { finding, ruleId, uri } = pending;
    this.#options.onResult?.(
      finding,
      placeOfResult(ruleId, uri, { filePath: finding.file_path, line: finding.line }),
    );
    if (uri === undefined) this.#summary.withoutLocation += 1;
    if (pending.malformed) this.#summary.malformed += 1;
  }
}

function emptySummary(): Omit<SarifWriteSummary, 'bytes' | 'gzipBytes'> {
  return {
    results: 0,
    rules: 0,
    belowFloor: 0,
    duplicates: 0,
    leftOutForResultLimit: 0,
    leftOutForSizeLimit: 0,
    withoutLocation: 0,
    malformed: 0,
  };
}

type Clean = (text: string, budget: number) => string;

function automationId(metadata: SarifRunMetadata, clean: Clean): string {
  const category = clean(metadata.category, TEXT_BUDGETS.category) || SARIF_TOOL_NAME;
  return category.endsWith('/') ? category : `${category}/`;
}

function versionControlProvenance(metadata: SarifRunMetadata, clean: Clean): object[] | undefined {
  if (!metadata.repositoryUrl) return undefined;
  let url: URL;
  try {
    url = new URL(metadata.repositoryUrl);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
    return undefined;
  const revision = clean(metadata.commitSha, TEXT_BUDGETS.commit);
  return [
    {
      repositoryUri: url.href,
      ...(revision ? { revisionId: revision } : {}),
      mappedTo: { uriBaseId: SOURCE_ROOT },
    },
  ];
}

function driverHead(metadata: SarifRunMetadata, clean: Clean): object {
  const version = clean(metadata.toolVersion, TEXT_BUDGETS.tag);
  return {
    name: clean(metadata.toolName, TEXT_BUDGETS.tag) || SARIF_TOOL_NAME,
    ...(version ? { version, semanticVersion: version } : {}),
    informationUri: metadata.informationUri,
  };
}

interface ResultInput {
  finding: SarifFinding;
  severity: Severity;
  ruleId: string;
  ruleIndex: number;
  message: string;
  uri: string | undefined;
  fingerprint: string;
  findingId: string;
  /** The suppression's reason, cleaned like every other text. */
  justification?: string | undefined;
}

function resultObject(input: ResultInput): object {
  const { finding, uri } = input;
  const line = finding.line;
  const region =
    Number.isSafeInteger(line) && line > 0 && !finding.malformed?.includes('line')
      ? { region: { startLine: line } }
      : {};
  return {
    ruleId: input.ruleId,
    ruleIndex: input.ruleIndex,
    level: sarifLevel(input.severity),
    message: { text: input.message },
    ...(uri === undefined
      ? {}
      : {
          locations: [{ physicalLocation: { artifactLocation: { uri, uriBaseId: SOURCE_ROOT }, ...region } }],
        }),
    partialFingerprints: { [FINGERPRINT_KEY]: input.fingerprint },
    ...(finding.suppression
      ? { suppressions: [{ kind: 'external', justification: input.justification ?? '' }] }
      : {}),
    properties: {
      severity: input.severity,
      ...(input.findingId ? { findingId: input.findingId } : {}),
      ...(finding.malformed && finding.malformed.length > 0
        ? { malformedFields: finding.malformed.slice(0, 10).map((field) => field.slice(0, 50)) }
        : {}),
    },
  };
}

function invocation(
  summary: Omit<SarifWriteSummary, 'bytes' | 'gzipBytes'>,
  options: SarifWriteOptions,
  limits: SarifLimits,
  scanId: string | undefined,
): object {
  // Where the findings left out are (scrubbed and cut like any string from the service).
  const restWhere = scanId
    ? ELSEWHERE.findingsCommand(scanId, 'plain')
    : 'the service lists every finding of the scan';
  const notifications: object[] = [];
  if (summary.leftOutForResultLimit > 0)
    notifications.push({
      descriptor: { id: 'svc-scan/result-limit' },
      level: 'warning',
      message: {
        text: `${counted(summary.leftOutForResultLimit, FINDING)} at or above ${options.severityFloor} ${summary.leftOutForResultLimit === 1 ? 'was' : 'were'} left out: code scanning accepts at most ${limits.maxResults} results in a run. The most severe findings are included; ${restWhere}.`,
      },
    });
  if (summary.leftOutForSizeLimit > 0)
    notifications.push({
      descriptor: { id: 'svc-scan/size-limit' },
      level: 'warning',
      message: {
        text: `${counted(summary.leftOutForSizeLimit, FINDING)} at or above ${options.severityFloor} ${summary.leftOutForSizeLimit === 1 ? 'was' : 'were'} left out: the file would have exceeded code scanning's limit of ${limits.maxGzipBytes} bytes gzip-compressed. The most severe findings are included; ${restWhere}.`,
      },
    });
  if (summary.withoutLocation > 0)
    notifications.push({
      descriptor: { id: 'svc-scan/no-location' },
      level: 'note',
      message: {
        text: `${summary.withoutLocation} results have no location: the service's file path was not a safe path inside the repository.`,
      },
    });
  return {
    executionSuccessful: true,
    ...(notifications.length > 0 ? { toolExecutionNotifications: notifications } : {}),
  };
}

function runProperties(
  summary: Omit<SarifWriteSummary, 'bytes' | 'gzipBytes'>,
  metadata: SarifRunMetadata,
  clean: Clean,
): object {
  return {
    repository: clean(metadata.repository, TEXT_BUDGETS.repository),
    commitSha: clean(metadata.commitSha, TEXT_BUDGETS.commit),
    resultsWritten: summary.results,
    findingsLeftOut: summary.leftOutForResultLimit + summary.leftOutForSizeLimit,
    leftOutForResultLimit: summary.leftOutForResultLimit,
    leftOutForSizeLimit: summary.leftOutForSizeLimit,
    resultsWithoutLocation: summary.withoutLocation,
    malformedFindings: summary.malformed,
  };
}

/**
 * The rule identity of a kind, computed once per kind rather than once per finding: findings of one kind differ
 * only by their instance marker, and the normalisation and the hash are most of the writer's work per finding.
 * Bounded, so that a scan of unique titles does not grow it.
 */
class KindCache {
  static readonly MAX_ENTRIES = 2_048;
  readonly #byKind = new Map<string, { normalisedTitle: string; ruleId: string }>();

  identify(cwe: number | undefined, title: string): { normalisedTitle: string; ruleId: string } {
    const key = `${cwe ?? ''}\u0000${kindTitle(title)}`;
    const known = this.#byKind.get(key);
    if (known) return known;
    const normalisedTitle = normaliseTitle(title);
    const identity = { normalisedTitle, ruleId: ruleIdFor(cwe, normalisedTitle) };
    if (this.#byKind.size < KindCache.MAX_ENTRIES) this.#byKind.set(key, identity);
    return identity;
  }
}

/** The output side: text gathered into chunks, each handed to the sink and to the gzip meter. */
class SarifOutput {
  readonly #sink: SarifSink;
  readonly #meter = new GzipMeter();
  #pending: string[] = [];
  #pendingChars = 0;
  #pendingBytes = 0;
  #bytes = 0;

  constructor(sink: SarifSink) {
    this.#sink = sink;
  }

  /** Compressed bytes of what was flushed, plus what deflate may hold back, plus the unflushed text raw. */
  get compressedUpperBound(): number {
    return this.#meter.compressedBytes + PENDING_GZIP_RESERVE + this.#pendingBytes;
  }

  async write(text: string): Promise<void> {
    this.#pending.push(text);
    this.#pendingChars += text.length;
    this.#pendingBytes += Buffer.byteLength(text);
    if (this.#pendingChars >= CHUNK_CHARS) await this.#flush();
  }

  async end(): Promise<{ bytes: number; gzipBytes: number }> {
    await this.#flush();
    return { bytes: this.#bytes, gzipBytes: await this.#meter.end() };
  }

  destroy(): void {
    this.#meter.destroy();
  }

  async #flush(): Promise<void> {
    if (this.#pending.length === 0) return;
    const chunk = this.#pending.join('');
    this.#bytes += this.#pendingBytes;
    this.#pending = [];
    this.#pendingChars = 0;
    this.#pendingBytes = 0;
    await Promise.all([this.#sink.write(chunk), this.#meter.write(chunk)]);
  }
}
