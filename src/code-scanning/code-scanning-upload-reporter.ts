import { realSleep, type Sleep } from '../client/clock.ts';
import type { RunReport } from '../domain/run-report.ts';
import { GitHubError } from '../github/github-client.ts';
import { grantOf } from '../github/token-permissions.ts';
import { UPLOAD_PERMISSIONS, type CodeScanningUploadSettings } from './code-scanning-upload-manifest.ts';
import { uploadSarif, waitForProcessing, type SarifProcessing } from './sarif-upload.ts';
import {
  codeScanningRef,
  triageAfterUpload,
  triageLine,
  withDismissedAlerts,
} from './code-scanning-triage.ts';
import { sarifCategoryOf } from '../report/shared-inputs.ts';
import type { GitHubSide } from '../report/github-side.ts';
import type { DeliveryPart, ReportContext, Reporter, ReporterFactory } from '../report/reporter.ts';
import { sarifRunOf, type BuiltSarifRun, type SarifRun, type SarifRunOutcome } from './sarif-run.ts';

/**
 * The code scanning upload (`upload-sarif: true`, needs `security-events: write`): the run's SARIF, at most
 * `sarif-max-results` results (the most severe), gzip-compressed and base64-encoded, posted for the scanned
 * commit on the pull request's head ref (`refs/pull/N/head`), else GITHUB_REF (the branch of a push, the merge
 * queue's group); then processing is waited for within the run's deadline (`wait-for-processing`), and what GitHub
 * said is reported. Outputs `sarif-id` and `analysis-url`. With `code-scanning-triage`, the processed upload's
 * alerts are triaged for the policy (see ../code-scanning-triage.ts).
 *
 * Code scanning closes as fixed every alert an upload no longer reports, so nothing is uploaded from a run that
 * did not read every finding it owes (an error, a cancel, a timeout): a warning says so instead. A refusal (403:
 * no Advanced Security, no permission, a fork's token) is a warning with the fix; the verdict never changes.
 */
export const codeScanningUploadFactory: ReporterFactory<CodeScanningUploadSettings> = {
  create: (own, run) => {
    if (!own.uploadSarif) return undefined;
    if (run.github === undefined) {
      run.logger.warning(
        "upload-sarif needs github-token and the workflow's repository and commit: nothing is uploaded to code scanning.",
      );
      return undefined;
    }
    return new CodeScanningUploadReporter({
      github: run.github,
      category: sarifCategoryOf(run.settings),
      sarif: sarifRunOf(run),
      signal: run.signal,
      waitForProcessing: own.waitForProcessing,
      triage: own.codeScanningTriage,
      pollMs: run.settings.pollIntervalSeconds * 1000,
    });
  },
  // code-scanning-triage: the alerts a person dismissed take their findings out of the gate.
  planBeforeVerdict: (own, run) => {
    const github = run.github;
    if (!own.codeScanningTriage || github === undefined) return undefined;
    const triage = { category: sarifCategoryOf(run.settings), notWorkflowHead: run.notWorkflowHead };
    return (policy) => withDismissedAlerts(policy, github, triage, { log: run.logger, toolkit: run.toolkit });
  },
};

interface CodeScanningUploadTarget {
  github: GitHubSide;
  category: string;
  /** The run's one SARIF run, which the SARIF file writes too. */
  sarif: SarifRun;
  /** The run's signal (its deadline, the runner's stop). */
  signal: AbortSignal;
  waitForProcessing: boolean;
  triage: boolean;
  /** Between two reads of the processing status: the run's poll-interval. */
  pollMs: number;
  sleep?: Sleep;
}

const NOT_UPLOADED =
  'so nothing was uploaded to code scanning: an upload missing findings would close their alerts as fixed';

class CodeScanningUploadReporter implements Reporter {
  readonly name = 'code scanning upload';
  readonly #target: CodeScanningUploadTarget;

  constructor(target: CodeScanningUploadTarget) {
    this.#target = target;
  }

