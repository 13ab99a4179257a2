import { unprocessable } from '../github-errors.ts';
import { findPosition, diffHunkText, type Side } from '../patch-hunks.ts';
import {
  nodeId,
  repositoryPath,
  requirePull,
  pagedReply,
  type Handler,
  type Links,
} from '../request-context.ts';
import { placeOnDiff, type PullRequest, type Review, type ReviewComment } from '../store.ts';
import { userJson } from '../users.ts';
import { associationOf, checkedBody, reactionsJson } from './issue-comments.ts';

/**
 * Reviews and review comments. A review is all or nothing: every comment must sit on a line the file's patch
 * shows, on its side (RIGHT: added or context lines of the head), and a `start_line..line` range must lie in
 * one hunk; otherwise GitHub's 422 "Unprocessable Entity" with its sentences. A review without an event stays
 * PENDING and its comments are not listed.
 */

interface ReviewCommentInput {
  path: string;
  body: string;
  position?: number;
  line?: number;
  side?: string;
  start_line?: number;
  start_side?: string;
}

type Placed = Pick<ReviewComment, 'line' | 'side' | 'startLine' | 'startSide' | 'position' | 'diffHunk'> & {
  readonly input: ReviewCommentInput;
};

const NOT_IN_DIFF = 'Pull request review thread line must be part of the diff';
const BLANK_HUNK = "Pull request review thread diff hunk can't be blank";
const START_IN_HUNK = 'Pull request review thread start line must be part of the same hunk as the line.';
const START_PRECEDES = 'Pull request review thread start line must precede the end line.';

export const createReview: Handler = (context) => {
  const { repository, pull } = requirePull(context);
  const body = context.body as {
    body?: string;
    event?: string;
    commit_id?: string;
    comments?: ReviewCommentInput[];
  };
  const inputs = body.comments ?? [];
  const text = body.body ?? '';
  if (body.event === 'COMMENT' && text.trim() === '' && inputs.length === 0)
    throw unprocessable(['Review body is required for the COMMENT event when there are no comments']);
  if (body.event === 'REQUEST_CHANGES' && text.trim() === '')
    throw unprocessable(['Review body is required for the REQUEST_CHANGES event']);
  if (text !== '') checkedBody(text);
  const placed = inputs.map((input) => place(pull, input));
  const problems = [...new Set(placed.flatMap((result) => (Array.isArray(result) ? result : [])))];
  if (problems.length > 0) throw unprocessable(problems);

  const now = context.store.now();
  const state = body.event === undefined ? 'PENDING' : (STATES[body.event] ?? 'COMMENTED');
  const review = context.store.addReview({
    repository,
    pullNumber: pull.number,
    user: context.caller.login,
    body: text,
    state,
    commitId: body.commit_id ?? pull.head.sha,
    submittedAt: state === 'PENDING' ? null : now,
  });
  for (const result of placed as Placed[]) {
    context.store.addReviewComment({
      repository,
      pullNumber: pull.number,
      reviewId: review.id,
      user: context.caller.login,
      body: result.input.body,
      path: result.input.path,
      line: result.line,
      side: result.side,
      startLine: result.startLine,
      startSide: result.startSide,
      position: result.position,
      diffHunk: result.diffHunk,
      commitId: review.commitId,
      createdAt: now,
      pending: state === 'PENDING',
    });
  }
  return { status: 200, body: reviewJson(review, context.links) };
};

const STATES: Readonly<Record<string, Review['state']>> = {
  APPROVE: 'APPROVED',
  REQUEST_CHANGES: 'CHANGES_REQUESTED',
  COMMENT: 'COMMENTED',
};

