import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeSarifFile } from '../../../src/run/sarif-file.ts';
import { SarifPathError, resolveSarifPath } from '../../../src/run/sarif-path.ts';
import type { SarifFinding } from '../../../src/sarif/sarif-writer.ts';
import { METADATA, OPTIONS, aSarifFinding, generatedFindings, sarifSchemaErrors } from './sarif-support.ts';

const require = createRequire(import.meta.url);

/** The multitool's Linux binary, when its optional package installed here. */
function multitoolBinary(): string | undefined {
  try {
    const binary = join(
      dirname(require.resolve('@microsoft/sarif-multitool-linux/package.json')),
      'Sarif.Multitool',
    );
    return process.platform === 'linux' && existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'sarif-file-'));
});
afterEach(async () => {
  await rm(workspace, { recursive: true, force: true });
});

describe('resolveSarifPath', () => {
  it('resolves a relative path against the workspace and keeps an absolute one', () => {
    expect(resolveSarifPath('out/svc.sarif', '/ws')).toBe('/ws/out/svc.sarif');
    expect(resolveSarifPath('/tmp/svc.sarif', '/ws')).toBe('/tmp/svc.sarif');
  });

  it('refuses an empty path, a NUL, and a relative path without an absolute workspace', () => {
    expect(() => resolveSarifPath(' ', '/ws')).toThrow(SarifPathError);
    expect(() => resolveSarifPath('a\0b', '/ws')).toThrow(/sarif-file/);
    expect(() => resolveSarifPath('a.sarif', '')).toThrow(/GITHUB_WORKSPACE/);
  });
});

describe('writeSarifFile', () => {
  it('writes the log under the workspace, creating folders, and returns the absolute path', async () => {
    const written = await writeSarifFile({
      path: 'reports/deep/svc.sarif',
      workspace,
      findings: generatedFindings(200),
      metadata: METADATA,
      options: OPTIONS,
    });
    expect(written.path).toBe(join(workspace, 'reports/deep/svc.sarif'));
    const log = JSON.parse(await readFile(written.path, 'utf8')) as unknown;
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(written.summary.results).toBe(200);
    expect(await readdir(join(workspace, 'reports/deep'))).toEqual(['svc.sarif']);
  });

  it('leaves the previous file whole and no temporary file when writing fails', async () => {
    const target = join(workspace, 'svc.sarif');
    await writeFile(target, 'previous');
    function* failing(): Generator<SarifFinding> {
      yield aSarifFinding({ severity: 'high' });
      throw new Error('the findings could not be read');
    }
    await expect(
      writeSarifFile({
        path: 'svc.sarif',
        workspace,
        findings: failing(),
        metadata: METADATA,
        options: OPTIONS,
      }),
    ).rejects.toThrow('the findings could not be read');
    expect(await readFile(target, 'utf8')).toBe('previous');
    expect(await readdir(workspace)).toEqual(['svc.sarif']);
  });

  const binary = multitoolBinary();
  it.skipIf(binary === undefined)(
    `passes the SARIF multitool, with its GitHub rules${binary ? '' : ' (skipped: @microsoft/sarif-multitool has no binary for this platform)'}`,
    async () => {
      const findings = [
        ...generatedFindings(300),
        aSarifFinding({ severity: 'info', title: 'No location', file_path: '../x', line: 0 }),
      ];
      const written = await writeSarifFile({
        path: 'svc.sarif',
        workspace,
        findings,
        metadata: METADATA,
        options: OPTIONS,
      });
      const report = join(workspace, 'validation.sarif');
      // It exits 0 whatever it finds: its own SARIF output says what it found.
      await promisify(execFile)(
        binary ?? '',
        ['validate', written.path, '--output', report, '--log', 'ForceOverwrite', '--rule-kind', 'Sarif;Gh'],
        { timeout: 120_000 },
      );
      const validation = JSON.parse(await readFile(report, 'utf8')) as {
        runs: { results?: { ruleId: string; level?: string; message: { arguments?: string[] } }[] }[];
      };
      const problems = (validation.runs[0]?.results ?? []).map(
        (result) =>
          `${result.level ?? 'warning'} ${result.ruleId} ${JSON.stringify(result.message.arguments)}`,
      );
      expect(problems).toEqual([]);
    },
    150_000,
  );
});
