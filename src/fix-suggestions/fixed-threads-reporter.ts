import {
  fixedReplyBody,
  NOTHING_REMAINS,
  othersMarkedThreads,
  planFixedThreads,
  remainingFindings,
  threadsLeftNote,
  type RemainingFindings,
} from './fixed-threads.ts';
import { partialScanReason } from '../domain/partial-scan.ts';
import type { RunReport } from '../domain/run-report.ts';
import { GitHubError } from '../github/github-client.ts';
import {
  listReviewThreads,
  replyToReviewThread,
  resolveReviewThread,
  type ReviewThread,
} from './review-threads.ts';
import { isTokenAccount } from '../github/token-account.ts';
import { streamScanFindings, type FindingLister } from '../run/finding-stream.ts';
import type { GitHubSide } from '../report/github-side.ts';
import {
  type DeliveryPart,
  type ReportContext,
  type Reporter,
  type ReporterFactory,
} from '../report/reporter.ts';

/**
 * Fixed findings' threads: on every run on a pull request, each suggestion thread the action opened (its identity
 * marker, written by the token's own account) whose finding's kind the head no longer reports in its file is
 * resolved when the token may (`viewerCanResolve`: an App's or a person's token); otherwise it gets one reply,
 * "Fixed in `abc1234`", and the summary says how many are left and how to let the action resolve them. A person's
 * replies stay. It runs only when every finding at or above the report floor was read, since a finding missing
 * from a partial read would look fixed.
 */
export const fixedThreadsFactory: ReporterFactory<Record<string, never>> = {
  create: (_own, run) =>
    run.github && run.pullRequest !== undefined
      ? new FixedThreadsReporter(
          { ...run.github, pullRequest: run.pullRequest },
          { client: run.findings, signal: run.signal, pageSize: run.settings.pageSize },
        )
      : undefined,
};

interface Reading {
  client: FindingLister;
  signal: AbortSignal;
  pageSize: number;
}

class FixedThreadsReporter implements Reporter {
  readonly name = "fixed findings' review threads";
  readonly #github: GitHubSide & { pullRequest: number };
  readonly #reading: Reading;

  constructor(github: GitHubSide & { pullRequest: number }, reading: Reading) {
    this.#github = github;
    this.#reading = reading;
  }

  async finish(report: Readonly<RunReport>, context: ReportContext): Promise<DeliveryPart | undefined> {
    if (report.results === undefined || report.scan === undefined) return undefined;
    const partial = partialScanReason(report.scan);
    if (partial) {
      context.log.info(`${partial}: the review threads of fixed findings are left as they are.`);
      return undefined;
    }
    const own = await this.#ownOpenThreads(context);
    if (own === undefined) return undefined;
    const remaining = await this.#remainingFindings(report, context);
    if (remaining === undefined) return undefined;
    const counts = { resolved: 0, replied: 0, left: 0 };
    for (const step of planFixedThreads(own.threads, remaining, own.isOwn)) {
      if (step.action === 'resolve' && (await this.#resolve(step.thread))) {
        counts.resolved += 1;
        continue;
      }
      if (step.action !== 'left' && (await this.#reply(step.thread))) counts.replied += 1;
      counts.left += 1;
    }
    if (counts.resolved + counts.left === 0) return undefined;
    context.log.info(
      `Review threads of fixed findings: ${counts.resolved} resolved, ${counts.replied} replied to, ${counts.left} left to resolve.`,
    );
    return counts.left > 0 ? { notes: [threadsLeftNote(counts.left)] } : undefined;
  }

  /**
   * The pull request's threads and how to tell the token's account, when one of the action's threads is open:
   * only then are the findings read again.
   */
  async #ownOpenThreads(
    context: ReportContext,
  ): Promise<{ threads: ReviewThread[]; isOwn: (authorId: number | undefined) => boolean } | undefined> {
    const { client, environment } = this.#github;
    const threads = await listReviewThreads(client, {
      owner: environment.owner,
      repo: environment.repo,
      pullRequest: this.#github.pullRequest,
    }).catch((error: unknown) => {
      // A token that may not read the pull request (its own fallback is said by the suggestions) has no threads.
      if (error instanceof GitHubError && error.refused) return [];
      throw error;
    });
    // No open thread carries the marker (whoever wrote it): the account is not even read.
    if (othersMarkedThreads(threads, () => false) === 0) return undefined;
    const identity = await this.#github.account.identity();
    const isOwn = (authorId: number | undefined): boolean => isTokenAccount(identity, authorId);
    const others = othersMarkedThreads(threads, isOwn);
    if (!identity.known)
      context.log.info(
        `Could not tell which account the token acts as (${identity.reason}): the ${others} open review ${others === 1 ? 'thread' : 'threads'} carrying the action's marker ${others === 1 ? 'is' : 'are'} left as they are.`,
      );
    else if (others > 0)
      context.log.info(
        `Review threads left to the account that started them: ${others} ${others === 1 ? 'carries' : 'carry'} the action's marker, started by another account than the token's ` +
          `(${identity.login}); only the token's own threads are answered.`,
      );
    return planFixedThreads(threads, NOTHING_REMAINS, isOwn).length > 0 ? { threads, isOwn } : undefined;
  }

  /** Replies "Fixed in"; a refusal (a fork's read-only token) answers false: the thread is left as it is. */
  async #reply(thread: string): Promise<boolean> {
    try {
      await replyToReviewThread(this.#github.client, thread, fixedReplyBody(this.#github.environment.sha));
      return true;
    } catch (error) {
      if (error instanceof GitHubError && error.refused) return false;
      throw error;
    }
  }

  /** Resolves; a refusal (the token may not after all) answers false, so the thread gets the reply instead. */
  async #resolve(thread: string): Promise<boolean> {
    try {
      await resolveReviewThread(this.#github.client, thread);
      return true;
    } catch (error) {
      if (error instanceof GitHubError && error.refused) return false;
      throw error;
    }
  }

  /** Every finding the head reports at or above the floor, by file and kind, or undefined when not all were read. */
  async #remainingFindings(
    report: Readonly<RunReport>,
    context: ReportContext,
  ): Promise<RemainingFindings | undefined> {
    const { results, scan } = report;
    if (results === undefined || scan === undefined) return undefined;
    const stream = streamScanFindings(this.#reading.client, {
      scanId: scan.id,
      floor: results.reportFloor,
      pageSize: this.#reading.pageSize,
      signal: this.#reading.signal,
    });
    const findings = [];
    try {
      for await (const finding of stream.findings)
        findings.push({
          title: finding.title,
          file_path: finding.file_path,
          line: finding.line,
          cwe: finding.cwe ?? null,
        });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      context.log.info(
        `Not every finding could be read (${reason}): the review threads of fixed findings are left as they are.`,
      );
      return undefined;
    }
    return remainingFindings(findings);
  }
}
