import { identityKey, KindNumbers, type IdentifiableFinding } from '../domain/identity/finding-identity.ts';

/**
 * The action's suggestion threads whose finding the head no longer reports. A thread is the action's when its
 * first comment carries the suggestion marker (`<!-- svc-scan-action:suggestion:KEY -->`, KEY the finding's
 * identity) and was written by the token's own account: anyone can write the marker. The reply it leaves when it
 * may not resolve one carries its own marker, so it is never left twice.
 *
 * A thread's finding is known by its kind, its file and its place among the findings of that kind there, and that
 * place shifts when an earlier one is fixed. So a thread is answered only when no finding of its kind remains in
 * its file: fixing the first of two findings of one kind leaves both threads open until the second is fixed too,
 * never answering on the thread of the one still there.
 */

const SUGGESTION_MARKER = /<!-- svc-scan-action:suggestion:([^\s>]+) -->/;
export const FIXED_REPLY_MARKER = '<!-- svc-scan-action:fixed -->';

export interface ThreadView {
  id: string;
  isResolved: boolean;
  viewerCanResolve: boolean;
  /** The file the thread is on. */
  path: string;
  /** `authorId`: the author's account id (GraphQL's `databaseId`). */
  comments: readonly { body: string; authorId: number | undefined }[];
}

export type ThreadAction =
  { thread: string; action: 'resolve' } | { thread: string; action: 'reply' | 'left' };

/** Whether a finding of the kind a thread's identity key names is still reported in the thread's file. */
export interface RemainingFindings {
  kindRemains(key: string, path: string): boolean;
}

/** Before the head's findings are read: every thread of the action's is a candidate. */
export const NOTHING_REMAINS: RemainingFindings = { kindRemains: () => false };

/**
 * What to do with each of the action's open threads whose finding's kind is gone from its file: resolve it when
 * the token may, else reply once (`left` when its reply is already there). `isOwn` says whether the account with
 * a comment's author id is the token's.
 */
export function planFixedThreads(
  threads: readonly ThreadView[],
  remaining: RemainingFindings,
  isOwn: (authorId: number | undefined) => boolean,
): ThreadAction[] {
  const actions: ThreadAction[] = [];
  for (const thread of threads) {
    if (thread.isResolved) continue;
    const first = thread.comments[0];
    const key = first && isOwn(first.authorId) ? SUGGESTION_MARKER.exec(first.body)?.[1] : undefined;
    if (key === undefined || remaining.kindRemains(key, thread.path)) continue;
    if (thread.viewerCanResolve) actions.push({ thread: thread.id, action: 'resolve' });
    else if (thread.comments.some((c) => isOwn(c.authorId) && c.body.includes(FIXED_REPLY_MARKER)))
      actions.push({ thread: thread.id, action: 'left' });
    else actions.push({ thread: thread.id, action: 'reply' });
  }
  return actions;
}

/** Open threads whose first comment carries the suggestion marker but another account wrote: never answered. */
export function othersMarkedThreads(
  threads: readonly ThreadView[],
  isOwn: (authorId: number | undefined) => boolean,
): number {
  return threads.filter((thread) => {
    const first = thread.comments[0];
    return !thread.isResolved && first && !isOwn(first.authorId) && SUGGESTION_MARKER.test(first.body);
  }).length;
}

/**
 * Past this many places beyond the count of a kind in a file now, a thread's key is not searched for: a thread is
 * on one of the findings of its kind, and a file with a thousand of one kind fixed in one pull request is not
 * what suggestions are for.
 */
const OCCURRENCE_MARGIN = 1_000;

/**
 * The head's findings, by file and kind. A thread's key is a digest of kind, file and place, so its kind is
 * found by trying the places of every kind still reported in the thread's file; the keys of a file are made on
 * its first question only.
 */
export function remainingFindings(findings: readonly IdentifiableFinding[]): RemainingFindings {
  const kinds = new KindNumbers();
  const countsByFile = new Map<string, Map<number, number>>();
  for (const finding of findings) {
    const kind = kinds.numberOf(finding);
    let counts = countsByFile.get(finding.file_path);
    if (!counts) countsByFile.set(finding.file_path, (counts = new Map<number, number>()));
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const keysByFile = new Map<string, Set<string>>();
  const keysOf = (path: string): Set<string> => {
    let keys = keysByFile.get(path);
    if (keys) return keys;
    keys = new Set();
    for (const [kind, count] of countsByFile.get(path) ?? [])
      for (let place = 0; place < count + OCCURRENCE_MARGIN; place++)
        keys.add(identityKey(kinds.kind(kind), path, place));
    keysByFile.set(path, keys);
    return keys;
  };
  return { kindRemains: (key, path) => keysOf(path).has(key) };
}

/** "Fixed in `abc1234`", with the marker that keeps it from being posted twice. */
export function fixedReplyBody(sha: string): string {
  return `Fixed in \`${sha.slice(0, 7)}\`: svc-scan no longer reports this finding.\n\n${FIXED_REPLY_MARKER}`;
}

/** What the summary says when threads are left: how many, and how to let the action resolve them. */
export function threadsLeftNote(left: number): string {
  return (
    `${left} review ${left === 1 ? 'thread' : 'threads'} of fixed findings ${left === 1 ? 'is' : 'are'} left to resolve: ` +
    "the workflow's GITHUB_TOKEN may reply but not resolve review threads. To let the action resolve them, pass a " +
    'GitHub App token as github-token: actions/create-github-app-token, for an App with Contents and Pull requests ' +
    'write permissions (and Checks write, Security events write for the other features).'
  );
}
