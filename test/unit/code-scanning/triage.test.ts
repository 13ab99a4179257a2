import { describe, expect, it } from 'vitest';
import { dismissedAlertAt, matchAlerts } from '../../../src/code-scanning/alert-matching.ts';
import {
  isPolicyDismissal,
  MAX_DISMISSAL_COMMENT,
  policyDismissalComment,
} from '../../../src/code-scanning/policy-dismissal.ts';
import { triageLine } from '../../../src/code-scanning/code-scanning-triage.ts';
import { planTriage, type TriageAlert } from '../../../src/code-scanning/triage-plan.ts';
import { sarifPlaceOf } from '../../../src/sarif/sarif-location.ts';

const same = (text: string): string => text;

describe('sarifPlaceOf', () => {
  it("gives the SARIF writer's rule id and the decoded repository path", () => {
    expect(
      sarifPlaceOf(
        { title: 'SQL Injection (#3)', cwe: 'CWE-89', filePath: './src/db/user repo.ts', line: 4 },
        same,
      ),
    ).toEqual({ ruleId: 'cwe-89/sql-injection', path: 'src/db/user repo.ts', line: 4 });
    expect(sarifPlaceOf({ title: 'x', filePath: '../etc/passwd', line: 1 }, same).path).toBeUndefined();
  });
});

describe('matchAlerts', () => {
  const alert = (number: number, line: number, ruleId = 'r', path = 'a.ts') => ({
    number,
    ruleId,
    path,
    line,
  });

  it('matches by rule and path, each finding to the nearest alert, no alert twice', () => {
    const findings = [
      { ruleId: 'r', path: 'a.ts', line: 52 },
      { ruleId: 'r', path: 'a.ts', line: 11 },
      { ruleId: 'r', path: 'b.ts', line: 11 },
      { ruleId: 'q', path: 'a.ts', line: 11 },
      { ruleId: 'r', path: 'a.ts', line: 30 },
    ];
    const matched = matchAlerts(findings, [alert(1, 10), alert(2, 50)]);
    expect([...matched].map(([finding, found]) => [finding, found.number]).sort()).toEqual([
      [0, 2],
      [1, 1],
    ]);
  });

  it('leaves a finding without a usable path unmatched', () => {
    expect(matchAlerts([{ ruleId: 'r', path: undefined, line: 1 }], [alert(1, 1)]).size).toBe(0);
  });
});

describe('dismissedAlertAt', () => {
  const dismissed = [
    { number: 1, ruleId: 'cwe-89/sql-injection', path: 'src/db.ts', line: 10, securitySeverityLevel: 'high' },
    { number: 2, ruleId: 'cwe-89/sql-injection', path: 'src/db.ts', line: 40, securitySeverityLevel: 'high' },
  ] as const;

  it('takes out only the finding at the dismissed place, never another finding of the rule nearby', () => {
    const place = (line: number) => ({ ruleId: 'cwe-89/sql-injection', path: 'src/db.ts', line });
    // A new, more severe finding read first at line 900 must still count: the nearest alert is another finding's.
    expect(dismissedAlertAt(place(900), 'high', dismissed, new Set())).toBeUndefined();
    expect(dismissedAlertAt(place(11), 'high', dismissed, new Set())).toBeUndefined();
    expect(dismissedAlertAt(place(10), 'high', dismissed, new Set())?.number).toBe(1);
    expect(dismissedAlertAt(place(40), 'high', dismissed, new Set([2]))).toBeUndefined();
  });

  it('never matches another rule, another file or a finding without a usable path', () => {
    expect(
      dismissedAlertAt({ ruleId: 'cwe-79/xss', path: 'src/db.ts', line: 10 }, 'high', dismissed, new Set()),
    ).toBeUndefined();
    expect(
      dismissedAlertAt(
        { ruleId: 'cwe-89/sql-injection', path: 'src/other.ts', line: 10 },
        'high',
        dismissed,
        new Set(),
      ),
    ).toBeUndefined();
    expect(
      dismissedAlertAt(
        { ruleId: 'cwe-89/sql-injection', path: undefined, line: 10 },
        'high',
        dismissed,
        new Set(),
      ),
    ).toBeUndefined();
  });

  it("covers a finding no more severe than the alert's rule; an alert without a level covers info only", () => {
    const at = { ruleId: 'cwe-798/hard-coded-secret', path: 'config/settings.py', line: 12 };
    const low = [{ number: 7, ...at, securitySeverityLevel: 'low' as const }];
    expect(dismissedAlertAt(at, 'critical', low, new Set())).toBeUndefined();
    expect(dismissedAlertAt(at, 'medium', low, new Set())).toBeUndefined();
    expect(dismissedAlertAt(at, 'low', low, new Set())?.number).toBe(7);
    expect(dismissedAlertAt(at, 'info', low, new Set())?.number).toBe(7);
    const unranked = [{ number: 8, ...at, securitySeverityLevel: undefined }];
    expect(dismissedAlertAt(at, 'low', unranked, new Set())).toBeUndefined();
    expect(dismissedAlertAt(at, 'info', unranked, new Set())?.number).toBe(8);
  });

  it('never matches a finding whose path holds a backslash: code scanning files it under the slashed path', () => {
    const place = sarifPlaceOf(
      { title: 'SQL Injection', cwe: 'CWE-89', filePath: 'src\\db.ts', line: 10 },
      same,
    );
    expect(place.path).toBeUndefined();
    expect(dismissedAlertAt(place, 'high', dismissed, new Set())).toBeUndefined();
    expect(matchAlerts([place], dismissed).size).toBe(0);
  });
});

