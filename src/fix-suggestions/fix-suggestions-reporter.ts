import { findingIdentities } from '../domain/identity/finding-identity.ts';
import type { ReportedFinding } from '../domain/finding-tally.ts';
import {
  foldedFix,
  placeFix,
  SUGGESTION_MARKER_START,
  suggestionBody,
  suggestionMarker,
} from './fix-suggestion.ts';
import { PullRequestDiff } from '../new-findings/pr-diff.ts';
import type { RunReport } from '../domain/run-report.ts';
import { GitHubError } from '../github/github-client.ts';
import { accountIdOf, isTokenAccount } from '../github/token-account.ts';
import type { GitHubSide } from '../report/github-side.ts';
import { FIX_SUGGESTIONS_DELIVERED } from '../report/fix-suggestions-delivery.ts';
import {
  delivered,
  permissionsAdvice,
  type DeliveryPart,
  type ReportContext,
  type Reporter,
  type ReporterFactory,
} from '../report/reporter.ts';
import { FIX_SUGGESTIONS_PERMISSIONS } from './fix-suggestions-manifest.ts';

interface ReviewComment {
  body?: string | null;
  user?: { id?: unknown } | null;
}

interface Target {
  finding: ReportedFinding;
  identity: string;
  diff: string;
}

const UNKNOWN_ACCOUNT =
  "the token's account could not be read, so the suggestions posted before cannot be told from another's";

/**
 * The review comments of the fixes that can be placed on the pull request's lines and are not posted already;
 * the others go to `folded`, with the reason.
 */
function reviewComments(
  targets: readonly Target[],
  diff: PullRequestDiff,
  postedBodies: readonly string[],
  folded: string[],
): Record<string, unknown>[] {
  const comments: Record<string, unknown>[] = [];
  for (const target of targets) {
    const placement = placeFix(target.diff, target.finding.filePath, diff.head(target.finding.filePath));
    if (!placement.ok) {
      folded.push(foldedFix(target.finding, target.diff, placement.reason));
      continue;
    }
    if (postedBodies.some((body) => body.includes(suggestionMarker(target.identity)))) continue;
    const { suggestion } = placement;
    comments.push({
      path: suggestion.path,
      line: suggestion.line,
      side: 'RIGHT',
      ...(suggestion.startLine === undefined
        ? {}
        : { start_line: suggestion.startLine, start_side: 'RIGHT' }),
      body: suggestionBody(target.finding, target.identity, suggestion.replacement),
    });
  }
  return comments;
}

export const fixSuggestionsFactory: ReporterFactory<{ suggestFixes: boolean; maxSuggestions: number }> = {
  create: ({ suggestFixes, maxSuggestions }, { github, pullRequest }) =>
    github && pullRequest !== undefined && suggestFixes
      ? new FixSuggestionsReporter({ ...github, pullRequest }, maxSuggestions)
      : undefined,
};

/**
 * The fixes of the findings the gate fails on, posted as suggested changes on the pull request's lines, all in
 * one review (one notification, not twenty), never the same one twice: each carries a hidden marker of the
 * finding's identity, and the existing review comments are read through every page first. A fix that cannot be
 * a suggestion, or every fix when the token may not review, is shown folded in the summary and the comment.
 */
class FixSuggestionsReporter implements Reporter {
  readonly name = 'fix suggestions';
  /** The run reads the fixes of this many failing findings, after the verdict and with its fail-on. */
  readonly needs: { rows: number; perSeverity: number; fixes: number };
  readonly #github: GitHubSide & { pullRequest: number };

  constructor(github: GitHubSide & { pullRequest: number }, maxSuggestions: number) {
    this.#github = github;
    this.needs = { rows: 0, perSeverity: 0, fixes: maxSuggestions };
  }

  async finish(report: Readonly<RunReport>, context: ReportContext): Promise<DeliveryPart | undefined> {
    const targets = this.#targets(report);
    if (targets.length === 0) return undefined;
    const { client, environment } = this.#github;
    const where = { owner: environment.owner, repo: environment.repo, pull_number: this.#github.pullRequest };
    const folded: string[] = [];
    let posted = 0;
    try {
      const [files, existing] = await Promise.all([
        client.listAll<unknown>('GET /repos/{owner}/{repo}/pulls/{pull_number}/files', where),
        client.listAll<ReviewComment>('GET /repos/{owner}/{repo}/pulls/{pull_number}/comments', where),
      ]);
      const diff = PullRequestDiff.fromFiles(files, { complete: files.length < 3_000 });
      const bodies = await this.#ownBodies(existing, context);
      if (bodies === undefined) return this.#allFolded(targets, UNKNOWN_ACCOUNT);
      const comments = reviewComments(targets, diff, bodies, folded);
      // GitHub refuses an empty review: none when there is nothing new to suggest.
      if (comments.length > 0) {
        await client.request('POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews', {
          ...where,
          commit_id: environment.sha,
          event: 'COMMENT',
          body: `svc-scan suggests ${comments.length === 1 ? 'a fix' : `${comments.length} fixes`} for findings that fail the gate.`,
          comments,
        });
        posted = comments.length;
        context.log.info(`Posted ${comments.length} fix suggestions in one review.`);
      }
    } catch (error) {
      if (!(error instanceof GitHubError && error.refused)) throw error;
      context.log.info(
        `The token may not review the pull request (${error.status}): ` +
          `${permissionsAdvice(FIX_SUGGESTIONS_PERMISSIONS, context)}. The fixes are shown in the summary instead.`,
      );
      return this.#allFolded(targets, 'the token may not post suggestions');
    }
    return { delivered: [delivered(FIX_SUGGESTIONS_DELIVERED, { posted, folded })] };
  }

  #allFolded(targets: readonly Target[], reason: string): DeliveryPart {
    const folded = targets.map((target) => foldedFix(target.finding, target.diff, reason));
    return { delivered: [delivered(FIX_SUGGESTIONS_DELIVERED, { posted: 0, folded })] };
  }

  /**
   * The bodies of the review comments the token's account wrote: another's marker never stops a suggestion.
   * Undefined, and logged, when some comment carries a marker and the account could not be read.
   */
  async #ownBodies(
    existing: readonly ReviewComment[],
    context: ReportContext,
  ): Promise<string[] | undefined> {
    const marked = existing.filter((comment) => comment.body?.includes(SUGGESTION_MARKER_START));
    if (marked.length === 0) return [];
    const identity = await this.#github.account.identity();
    if (!identity.known) {
      context.log.info(
        `Could not tell which account the token acts as (${identity.reason}): no fix is suggested, they are shown folded.`,
      );
      return undefined;
    }
    return marked.flatMap((comment) =>
      isTokenAccount(identity, accountIdOf(comment.user?.id)) ? [comment.body ?? ''] : [],
    );
  }

  /** The fixes the run read for the findings the gate fails on, each with its finding and identity marker. */
  #targets(report: Readonly<RunReport>): Target[] {
    const results = report.results;
    if (results === undefined) return [];
    const identities = new Map(
      findingIdentities(
        results.findings.map((f) => ({
          title: f.title,
          file_path: f.filePath,
          line: f.line,
          cwe: f.cwe ?? null,
        })),
      ).map((identity, index) => [results.findings[index], identity.key]),
    );
    const failing = results.comparison ? results.comparison.newFindings : results.findings;
    return (results.fixes ?? []).flatMap((fix) => {
      const finding = failing.find((candidate) => candidate.id === fix.findingId);
      return finding ? [{ finding, identity: identities.get(finding) ?? finding.id, diff: fix.diff }] : [];
    });
  }
}
