import { describe, expect, it } from 'vitest';
import { AuthError, ConfigError, NotFoundError, ServerError } from '../../src/client/index.ts';
import { organizationName } from '../../src/cli/commands/login.ts';
import { matrixOf } from '../../src/cli/commands/repos.ts';
import { Writer } from '../../src/cli/cli-io.ts';
import { CommandFailure, EXIT, UsageError } from '../../src/cli/exit-codes.ts';
import { describeFailure } from '../../src/cli/failure-message.ts';
import { maskKey } from '../../src/cli/mask-key.ts';
import { buildScanReport, renderScanText } from '../../src/cli/scan/scan-report.ts';
import { jsonText, renderTable } from '../../src/cli/terminal-text.ts';
import { evaluateGate } from '../../src/domain/gate.ts';

describe('maskKey', () => {
  it('shows a prefix and the last four characters, never more than a third of the key', () => {
    expect(maskKey('svc_sk_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789')).toBe('svc_sk_AbCdE…6789');
    expect(maskKey('svc_sk_e2e_member_key_0001')).toBe('svc_sk_e…0001');
    expect(maskKey('short_secret')).toBe('shor…');
    expect(maskKey('')).toBe('…');
  });
});

describe('Writer', () => {
  it('scrubs every registered secret from what it writes', () => {
    let written = '';
    const secrets = new Set<string>();
    const writer = new Writer({ write: (text: string) => (written += text) }, secrets);
    secrets.add('svc_sk_secret_value');
    writer.line('key svc_sk_secret_value in a message');
    expect(written).toBe('key *** in a message\n');
  });
});

describe('jsonText', () => {
  it('escapes the legacy workflow command form and keeps the data', () => {
    const text = jsonText({ title: 'x ##[error] y' });
    expect(text).not.toContain('##[');
    expect(JSON.parse(text)).toEqual({ title: 'x ##[error] y' });
  });

  it('writes one line when asked, for a matrix in $GITHUB_OUTPUT', () => {
    const repositories = [{ id: 'r1', full_name: 'acme/a', default_branch: 'main' }];
    expect(jsonText(matrixOf(repositories), false)).toBe('{"include":[{"repository":"acme/a"}]}\n');
  });
});

describe('renderTable', () => {
  it('pads columns and makes every cell one inert line', () => {
    const table = renderTable(
      ['A', 'B'],
      [
        ['long cell', 'x'],
        ['::error::bad\nline', '\u001b[31mred'],
      ],
    );
    expect(table.split('\n')).toEqual([
      'A                   B',
      'long cell           x',
      ': :error::bad line  \uFFFD[31mred',
      '',
    ]);
  });
});

describe('describeFailure', () => {
  it.each<[unknown, number]>([
    [new UsageError('bad flag'), EXIT.usage],
    [new ConfigError('no key'), EXIT.config],
    [new AuthError('GET /me failed with 401: revoked', { statusCode: 401 }), EXIT.config],
    [new AuthError('POST /api-keys failed with 403', { statusCode: 403 }), EXIT.config],
    [new NotFoundError('DELETE /api-keys/k failed with 404', { statusCode: 404 }), EXIT.service],
    [new ServerError('GET /me failed with 503', { statusCode: 503 }), EXIT.service],
    [new CommandFailure('the gate', EXIT.gateFailed), EXIT.gateFailed],
    ['a thrown string', EXIT.service],
  ])('%s → exit %i', (error, exitCode) => {
    expect(describeFailure(error, false).exitCode).toBe(exitCode);
  });

  it('an interrupted command is 130 whatever was thrown', () => {
    expect(describeFailure(new ServerError('aborted'), true).exitCode).toBe(EXIT.interrupted);
  });

  it('a 401 says how to get a working key', () => {
    const { message } = describeFailure(new AuthError('GET /me failed with 401', { statusCode: 401 }), false);
    expect(message).toContain('svc login');
    expect(message).toContain('svc keys create');
  });
});

describe('organizationName', () => {
  const principal = {
    user_id: 'u',
    email: 'e',
    role: 'member',
    permissions: [],
    active_org_id: 'org_b',
  };
  it('names the active organization, or gives its id when the list does not say which one it is', () => {
    const orgs = [
      { id: 'org_a', name: 'A', plan: 'team' },
      { id: 'org_b', name: 'B', plan: 'team' },
    ];
    expect(organizationName({ ...principal, organizations: orgs })).toBe('B');
    expect(organizationName({ ...principal, organizations: [{ name: 'Only', plan: 'team' }] })).toBe('Only');
    expect(
      organizationName({
        ...principal,
        organizations: [
          { name: 'One', plan: 'team' },
          { name: 'Two', plan: 'team' },
        ],
      }),
    ).toBe('org_b');
  });
});

describe('renderScanText', () => {
  it('shows the verdict, the counts and the reported findings, and how many are not listed', () => {
    const counts = { critical: 1, high: 0, medium: 0, low: 2, info: 0 };
    const text = renderScanText(
      buildScanReport({
        scan: {
          id: 's1',
          status: 'completed',
          repository: 'acme/a',
          ref: 'main',
          modules: [{ name: 'sast', status: 'completed' }],
        },
        riskScore: 70,
        counts,
        verdict: evaluateGate(counts, 'high'),
        failOn: 'high',
        severityThreshold: 'low',
        reportFloor: 'low',
        reportedTotal: 3,
        findings: [
          {
            id: 'f1',
            severity: 'critical',
            title: 'SQL injection',
            filePath: 'src/db.ts',
            line: 4,
            cwe: 'CWE-89',
          },
        ],
        notes: [],
      }),
    );
    expect(text).toContain('Scan s1 of acme/a at main: completed');
    expect(text).toContain('Risk score 70 · 3 findings: 1 critical, 0 high, 0 medium, 2 low, 0 info');
    expect(text).toMatch(/^SEVERITY +TITLE +LOCATION +CWE +ID$/m);
    expect(text).toMatch(/^critical +SQL injection +src\/db\.ts:4 +CWE-89 +\S+$/m);
    expect(text).toContain(
      '2 more findings at or above low are not listed here: svc findings list --scan s1 --limit 3 lists every finding of the scan.',
    );
    expect(text.trimEnd().split('\n').at(-1)).toBe(
      'Gate failed: 1 finding is high or above (fail-on: high): 1 critical.',
    );
  });
});
