import { describe, expect, it } from 'vitest';
import { sameAccount } from '../../../src/domain/identity/account-login.ts';
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

/** The token is an App's: REST and `viewer` say `svc-scan-app[bot]`, GraphQL's comment authors `svc-scan-app`. */
const isOwn = (author: string | undefined): boolean => sameAccount(author, 'svc-scan-app[bot]');
const ACTION = 'svc-scan-app';

const thread = (
  id: string,
  key: string,
  options: {
    resolved?: boolean;
    canResolve?: boolean;
    replies?: { body: string; author: string }[];
    author?: string;
    path?: string;
  } = {},
) => ({
  id,
  isResolved: options.resolved ?? false,
  viewerCanResolve: options.canResolve ?? false,
  path: options.path ?? 'src/other.ts',
  comments: [
    { body: `${suggestionMarker(key)}\n**Suggested fix**`, author: options.author ?? ACTION },
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
        thread('gone-replied', 'c', { replies: [{ body: fixedReplyBody('abcdef0123'), author: ACTION }] }),
        thread('still-reported', still?.key ?? ''),
        thread('resolved', 'e', { resolved: true }),
        {
          id: 'a-person',
          isResolved: false,
          viewerCanResolve: true,
          path: 'src/other.ts',
          comments: [{ body: 'Why this?', author: 'monalisa' }],
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
      thread('mallorys', 'a', { author: 'mallory', canResolve: true }),
      thread('another-bot', 'b', { author: 'github-actions' }),
    ];
    expect(planFixedThreads(threads, NOTHING_REMAINS, isOwn)).toEqual([]);
    expect(othersMarkedThreads([...threads, thread('ours', 'c')], isOwn)).toBe(2);
    // With the token's account unknown, no thread is the action's.
    expect(planFixedThreads([thread('ours', 'c')], NOTHING_REMAINS, () => false)).toEqual([]);
  });

  it("replies even when another account's reply carries the reply's marker", () => {
    const forged = { body: `Fixed already ${FIXED_REPLY_MARKER}`, author: 'mallory' };
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

describe('sameAccount', () => {
  it.each([
    ['svc-scan-app[bot]', 'svc-scan-app', true],
    ['github-actions[bot]', 'GitHub-Actions', true],
    ['monalisa', 'monalisa', true],
    ['monalisa', 'monalisa[bot]', true],
    ['monalisa', 'mona', false],
    [undefined, 'monalisa', false],
    ['', '', false],
  ])('%j and %j: %s', (a, b, same) => {
    expect(sameAccount(a, b)).toBe(same);
  });
});
