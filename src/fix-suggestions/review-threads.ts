import type { GitHubClient } from '../github/github-client.ts';
import { accountIdOf } from '../github/token-account.ts';

/**
 * A pull request's review threads over GraphQL (REST has no thread object): each with whether the token may
 * resolve it (`viewerCanResolve`: false for the workflow's GITHUB_TOKEN, true for an App's or a person's token
 * with the permissions), resolving one, and replying to one.
 */

export interface ReviewThread {
  id: string;
  isResolved: boolean;
  viewerCanResolve: boolean;
  /** The file the thread is on. */
  path: string;
  /**
   * The thread's comments, oldest first (the first 100: a thread of the action's is far shorter), each with its
   * author's account id (`databaseId`: a bot's login is its App's slug here, which a person may hold).
   */
  comments: { body: string; authorId: number | undefined }[];
}

export const REVIEW_THREADS_QUERY = `query ReviewThreads($owner: String!, $name: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) {
      reviewThreads(first: 100, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes {
          id
          isResolved
          viewerCanResolve
          path
          comments(first: 100) { nodes { body author { ... on Bot { databaseId } ... on User { databaseId } } } }
        }
      }
    }
  }
}`;

export const RESOLVE_THREAD_MUTATION = `mutation ResolveReviewThread($threadId: ID!) {
  resolveReviewThread(input: {threadId: $threadId}) { thread { id isResolved } }
}`;

export const REPLY_TO_THREAD_MUTATION = `mutation ReplyToReviewThread($threadId: ID!, $body: String!) {
  addPullRequestReviewThreadReply(input: {pullRequestReviewThreadId: $threadId, body: $body}) { comment { id } }
}`;

/** A busy pull request holds a few hundred threads; past this many pages the list is not trusted whole. */
const MAX_THREAD_PAGES = 30;

interface ThreadsPage {
  repository: {
    pullRequest: {
      reviewThreads: {
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
        nodes: {
          id: string;
          isResolved: boolean;
          viewerCanResolve: boolean;
          path: string;
          comments: { nodes: { body: string; author: { databaseId?: unknown } | null }[] };
        }[];
      };
    } | null;
  } | null;
}

export async function listReviewThreads(
  client: GitHubClient,
  where: { owner: string; repo: string; pullRequest: number },
): Promise<ReviewThread[]> {
  const threads: ReviewThread[] = [];
  let after: string | null = null;
  for (let page = 0; page < MAX_THREAD_PAGES; page++) {
    const data: ThreadsPage = await client.graphql<ThreadsPage>(REVIEW_THREADS_QUERY, {
      owner: where.owner,
      name: where.repo,
      number: where.pullRequest,
      after,
    });
    const connection = data.repository?.pullRequest?.reviewThreads;
    if (!connection) return threads;
    for (const node of connection.nodes)
      threads.push({
        id: node.id,
        isResolved: node.isResolved,
        viewerCanResolve: node.viewerCanResolve,
        path: node.path,
        comments: node.comments.nodes.map((comment) => ({
          body: comment.body,
          authorId: accountIdOf(comment.author?.databaseId),
        })),
      });
    if (!connection.pageInfo.hasNextPage) return threads;
    after = connection.pageInfo.endCursor;
  }
  throw new Error(`more than ${MAX_THREAD_PAGES * 100} review threads; the list was not read to its end`);
}

export async function resolveReviewThread(client: GitHubClient, threadId: string): Promise<void> {
  await client.graphql(RESOLVE_THREAD_MUTATION, { threadId });
}

export async function replyToReviewThread(
  client: GitHubClient,
  threadId: string,
  body: string,
): Promise<void> {
  await client.graphql(REPLY_TO_THREAD_MUTATION, { threadId, body });
}
