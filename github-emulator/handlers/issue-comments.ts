import { notFound, validationFailed } from '../github-errors.ts';
import {
  nodeId,
  repositoryPath,
  requirePull,
  requireRepository,
  pagedReply,
  type Handler,
  type Links,
} from '../request-context.ts';
import type { IssueComment } from '../store.ts';
import { userJson } from '../users.ts';

/**
 * Issue comments (a pull request's conversation): list (oldest first, paged, `since`), create and update. A
 * comment's author is the caller's account (`github-actions[bot]`, an App's `<slug>[bot]`, a person). GitHub
 * refuses a blank body and one over 65,536 characters with "Validation Failed".
 */

const MAX_BODY_CHARACTERS = 65_536;

export const listIssueComments: Handler = (context) => {
  const { repository, pull } = requirePull(context, 'issue_number');
  const since = context.query.get('since');
  const comments = context.store.issueComments.filter(
    (comment) =>
      comment.repository === repository &&
      comment.issueNumber === pull.number &&
      (since === null || Date.parse(comment.updatedAt) >= Date.parse(since)),
  );
  return pagedReply(context, comments, (comment) => issueCommentJson(comment, context.links));
};

export const createIssueComment: Handler = (context) => {
  const { repository, pull } = requirePull(context, 'issue_number');
  const body = checkedBody(context.body.body as string);
  const now = context.store.now();
  const comment = context.store.addIssueComment({
    repository,
    issueNumber: pull.number,
    user: context.caller.login,
    body,
    createdAt: now,
    updatedAt: now,
  });
  const json = issueCommentJson(comment, context.links);
  return { status: 201, body: json, headers: { location: json.url as string } };
};

export const updateIssueComment: Handler = (context) => {
  const repository = requireRepository(context);
  const id = Number(context.params.comment_id);
  const comment = context.store.issueComments.find(
    (candidate) => candidate.id === id && candidate.repository === repository,
  );
  if (!comment) throw notFound();
  comment.body = checkedBody(context.body.body as string);
  comment.updatedAt = context.store.now();
  return { status: 200, body: issueCommentJson(comment, context.links) };
};

/** Characters as GitHub counts them here: code points (65,536 emoji pass, one more character does not). */
export function checkedBody(body: string): string {
  if (body.trim() === '')
    throw validationFailed('IssueComment', 'data', 'unprocessable', 'Body cannot be blank');
  if (codePoints(body) > MAX_BODY_CHARACTERS) {
    throw validationFailed(
      'IssueComment',
      'data',
      'unprocessable',
      `Body is too long (maximum is ${MAX_BODY_CHARACTERS} characters)`,
    );
  }
  return body;
}

export function issueCommentJson(comment: IssueComment, links: Links): Record<string, unknown> {
  const { owner, name } = comment.repository;
  const repoApi = `${links.apiUrl}${repositoryPath(comment.repository)}`;
  return {
    id: comment.id,
    node_id: nodeId('IC', comment.id),
    url: `${repoApi}/issues/comments/${comment.id}`,
    html_url: `${links.serverUrl}/${owner}/${name}/pull/${comment.issueNumber}#issuecomment-${comment.id}`,
    body: comment.body,
    user: userJson(comment.user, links.serverUrl, links.apiUrl),
    created_at: comment.createdAt,
    updated_at: comment.updatedAt,
    issue_url: `${repoApi}/issues/${comment.issueNumber}`,
    author_association: associationOf(comment.user),
    performed_via_github_app: null,
    reactions: reactionsJson(`${repoApi}/issues/comments/${comment.id}/reactions`),
  };
}

/** A bot is no member of the repository; the seeded people are. */
export function associationOf(login: string): string {
  return login.endsWith('[bot]') ? 'NONE' : 'MEMBER';
}

export function reactionsJson(url: string): Record<string, unknown> {
  return {
    url,
    total_count: 0,
    '+1': 0,
    '-1': 0,
    laugh: 0,
    hooray: 0,
    confused: 0,
    heart: 0,
    rocket: 0,
    eyes: 0,
  };
}

function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}
