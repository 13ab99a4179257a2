import type { RunReport } from '../domain/run-report.ts';
import { IncompleteListError } from '../run/finding-stream.ts';
import { writeFileAtomically } from '../run/sarif-file.ts';
import { resolveSarifPath } from '../run/sarif-path.ts';
import {
  delivered,
  type DeliveryPart,
  type ReportContext,
  type Reporter,
  type ReporterFactory,
} from '../report/reporter.ts';
import { SARIF_FILE_DELIVERED } from '../report/sarif-file-delivery.ts';
import { sarifRunOf, type SarifRun, type SarifRunOutcome } from './sarif-run.ts';

/** The SARIF file for code scanning: the run's one SARIF run, written to disk. */
export const sarifFileFactory: ReporterFactory<{ sarifFile: string | undefined }> = {
  create: ({ sarifFile }, run) =>
    sarifFile === undefined ? undefined : new SarifFileReporter(sarifFile, sarifRunOf(run)),
};

/**
 * The SARIF file for code scanning (`sarif-file`): every finding at or above the report floor (severity-threshold,
 * and every finding that fails the gate), not only those the other reporters show, as the run's SARIF run has
 * them (src/code-scanning/sarif-run.ts, built once for this file and the upload).
 * A run without results (an error, a cancel) writes nothing, and neither does a read that fails: the file is
 * written to a temporary name and renamed once complete, because a file with findings missing would close their
 * alerts in code scanning.
 */
export class SarifFileReporter implements Reporter {
  readonly name = 'SARIF file';
  /** Absolute path (settings.sarifFile). */
  readonly #path: string;
  readonly #sarif: SarifRun;

  constructor(path: string, sarif: SarifRun) {
    this.#path = path;
    this.#sarif = sarif;
  }

  async finish(report: Readonly<RunReport>, context: ReportContext): Promise<DeliveryPart | undefined> {
    const outcome = await this.#sarif.of(report, context);
    if (outcome.kind === 'none') return undefined;
    if (outcome.kind === 'partial') {
      // The README's upload step runs only when sarif-file is set: no file, no alerts closed as fixed.
      context.log.warning(
        `${outcome.reason}, so no SARIF file was written: code scanning would close their alerts as fixed.`,
      );
      return undefined;
    }
    if (outcome.kind === 'unread') throw explainFailure(outcome);
    // Absolute already: the settings resolved it against GITHUB_WORKSPACE.
    const path = resolveSarifPath(this.#path, '');
    await writeFileAtomically(path, (sink) => sink.write(outcome.log));
    const { summary, leftOut } = outcome;
    const limits = leftOut > 0 ? `; ${leftOut} findings left out by code scanning's limits` : '';
    context.log.info(
      `SARIF file written: ${path} (${summary.results} results, ${summary.rules} rules${limits}).`,
    );
    return {
      delivered: [delivered(SARIF_FILE_DELIVERED, { path, results: summary.results, leftOut })],
      outputs: { 'sarif-file': path },
    };
  }
}

/** An abort says which: the run's deadline or the runner's stop; a list read in part says nothing was written. */
function explainFailure(outcome: Extract<SarifRunOutcome, { kind: 'unread' }>): Error {
  if (outcome.aborted)
    return new Error(
      'the run ended (wait-timeout, or the workflow was cancelled) before every finding was read, so no file was written',
    );
  if (outcome.error instanceof IncompleteListError)
    return new Error(`${outcome.error.message}; no file was written, since one would leave findings out`);
  return outcome.error;
}
