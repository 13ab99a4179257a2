import { CLIENT_VERSION } from '../client/defaults.ts';
import type { TriagedFinding } from './triage-plan.ts';
import type { PolicyEntry } from './policy-dismissal.ts';
import type { FindingFilter } from '../domain/finding-filter.ts';
import { partialScanReason } from '../domain/partial-scan.ts';
import type { RunReport } from '../domain/run-report.ts';
import { GITHUB_UPLOAD_LIMITS } from './github-upload-limits.ts';
import { SARIF_TOOL_INFORMATION_URI, SARIF_TOOL_NAME } from '../sarif/sarif-category.ts';
import {
  writeSarif,
  type SarifFinding,
  type SarifRunMetadata,
  type SarifWriteSummary,
} from '../sarif/sarif-writer.ts';
import { streamScanFindings, type FindingLister } from '../run/finding-stream.ts';
import type { ReportedCounts } from '../run/unfiltered-findings.ts';
import { throughPolicy } from '../run/sarif-file.ts';
import { sarifCategoryOf } from '../report/shared-inputs.ts';
import type { ReporterRun } from '../report/reporter.ts';

const FULL_COMMIT_SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i;

/** Where the run's SARIF is made from, and what bounds it. */
export interface SarifRunSource {
  /** The run's finding set: the pages the run read are handed on, not asked for again. */
  findings: FindingLister;
  /** Findings asked for per page: the run's, so that its pages are the ones read. */
  pageSize: number;
  /** Most results in the run (`sarif-max-results`), the most severe; the rest are counted. */
  maxResults: number;
  category: string;
  /**
   * GITHUB_SERVER_URL: the scanned repository's address is `${serverUrl}/${owner}/${name}`. Undefined for a face
   * outside GitHub (svc): the run then names no address of the repository.
   */
  serverUrl: string | undefined;
  /** The run's signal (its deadline, the runner's stop): the reading of the list ends with it. */
  signal: AbortSignal;
  /** The repository's policy: what it leaves out of the run, and what it suppresses. */
  filter: FindingFilter;
  /**
   * The scan's report, given by a face whose run kept no page of the list for the SARIF, or kept the small scan's
   * unfiltered list (the fleet): a small scan is then read in one unfiltered list (see streamScanFindings). The
   * action gives none: its run reads each severity's first page beside the report, in one round, and keeps them,
   * so an unfiltered list here would be requests added, not saved.
   */
  reported?: ReportedCounts | undefined;
}

/** What the SARIF run reads of the report: the scan (its modules, its commit) and the results' floor. */
export type SarifRunReport = Pick<RunReport, 'scan' | 'results'>;

/**
 * What the SARIF run reads of the face that reports it (a reporter's ReportContext, or svc's): the scrubber every
 * string from the service goes through, and the workflow's commit when the run scanned it.
 */
export interface SarifRunContext {
  toolkit: { scrub(text: string): string };
  links?: { sha: string } | undefined;
}

/** The SARIF run, written: the log, what it holds, and each result's place for the code scanning triage. */
export interface BuiltSarifRun {
  kind: 'built';
  /**
   * The log's UTF-8 bytes. Held as bytes, outside the JavaScript heap: as strings, the log of 5,000 results (about
   * 2 MB) survived the collections of the young generation, which grew, and the run's peak with it, by more
   * than the log (bench/sarif-run.ts).
   */
  log: Buffer;
  summary: SarifWriteSummary;
  /** Findings at or above the floor left out by code scanning's limits (sarif-max-results, the size). */
  leftOut: number;
  findings: readonly TriagedFinding[];
}

/**
 * What a SARIF sink gets: the run, or why there is none. `none`: the run ended without results (nothing to say);
 * `partial`: a module did not complete, and a run without its findings would close their alerts as fixed;
 * `unread`: the list could not be read whole (`aborted` when the run's deadline or stop cut it).
 */
export type SarifRunOutcome =
  | BuiltSarifRun
  | { kind: 'none' }
  | { kind: 'partial'; reason: string }
  | { kind: 'unread'; error: Error; aborted: boolean };

