import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEYS, everythingWritten, failureMessage, runAgainst, useEmulator } from './support.ts';
import { eachFinding, startHostileProxy, type HostileProxy } from './hostile-proxy.ts';

/**
 * The bundled action against a service that lies, one class of fault at a time (see the hardening rules in the
 * README): each test puts the hostile proxy between the action and the emulator and checks that the step
 * fails closed, cancels what it started, keeps the key out of everything it writes, and ends by its deadline.
 */
const emulator = useEmulator();
let proxy: HostileProxy;

// A proxy of its own for each test, in front of that test's emulator.
beforeEach(async () => {
  proxy = await startHostileProxy(emulator.current.baseUrl);
});
afterEach(async () => {
  await proxy.stop();
});

const SCAN = /^\/api\/v1\/scans\/[^/]+$/;
const FINDINGS = /^\/api\/v1\/findings$/;

function viaProxy(inputs: Record<string, string>, options: Parameters<typeof runAgainst>[2] = {}) {
  return runAgainst(
    emulator.current,
    { 'api-key': KEYS.member, 'api-url': proxy.baseUrl, ...inputs },
    options,
  );
}

describe('answers about another resource', () => {
  it('fails closed when a poll answers with another scan', async () => {
    proxy.setRules([
      {
        method: 'GET',
        path: SCAN,
        json: (scan) => ({ ...(scan as object), id: 'scan_other', status: 'completed' }),
      },
    ]);
    const result = await viaProxy({ repository: 'acme/vulnerable-app', 'fail-on': 'none' });
    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).toBe('failed');
    expect(failureMessage(result)).toMatch(/is about scan "scan_other", not scan "scan_\w+"/);
    expect(proxy.seen.some((line) => line.startsWith('GET /api/v1/findings'))).toBe(false);
  });
});

describe('no scan left running for nobody', () => {
  it('lets a create in flight at SIGINT come back, then cancels that scan', async () => {
    proxy.setRules([{ method: 'POST', path: /^\/api\/v1\/scans$/, delayMs: 1_500 }]);
    const result = await viaProxy(
      { repository: 'acme/clean-service' },
      { signal: 'SIGINT', signalWhen: /Starting a scan of/, runPost: true },
    );
    expect(result.exitCode).toBe(130);
    expect(emulator.current.stats().scans_created).toBe(1);
    expect(emulator.current.stats().cancels).toBe(1);
    expect(result.outputs['scan-id']).toMatch(/^scan_/);
    expect(result.outputs).toMatchObject({ result: 'failed', 'scan-status': 'cancelled' });
    expect(failureMessage(result)).toMatch(
      /cancelled while scan scan_\w+ was being started; it was cancelled/,
    );
    // The main step settled it: the post step has nothing to do.
    expect(result.post?.stdout.trim()).toBe('');
  });

  it('keeps the id of a created scan whose answer cannot be decoded, and cancels it', async () => {
    proxy.setRules([
      {
        method: 'POST',
        path: /^\/api\/v1\/scans$/,
        json: (scan) => ({ ...(scan as object), modules: undefined }),
      },
    ]);
    const result = await viaProxy({ repository: 'acme/clean-service' }, { runPost: true });
    expect(result.exitCode).toBe(1);
    expect(result.state['scan-id']).toMatch(/^scan_/);
    expect(failureMessage(result)).toMatch(/started scan scan_\w+ but its answer could not be read/);
    expect(emulator.current.stats().cancels).toBe(1);
  });

  it('retries the post step cancel after a 503: cancelling is idempotent', async () => {
    emulator.current.setFaults([
      { kind: 'error', status: 503, method: 'POST', path: '/scans/{id}/cancel', count: 1 },
    ]);
    const result = await viaProxy(
      { repository: 'acme/endless-monorepo', 'wait-timeout': '1', 'poll-interval': '0.2' },
      { runPost: true },
    );
    expect(result.outputs['scan-status']).toBe('timed-out');
    expect(result.post?.stdout).toMatch(/is still running after the main step; cancelling it/);
    expect(result.post?.stdout).toMatch(/Cancelled scan scan_\w+ on the service/);
    expect(proxy.seen.filter((line) => line.endsWith('/cancel'))).toHaveLength(2);
    expect(emulator.current.stats().cancels).toBe(1);
  });
});

