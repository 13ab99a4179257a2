import { CLIENT_VERSION } from '../../client/defaults.ts';
import { escapeLogLine } from '../../core/escape.ts';
import type { RunReport } from '../../core/run-report.ts';
import { GITHUB_SARIF_LIMITS } from '../../core/sarif/sarif-limits.ts';
import type { SarifFinding, SarifRunMetadata } from '../../core/sarif/sarif-writer.ts';
import { NO_FINDING_FILTER, type FindingFilter } from '../../core/finding-filter.ts';
import { ACTION_INFORMATION_URI, writeSarifFile } from '../../run/sarif-file.ts';
import { IncompleteListError, streamScanFindings, type FindingLister } from '../../run/finding-stream.ts';
import type { ReportContext, Reporter } from './reporter.ts';

const FULL_COMMIT_SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i;

export interface SarifFileTarget {
  /** Absolute path (settings.sarifFile). */
  path: string;
  category: string;
  /** GITHUB_SERVER_URL: the scanned repository's address is `${serverUrl}/${owner}/${name}`. */
  serverUrl: string;
  /** The service's client, to read the whole list of findings. */
  client: FindingLister;
  /** The run's signal (its deadline, the runner's stop): the reading of the list ends with it. */
  signal: AbortSignal;
  /** The repository's policy: what it leaves out of the file, and what it suppresses (none when absent). */
  filter?: FindingFilter | undefined;
}

/**
 * The SARIF file for code scanning (`sarif-file`): every finding at or above the report floor (severity-threshold,
 * and every finding that fails the gate), not only those the other reporters show. The run kept only those, so
 * this reporter reads the whole list again, streaming it into the writer page by page, under the run's deadline.
 * A run without results (an error, a cancel) writes nothing, and neither does a read that fails: the file is
 * written to a temporary name and renamed once complete, because a file with findings missing would close their
 * alerts in code scanning. The file is written directly, not through the toolkit, so every string from the
 * service goes through the toolkit's scrubber here.
 */
export class SarifFileReporter implements Reporter {
  readonly name = 'SARIF file';
  readonly #target: SarifFileTarget;

  constructor(target: SarifFileTarget) {
    this.#target = target;
  }

  async finish(report: Readonly<RunReport>, context: ReportContext): Promise<void> {
    const { results, scan } = report;
    const settings = context.settings;
    if (results === undefined || scan === undefined || settings === undefined) return;
    const { client, signal, path } = this.#target;
    // Past code scanning's result limit every finding would be left out: those are counted, not read.
    const stream = streamScanFindings(client, {
      scanId: scan.id,
      floor: results.reportFloor,
      pageSize: settings.pageSize,
      signal,
      limit: GITHUB_SARIF_LIMITS.maxResults,
    });
    const written = await writeSarifFile({
      // Absolute already: the settings resolved it against GITHUB_WORKSPACE.
      path,
      workspace: '',
      findings: throughPolicy(stream.findings, this.#target.filter ?? NO_FINDING_FILTER),
      metadata: this.#metadata(report, context),
      options: {
        severityFloor: results.reportFloor,
        scrub: (text) => context.toolkit.scrub(text),
        notRead: stream.notRead,
      },
    }).catch((error: unknown) => {
      throw explainFailure(error, signal);
    });
    const { summary } = written;
    const leftOut = summary.leftOutForResultLimit + summary.leftOutForSizeLimit;
    context.delivery.sarifFile = { path: written.path, results: summary.results, leftOut };
    const limits = leftOut > 0 ? `; ${leftOut} findings left out by code scanning's limits` : '';
    context.toolkit.info(
      escapeLogLine(
        `SARIF file written: ${written.path} (${summary.results} results, ${summary.rules} rules${limits}).`,
      ),
    );
  }

  #metadata(report: Readonly<RunReport>, context: ReportContext): SarifRunMetadata {
    const scan = report.scan;
    const repository = scan?.repository ?? '';
    // The scanned commit: the workflow's own when the links point at it, else the scan's ref when it is one.
    const commitSha = context.links?.sha ?? (FULL_COMMIT_SHA.test(scan?.ref ?? '') ? (scan?.ref ?? '') : '');
    return {
      toolName: 'svc-scan',
      toolVersion: CLIENT_VERSION,
      informationUri: ACTION_INFORMATION_URI,
      category: this.#target.category,
      repository,
      commitSha,
      repositoryUrl: repository ? `${this.#target.serverUrl}/${repository}` : undefined,
      scanId: scan?.id,
    };
  }
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
