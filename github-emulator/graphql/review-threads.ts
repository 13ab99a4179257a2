import type { PullRequest, Repository, ReviewComment, Store } from '../store.ts';
import { nodeId } from '../request-context.ts';

/**
 * Review threads as GraphQL shows them. REST has no thread object: a thread is a review comment that replies to
 * none, with the comments that reply to it. Which threads are resolved, and which comments are replies, is kept
 * beside the store (one record per store, so a new seed starts afresh).
 */

interface ThreadRecord {
  resolvedBy: string | undefined;
  /** Ids of the comments replying to the thread's first comment, oldest first. */
  readonly replies: number[];
}

const records = new WeakMap<Store, Map<number, ThreadRecord>>();

export interface ReviewThread {
  readonly id: string;
  readonly root: ReviewComment;
  readonly comments: readonly ReviewComment[];
  readonly resolvedBy: string | undefined;
}

function recordsOf(store: Store): Map<number, ThreadRecord> {
  let map = records.get(store);
  if (!map) {
    map = new Map();
    records.set(store, map);
  }
  return map;
}

function threadRecord(store: Store, rootId: number): ThreadRecord {
  const map = recordsOf(store);
  let record = map.get(rootId);
  if (!record) {
    record = { resolvedBy: undefined, replies: [] };
    map.set(rootId, record);
  }
  return record;
}

export function threadsOf(store: Store, repository: Repository, pull: PullRequest): ReviewThread[] {
  const replies = new Set([...recordsOf(store).values()].flatMap((record) => record.replies));
  return store.reviewComments
    .filter(
      (comment) =>
        comment.repository === repository &&
        comment.pullNumber === pull.number &&
        !comment.pending &&
        !replies.has(comment.id),
    )
    .map((root) => threadOf(store, root));
}

function threadOf(store: Store, root: ReviewComment): ReviewThread {
  const record = threadRecord(store, root.id);
  const byId = new Map(store.reviewComments.map((comment) => [comment.id, comment]));
  const replies = record.replies.flatMap((id) => byId.get(id) ?? []);
  return { id: threadId(root.id), root, comments: [root, ...replies], resolvedBy: record.resolvedBy };
}

function threadId(rootId: number): string {
  return nodeId('PRRT', rootId);
}

export function findThread(store: Store, id: string): ReviewThread | undefined {
  const root = store.reviewComments.find((comment) => threadId(comment.id) === id);
  if (!root) return undefined;
  const replies = new Set([...recordsOf(store).values()].flatMap((record) => record.replies));
  return replies.has(root.id) ? undefined : threadOf(store, root);
}

export function resolveThread(store: Store, thread: ReviewThread, by: string): void {
  threadRecord(store, thread.root.id).resolvedBy ??= by;
}

export function replyToThread(store: Store, thread: ReviewThread, user: string, body: string): ReviewComment {
  const { root } = thread;
  const comment = store.addReviewComment({
    ...root,
    reviewId: null,
    user,
    body,
    createdAt: store.now(),
    pending: false,
  });
  threadRecord(store, root.id).replies.push(comment.id);
  return comment;
}
