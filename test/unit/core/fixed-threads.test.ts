import { describe, expect, it } from 'vitest';
import {
  FIXED_REPLY_MARKER,
  fixedReplyBody,
  planFixedThreads,
  threadsLeftNote,
} from '../../../src/core/fixed-threads.ts';
import { suggestionMarker } from '../../../src/core/fix-suggestion.ts';

const thread = (
  id: string,
  key: string,
  options: { resolved?: boolean; canResolve?: boolean; replies?: string[] } = {},
) => ({
  id,
  isResolved: options.resolved ?? false,
  viewerCanResolve: options.canResolve ?? false,
  comments: [
    { body: `${suggestionMarker(key)}\n**Suggested fix**` },
    ...(options.replies ?? []).map((body) => ({ body })),
  ],
});

describe('planFixedThreads', () => {
  it("resolves the action's open threads of findings gone when it may, else replies once", () => {
    const plan = planFixedThreads(
      [
        thread('gone-app', 'a', { canResolve: true }),
        thread('gone-actions', 'b'),
        thread('gone-replied', 'c', { replies: [fixedReplyBody('abcdef0123')] }),
        thread('still-reported', 'd'),
        thread('resolved', 'e', { resolved: true }),
        { id: 'a-person', isResolved: false, viewerCanResolve: true, comments: [{ body: 'Why this?' }] },
      ],
      new Set(['d']),
    );
    expect(plan).toEqual([
      { thread: 'gone-app', action: 'resolve' },
      { thread: 'gone-actions', action: 'reply' },
      { thread: 'gone-replied', action: 'left' },
    ]);
  });

  it('words the reply with the short commit and its marker, and the note with the App token', () => {
    expect(fixedReplyBody('abcdef0123456789')).toMatch(/^Fixed in `abcdef0`/);
    expect(fixedReplyBody('abcdef0123456789')).toContain(FIXED_REPLY_MARKER);
    expect(threadsLeftNote(2)).toMatch(/^2 review threads of fixed findings are left to resolve/);
    expect(threadsLeftNote(1)).toContain('actions/create-github-app-token');
  });
});