/** Where the comment goes, or the sentences GitHub refuses it with. */
function place(pull: PullRequest, input: ReviewCommentInput): Placed | string[] {
  const file = pull.files.find((candidate) => candidate.filename === input.path);
  if (!file) return ['Path could not be resolved'];
  if (input.line === undefined) {
    const found = input.position === undefined ? undefined : findPosition(file.hunks, input.position);
    const diffLine = found && found.hunk.lines[found.index];
    if (!found || !diffLine) return [NOT_IN_DIFF, BLANK_HUNK];
    const side: Side = diffLine.kind === '-' ? 'LEFT' : 'RIGHT';
    return {
      input,
      line: (side === 'LEFT' ? diffLine.left : diffLine.right) ?? 0,
      side,
      startLine: null,
      startSide: null,
      position: diffLine.position,
      diffHunk: diffHunkText(found.hunk, found.index),
    };
  }
  const side = sideOf(input.side);
  const end = placeOnDiff(file.hunks, input.line, side);
  if (!end) return [NOT_IN_DIFF, BLANK_HUNK];
  if (input.start_line === undefined) {
    return {
      input,
      line: input.line,
      side,
      startLine: null,
      startSide: null,
      position: end.position,
      diffHunk: end.diffHunk,
    };
  }
  const startSide = sideOf(input.start_side ?? side);
  const start = placeOnDiff(file.hunks, input.start_line, startSide);
  if (!start || start.hunk !== end.hunk) return [START_IN_HUNK];
  if (start.position >= end.position) return [START_PRECEDES];
  return {
    input,
    line: input.line,
    side,
    startLine: input.start_line,
    startSide,
    position: end.position,
    diffHunk: end.diffHunk,
  };
}

function sideOf(value: string | undefined): Side {
  return value === 'LEFT' ? 'LEFT' : 'RIGHT';
}

export const listReviewComments: Handler = (context) => {
  const { repository, pull } = requirePull(context);
  const since = context.query.get('since');
  const byUpdated = context.query.get('sort') === 'updated';
  const comments = context.store.reviewComments.filter(
    (comment) =>
      comment.repository === repository &&
      comment.pullNumber === pull.number &&
      !comment.pending &&
      (since === null || Date.parse(comment.createdAt) >= Date.parse(since)),
  );
  const sorted = byUpdated ? [...comments].sort((a, b) => a.createdAt.localeCompare(b.createdAt)) : comments;
  if (context.query.get('direction') === 'desc') sorted.reverse();
  return pagedReply(context, sorted, (comment) => reviewCommentJson(comment, context.links));
};

export function reviewJson(review: Review, links: Links): Record<string, unknown> {
  const { owner, name } = review.repository;
  const html = `${links.serverUrl}/${owner}/${name}/pull/${review.pullNumber}#pullrequestreview-${review.id}`;
  const pullApi = `${links.apiUrl}${repositoryPath(review.repository)}/pulls/${review.pullNumber}`;
  return {
    id: review.id,
    node_id: nodeId('PRR', review.id),
    user: userJson(review.user, links.serverUrl, links.apiUrl),
    body: review.body,
    state: review.state,
    html_url: html,
    pull_request_url: pullApi,
    _links: { html: { href: html }, pull_request: { href: pullApi } },
    ...(review.submittedAt === null ? {} : { submitted_at: review.submittedAt }),
    commit_id: review.commitId,
    author_association: associationOf(review.user),
  };
}

export function reviewCommentJson(comment: ReviewComment, links: Links): Record<string, unknown> {
  const { owner, name } = comment.repository;
  const pullsApi = `${links.apiUrl}${repositoryPath(comment.repository)}/pulls`;
  const url = `${pullsApi}/comments/${comment.id}`;
  const html = `${links.serverUrl}/${owner}/${name}/pull/${comment.pullNumber}#discussion_r${comment.id}`;
  const pullApi = `${pullsApi}/${comment.pullNumber}`;
  return {
    url,
    pull_request_review_id: comment.reviewId,
    id: comment.id,
    node_id: nodeId('PRRC', comment.id),
    diff_hunk: comment.diffHunk,
    path: comment.path,
    position: comment.position,
    original_position: comment.position,
    commit_id: comment.commitId,
    original_commit_id: comment.commitId,
    user: userJson(comment.user, links.serverUrl, links.apiUrl),
    body: comment.body,
    created_at: comment.createdAt,
    updated_at: comment.createdAt,
    html_url: html,
    pull_request_url: pullApi,
    author_association: associationOf(comment.user),
    _links: { self: { href: url }, html: { href: html }, pull_request: { href: pullApi } },
    reactions: reactionsJson(`${url}/reactions`),
    start_line: comment.startLine,
    original_start_line: comment.startLine,
    start_side: comment.startSide,
    line: comment.line,
    original_line: comment.line,
    side: comment.side,
    subject_type: 'line',
  };
}
