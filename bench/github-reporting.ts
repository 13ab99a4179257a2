import { BENCH_FULL_NAME } from '../emulator/index.ts';
import { startGitHubEmulator, type GitHubEmulator } from '../github-emulator/index.ts';
import type { WorkflowEventFixture } from '../scripts/action-runner.ts';
import { pullRequestEvent } from '../test/fixtures/events.ts';
import { seedWithPullRequest } from '../test/support/github-side.ts';
import type { GitHubRequests } from './results.ts';

/**
 * GitHub's side of a measured run: a GitHub API emulator (with the bench's latency on every request) holding a
 * pull request on bench/large, so that the action reports as it does on a pull request: the check run with up
 * to max-annotations annotations, and the comment (`pr-comment: always`, since `fail-on: none` passes).
 * Each run starts from a fresh seed, so every run lists the comments and creates one, as a first run does.
 */

const PULL_REQUEST = 1;
const HEAD_SHA = 'b'.repeat(40);

export interface GitHubRunSetup {
  inputs: Record<string, string>;
  env: Record<string, string>;
  event: WorkflowEventFixture;
}

export class GitHubSide {
  readonly #emulator: GitHubEmulator;

  private constructor(emulator: GitHubEmulator) {
    this.#emulator = emulator;
  }

  static async start(latencyMs: number): Promise<GitHubSide> {
    return new GitHubSide(await startGitHubEmulator({ latencyMs, log: () => undefined }));
  }

  /** A fresh pull request, no calls recorded, and what the action needs to report on it. */
  prepare(): GitHubRunSetup {
    this.#emulator.seed(seedWithPullRequest(BENCH_FULL_NAME, PULL_REQUEST, HEAD_SHA));
    this.#emulator.clearCalls();
    return {
      inputs: { 'github-token': this.#emulator.token, 'pr-comment': 'always' },
      env: { GITHUB_API_URL: this.#emulator.url, GITHUB_RUN_ID: '1' },
      event: pullRequestEvent({ repository: BENCH_FULL_NAME, number: PULL_REQUEST, headSha: HEAD_SHA }),
    };
  }

  /** What the run sent to GitHub and what GitHub now shows. */
  collect(): GitHubRequests {
    const calls = this.#emulator.calls();
    const byOperation: Record<string, number> = {};
    for (const call of calls) {
      const operation = call.operationId ?? `${call.method} ${call.path}`;
      byOperation[operation] = (byOperation[operation] ?? 0) + 1;
    }
    const state = this.#emulator.state();
    const comments = state.issue_comments as { body: string }[];
    const ours = comments.filter((comment) => comment.body.startsWith('<!-- svc-scan-action:'));
    return {
      total: calls.length,
      byOperation,
      // The policy file's 404 is an answer (the bench repository has none), not a refusal.
      failed: calls.filter((call) => call.status >= 400 && !isAbsentPolicy(call)).length,
      bodyBytes: calls.reduce(
        (sum, call) => sum + (call.body === undefined ? 0 : Buffer.byteLength(JSON.stringify(call.body))),
        0,
      ),
      checkRunAnnotations: state.check_runs.reduce((sum, run) => sum + run.annotations.length, 0),
      commentBytes: ours.reduce((sum, comment) => sum + Buffer.byteLength(comment.body), 0),
    };
  }

  close(): Promise<void> {
    return this.#emulator.close();
  }
}

function isAbsentPolicy(call: { operationId?: string | null; status: number }): boolean {
  return call.operationId === 'repos/get-content' && call.status === 404;
}