describe('one deadline for the whole run', () => {
  // Each hang lasts two minutes; the test's own 20 s limit would fail it if wait-timeout did not cut the request.
  const HANG = 120_000;

  it('cuts a request in flight at wait-timeout while looking up the repository', async () => {
    proxy.setRules([{ method: 'GET', path: /^\/api\/v1\/repositories$/, delayMs: HANG }]);
    const result = await viaProxy({
      repository: 'acme/vulnerable-app',
      'wait-timeout': '3',
      'poll-interval': '0.1',
    });
    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).toBe('failed');
    expect(result.outputs['total-findings']).toBeUndefined();
    expect(failureMessage(result)).toContain(
      'did not finish within wait-timeout (3 s): it was looking up the repository',
    );
  });

  // The gate decided before the remediations started: running out of time there leaves a warning, not a lost verdict.
  // The deadline leaves a busy machine time to start the remediations (a job id), well inside the test's 20 s.
  const REMEDIATION_DEADLINE_S = 8;
  it.each([
    ['never answers the start', { method: 'POST', path: /\/remediate$/, delayMs: HANG }, '(not started)'],
    ['never finishes', { method: 'GET', path: /^\/api\/v1\/remediations\//, delayMs: HANG }, '(job '],
  ])('keeps a passing verdict and every count when a remediation %s', async (_what, rule, named) => {
    proxy.setRules([rule]);
    const result = await viaProxy({
      repository: 'acme/clean-service',
      remediate: 'true',
      'remediate-severity': 'low',
      'wait-timeout': String(REMEDIATION_DEADLINE_S),
      'poll-interval': '0.1',
    });
    expect(result.exitCode).toBe(0);
    expect(result.outputs).toMatchObject({
      result: 'passed',
      'scan-status': 'completed',
      'total-findings': '3',
    });
    expect(result.outputs['failing-findings']).toBe('0');
    // Both jobs are listed, neither with a pull request.
    expect(JSON.parse(result.outputs['remediation-prs'] ?? '')).toEqual([
      { finding_id: expect.stringMatching(/^fnd_/), pr_url: '', branch: '' },
      { finding_id: expect.stringMatching(/^fnd_/), pr_url: '', branch: '' },
    ]);
    const warnings = result.annotations.filter((a) => a.level === 'warning').map((a) => a.message);
    expect(warnings.join('\n')).toMatch(
      new RegExp(
        `wait-timeout \\(${REMEDIATION_DEADLINE_S} s\\) ran out after the gate had decided: \\d+ of \\d+ remediations were left unfinished`,
      ),
    );
    expect(warnings.join('\n')).toContain(named);
    expect(failureMessage(result)).toBe('');
  });

  it('keeps a failing verdict as the gate decided it when a remediation never finishes', async () => {
    proxy.setRules([{ method: 'GET', path: /^\/api\/v1\/remediations\//, delayMs: HANG }]);
    const result = await viaProxy({
      repository: 'acme/vulnerable-app',
      remediate: 'true',
      'remediate-severity': 'high',
      'wait-timeout': '3',
      'poll-interval': '0.1',
    });
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({
      result: 'failed',
      'total-findings': '7',
      'failing-findings': '4',
    });
    expect(failureMessage(result)).not.toContain('did not finish within wait-timeout');
    expect(failureMessage(result)).toMatch(/high or above/);
  });
});

describe('the key in whatever the service echoes', () => {
  const key = KEYS.member;
  const everyByte = (text: string): string =>
    [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  const encodings = [
    key,
    everyByte(key),
    everyByte(key).toUpperCase(),
    Buffer.from(key).toString('base64').replace(/=+$/, ''),
    Buffer.from(`Bearer ${key}`).toString('base64').replace(/=+$/, ''),
    Buffer.from(key).toString('base64url').replace(/=+$/, ''),
  ];

  it('is in no log line, annotation, summary, output or state, in any encoding', async () => {
    proxy.setRules([
      {
        method: 'GET',
        path: SCAN,
        json: (scan) => {
          const s = scan as { modules: { name: string }[] };
          s.modules[0]!.name = `secrets-${key}`;
          return s;
        },
      },
      {
        method: 'GET',
        path: FINDINGS,
        json: eachFinding((finding, index) => {
          finding.title = `Committed key ${encodings[index % encodings.length]!}`;
          finding.file_path = `config/${key}.env`;
        }),
      },
      {
        method: 'GET',
        path: /\/report$/,
        text: () => ({
          status: 500,
          body: JSON.stringify({
            error: {
              message: `upstream said ${everyByte(key)} and ${Buffer.from(`Bearer ${key}`).toString('base64')}`,
            },
          }),
        }),
      },
    ]);
    const result = await viaProxy({ repository: 'acme/vulnerable-app' });
    expect(result.exitCode).toBe(1);
    const written = [
      everythingWritten(result),
      JSON.stringify(result.state),
      JSON.stringify(result.annotations),
    ].join('\n');
    expect(written).toContain('upstream said');
    for (const form of encodings) expect(written).not.toContain(form);
    expect(written.toLowerCase()).not.toContain(everyByte(key).toLowerCase());
  });
});

describe('paging that lies', () => {
  it('finds a repository behind pages of 7 items that claim a limit of 100', async () => {
    proxy.setRules([
      {
        method: 'GET',
        path: /^\/api\/v1\/repositories$/,
        query: (params) => {
          params.set('limit', '100');
          params.set('offset', '0');
        },
        json: (body, _n, url) => {
          const real = (body as { items: unknown[] }).items;
          const fakes = Array.from({ length: 60 }, (_, i) => ({
            id: `repo_fake_${i}`,
            full_name: `acme/fake-${i}`,
            default_branch: 'main',
          }));
          const all = [...fakes, ...real];
          const offset = Number(url.searchParams.get('offset') ?? '0');
          return { items: all.slice(offset, offset + 7), total: all.length, limit: 100, offset };
        },
      },
    ]);
    const result = await viaProxy({ repository: 'acme/clean-service' });
    expect(result.exitCode).toBe(0);
    expect(result.outputs.result).toBe('passed');
  });

  it('counts from the items when the service ignores the severity filter, and says so', async () => {
    proxy.setRules([{ method: 'GET', path: FINDINGS, query: (params) => params.delete('severity') }]);
    const result = await viaProxy({ repository: 'acme/vulnerable-app', 'fail-on': 'critical' });
    expect(result.outputs).toMatchObject({
      'findings-critical': '1',
      'findings-high': '3',
      'findings-medium': '1',
      'findings-low': '1',
      'findings-info': '1',
      'total-findings': '7',
      'failing-findings': '1',
    });
    expect(result.stdout).toMatch(/ignored the severity filter/);
    expect(result.summary).toMatch(/ignored the severity filter/);
  });
});

describe('decoding that does not trust the wire', () => {
  it('ignores an own __proto__ key on a finding and still passes what passes', async () => {
    proxy.setRules([
      {
        method: 'GET',
        path: FINDINGS,
        rawText: (text) =>
          text.replaceAll('{"id":"fnd', '{"__proto__":{"cwe":5,"owasp":7,"line":"x"},"id":"fnd'),
      },
    ]);
    const result = await viaProxy({ repository: 'acme/clean-service' });
    expect(result.stderr).not.toContain('is not a function');
    expect(result.exitCode).toBe(0);
    expect(result.outputs.result).toBe('passed');
  });

  it('shows a line of 1e308 without a location, and cuts a 1 MB title in every sink', async () => {
    proxy.setRules([
      {
        method: 'GET',
        path: FINDINGS,
        json: eachFinding((finding, index) => {
          if (index === 0) finding.line = 1e308;
          if (index === 1) finding.title = 'A'.repeat(1_000_000);
        }),
      },
    ]);
    const result = await viaProxy({ repository: 'acme/clean-service' });
    expect(result.exitCode).toBe(0);
    expect(result.annotations.every((a) => a.properties.line !== '1e+308')).toBe(true);
    expect(Math.max(...result.stdout.split('\n').map((line) => line.length))).toBeLessThan(10_000);
    expect(result.summary.length).toBeLessThan(20_000);
    // Index 0 of each page of findings: one per severity that has any.
    expect(result.stdout).toMatch(/unusable fields: line \(\d+\)/);
  });

  it('refuses a repository input that is a path, before sending anything', async () => {
    const result = await viaProxy({ repository: '../x' });
    expect(result.exitCode).toBe(1);
    expect(failureMessage(result)).toContain("Input 'repository' is invalid: got '../x'");
    expect(proxy.seen).toEqual([]);
  });
});

describe('one bad item does not sink the run', () => {
  it('asks again for a read whose body was cut short, and passes', async () => {
    emulator.current.setFaults([{ kind: 'truncate', path: '/findings', count: 1 }]);
    const result = await viaProxy({ repository: 'acme/clean-service' });
    expect(result.exitCode).toBe(0);
    expect(result.outputs.result).toBe('passed');
  });

  it('counts a finding with line: null, shows it without a location, and notes it', async () => {
    proxy.setRules([
      { method: 'GET', path: FINDINGS, json: eachFinding((finding) => (finding.line = null)) },
    ]);
    const result = await viaProxy({ repository: 'acme/clean-service' });
    expect(result.exitCode).toBe(0);
    expect(result.outputs['total-findings']).toBe('3');
    expect(result.stdout).toMatch(/arrived with unusable fields: line/);
    expect(result.annotations.filter((a) => a.properties.file === 'src/session.ts')).toEqual([
      expect.objectContaining({ properties: expect.not.objectContaining({ line: expect.anything() }) }),
    ]);
  });
});

describe('messages that are true', () => {
  it('does not claim retries for a scan start that was, rightly, sent once', async () => {
    emulator.current.setFaults([{ kind: 'error', status: 503, method: 'POST', path: '/scans' }]);
    const result = await viaProxy({ repository: 'acme/clean-service' });
    expect(result.exitCode).toBe(1);
    const message = failureMessage(result);
    expect(message).toContain(
      'The service failed (503) while running the scan, and the request was not repeated',
    );
    expect(message).not.toMatch(/after retries|after \d+ attempts/);
    expect(proxy.seen.filter((line) => line === 'POST /api/v1/scans')).toHaveLength(1);
  });

  it('names a missing /api/v1 in api-url when the service answers 404', async () => {
    const origin = new URL(emulator.current.baseUrl).origin;
    const result = await runAgainst(emulator.current, {
      'api-key': KEYS.member,
      'api-url': origin,
      repository: 'acme/clean-service',
    });
    expect(result.exitCode).toBe(1);
    expect(failureMessage(result)).toContain('does not end in /api/v1');
  });
});
