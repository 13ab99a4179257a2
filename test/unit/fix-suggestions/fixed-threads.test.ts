import { describe, expect, it } from 'vitest';
import { findingIdentities } from '../../../src/domain/identity/finding-identity.ts';
import {
  FIXED_REPLY_MARKER,
  fixedReplyBody,
  NOTHING_REMAINS,
  othersMarkedThreads,
  planFixedThreads,
  remainingFindings,
  threadsLeftNote,
} from '../../../src/fix-suggestions/fixed-threads.ts';
import { suggestionMarker } from '../../../src/fix-suggestions/fix-suggestion.ts';

/** The token is an App's: its bot's account id, as `viewer { databaseId }` gives it. */
const ACTION = 90_001;
const isOwn = (authorId: number | undefined): boolean => authorId === ACTION;
/** People: one whose login is the App's slug (`svc-scan-app`) and one named `github-actions`, each an account. */
const MONALISA = 2;
const MALLORY = 666;
const SLUG_HOLDER = 4_242;
const GITHUB_ACTIONS_PERSON = 5_151;

const thread = (
  id: string,
  key: string,
  options: {
    resolved?: boolean;
    canResolve?: boolean;
    replies?: { body: string; authorId: number }[];
    authorId?: number;
    path?: string;
  } = {},
) => ({
  id,
  isResolved: options.resolved ?? false,
  viewerCanResolve: options.canResolve ?? false,
  path: options.path ?? 'src/other.ts',
  comments: [
    { body: `${suggestionMarker(key)}\n**Suggested fix**`, authorId: options.authorId ?? ACTION },
    ...(options.replies ?? []),
  ],
});

const finding = (title: string, file_path: string, line: number) => ({
  title,
  file_path,
  line,
  cwe: 'CWE-89',
});

describe('planFixedThreads', () => {
  it("resolves the action's open threads of findings gone when it may, else replies once", () => {
    const [still] = findingIdentities([finding('SQL injection', 'src/other.ts', 3)]);
    const plan = planFixedThreads(
      [
        thread('gone-app', 'a', { canResolve: true }),
        thread('gone-actions', 'b'),
        thread('gone-replied', 'c', { replies: [{ body: fixedReplyBody('abcdef0123'), authorId: ACTION }] }),
        thread('still-reported', still?.key ?? ''),
        thread('resolved', 'e', { resolved: true }),
        {
          id: 'a-person',
          isResolved: false,
          viewerCanResolve: true,
          path: 'src/other.ts',
          comments: [{ body: 'Why this?', authorId: MONALISA }],
        },
      ],
      remainingFindings([finding('SQL injection', 'src/other.ts', 3)]),
      isOwn,
    );
    expect(plan).toEqual([
      { thread: 'gone-app', action: 'resolve' },
      { thread: 'gone-actions', action: 'reply' },
      { thread: 'gone-replied', action: 'left' },
    ]);
  });

  it("never resolves nor answers a thread another account started with the action's marker", () => {
    const threads = [
      thread('mallorys', 'a', { authorId: MALLORY, canResolve: true }),
      thread('a-person-named-github-actions', 'b', { authorId: GITHUB_ACTIONS_PERSON }),
      thread('a-person-named-as-the-app', 'd', { authorId: SLUG_HOLDER, canResolve: true }),
    ];
    expect(planFixedThreads(threads, NOTHING_REMAINS, isOwn)).toEqual([]);
    expect(othersMarkedThreads([...threads, thread('ours', 'c')], isOwn)).toBe(3);
    // With the token's account unknown, no thread is the action's.
    expect(planFixedThreads([thread('ours', 'c')], NOTHING_REMAINS, () => false)).toEqual([]);
  });

  it("replies even when another account's reply carries the reply's marker", () => {
    const forged = { body: `Fixed already ${FIXED_REPLY_MARKER}`, authorId: SLUG_HOLDER };
    expect(planFixedThreads([thread('t', 'a', { replies: [forged] })], NOTHING_REMAINS, isOwn)).toEqual([
      { thread: 't', action: 'reply' },
    ]);
  });

  it('answers no thread while a finding of its kind remains in its file: fixing the first of two leaves both open', () => {
    const path = 'src/db.ts';
    const before = [finding('SQL injection', path, 10), finding('SQL injection', path, 20)];
    const [first, second] = findingIdentities(before).map((identity) => identity.key);
    const threads = [
      thread('first', first ?? '', { path, canResolve: true }),
      thread('second', second ?? '', { path, canResolve: true }),
    ];
    // The first is fixed: the second, still there, is now the first of its kind in the file.
    const afterFirstFix = remainingFindings([finding('SQL injection', path, 20), finding('XSS', path, 5)]);
    expect(planFixedThreads(threads, afterFirstFix, isOwn)).toEqual([]);
    // Both fixed (a finding of another kind stays): both threads are resolved.
    expect(planFixedThreads(threads, remainingFindings([finding('XSS', path, 5)]), isOwn)).toEqual([
      { thread: 'first', action: 'resolve' },
      { thread: 'second', action: 'resolve' },
    ]);
    // The same kind in another file keeps nothing open here.
    expect(
      planFixedThreads(threads, remainingFindings([finding('SQL injection', 'src/api.ts', 20)]), isOwn),
    ).toHaveLength(2);
  });

  it('words the reply with the short commit and its marker, and the note with the App token', () => {
    expect(fixedReplyBody('abcdef0123456789')).toMatch(/^Fixed in `abcdef0`/);
    expect(fixedReplyBody('abcdef0123456789')).toContain(FIXED_REPLY_MARKER);
    expect(threadsLeftNote(2)).toMatch(/^2 review threads of fixed findings are left to resolve/);
    expect(threadsLeftNote(1)).toContain('actions/create-github-app-token');
  });
});
