import { checkRunJson } from './handlers/check-runs.ts';
import { issueCommentJson } from './handlers/issue-comments.ts';
import { reviewCommentJson, reviewJson } from './handlers/pull-reviews.ts';
import type { Links } from './request-context.ts';
import type { Store } from './store.ts';

/** Everything posted so far, as GitHub's API would show it, for tests (pending review comments included). */

export interface StateSnapshot {
  check_runs: (Record<string, unknown> & { annotations: unknown[] })[];
  issue_comments: Record<string, unknown>[];
  reviews: Record<string, unknown>[];
  review_comments: Record<string, unknown>[];
}

export function snapshotOf(store: Store, links: Links): StateSnapshot {
  return {
    check_runs: [...store.checkRuns.values()].map((run) => ({
      ...checkRunJson(run, links),
      annotations: [...run.annotations],
    })),
    issue_comments: store.issueComments.map((comment) => issueCommentJson(comment, links)),
    reviews: store.reviews.map((review) => reviewJson(review, links)),
    review_comments: store.reviewComments.map((comment) => reviewCommentJson(comment, links)),
  };
}
