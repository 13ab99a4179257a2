import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../src/client/types.ts';
import { pathScope } from '../../../src/policy/path-scope.ts';
import { policyFilter } from '../../../src/policy/policy-filter.ts';
import type { Suppression } from '../../../src/domain/policy.ts';
import {
  expiredSuppressionWarning,
  expiringSuppressionNotice,
} from '../../../src/policy/suppression-notices.ts';
import { describeSuppression, suppressionState } from '../../../src/policy/suppression.ts';
import { FindingFingerprinter } from '../../../src/domain/identity/finding-fingerprinter.ts';

function finding(overrides: Partial<Finding> = {}): Finding {
  return {
    id: 'fnd_1',
    scan_id: 'scan_1',
    severity: 'high',
    title: 'Reflected XSS in search',
    file_path: 'src/views/search.html',
    line: 7,
    module: 'sast',
    cwe: 'CWE-79',
    ...overrides,
  } as Finding;
}

function suppression(overrides: Partial<Suppression> = {}): Suppression {
  return {
    index: 0,
    line: 3,
    fingerprint: undefined,
    cwe: undefined,
    title: undefined,
    paths: [],
    reason: 'because',
    expires: undefined,
    ...overrides,
  };
}

const classify = (entries: Suppression[], scope = pathScope([], [])) =>
  policyFilter(scope, entries).classifier();

describe('suppressions', () => {
  it('cover by CWE however it is spelt, and by title without regard to case', () => {
    expect(classify([suppression({ cwe: 79 })])(finding({ cwe: 'cwe_79' }))?.kind).toBe('suppressed');
    expect(classify([suppression({ title: 'reflected xss IN search' })])(finding())?.kind).toBe('suppressed');
    expect(classify([suppression({ cwe: 89 })])(finding())).toBeUndefined();
  });

  it('need every criterion they give, paths included', () => {
    const both = [suppression({ cwe: 79, title: 'Something else' })];
    expect(classify(both)(finding())).toBeUndefined();
    const narrowed = [suppression({ cwe: 79, paths: ['legacy/**'] })];
    expect(classify(narrowed)(finding())).toBeUndefined();
    expect(classify(narrowed)(finding({ file_path: './legacy/old/view.html' }))?.kind).toBe('suppressed');
  });

  it('cover by the fingerprint the SARIF file carries, counting identical findings apart', () => {
    const fingerprints = new FindingFingerprinter();
    const first = fingerprints.of(finding());
    const second = fingerprints.of(finding({ id: 'fnd_2', line: 9 }));
    expect(first).not.toBe(second);
    const classifier = classify([suppression({ fingerprint: second })]);
    expect(classifier(finding())).toBeUndefined();
    expect(classifier(finding({ id: 'fnd_2', line: 9 }))).toMatchObject({ kind: 'suppressed', entry: 0 });
  });

  it("take the first entry in the file's order that covers a finding, whatever criterion files it", () => {
    const entries = [
      suppression({ index: 0, cwe: 89 }),
      suppression({ index: 1, title: 'reflected xss in search', reason: 'by title' }),
      suppression({ index: 2, cwe: 79, reason: 'by CWE' }),
    ];
    const classifier = classify(entries);
    expect(classifier(finding())).toMatchObject({
      entry: 1,
      reason: 'by title',
      label: 'ignore[1] ("reflected xss in search")',
    });
    expect(classify(entries.slice(2))(finding())).toMatchObject({ entry: 2, label: 'ignore[2] (CWE-79)' });
    expect(classifier(finding({ cwe: 'CWE-22', title: 'Other' }))).toBeUndefined();
  });

  it('leave a finding outside the scope out before any suppression', () => {
    const classifier = classify([suppression({ cwe: 79 })], pathScope(['lib/**'], []));
    expect(classifier(finding())).toEqual({ kind: 'out-of-scope' });
  });

  it('expire at the end of their day, and are announced 14 days before', () => {
    const entry = suppression({ expires: '2026-12-09' });
    expect(suppressionState(entry, new Date('2026-12-10T00:00:00Z'))).toBe('expired');
    expect(suppressionState(entry, new Date('2026-12-09T23:59:00Z'))).toBe('expiring');
    expect(suppressionState(entry, new Date('2026-11-25T12:00:00Z'))).toBe('expiring');
    expect(suppressionState(entry, new Date('2026-11-24T12:00:00Z'))).toBe('active');
    expect(suppressionState(suppression(), new Date())).toBe('active');
  });

  it('are named with what they cover, where they stand, and why', () => {
    expect(describeSuppression(suppression({ cwe: 79, paths: ['legacy/**'], expires: '2026-12-31' }))).toBe(
      'ignore[0] (CWE-79, in legacy/**) at line 3, expires 2026-12-31; reason: because',
    );
  });
});

describe('what the run says about expiring and expired suppressions', () => {
  const description = describeSuppression(
    suppression({ cwe: 798, paths: ['docs/**'], expires: '2026-12-10', reason: 'test creds' }),
  );

  it('names the entry after the verb, so the reason is not read as the subject', () => {
    expect(expiringSuppressionNotice(description)).toBe(
      'A suppression expires within 14 days: ignore[0] (CWE-798, in docs/**) at line 3, expires 2026-12-10; reason: test creds. Renew it or fix its findings.',
    );
    expect(expiredSuppressionWarning(description)).toBe(
      'A suppression has expired, so its findings count again: ignore[0] (CWE-798, in docs/**) at line 3, expires 2026-12-10; reason: test creds. Fix them, or renew the entry with a new expires date.',
    );
  });

  it('ends a reason that has its own full stop only once', () => {
    expect(expiringSuppressionNotice('ignore[0] (CWE-798); reason: Test keys.')).toBe(
      'A suppression expires within 14 days: ignore[0] (CWE-798); reason: Test keys. Renew it or fix its findings.',
    );
  });
});

describe('path scope', () => {
  it('reads paths and paths-ignore as a workflow does', () => {
    const inScope = pathScope(['src/**', '!src/generated/**', '.github/*.yml'], ['**/*.md'])!;
    expect(inScope('src/app/main.ts')).toBe(true);
    expect(inScope('./src/app/main.ts')).toBe(true);
    expect(inScope('src/generated/api.ts')).toBe(false);
    expect(inScope('src/README.md')).toBe(false);
    expect(inScope('.github/svc-scan.yml')).toBe(true);
    expect(inScope('lib/main.ts')).toBe(false);
    expect(pathScope([], [])).toBeUndefined();
    expect(pathScope([], ['docs/**'])!('src/a.ts')).toBe(true);
  });
});
