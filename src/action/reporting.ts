import type { Dispatcher } from 'undici';
import type { Logger } from '../client/index.ts';
import { escapeLogLine } from '../core/escape.ts';
import type { FileLinkBase } from '../core/file-links.ts';
import { GitHubClient } from '../github/github-client.ts';
import type { GitHubEnvironment } from '../github/github-environment.ts';
import type { ServiceClient } from '../client/index.ts';
import { CheckRunReporter } from './reporters/check-run.ts';
import { FixSuggestionsReporter } from './reporters/fix-suggestions.ts';
import type { GitHubSide } from './reporters/github-side.ts';
import { jobSummaryReporter } from './reporters/job-summary.ts';
import { logReporter } from './reporters/log-reporter.ts';
import { outputsReporter } from './reporters/outputs.ts';
import { PrCommentReporter } from './reporters/pr-comment.ts';
import { SarifFileReporter } from './reporters/sarif.ts';
import type { FindingLister } from '../run/finding-stream.ts';
import { emptyDelivery, type ReportContext, type Reporter } from './reporters/reporter.ts';
import { workflowAnnotationsReporter } from './reporters/workflow-annotations.ts';
import type { Settings } from '../run/settings.ts';
import { NO_FINDING_FILTER, type FindingFilter } from '../core/finding-filter.ts';
import type { Toolkit } from './toolkit.ts';

export interface Reporting {
  /** In the order they write: the log, the annotations, the comment, the summary, and the outputs last. */
  reporters: Reporter[];
  context: ReportContext;
  /** GitHub, when a token and the workflow's repository and commit allow calling it. */
  github: GitHubSide | undefined;
}

/** What reporting needs when the inputs could not even be read: the summary and the outputs still speak. */
export function minimalReporting(toolkit: Toolkit): Reporting {
  return {
    reporters: [jobSummaryReporter, outputsReporter],
    context: { toolkit, settings: undefined, links: undefined, runUrl: undefined, delivery: emptyDelivery() },
    github: undefined,
  };
}

export interface ReportingInput {
  settings: Readonly<Settings>;
  environment: GitHubEnvironment;
  toolkit: Toolkit;
  /** The project's proxy-aware dispatcher, shared with the service's client. */
  dispatcher: Dispatcher;
  /** Bounds every GitHub request: the run's deadline plus the margin for reporting, and the runner's stop. */
  signal: AbortSignal;
  logger: Logger;
  userAgent: string;
  /** The service, for the details that hold the fixes. */
  client: ServiceClient;
  /** The pull request this run judges (only then are fixes suggested on it). */
  pullRequest: number | undefined;
  /** The service and the run's signal, for reporters that read findings themselves (the SARIF file). */
  service?: { client: FindingLister; signal: AbortSignal };
  /** The repository's policy, for reporters that read findings themselves. */
  filter?: FindingFilter;
}

/**
 * Chooses the reporters the settings and the environment allow. GitHub's reporters need a token and a workflow
 * that names its repository and commit; without them the annotations go through workflow commands, said once.
 */
export function setUpReporting(input: ReportingInput): Reporting {
  const { settings, toolkit, environment } = input;
  const github = gitHubSide(input, environment);
  const annotations: Reporter[] = [];
  if (settings.annotations === 'workflow-commands') annotations.push(workflowAnnotationsReporter);
  if (settings.annotations === 'check-run') {
    if (github) {
      annotations.push(
        new CheckRunReporter(
          github,
          { checkName: settings.checkName, maxAnnotations: settings.maxAnnotations },
          workflowAnnotationsReporter,
        ),
      );
    } else {
      toolkit.info(
        'No github-token, or no repository and commit in the environment: annotating with workflow commands ' +
          '(GitHub shows 10 of each level) instead of a check run.',
      );
      annotations.push(workflowAnnotationsReporter);
    }
  }
  const comment: Reporter[] = [];
  if (github && environment.pullRequest !== undefined && settings.prComment !== 'never') {
    comment.push(
      new PrCommentReporter(
        { ...github, pullRequest: environment.pullRequest },
        { mode: settings.prComment, checkName: settings.checkName },
      ),
    );
  }
  const suggestions: Reporter[] = [];
  if (github && input.pullRequest !== undefined && settings.suggestFixes) {
    suggestions.push(
      new FixSuggestionsReporter(
        { ...github, pullRequest: input.pullRequest },
        input.client,
        settings,
        input.signal,
      ),
    );
  }
  const sarif: Reporter[] = [];
  if (settings.sarifFile !== undefined && input.service) {
    sarif.push(
      new SarifFileReporter({
        path: settings.sarifFile,
        category: settings.sarifCategory,
        serverUrl: environment.serverUrl,
        filter: input.filter ?? NO_FINDING_FILTER,
        ...input.service,
      }),
    );
  }
  return {
    reporters: [
      logReporter,
      ...annotations,
      ...suggestions,
      ...comment,
      ...sarif,
      jobSummaryReporter,
      outputsReporter,
    ],
    context: {
      toolkit,
      settings,
      links: fileLinkBase(settings, environment),
      runUrl: environment.runUrl,
      delivery: emptyDelivery(),
    },
    github,
  };
}

function gitHubSide(input: ReportingInput, environment: GitHubEnvironment): GitHubSide | undefined {
  const { owner, repo, sha } = environment;
  const token = input.settings.githubToken;
  if (!token || !owner || !repo || !sha) return undefined;
  try {
    const client = new GitHubClient({
      token,
      apiUrl: environment.apiUrl,
      dispatcher: input.dispatcher,
      signal: input.signal,
      logger: input.logger,
      userAgent: input.userAgent,
    });
    return { client, environment: { ...environment, owner, repo, sha } };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    input.toolkit.info(escapeLogLine(`Not reporting to GitHub: ${reason}`));
    return undefined;
  }
}

/**
 * Links to files point at the scanned commit of the workflow's own repository: only when the action scans that
 * repository at the commit the workflow runs on (the default), since any other tree would be the wrong one.
 */
function fileLinkBase(
  settings: Readonly<Settings>,
  environment: GitHubEnvironment,
): FileLinkBase | undefined {
  const { owner, repo, sha, serverUrl } = environment;
  if (!owner || !repo || !sha) return undefined;
  if (settings.repository.toLowerCase() !== `${owner}/${repo}`.toLowerCase()) return undefined;
  if (settings.ref !== undefined && settings.ref !== sha) return undefined;
  return { serverUrl, owner, repo, sha };
}
