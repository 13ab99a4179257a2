import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEYS, failureMessage, runAgainst, useEmulator } from './support.ts';

/**
 * The repository's policy file, end to end on a push: read from the workspace (checked out at the scanned
 * commit), its settings under the inputs, its suppressions and their reasons, expiry and rot, and a bad file
 * refused before anything reaches the service. Pull requests, forks, path scope and merge queues are in
 * policy-pull-request.test.ts.
 */
const emulator = useEmulator();
const POLICY = '.github/svc-scan.yml';

function withPolicy(policy: string, inputs: Record<string, string> = {}, path = POLICY) {
  return runAgainst(
    emulator.current,
    { 'api-key': KEYS.member, ...inputs },
    { repository: 'acme/vulnerable-app', workspace: { files: { [path]: policy } } },
  );
}

const warningsOf = (result: Awaited<ReturnType<typeof withPolicy>>): string =>
  result.annotations
    .filter((annotation) => annotation.level === 'warning')
    .map((annotation) => annotation.message)
    .join('\n');

describe('a policy file in the workspace', () => {
  it('sets the gate and suppresses with its reason, said in the log and the summary', async () => {
    const result = await withPolicy(
      [
        'version: 1',
        'fail-on: critical',
        'ignore:',
        '  - cwe: CWE-89',
        "    paths: ['src/**']",
        '    reason: The login query is parameterised by the ORM; the finding is a false positive',
      ].join('\n'),
    );
    expect(result.exitCode).toBe(0);
    expect(result.outputs).toMatchObject({
      result: 'passed',
      'suppressed-findings': '1',
      'out-of-scope-findings': '0',
      'failing-findings': '0',
      'findings-critical': '0',
      'total-findings': '6',
    });
    expect(result.stdout).toMatch(
      /Policy: \.github\/svc-scan\.yml at f{12} \(the scanned commit\), read from the workspace/,
    );
    expect(result.summary).toMatch(/1 suppressed finding: not gated/);
    expect(result.summary).toContain('parameterised by the ORM');
    // The suppressed finding is listed with the entry that covers it (markdown-escaped) and never annotated as an error.
    expect(result.summary).toMatch(/SQL injection .* ignore\\\[0\\\] \(CWE-89, in src\/\\\*\\\*\)/);
    expect(
      result.annotations.filter((a) => a.level === 'error' && a.properties.file === 'src/login.ts'),
    ).toEqual([]);
  });

  it('yields to an input the workflow sets: the input wins over the file', async () => {
    const result = await withPolicy('version: 1\nfail-on: none\n', { 'fail-on': 'high' });
    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).toBe('failed');
    expect(failureMessage(result)).toMatch(/^4 findings are high or above/);
  });

  it('reads a file named by config-file, and refuses a named file that is missing', async () => {
    const named = await withPolicy(
      'version: 1\nfail-on: none\n',
      { 'config-file': 'policy/scan.yaml' },
      'policy/scan.yaml',
    );
    expect(named.outputs.result).toBe('passed');
    const missing = await withPolicy('version: 1\n', { 'config-file': 'policy/absent.yml' });
    expect(missing.exitCode).toBe(1);
    expect(failureMessage(missing)).toMatch(
      /policy file policy\/absent\.yml named by config-file does not exist/,
    );
    expect(emulator.current.stats().scans_created).toBe(1);
  });
});

describe('a bad policy file', () => {
  it.each([
    ['an unknown key', 'version: 1\nfail-onn: high\n', /line 2: fail-onn is not a key the policy knows/],
    [
      'a value out of its set',
      'version: 1\nfail-on: hihg\n',
      /line 2: fail-on must be one of critical, high, medium, low, info, none/,
    ],
    ['a suppression without a reason', 'version: 1\nignore:\n  - cwe: CWE-79\n', /ignore\[0\] needs reason/],
    [
      'a date that is none',
      "version: 1\nignore:\n  - cwe: 79\n    reason: ok\n    expires: '2026-02-30x'\n",
      /ignore\[0\]\.expires must be a date, YYYY-MM-DD/,
    ],
    ['a YAML syntax error', 'version: 1\nfail-on: [high\n', /\.github\/svc-scan\.yml is invalid: line \d+, column \d+:/],
    ['a wrong version', 'version: 2\n', /line 1: version must be 1/],
    ['an api-key in the file', 'version: 1\napi-key: svc_sk_nope\n', /api-key is not a key the policy knows/],
  ])('is refused before any request: %s', async (_kind, policy, message) => {
    const result = await withPolicy(policy);
    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).toBe('failed');
    expect(failureMessage(result)).toContain('.github/svc-scan.yml');
    expect(failureMessage(result)).toMatch(message);
    expect(emulator.current.stats().requests_total).toBe(0);
  });
});

