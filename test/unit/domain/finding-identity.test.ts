import { describe, expect, it } from 'vitest';
import { findingIdentities, kindOf } from '../../../src/domain/identity/finding-identity.ts';

const finding = (title: string, file_path: string, line: number, cwe?: string | null) => ({
  title,
  file_path,
  line,
  ...(cwe === undefined ? {} : { cwe }),
});

describe('kindOf', () => {
  it.each([
    ['SQL injection', 'CWE-89', '  sql\tINJECTION\n', 'cwe-89 '],
    ['Hard-coded secret', null, 'hard-coded  secret', undefined],
    ['Ünïcode Títle', 'CWE-1', 'üNÏCODE\u00a0títle', 'CWE-1'],
  ])('takes %j (%s) and %j (%s) for one kind', (titleA, cweA, titleB, cweB) => {
    expect(kindOf(titleA, cweA)).toBe(kindOf(titleB, cweB));
  });

  it.each([
    ['SQL injection', 'CWE-89', 'SQL injection', 'CWE-564'],
    ['SQL injection', 'CWE-89', 'SQL injection', null],
    ['SQL injection', null, 'SQL-injection', null],
    // The title cannot spill into the CWE.
    ['a\u0000b', null, 'a', 'b'],
  ])('keeps %j (%s) and %j (%s) apart', (titleA, cweA, titleB, cweB) => {
    expect(kindOf(titleA, cweA)).not.toBe(kindOf(titleB, cweB));
  });
});

describe('findingIdentities', () => {
  it('numbers the findings of one kind in one file in line order, whatever order they come in', () => {
    const identities = findingIdentities([
      finding('XSS', 'a.ts', 30),
      finding('XSS', 'a.ts', 10),
      finding('XSS', 'b.ts', 5),
      finding('SQL injection', 'a.ts', 20),
      finding('xss', 'a.ts', 20),
    ]);
    expect(identities.map((identity) => identity.occurrence)).toEqual([2, 0, 0, 0, 1]);
    expect(new Set(identities.map((identity) => identity.key)).size).toBe(5);
  });

  it('gives the same keys when lines move but the order within a kind and file stays', () => {
    const before = findingIdentities([finding('XSS', 'a.ts', 10), finding('XSS', 'a.ts', 30)]);
    const after = findingIdentities([finding('XSS', 'a.ts', 52), finding('  xss ', 'a.ts', 12)]);
    expect(after.map((identity) => identity.key)).toEqual([before[1]?.key, before[0]?.key]);
  });

  it('makes keys of 32 hexadecimal characters, safe in an HTML comment', () => {
    const [identity] = findingIdentities([finding('--><script>', 'x-->.ts', 1, '-->')]);
    expect(identity?.key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('keeps findings on one line in the order given', () => {
    const identities = findingIdentities([finding('XSS', 'a.ts', 7), finding('XSS', 'a.ts', 7)]);
    expect(identities.map((identity) => identity.occurrence)).toEqual([0, 1]);
  });
});
