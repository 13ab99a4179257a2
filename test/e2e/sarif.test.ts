import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FINGERPRINT_KEY } from '../../src/domain/identity/finding-fingerprint.ts';
import { sarifSchemaErrors, type SarifLog } from '../unit/sarif/sarif-support.ts';
import { eachFinding, startHostileProxy } from './hostile-proxy.ts';
import { KEYS, failureMessage, runAgainst, useEmulator } from './support.ts';

/**
 * The bundled action with `sarif-file`, against the emulator: the file code scanning gets, every reported finding
 * in it, and nothing in it that should not be.
 */
const emulator = useEmulator();
let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'svc-sarif-e2e-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function readLog(path: string): Promise<{ text: string; log: SarifLog }> {
  const text = await readFile(path, 'utf8');
  return { text, log: JSON.parse(text) as SarifLog };
}

describe('the SARIF file of the bundled action', () => {
  it('holds every finding at or above severity-threshold of a large scan, valid, at the path of the output', async () => {
    const path = join(folder, 'svc.sarif');
    const result = await runAgainst(
      emulator.current,
      {
        'api-key': KEYS.member,
        repository: 'acme/large-monorepo',
        'severity-threshold': 'medium',
        'fail-on': 'none',
        'sarif-file': path,
      },
      { repository: 'acme/large-monorepo' },
    );
    expect(result.exitCode, result.stdout).toBe(0);
    expect(result.outputs['sarif-file']).toBe(path);
    const { log } = await readLog(path);
    expect(sarifSchemaErrors(log)).toEqual([]);
    const reported = ['critical', 'high', 'medium'].reduce(
      (sum, severity) => sum + Number(result.outputs[`findings-${severity}`]),
      0,
    );
    expect(Number(result.outputs['total-findings'])).toBe(1_234);
    const results = log.runs[0]?.results ?? [];
    expect(results).toHaveLength(reported);
    expect(new Set(results.map((r) => r.properties.findingId)).size).toBe(reported);
    expect(results.every((r) => ['critical', 'high', 'medium'].includes(String(r.properties.severity)))).toBe(
      true,
    );
    expect(log.runs[0]?.automationDetails.id).toBe('svc-scan/acme/large-monorepo/');
    expect(result.summary).toContain('SARIF for code scanning');
  });

  it('resolves a relative path against GITHUB_WORKSPACE, and writes it when the gate fails', async () => {
    let written: string | undefined;
    let workspace = '';
    const result = await runAgainst(
      emulator.current,
      { 'api-key': KEYS.member, 'sarif-file': 'results/svc-scan.sarif', 'sarif-category': 'nightly/web' },
      {
        inspectWorkDir: async (workDir) => {
          workspace = workDir;
          written = await readFile(join(workDir, 'results/svc-scan.sarif'), 'utf8');
        },
      },
    );
    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).toBe('failed');
    expect(result.outputs['sarif-file']).toBe(join(workspace, 'results/svc-scan.sarif'));
    expect(written).toBeDefined();
    const log = JSON.parse(written ?? '') as SarifLog;
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(log.runs[0]?.automationDetails.id).toBe('nightly/web/');
    // acme/vulnerable-app: hostile titles and paths, cleaned; every location relative to the repository.
    // eslint-disable-next-line no-control-regex -- control characters are what this looks for
    expect(written).not.toMatch(/[\u0000-\u0009\u000b-\u001f]|\\u00[01][0-9a-f]|\\[bfrt]/i);
    const uris = (log.runs[0]?.results ?? [])
      .flatMap((r) => r.locations ?? [])
      .map((location) => location.physicalLocation.artifactLocation.uri);
    expect(uris.length).toBeGreaterThan(0);
    expect(uris.filter((uri) => /^([a-z]+:|\/)/i.test(uri))).toEqual([]);
  });

  it('holds no form of the key the service echoes in titles and paths', async () => {
    const key = KEYS.member;
    const proxy = await startHostileProxy(emulator.current.baseUrl);
    try {
      const forms = [key, encodeURIComponent(key), Buffer.from(key).toString('base64').replace(/=+$/, '')];
      proxy.setRules([
        {
          method: 'GET',
          path: /^\/api\/v1\/findings$/,
          json: eachFinding((finding, index) => {
            finding.title = `Committed key ${forms[index % forms.length]!}`;
            finding.file_path = `config/${key}.env`;
          }),
        },
      ]);
      const path = join(folder, 'svc.sarif');
      const result = await runAgainst(emulator.current, {
        'api-key': key,
        'api-url': proxy.baseUrl,
        'sarif-file': path,
      });
      expect(result.outputs['sarif-file']).toBe(path);
      const { text } = await readLog(path);
      for (const form of forms) expect(text).not.toContain(form);
      // The client redacts what the service echoes; the toolkit's scrubber is the second net.
      expect(text).toMatch(/\[REDACTED\]|\*\*\*/);
    } finally {
      await proxy.stop();
    }
  });

  it('gives a finding the same fingerprint on the next scan of the same code', async () => {
    const fingerprints = async (name: string): Promise<string[]> => {
      const path = join(folder, name);
      await runAgainst(emulator.current, { 'api-key': KEYS.member, 'sarif-file': path });
      const { log } = await readLog(path);
      return (log.runs[0]?.results ?? []).map((r) => r.partialFingerprints[FINGERPRINT_KEY] ?? '');
    };
    const first = await fingerprints('first.sarif');
    expect(first.length).toBeGreaterThan(0);
    expect(await fingerprints('second.sarif')).toEqual(first);
  });

  it.each([
    [{ 'sarif-file': '../outside.sarif' }, "Input 'sarif-file' is invalid"],
    [{ 'sarif-file': 'results/' }, "Input 'sarif-file' is invalid"],
    [{ 'sarif-category': '/' }, "Input 'sarif-category' is invalid"],
  ])('refuses %j before any request', async (inputs, message) => {
    const result = await runAgainst(emulator.current, { 'api-key': KEYS.member, ...inputs });
    expect(result.exitCode).toBe(1);
    expect(failureMessage(result)).toContain(message);
    expect(result.outputs['sarif-file']).toBeUndefined();
    expect(emulator.current.stats().requests).toEqual({});
  });

  it('writes nothing and sets no output when the run ends in an error', async () => {
    const path = join(folder, 'svc.sarif');
    const result = await runAgainst(emulator.current, {
      'api-key': KEYS.member,
      repository: 'acme/no-such-repository',
      'sarif-file': path,
    });
    expect(result.exitCode).toBe(1);
    expect(result.outputs['sarif-file']).toBeUndefined();
    await expect(readFile(path)).rejects.toThrow(/ENOENT/);
  });
});
