import { commentMarker, renderPrComment } from './pr-comment.ts';
import type { RunReport } from '../../domain/run-report.ts';
import { GitHubError } from '../../github/github-client.ts';
import { accountIdOf, isTokenAccount } from '../../github/token-account.ts';
import type { GitHubSide } from '../github-side.ts';
import { CHECK_RUN_DELIVERED } from '../check-run-delivery.ts';
import { FIX_SUGGESTIONS_DELIVERED } from '../fix-suggestions-delivery.ts';
import {
  permissionsAdvice,
  type DeliveryPart,
  type ReportContext,
  type Reporter,
  type ReporterFactory,
} from '../reporter.ts';
import { PR_COMMENT_PERMISSIONS, type PrCommentMode } from './pr-comment-manifest.ts';

export const prCommentFactory: ReporterFactory<{ prComment: PrCommentMode }> = {
  create: ({ prComment }, { github, environment, settings }) =>
    github && environment.pullRequest !== undefined && prComment !== 'never'
      ? new PrCommentReporter(
          { ...github, pullRequest: environment.pullRequest },
          { mode: prComment, checkName: settings.checkName },
        )
      : undefined,
};

interface IssueComment {
  id: number;
  body?: string | null;
  html_url: string;
  user?: { id?: unknown } | null;
}

/**
 * One comment per pull request and check name, found again by its hidden marker and edited in place on every
 * run, never posted twice: every page of the existing comments is read first (peers that read only the first
 * page post duplicates on busy pull requests). Only a comment the token's own account wrote is edited: anyone
 * can write the marker, and the author of a comment can later change what it says. `on-failure` creates it when
 * the gate fails or the run errs; once it exists it is kept up to date, also when the gate later passes.
 */
class PrCommentReporter implements Reporter {
  readonly name = 'pull request comment';
  readonly needs = { rows: 10, perSeverity: 0 };
  readonly #github: GitHubSide & { pullRequest: number };
  readonly #mode: PrCommentMode;
  readonly #checkName: string;

  constructor(
    github: GitHubSide & { pullRequest: number },
    options: { mode: PrCommentMode; checkName: string },
  ) {
    this.#github = github;
    this.#mode = options.mode;
    this.#checkName = options.checkName;
  }

  async finish(report: Readonly<RunReport>, context: ReportContext): Promise<DeliveryPart | undefined> {
    if (this.#mode === 'never' || report.outcome === 'cancelled') return undefined;
    const { client, environment } = this.#github;
    const where = { owner: environment.owner, repo: environment.repo };
    try {
      const marker = commentMarker(this.#checkName);
      const comments = await client.listAll<IssueComment>(
        'GET /repos/{owner}/{repo}/issues/{issue_number}/comments',
        {
          ...where,
          issue_number: this.#github.pullRequest,
        },
      );
      const existing = await this.#ownComment(
        comments.filter((comment) => comment.body?.startsWith(marker)),
        context,
      );
      const failed = report.outcome !== 'passed' && report.outcome !== 'skipped';
      // A change to the policy is always said on the pull request, even when the gate passes.
      const changesPolicy = (report.policy?.change.length ?? 0) > 0;
      if (existing === undefined && this.#mode === 'on-failure' && !failed && !changesPolicy)
        return undefined;
      const suggestions = context.delivery.of(FIX_SUGGESTIONS_DELIVERED);
      const body = renderPrComment(report, {
        checkName: this.#checkName,
        links: context.links,
        checkRunUrl: context.delivery.of(CHECK_RUN_DELIVERED)?.url || undefined,
        runUrl: context.runUrl,
        foldedFixes: suggestions.folded,
        suggestionsPosted: suggestions.posted,
      });
      const response = existing
        ? await client.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
            ...where,
            comment_id: existing.id,
            body,
          })
        : await client.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
            ...where,
            issue_number: this.#github.pullRequest,
            body,
          });
      const url = (response.data as IssueComment).html_url;
      context.log.info(`${existing ? 'Updated' : 'Posted'} the pull request comment: ${url}`);
      return { outputs: { 'comment-url': url } };
    } catch (error) {
      if (!(error instanceof GitHubError && error.refused)) throw error;
      context.log.info(
        `The token may not comment on the pull request (${error.status}): ` +
          `${permissionsAdvice(PR_COMMENT_PERMISSIONS, context)}. The job summary has the report.`,
      );
      return undefined;
    }
  }

  /** The comment among those carrying the marker that the token's account wrote; the others are left alone. */
  async #ownComment(
    marked: readonly IssueComment[],
    context: ReportContext,
  ): Promise<IssueComment | undefined> {
    if (marked.length === 0) return undefined;
    const identity = await this.#github.account.identity();
    const own = marked.find((comment) => isTokenAccount(identity, accountIdOf(comment.user?.id)));
    if (own) return own;
    context.log.info(
      identity.known
        ? `A comment carrying the report's marker was written by another account than the token's (${identity.login}): it is left as it is.`
        : `Could not tell which account the token acts as (${identity.reason}): a new comment is posted rather than editing one that may be someone else's.`,
    );
    return undefined;
  }
}
