/**
 * The action's suggestion threads whose finding the head no longer reports. A thread is the action's when its
 * first comment carries the suggestion marker (`<!-- svc-scan-action:suggestion:KEY -->`, KEY the finding's
 * identity); the reply it leaves when it may not resolve one carries its own marker, so it is never left twice.
 */

const SUGGESTION_MARKER = /<!-- svc-scan-action:suggestion:([^\s>]+) -->/;
export const FIXED_REPLY_MARKER = '<!-- svc-scan-action:fixed -->';

export interface ThreadView {
  id: string;
  isResolved: boolean;
  viewerCanResolve: boolean;
  comments: readonly { body: string }[];
}

export type ThreadAction =
  { thread: string; action: 'resolve' } | { thread: string; action: 'reply' | 'left' };

/**
 * What to do with each of the action's open threads whose finding is gone: resolve it when the token may, else
 * reply once (`left` when the reply is already there). Threads of findings still reported are left alone.
 */
export function planFixedThreads(
  threads: readonly ThreadView[],
  reported: ReadonlySet<string>,
): ThreadAction[] {
  const actions: ThreadAction[] = [];
  for (const thread of threads) {
    if (thread.isResolved) continue;
    const key = SUGGESTION_MARKER.exec(thread.comments[0]?.body ?? '')?.[1];
    if (key === undefined || reported.has(key)) continue;
    if (thread.viewerCanResolve) actions.push({ thread: thread.id, action: 'resolve' });
    else if (thread.comments.some((comment) => comment.body.includes(FIXED_REPLY_MARKER)))
      actions.push({ thread: thread.id, action: 'left' });
    else actions.push({ thread: thread.id, action: 'reply' });
  }
  return actions;
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