  async finish(report: Readonly<RunReport>, context: ReportContext): Promise<DeliveryPart> {
    const notes: string[] = [];
    const warn = (message: string, outputs?: Record<string, string>): DeliveryPart => {
      context.log.warning(message);
      notes.push(message);
      return outputs ? { outputs, notes } : { notes };
    };
    const ref = codeScanningRef(this.#target.github.environment);
    const why = notUploadable(report, context, ref);
    if (why !== undefined) return warn(`${why}, ${NOT_UPLOADED}.`);
    const written = await this.#written(report, context);
    if (typeof written === 'string') return warn(`${written}, ${NOT_UPLOADED}.`);
    const id = await this.#upload(written, ref ?? '', context.links?.sha ?? '', context).catch(
      (error: unknown) => {
        if (error instanceof GitHubError && error.refused) return warn(refusal(error));
        throw error;
      },
    );
    if (typeof id !== 'string') return id;
    const outputs: Record<string, string> = { 'sarif-id': id };
    if (!this.#target.waitForProcessing) {
      if (this.#target.triage)
        context.log.info(
          'wait-for-processing is false: no alert is dismissed or reopened after the upload, which needs the processed analysis.',
        );
      return { outputs, notes };
    }
    const processing = await this.#processing(id).catch((error: unknown) => error as Error);
    if (processing instanceof Error)
      return warn(
        `Could not read code scanning's processing of the upload (${processing.message}); the upload stands (sarif-id ${id}), and no alert was triaged.`,
        outputs,
      );
    if (processing.analysesUrl) outputs['analysis-url'] = processing.analysesUrl;
    const problem = processingProblem(processing);
    if (problem) warn(problem);
    else context.log.info('Code scanning processed the upload: complete.');
    if (processing.status === 'complete' && this.#target.triage)
      await this.#triage(written.findings, context, warn);
    return { outputs, notes };
  }

  #processing(id: string): Promise<SarifProcessing> {
    const { owner, repo } = this.#target.github.environment;
    return waitForProcessing(this.#target.github.client, { owner, repo }, id, {
      signal: this.#target.signal,
      sleep: this.#target.sleep ?? realSleep,
      pollMs: this.#target.pollMs,
    });
  }

  async #upload(
    written: BuiltSarifRun,
    ref: string,
    commitSha: string,
    context: ReportContext,
  ): Promise<string> {
    const { owner, repo } = this.#target.github.environment;
    const id = await uploadSarif(this.#target.github.client, { owner, repo, commitSha, ref }, written.log);
    const capped =
      written.leftOut > 0 ? `; ${written.leftOut} less severe findings left out (sarif-max-results)` : '';
    context.log.info(
      `Uploaded ${written.summary.results} results to code scanning for ${ref} at ${commitSha} (sarif-id ${id})${capped}.`,
    );
    return id;
  }

  /** The run's SARIF run (built once, for the SARIF file too), or why there is none to upload. */
  async #written(report: Readonly<RunReport>, context: ReportContext): Promise<BuiltSarifRun | string> {
    const outcome: SarifRunOutcome = await this.#target.sarif.of(report, context);
    if (outcome.kind === 'built') return outcome;
    if (outcome.kind === 'partial') return outcome.reason;
    if (outcome.kind === 'none') return `The run ended without reading every finding (${report.outcome})`;
    return outcome.aborted
      ? 'The run ended (wait-timeout, or the workflow was cancelled) before every finding was read'
      : `Not every finding could be read (${outcome.error.message})`;
  }

  async #triage(
    findings: BuiltSarifRun['findings'],
    context: ReportContext,
    warn: (message: string) => void,
  ): Promise<void> {
    try {
      const outcome = await triageAfterUpload(this.#target.github, this.#target.category, findings);
      context.log.info(triageLine(outcome));
      if (outcome.requested > 0)
        warn(
          `Delegated alert dismissal is on: ${outcome.requested} dismissal requests for findings the policy suppresses wait for a reviewer in the Security tab.`,
        );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      warn(`Could not triage the code scanning alerts (${reason}); the upload stands.`);
    }
  }
}

/** Why this run may not upload, or undefined when it may. */
function notUploadable(
  report: Readonly<RunReport>,
  context: ReportContext,
  ref: string | undefined,
): string | undefined {
  if (report.outcome === 'skipped') return 'No scan ran (nothing in paths changed)';
  if (report.results === undefined || report.scan === undefined)
    return `The run ended without reading every finding (${report.outcome})`;
  if (context.links === undefined)
    return "The scan is not of the workflow's own repository at its commit, whose code scanning the upload would change";
  if (ref === undefined) return 'GITHUB_REF is not set, and code scanning needs the ref';
  return undefined;
}

function processingProblem(processing: SarifProcessing): string | undefined {
  if (processing.status === 'failed')
    return `Code scanning failed to process the upload: ${processing.errors.join('; ') || 'no reason given'}.`;
  if (processing.status === 'pending')
    return 'Code scanning was still processing the upload when the run reached its deadline; the Security tab shows the result once done (no alert was triaged).';
  return undefined;
}

function refusal(error: GitHubError): string {
  return (
    `Code scanning refused the upload (${error.message}): give the job ${grantOf(UPLOAD_PERMISSIONS)}; ` +
    'a private repository needs GitHub Advanced Security (Code ' +
    'Security); a pull request from a fork gets a read-only token, so upload from a push or a schedule instead. ' +
    'The verdict stands.'
  );
}
