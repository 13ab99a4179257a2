import { describe, expect, it } from 'vitest';
import { SecretScrubber } from '../../../src/text/secrets.ts';
import { TEXT_BUDGETS } from '../../../src/domain/identity/sarif-limits.ts';
import { aSarifFinding, sarifSchemaErrors, writeToMemory } from './sarif-support.ts';

const KEY = 'svc_live_4f9c2e7a1b3d5f6a8c0e2b4d6f8a0c1e';

describe('a scan with hostile titles and paths', () => {
  const hostile = [
    aSarifFinding({ severity: 'critical', title: `Leaked ${KEY} here`, file_path: '../../etc/passwd' }),
    aSarifFinding({
      severity: 'critical',
      title: `key in base64 ${Buffer.from(KEY).toString('base64')}`,
      file_path: 'C:\\x',
    }),
    aSarifFinding({
      severity: 'high',
      title: 'bell\u0007 nul\u0000 esc\u001b[31m red',
      file_path: 'file:///etc/shadow',
    }),
    aSarifFinding({
      severity: 'high',
      title: '__proto__',
      file_path: '__proto__',
      cwe: '__proto__',
      owasp: '__proto__',
    }),
    aSarifFinding({
      severity: 'medium',
      title: 'x'.repeat(1_000_000),
      file_path: '/home/runner/work/app/app/a.ts',
    }),
    aSarifFinding({
      severity: 'medium',
      title: '<script>alert(1)</script> [link](javascript:alert(1)) @admin',
      file_path: 'javascript:alert(1)',
      owasp: '<img src=x onerror=alert(1)>',
    }),
    aSarifFinding({
      severity: 'low',
      title: 'rtl \u202eevil\u202c',
      file_path: '\\\\host\\share\\x.ts',
      line: Number.NaN,
    }),
    aSarifFinding({ severity: 'low', title: 'constructor', file_path: 'src/\u0000.ts', id: KEY }),
  ];
  const scrubber = new SecretScrubber();
  scrubber.add(KEY);
  const written = writeToMemory(hostile, { scrub: (text) => scrubber.scrub(text) });

  it('gives a valid file with every finding in it', async () => {
    const { log, summary } = await written;
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(summary.results).toBe(hostile.length);
  });

  it('holds no form of the key', async () => {
    const { text } = await written;
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(Buffer.from(KEY).toString('base64'));
    expect(text).toContain('***');
  });

  it('holds no control character, raw or escaped, and no string over its budget', async () => {
    const { text, log } = await written;
    // eslint-disable-next-line no-control-regex -- control characters are what this looks for
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
    expect(text).not.toMatch(/\\u00[01][0-9a-f]|\\[bfrt]/i);
    for (const result of log.runs[0]?.results ?? [])
      expect(result.message.text.length).toBeLessThanOrEqual(TEXT_BUDGETS.message);
    expect(text.length).toBeLessThan(40_000);
  });

  it('points nowhere outside the repository: relative locations only, or none', async () => {
    const { log } = await written;
    const uris = (log.runs[0]?.results ?? []).map(
      (result) => result.locations?.[0]?.physicalLocation.artifactLocation.uri,
    );
    expect(uris).toEqual([
      undefined,
      undefined,
      undefined,
      '__proto__',
      'home/runner/work/app/app/a.ts',
      undefined,
      undefined,
      undefined,
    ]);
    for (const uri of uris.filter((value) => value !== undefined)) {
      expect(uri).not.toMatch(/^[a-z][a-z0-9+.-]*:|^\/|(^|\/)\.\.(\/|$)|\\/i);
    }
  });

  it('puts nothing executable where markdown is rendered, and leaves prototypes alone', async () => {
    const { log } = await written;
    const rules = log.runs[0]?.tool.driver.rules ?? [];
    const markdown = rules.map((rule) => (rule as { help?: { markdown?: string } }).help?.markdown ?? '');
    for (const help of markdown) {
      // HTML escaped, link brackets escaped (`\]` is a literal bracket), mentions broken.
      expect(help).not.toMatch(/<script|<img|(?<!\\)\]\(javascript:/i);
      expect(help).not.toMatch(/@admin/);
    }
    expect(rules.every((rule) => /^(cwe-\d+\/)?[a-z0-9-]+$/.test(rule.id))).toBe(true);
    expect(({} as Record<string, unknown>).severity).toBeUndefined();
    expect(Object.getPrototypeOf(log.runs[0]?.results[3]?.properties)).toBe(Object.prototype);
  });
});
