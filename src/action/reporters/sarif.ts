import { CLIENT_VERSION } from '../../client/defaults.ts';
import { partialScanReason } from '../../core/partial-scan.ts';
import type { RunReport } from '../../core/run-report.ts';
import { GITHUB_SARIF_LIMITS } from '../../core/sarif/sarif-limits.ts';
import type { SarifFinding, SarifRunMetadata } from '../../core/sarif/sarif-writer.ts';
import { NO_FINDING_FILTER, type FindingFilter } from '../../core/finding-filter.ts';
import { ACTION_INFORMATION_URI, writeSarifFile } from '../../run/sarif-file.ts';
import { IncompleteListError, streamScanFindings, type FindingLister } from '../../run/finding-stream.ts';
import { RUN_INPUTS } from '../../run/settings.ts';
import { sarifCategoryOf } from '../shared-inputs.ts';
import { describeReporter, type DeliveryPart, type ReportContext, type Reporter } from './reporter.ts';
import { SARIF_FILE_INPUTS } from './reporter-inputs.ts';

/** The SARIF file for code scanning, written from the run's one reading of the findings. */
export const sarifFileDescriptor = describeReporter({
  ...SARIF_FILE_INPUTS,
  stage: 'sink',
  outputs: { 'sarif-file': 'Absolute path of the SARIF file written (empty when none).' },
  needs: ['every finding at or above the floor'],
  create: ({ sarifFile }, run) =>
    sarifFile === undefined
      ? undefined
      : new SarifFileReporter({
          path: sarifFile,
          category: sarifCategoryOf(run.settings),
          maxResults: run.settings.sarifMaxResults,
          serverUrl: run.environment.serverUrl,
          client: run.findings,
          signal: run.signal,
          filter: run.policyFilter,
          pageSize: run.settings.pageSize,
        }),
});

/** The tool's name in the SARIF run: code scanning lists and filters alerts by it. */
export const SARIF_TOOL_NAME = 'svc-scan';

const FULL_COMMIT_SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i;

export interface SarifFileTarget {
  /** Absolute path (settings.sarifFile). */
  path: string;
  category: string;
  /** GITHUB_SERVER_URL: the scanned repository's address is `${serverUrl}/${owner}/${name}`. */
  serverUrl: string;
  /** The run's one reading of the findings: the pages the run read are handed on, not asked for again. */
  client: FindingLister;
  /** Findings asked for per page: the run's, so that its pages are the ones read (else the settings', else the default). */
  pageSize?: number | undefined;
  /** Most results in the run (`sarif-max-results`), the most severe; the rest are counted. */
  maxResults?: number;
  /** The run's signal (its deadline, the runner's stop): the reading of the list ends with it. */
  signal: AbortSignal;
  /** The repository's policy: what it leaves out of the file, and what it suppresses (none when absent). */
  filter?: FindingFilter | undefined;
}

/**
 * The SARIF file for code scanning (`sarif-file`): every finding at or above the report floor (severity-threshold,
 * and every finding that fails the gate), not only those the other reporters show. It streams them into the
 * writer page by page through the run's reading of the findings, under the run's deadline, once the verdict is
 * known: the pages the run read (whole pages, its `needs` says) are handed on, never asked for again, and only the
 * rest are read.
 * A run without results (an error, a cancel) writes nothing, and neither does a read that fails: the file is
 * written to a temporary name and renamed once complete, because a file with findings missing would close their
 * alerts in code scanning. The file is written directly, not through the toolkit, so every string from the
 * service goes through the toolkit's scrubber here.
 */
export class SarifFileReporter implements Reporter {
  readonly name = 'SARIF file';
  /** It reads every finding afterwards through the run's reading: the run reads whole pages, to hand them on. */
  readonly needs = { rows: 0, perSeverity: 0, wholePages: true };
  readonly #target: SarifFileTarget;

  constructor(target: SarifFileTarget) {
    this.#target = target;
  }

