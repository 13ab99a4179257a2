import {
  CHECK_RUN_LIMITS,
  checkRunLogLine,
  renderCheckRunOutput,
  type CheckAnnotation,
  type CheckRunOutput,
} from './check-run-output.ts';
import type { ReportedScan, RunReport } from '../../domain/run-report.ts';
import { SEVERITIES } from '../../domain/severity.ts';
import { GitHubError } from '../../github/github-client.ts';
import type { GitHubSide } from '../github-side.ts';
import { CHECK_RUN_DELIVERED } from '../check-run-delivery.ts';
import {
  delivered,
  permissionsAdvice,
  type DeliveryPart,
  type FindingsNeed,
  type ReportContext,
  type Reporter,
  type ReporterFactory,
} from '../reporter.ts';
import { ANNOTATIONS_DELIVERED } from '../annotations-delivery.ts';
import { workflowAnnotationsReporter } from '../annotations/workflow-annotations-reporter.ts';
import { CHECK_RUN_PERMISSIONS } from './check-run-manifest.ts';

/**
 * The check run, when `annotations: check-run`: without a token or the workflow's repository and commit, the
 * annotations go through workflow commands instead, said once.
 */
export const checkRunFactory: ReporterFactory<{ maxAnnotations: number }> = {
  create: ({ maxAnnotations }, run) => {
    if (run.settings.annotations !== 'check-run') return undefined;
    if (run.github)
      return new CheckRunReporter(
        run.github,
        { checkName: run.settings.checkName, maxAnnotations },
        workflowAnnotationsReporter,
      );
    run.logger.info(
      'No github-token, or no repository and commit in the environment: annotating with workflow commands ' +
        '(GitHub shows 10 of each level) instead of a check run.',
    );
    return workflowAnnotationsReporter;
  },
};

interface CheckRunResponse {
  id: number;
  html_url: string | null;
}

/**
 * The check run on the scanned commit: created `in_progress` as soon as the scan starts, so the pull request
 * shows it running, and completed at the end with the verdict and every reported finding it can place on its
 * line (up to max-annotations, 50 a request, GitHub's rule). When the token may not create check runs (a
 * fork's read-only token, `permissions:` without `checks: write`), it says once which permission to add and
 * hands the annotations to the workflow-command reporter instead.
 */
class CheckRunReporter implements Reporter {
  readonly name = 'check run';
  readonly needs: FindingsNeed;
  readonly #github: GitHubSide;
  readonly #checkName: string;
  readonly #maxAnnotations: number;
  readonly #fallback: Reporter;
  #checkRun: CheckRunResponse | undefined;
  #refused = false;

  constructor(
    github: GitHubSide,
    options: { checkName: string; maxAnnotations: number },
    fallback: Reporter,
  ) {
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
  async start(scan: ReportedScan, context: ReportContext): Promise<Reporter | undefined> {
    await this.#guard(context, async () => {
      this.#checkRun = await this.#create({
        status: 'in_progress',
        started_at: new Date().toISOString(),
        external_id: scan.id,
        output: {
          title: 'Scanning',
          summary: `Scan \`${scan.id}\` is running.`,
        },
      });
    });
    return this.#refused ? this.#fallback : undefined;
  }

  async finish(report: Readonly<RunReport>, context: ReportContext): Promise<DeliveryPart | undefined> {
    let delivered: DeliveryPart | undefined;
    if (!this.#refused) {
      await this.#guard(context, async () => {
        delivered = await this.#complete(report, context);
      });
    }
    return this.#refused ? this.#fallback.finish(report, context) : delivered;
  }

  async #complete(report: Readonly<RunReport>, context: ReportContext): Promise<DeliveryPart> {
    const output = renderCheckRunOutput(report, {
      maxAnnotations: this.#maxAnnotations,
      links: context.links,
      runUrl: context.runUrl,
    });
    const batches = chunk(output.annotations, CHECK_RUN_LIMITS.annotationsPerRequest);
    const last = batches.pop() ?? [];
    this.#checkRun ??= await this.#create({ status: 'in_progress', output: outputWith(output, []) });
    // Each update appends its annotations; the last one also completes the run.
    for (const batch of batches) await this.#update({ output: outputWith(output, batch) });
    await this.#update({
      status: 'completed',
      conclusion: conclusionOf(report),
      completed_at: new Date().toISOString(),
      output: outputWith(output, last),
    });
    const url = this.#checkRun.html_url ?? '';
    if (output.annotations.length > 0 || url) context.log.info(checkRunLogLine(this.#checkName, output, url));
    return {
      delivered: [
        delivered(CHECK_RUN_DELIVERED, { id: this.#checkRun.id, url }),
        delivered(ANNOTATIONS_DELIVERED, {
          sink: 'check run',
          shown: output.annotatedFindings,
          notShown: output.notAnnotated,
        }),
      ],
      outputs: { 'check-run-id': String(this.#checkRun.id), 'check-run-url': url },
    };
  }

  async #create(fields: Record<string, unknown>): Promise<CheckRunResponse> {
    const { client, environment } = this.#github;
    const response = await client.request('POST /repos/{owner}/{repo}/check-runs', {
      owner: environment.owner,
      repo: environment.repo,
      name: this.#checkName,
      head_sha: environment.sha,
      ...(environment.runUrl ? { details_url: environment.runUrl } : {}),
      ...fields,
    });
    return response.data as CheckRunResponse;
  }

  async #update(fields: Record<string, unknown>): Promise<void> {
    const { client, environment } = this.#github;
    await client.request('PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}', {
      owner: environment.owner,
      repo: environment.repo,
      check_run_id: this.#checkRun?.id ?? 0,
      ...fields,
    });
  }

  /**
   * Any failure turns this reporter off, so the findings are still annotated, by workflow commands: a refusal
   * with one line naming the permission to add, any other failure (GitHub down) with its reason.
   */
  async #guard(context: ReportContext, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.#refused = true;
      const instead = 'Annotating with workflow commands instead, which GitHub shows 10 of each level.';
      const message =
        error instanceof GitHubError && error.refused
          ? `The token may not create check runs (${error.status}): ${permissionsAdvice(CHECK_RUN_PERMISSIONS, context)}. ${instead}`
          : `Could not write the check run: ${error instanceof Error ? error.message : String(error)}. ${instead}`;
      context.log.info(message);
    }
  }
}

function outputWith(output: CheckRunOutput, annotations: CheckAnnotation[]): Record<string, unknown> {
  return {
    title: output.title,
    summary: output.summary,
    ...(output.text ? { text: output.text } : {}),
    ...(annotations.length > 0 ? { annotations } : {}),
  };
}

/**
 * success, failure (gate failed, scan failed, any error: fail closed), neutral (findings with fail-on none),
 * skipped (nothing in the policy's paths changed: branch protection takes skipped as it takes success), cancelled.
 */
function conclusionOf(
  report: Readonly<RunReport>,
): 'success' | 'failure' | 'neutral' | 'skipped' | 'cancelled' {
  switch (report.outcome) {
    case 'passed': {
      const results = report.results;
      const found = results ? SEVERITIES.some((s) => results.counts[s] > 0) : false;
      return results?.failOn === 'none' && found ? 'neutral' : 'success';
    }
    case 'skipped':
      return 'skipped';
    case 'failed':
    case 'error':
      return 'failure';
    case 'cancelled':
      return 'cancelled';
  }
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let index = 0; index < items.length; index += size) chunks.push(items.slice(index, index + size));
  return chunks;
}