describe('suppressions', () => {
  it('suppress by the fingerprint a first run wrote to SARIF, and write it back as dismissed by policy', async () => {
    const sarif = 'scan.sarif';
    const first = await runSarif({});
    const critical = first.runs[0]!.results.find((result) => result.ruleId.startsWith('cwe-89/'));
    const fingerprint = critical!.partialFingerprints['svcScanFindingHash/v1']!;
    expect(fingerprint).toMatch(/^[0-9a-f]{32}$/);

    const second = await runSarif({
      [POLICY]: `version: 1\nfail-on: critical\nignore:\n  - fingerprint: ${fingerprint}\n    reason: Accepted risk, tracked in SEC-42\n`,
    });
    const suppressed = second.runs[0]!.results.find((result) => result.ruleId.startsWith('cwe-89/'));
    expect(suppressed?.suppressions).toEqual([
      {
        kind: 'external',
        justification: expect.stringContaining('Accepted risk, tracked in SEC-42') as string,
      },
    ]);
    expect(second.outputs).toMatchObject({ result: 'passed', 'suppressed-findings': '1' });

    async function runSarif(files: Record<string, string>) {
      let log: { runs: { results: SarifResult[] }[] } | undefined;
      const result = await runAgainst(
        emulator.current,
        { 'api-key': KEYS.member, 'sarif-file': sarif, 'reuse-scan': 'false' },
        {
          repository: 'acme/vulnerable-app',
          workspace: { files },
          inspectWorkDir: async (workDir) => {
            log = JSON.parse(await readFile(join(workDir, sarif), 'utf8')) as typeof log;
          },
        },
      );
      return { ...log!, outputs: result.outputs };
    }
  });

  it('by CWE narrowed by paths; an expired one warns and no longer applies; an unused one is listed', async () => {
    const result = await withPolicy(
      [
        'version: 1',
        'ignore:',
        '  - cwe: CWE-79',
        "    paths: ['src/views/**']",
        '    reason: Rendered through the escaping template engine',
        '  - cwe: 798',
        '    reason: Rotated test credential',
        "    expires: '2020-01-31'",
        '  - title: A finding this repository no longer has',
        '    reason: Left over from the old parser',
      ].join('\n'),
    );
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ 'suppressed-findings': '1', 'failing-findings': '3' });
    expect(warningsOf(result)).toMatch(
      /A suppression has expired, so its findings count again: ignore\[1\] \(CWE-798\).*expires 2020-01-31; reason: Rotated test credential\. Fix them/,
    );
    expect(result.summary).toMatch(/Unused suppressions/);
    expect(result.summary).toContain('Left over from the old parser');
    expect(result.summary).toMatch(/Expired suppressions/);
  });

  it('that would cover a finding in another folder do not', async () => {
    const result = await withPolicy(
      "version: 1\nignore:\n  - cwe: CWE-79\n    paths: ['lib/**']\n    reason: Another folder\n",
    );
    expect(result.outputs['suppressed-findings']).toBe('0');
    expect(result.summary).toMatch(/Unused suppressions/);
  });
});

describe('paths on a push', () => {
  it('leaves findings outside paths out of the report and the gate, and counts them', async () => {
    const result = await withPolicy("version: 1\npaths: ['src/**']\npaths-ignore: ['src/util/**']\n");
    // In scope: the critical (src/login.ts), the XSS (src/views), the medium (src/app); not the two high in
    // config/ and package.json, the low in src/util, the info in docs/.
    expect(result.outputs).toMatchObject({
      'out-of-scope-findings': '4',
      'findings-critical': '1',
      'findings-high': '1',
      'failing-findings': '2',
    });
    expect(result.summary).toMatch(/4 findings lie outside: neither reported nor gated/);
  });
});

interface SarifResult {
  ruleId: string;
  partialFingerprints: Record<string, string>;
  suppressions?: unknown[];
}