describe('the policy dismissal comment', () => {
  it('names the entry, its reason and expiry, and is known as the policy’s', () => {
    const comment = policyDismissalComment({
      entry: 0,
      label: 'ignore[0] (CWE-798, in docs/**)',
      reason: 'example key in the guide',
      expires: '2026-12-31',
    });
    expect(comment).toBe(
      'svc-scan policy ignore[0] (CWE-798, in docs/**): example key in the guide, expires 2026-12-31',
    );
    expect(isPolicyDismissal(comment)).toBe(true);
    expect(isPolicyDismissal('false positive: sanitised upstream')).toBe(false);
    expect(isPolicyDismissal(null)).toBe(false);
  });

  it('keeps to GitHub’s 280 characters and keeps the expiry', () => {
    const comment = policyDismissalComment({
      entry: 12,
      label: 'ignore[12] ("title")',
      reason: 'why '.repeat(200),
      expires: '2027-01-01',
    });
    expect(comment).toHaveLength(MAX_DISMISSAL_COMMENT);
    expect(comment.endsWith('…, expires 2027-01-01')).toBe(true);
  });
});

describe('planTriage', () => {
  const place = (line: number, ruleId = 'r') => ({ ruleId, path: 'a.ts', line });
  const entry = { entry: 0, label: 'ignore[0] (CWE-1)', reason: 'accepted' };
  /** The token's account: the App's bot. Accounts are told by id; the login is only what the log shows. */
  const ACTION = { login: 'svc-scan-app[bot]', id: 90_001 };
  const MONALISA = { login: 'monalisa', id: 2 };
  const alert = (
    number: number,
    line: number,
    state: TriageAlert['state'],
    comment: string | null = null,
    dismissedBy: { login: string; id: number } | undefined = state === 'dismissed' ? ACTION : undefined,
  ): TriageAlert => ({
    number,
    ruleId: 'r',
    path: 'a.ts',
    line,
    state,
    dismissedById: dismissedBy?.id,
    dismissedComment: comment,
  });

  it('dismisses the open alerts of suppressed findings and reopens its own when the entry went', () => {
    const plan = planTriage(
      [
        { place: place(1), suppressedBy: entry },
        { place: place(20), suppressedBy: undefined },
        { place: place(40), suppressedBy: undefined },
      ],
      [
        alert(1, 1, 'open'),
        alert(2, 20, 'dismissed', 'svc-scan policy ignore[3] (x): old reason'),
        alert(3, 40, 'dismissed', 'false positive, checked by hand', MONALISA),
      ],
      ACTION.id,
    );
    expect(plan).toEqual({
      dismiss: [{ alert: 1, comment: 'svc-scan policy ignore[0] (CWE-1): accepted' }],
      reopen: [2],
    });
  });

  it('leaves alone a suppressed finding whose alert a person dismissed, or the action already did', () => {
    const plan = planTriage(
      [
        { place: place(1), suppressedBy: entry },
        { place: place(9), suppressedBy: entry },
      ],
      [
        alert(1, 1, 'dismissed', 'used in tests', MONALISA),
        alert(2, 9, 'dismissed', 'svc-scan policy ignore[0] (CWE-1): accepted'),
      ],
      ACTION.id,
    );
    expect(plan).toEqual({ dismiss: [], reopen: [] });
  });

  it("knows its own dismissals by dismissed_by's id: another account's in the action's words is never reopened", () => {
    const words = 'svc-scan policy ignore[3] (x): old reason';
    const findings = [1, 2, 3, 4, 5].map((line) => ({ place: place(line), suppressedBy: undefined }));
    const alerts = [
      alert(1, 1, 'dismissed', words, { login: 'mallory', id: 666 }),
      // A dismissal request the action filed and a person approved: dismissed_by is the action.
      alert(2, 2, 'dismissed', words, ACTION),
      // The token's own bot, for another workflow, in other words.
      alert(3, 3, 'dismissed', 'dismissed by our cleanup job', ACTION),
      // A person whose login is the App's slug: another account.
      alert(4, 4, 'dismissed', words, { login: 'svc-scan-app', id: 4_242 }),
      // The same login as the token's account, with another id: another account (a login can change hands).
      alert(5, 5, 'dismissed', words, { login: ACTION.login, id: 90_002 }),
    ];
    expect(planTriage(findings, alerts, ACTION.id).reopen).toEqual([2]);
    // The token's account unknown: nothing is reopened.
    expect(planTriage(findings, alerts, undefined).reopen).toEqual([]);
  });
});

describe('triageLine', () => {
  const outcome = {
    dismissed: 1,
    requested: 0,
    reopened: 0,
    leftToDefaultBranch: { dismiss: [], reopen: [] },
  };

  it("says why nothing is reopened when the token's account is not known", () => {
    expect(triageLine({ ...outcome, accountUnknown: 'viewer refused' })).toBe(
      'Code scanning alerts: 1 dismissed for the policy, 0 reopened (their suppression is gone), 0 dismissal ' +
        'requests filed. None is reopened: could not tell which account the token acts as (viewer refused).',
    );
    expect(triageLine(outcome)).not.toContain('could not tell');
  });
});
