import type { ServiceClient } from '../../client/index.ts';
import { escapeLogLine } from '../../core/escape.ts';
import { findingIdentities } from '../../core/finding-identity.ts';
import type { ReportedFinding } from '../../core/finding-tally.ts';
import { foldedFix, placeFix, suggestionBody, suggestionMarker } from '../../core/fix-suggestion.ts';
import { PullRequestDiff } from '../../core/pr-diff.ts';
import type { RunReport } from '../../core/run-report.ts';
import { isAtOrAbove } from '../../core/severity.ts';
import { GitHubError } from '../../github/github-client.ts';
import type { Settings } from '../../run/settings.ts';
import type { GitHubSide } from './github-side.ts';
import type { ReportContext, Reporter } from './reporter.ts';

interface ReviewComment {
  body?: string | null;
}

interface Target {
  finding: ReportedFinding;
  identity: string;
  diff: string;
}

/**
 * The fixes of the findings the gate fails on, posted as suggested changes on the pull request's lines, all in
 * one review (one notification, not twenty), never the same one twice: each carries a hidden marker of the
 * finding's identity, and the existing review comments are read through every page first. A fix that cannot be
 * a suggestion, or every fix when the token may not review, is shown folded in the summary and the comment.
 */
export class FixSuggestionsReporter implements Reporter {
  readonly name = 'fix suggestions';
  readonly #github: GitHubSide & { pullRequest: number };
  readonly #client: ServiceClient;
  readonly #settings: Readonly<Settings>;
  readonly #signal: AbortSignal;

  constructor(
    github: GitHubSide & { pullRequest: number },
    client: ServiceClient,
    settings: Readonly<Settings>,
    signal: AbortSignal,
  ) {
    this.#github = github;
    this.#client = client;
    this.#settings = settings;
    this.#signal = signal;
  }

  async finish(report: Readonly<RunReport>, context: ReportContext): Promise<void> {
    const targets = await this.#targets(report);
    if (targets.length === 0) return;
    const { client, environment } = this.#github;
    const where = { owner: environment.owner, repo: environment.repo, pull_number: this.#github.pullRequest };
    const folded: string[] = [];
    try {
      const [files, existing] = await Promise.all([
        client.listAll<unknown>('GET /repos/{owner}/{repo}/pulls/{pull_number}/files', where),
        client.listAll<ReviewComment>('GET /repos/{owner}/{repo}/pulls/{pull_number}/comments', where),
      ]);
      const diff = PullRequestDiff.fromFiles(files, { complete: files.length < 3_000 });
      const posted = existing.map((comment) => comment.body ?? '');
      const comments: Record<string, unknown>[] = [];
      for (const target of targets) {
        const placement = placeFix(target.diff, target.finding.filePath, diff.head(target.finding.filePath));
        if (!placement.ok) {
          folded.push(foldedFix(target.finding, target.diff, placement.reason));
          continue;
        }
        if (posted.some((body) => body.includes(suggestionMarker(target.identity)))) continue;
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
      // GitHub refuses an empty review: none when there is nothing new to suggest.
      if (comments.length > 0) {
        await client.request('POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews', {
          ...where,
          commit_id: environment.sha,
          event: 'COMMENT',
          body: `svc-scan suggests ${comments.length === 1 ? 'a fix' : `${comments.length} fixes`} for findings that fail the gate.`,
          comments,
        });
        context.delivery.suggestionsPosted = comments.length;
        context.toolkit.info(escapeLogLine(`Posted ${comments.length} fix suggestions in one review.`));
      }
    } catch (error) {
      if (!(error instanceof GitHubError && error.refused)) throw error;
      context.toolkit.info(
        escapeLogLine(
          `The token may not review the pull request (${error.status}): add \`pull-requests: write\` to the job's ` +
            '`permissions:` (a pull request from a fork never gets it). The fixes are shown in the summary instead.',
        ),
      );
      folded.length = 0;
      for (const target of targets)
        folded.push(foldedFix(target.finding, target.diff, 'the token may not post suggestions'));
    } finally {
      context.delivery.foldedFixes = folded;
    }
  }

  /** The findings the gate fails on, most severe first, up to max-suggestions, with the fix their detail holds. */
  async #targets(report: Readonly<RunReport>): Promise<Target[]> {
    const results = report.results;
    const failOn = this.#settings.failOn;
    if (results === undefined || failOn === 'none' || this.#settings.maxSuggestions === 0) return [];
    const failing = (results.comparison ? results.comparison.newFindings : results.findings)
      .filter((finding) => finding.id !== '' && isAtOrAbove(finding.severity, failOn))
      .slice(0, this.#settings.maxSuggestions);
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
    let patches: Map<string, string> | undefined;
    const targets: Target[] = [];
    for (const finding of failing) {
      const detail = await this.#client
        .getFinding(finding.id, { signal: this.#signal })
        .catch(() => undefined);
      let diff = detail?.fix?.unified_diff ?? undefined;
      // Without a fix of its own, the AI analysis's patch for the finding, when the analysis ran to the end.
      if (!diff && report.insights?.ai?.outcome === 'succeeded' && report.scan) {
        patches ??= await this.#aiPatches(report.scan.id);
        diff = patches.get(finding.id);
      }
      if (!diff) continue;
      targets.push({ finding, identity: identities.get(finding) ?? finding.id, diff });
    }
    return targets;
  }

  /**
   * The AI analysis's patches by finding id. The spec gives no shape; the service sends
   * `{patches: [{finding_id, unified_diff}]}`, and anything else yields no patch.
   */
  async #aiPatches(scanId: string): Promise<Map<string, string>> {
    const patches = new Map<string, string>();
    const answer = await this.#client.getAiPatches(scanId, { signal: this.#signal }).catch(() => undefined);
    const list = answer?.patches;
    if (!Array.isArray(list)) return patches;
    for (const entry of list as unknown[]) {
      if (entry === null || typeof entry !== 'object') continue;
      const { finding_id: id, unified_diff: diff } = entry as {
        finding_id?: unknown;
        unified_diff?: unknown;
      };
      if (typeof id === 'string' && typeof diff === 'string' && !patches.has(id)) patches.set(id, diff);
    }
    return patches;
  }
}
