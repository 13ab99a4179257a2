import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActionsToolkit } from '../../../src/github/toolkit.ts';

/**
 * The runner's side of the Toolkit, through @actions/core, with the files the runner hands over: what it
 * writes to the log, the outputs, the state and the job summary.
 */

const SECRET = 'svc_sk_toolkit_secret_0042';
let files: { output: string; state: string; summary: string };
let stdout: string[];

beforeEach(() => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-toolkit-'));
  files = { output: join(dir, 'output'), state: join(dir, 'state'), summary: join(dir, 'summary') };
  for (const path of Object.values(files)) writeFileSync(path, '');
  vi.stubEnv('GITHUB_OUTPUT', files.output);
  vi.stubEnv('GITHUB_STATE', files.state);
  vi.stubEnv('GITHUB_STEP_SUMMARY', files.summary);
  stdout = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout.push(String(chunk));
    return true;
  });
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('createActionsToolkit', () => {
  it('masks each secret once, however often it is given', () => {
    const toolkit = createActionsToolkit();
    toolkit.setSecret(SECRET);
    toolkit.setSecret(SECRET);
    expect(stdout.filter((line) => line.startsWith(`::add-mask::${SECRET}`))).toHaveLength(1);
  });

  it('scrubs a masked secret from outputs and the summary, which the runner does not mask', async () => {
    const toolkit = createActionsToolkit();
    toolkit.setSecret(SECRET);
    toolkit.setOutput('result', `passed ${SECRET}`);
    await toolkit.appendSummary(`## Summary ${SECRET} and ${SECRET.replaceAll('_', '\\_')}`);
    const output = readFileSync(files.output, 'utf8');
    expect(output).toContain('passed ***');
    expect(output).not.toContain(SECRET);
    const summary = readFileSync(files.summary, 'utf8');
    expect(summary).toContain('## Summary *** and ***');
  });

  it('saves state for the post step and reads it back as the runner passes it', () => {
    const toolkit = createActionsToolkit();
    toolkit.saveState('scan-id', 'scan_7');
    expect(readFileSync(files.state, 'utf8')).toContain('scan_7');
    vi.stubEnv('STATE_scan-id', 'scan_7');
    expect(toolkit.getState('scan-id')).toBe('scan_7');
  });

  it('says once that the summary has nowhere to go when the runner gives no summary file', async () => {
    vi.stubEnv('GITHUB_STEP_SUMMARY', '');
    const toolkit = createActionsToolkit();
    await toolkit.appendSummary('## nowhere');
    await toolkit.appendSummary('## nowhere either');
    expect(readFileSync(files.summary, 'utf8')).toBe('');
    const warnings = stdout.filter((line) => line.startsWith('::warning::'));
    expect(warnings).toEqual([
      expect.stringContaining(
        '::warning::GITHUB_STEP_SUMMARY is not set, so the job summary has nowhere to go and is left out',
      ),
    ]);
  });

  it('writes the outputs to the log, saying why once, when the runner gives no output file', () => {
    vi.stubEnv('GITHUB_OUTPUT', '');
    const toolkit = createActionsToolkit();
    toolkit.setSecret(SECRET);
    toolkit.setOutput('result', 'failed');
    toolkit.setOutput('scan-id', `scan_7 ${SECRET}\n::error::forged`);
    const log = stdout.join('');
    expect(log).not.toContain('::set-output');
    expect(log.match(/::warning::GITHUB_OUTPUT is not set/g)).toHaveLength(1);
    expect(log).toContain("the step's outputs are written to the log as name=value lines instead");
    expect(log).toMatch(/^result=failed$/m);
    expect(log).toMatch(/^scan-id=scan_7 \*\*\*$/m);
    expect(log).not.toMatch(/^::error::forged/m);
    expect(readFileSync(files.output, 'utf8')).toBe('');
  });

  it('writes log lines, groups and annotations as workflow commands', () => {
    const toolkit = createActionsToolkit();
    toolkit.startGroup('Waiting');
    toolkit.info('plain line');
    toolkit.debug('detail');
    toolkit.endGroup();
    toolkit.warning('careful', { title: 'T', file: 'src/a.ts', startLine: 3 });
    toolkit.error('broken');
    toolkit.notice('fyi');
    toolkit.setFailed('failed because');
    const log = stdout.join('');
    expect(log).toContain('::group::Waiting\n');
    expect(log).toContain('plain line\n');
    expect(log).toContain('::debug::detail\n');
    expect(log).toContain('::endgroup::\n');
    expect(log).toContain('::warning title=T,file=src/a.ts,line=3::careful\n');
    expect(log).toContain('::error::broken\n');
    expect(log).toContain('::notice::fyi\n');
    expect(log).toContain('::error::failed because\n');
    expect(process.exitCode).toBe(1);
    process.exitCode = undefined;
  });
});