/**
 * The run's SARIF, one product for every sink that takes it (the file, the upload): built on the first ask,
 * through one policy pass and one partial-scan check, from the run's finding set; every later ask gets the same.
 * The log is held in memory (code scanning takes at most 10 MB of it gzip-compressed, and the upload sends it
 * whole anyway). Every string from the service goes through the toolkit's scrubber.
 */
export class SarifRun {
  readonly #source: SarifRunSource;
  #built: { report: Readonly<SarifRunReport>; outcome: Promise<SarifRunOutcome> } | undefined;

  constructor(source: SarifRunSource) {
    this.#source = source;
  }

  /** The run of this report, built once. */
  of(report: Readonly<SarifRunReport>, context: SarifRunContext): Promise<SarifRunOutcome> {
    if (this.#built?.report !== report) this.#built = { report, outcome: this.#build(report, context) };
    return this.#built.outcome;
  }

  async #build(report: Readonly<SarifRunReport>, context: SarifRunContext): Promise<SarifRunOutcome> {
    const { results, scan } = report;
    if (results === undefined || scan === undefined) return { kind: 'none' };
    // A module that did not complete left its findings out: code scanning would close their alerts as fixed.
    const partial = partialScanReason(scan);
    if (partial) return { kind: 'partial', reason: partial };
    const { findings, signal, maxResults } = this.#source;
    // Past sarif-max-results every finding would be left out: those are counted, not read.
    const stream = streamScanFindings(findings, {
      scanId: scan.id,
      floor: results.reportFloor,
      pageSize: this.#source.pageSize,
      signal,
      limit: maxResults,
      reported: this.#source.reported,
    });
    // Each result's place, as the writer wrote it, with the policy entry that suppresses it: the triage's input.
    const places: TriagedFinding[] = [];
    const suppressedBy = new WeakMap<SarifFinding, PolicyEntry>();
    const chunks: Buffer[] = [];
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
          onResult: (finding, place) => places.push({ place, suppressedBy: suppressedBy.get(finding) }),
        },
        { write: (chunk) => Promise.resolve(void chunks.push(Buffer.from(chunk, 'utf8'))) },
      );
      const leftOut = summary.leftOutForResultLimit + summary.leftOutForSizeLimit;
      return { kind: 'built', log: Buffer.concat(chunks), summary, leftOut, findings: places };
    } catch (error) {
      const cause = error instanceof Error ? error : new Error(String(error));
      return { kind: 'unread', error: cause, aborted: signal.aborted };
    }
  }
}

const SARIF_RUNS = new WeakMap<ReporterRun, SarifRun>();

/** The one SARIF run of a reporter run: every sink that asks for it gets the same product. */
export function sarifRunOf(run: ReporterRun): SarifRun {
  let sarif = SARIF_RUNS.get(run);
  if (sarif === undefined) {
    sarif = new SarifRun({
      findings: run.findings,
      pageSize: run.settings.pageSize,
      maxResults: run.settings.sarifMaxResults,
      category: sarifCategoryOf(run.settings),
      serverUrl: run.environment.serverUrl,
      signal: run.signal,
      filter: run.policyFilter,
    });
    SARIF_RUNS.set(run, sarif);
  }
  return sarif;
}

/** The SARIF run's tool, category, and the scanned repository and commit. */
function sarifRunMetadata(
  report: Readonly<SarifRunReport>,
  context: SarifRunContext,
  target: Pick<SarifRunSource, 'category' | 'serverUrl'>,
): SarifRunMetadata {
  const scan = report.scan;
  const repository = scan?.repository ?? '';
  // The scanned commit: the workflow's own when the links point at it, else the scan's ref when it is one.
  const commitSha = context.links?.sha ?? (FULL_COMMIT_SHA.test(scan?.ref ?? '') ? (scan?.ref ?? '') : '');
  return {
    toolName: SARIF_TOOL_NAME,
    toolVersion: CLIENT_VERSION,
    informationUri: SARIF_TOOL_INFORMATION_URI,
    category: target.category,
    repository,
    commitSha,
    repositoryUrl: repository && target.serverUrl ? `${target.serverUrl}/${repository}` : undefined,
    scanId: scan?.id,
  };
}