  async finish(report: Readonly<RunReport>, context: ReportContext): Promise<DeliveryPart | undefined> {
    const { results, scan } = report;
    if (results === undefined || scan === undefined) return undefined;
    const partial = partialScanReason(scan);
    if (partial) {
      // The README's upload step runs only when sarif-file is set: no file, no alerts closed as fixed.
      context.log.warning(
        `${partial}, so no SARIF file was written: code scanning would close their alerts as fixed.`,
      );
      return undefined;
    }
    const { client, signal, path } = this.#target;
    const pageSize =
      this.#target.pageSize ?? context.settings?.pageSize ?? Number(RUN_INPUTS.pageSize.default);
    const maxResults = this.#target.maxResults ?? GITHUB_SARIF_LIMITS.maxResults;
    // Past sarif-max-results every finding would be left out: those are counted, not read.
    const stream = streamScanFindings(client, {
      scanId: scan.id,
      floor: results.reportFloor,
      pageSize,
      signal,
      limit: maxResults,
    });
    const written = await writeSarifFile({
      // Absolute already: the settings resolved it against GITHUB_WORKSPACE.
      path,
      workspace: '',
      findings: throughPolicy(stream.findings, this.#target.filter ?? NO_FINDING_FILTER),
      metadata: sarifRunMetadata(report, context, this.#target),
      options: {
        limits: { ...GITHUB_SARIF_LIMITS, maxResults },
        severityFloor: results.reportFloor,
        scrub: (text) => context.toolkit.scrub(text),
        notRead: stream.notRead,
      },
    }).catch((error: unknown) => {
      throw explainFailure(error, signal);
    });
    const { summary } = written;
    const leftOut = summary.leftOutForResultLimit + summary.leftOutForSizeLimit;
    const limits = leftOut > 0 ? `; ${leftOut} findings left out by code scanning's limits` : '';
    context.log.info(
      `SARIF file written: ${written.path} (${summary.results} results, ${summary.rules} rules${limits}).`,
    );
    return {
      sarifFile: { path: written.path, results: summary.results, leftOut },
      outputs: { 'sarif-file': written.path },
    };
  }
}

/** The SARIF run's tool, category, and the scanned repository and commit (the upload writes the same run). */
export function sarifRunMetadata(
  report: Readonly<RunReport>,
  context: ReportContext,
  target: { category: string; serverUrl: string },
): SarifRunMetadata {
  const scan = report.scan;
  const repository = scan?.repository ?? '';
  // The scanned commit: the workflow's own when the links point at it, else the scan's ref when it is one.
  const commitSha = context.links?.sha ?? (FULL_COMMIT_SHA.test(scan?.ref ?? '') ? (scan?.ref ?? '') : '');
  return {
    toolName: SARIF_TOOL_NAME,
    toolVersion: CLIENT_VERSION,
    informationUri: ACTION_INFORMATION_URI,
    category: target.category,
    repository,
    commitSha,
    repositoryUrl: repository ? `${target.serverUrl}/${repository}` : undefined,
    scanId: scan?.id,
  };
}

/**
 * The findings as the policy has them: those outside its paths are left out (neither reported nor gated), those a
 * suppression covers are written with it, so code scanning shows them dismissed by the policy.
 */
async function* throughPolicy(
  findings: AsyncIterable<SarifFinding>,
  filter: FindingFilter,
): AsyncGenerator<SarifFinding> {
  const classify = filter.classifier();
  for await (const finding of findings) {
    const exclusion = classify(finding);
    if (exclusion === undefined) yield finding;
    else if (exclusion.kind === 'suppressed')
      yield { ...finding, suppression: { justification: `${exclusion.label}: ${exclusion.reason}` } };
  }
}

/** An abort says which: the run's deadline or the runner's stop; a list read in part says nothing was written. */
function explainFailure(error: unknown, signal: AbortSignal): Error {
  if (signal.aborted)
    return new Error(
      'the run ended (wait-timeout, or the workflow was cancelled) before every finding was read, so no file was written',
    );
  if (error instanceof IncompleteListError)
    return new Error(`${error.message}; no file was written, since one would leave findings out`);
  return error instanceof Error ? error : new Error(String(error));
}
