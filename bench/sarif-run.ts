import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { startEmulator } from '../emulator/index.ts';
import { ACTION_ENTRY } from '../scripts/action-runner.ts';
import { measureAction, type ActionMeasurementInput } from './action-measurement.ts';
import { RequestLog } from './request-log.ts';
import type { ActionRun, SarifFileFigures, SarifRun } from './results.ts';
import { expectedFindings } from './suite.ts';

/**
 * One run of the bundled action with `sarif-file` (an absolute path in a folder of its own) and
 * `severity-threshold: info`, so that every finding of bench/large is a candidate for the file: the real path,
 * from the scan to the file on disk, with the figures of any action run (time, requests, peak RSS) and the file's
 * size, raw and gzip-compressed as upload-sarif sends it; then the same run without `sarif-file`, what the file adds
 * is measured against.
 */
export async function measureSarifRun(input: Omit<ActionMeasurementInput, 'extraInputs'>): Promise<SarifRun> {
  const folder = await mkdtemp(join(tmpdir(), 'svc-bench-sarif-'));
  try {
    const path = join(folder, 'svc-scan.sarif');
    const run = await measureAction({
      ...input,
      extraInputs: { 'sarif-file': path, 'severity-threshold': 'info' },
    });
    const file = await readFigures(path);
    const without = await measureAction({ ...input, extraInputs: { 'severity-threshold': 'info' } });
    return { findings: run.findings, run, without, file };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function readFigures(path: string): Promise<SarifFileFigures | undefined> {
  const raw = await readFile(path).catch(() => undefined);
  if (raw === undefined) return undefined;
  const log = JSON.parse(raw.toString('utf8')) as {
    runs: {
      results: unknown[];
      tool: { driver: { rules: unknown[] } };
      properties: { findingsLeftOut?: number };
    }[];
  };
  const run = log.runs[0];
  return {
    bytes: raw.length,
    gzipBytes: gzipSync(raw).length,
    results: run?.results.length ?? 0,
    rules: run?.tool.driver.rules.length ?? 0,
    leftOut: run?.properties.findingsLeftOut ?? 0,
  };
}

/**
 * This case alone, side by side: each bundle given (`--entry`, repeatable; default dist/index.js) runs with
 * `sarif-file` on 100,000 findings in turn, `--repeat` rounds, against one emulator with 20 ms of latency.
 * Prints each run's requests, noticed → exit, CPU and peak RSS, with and without the file:
 * `node --experimental-strip-types bench/sarif-run.ts [--entry PATH]... [--findings N] [--repeat N]`.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      entry: { type: 'string', multiple: true },
      findings: { type: 'string', default: '100000' },
      repeat: { type: 'string', default: '3' },
    },
  });
  const entries = values.entry ?? [ACTION_ENTRY];
  const emulator = await startEmulator({
    scenario: 'demo',
    findings: Number(values.findings),
    latencyMs: 20,
  });
  const log = new RequestLog(emulator.port);
  try {
    const expected = await expectedFindings(emulator);
    const common = { emulator, log, expected, latencyMs: 20, timeScale: 0.01, pollIntervalSeconds: 0.2 };
    for (let round = 1; round <= Number(values.repeat); round++)
      for (const entry of entries) {
        const sarif = await measureSarifRun({ ...common, entry, pageSize: undefined, timeoutMs: 300_000 });
        const line = (run: ActionRun | undefined): string =>
          run === undefined
            ? 'not measured'
            : `${run.requests.total} requests, ${run.noticedToExitMs.toFixed(0)} ms, CPU ${run.cpuMs?.toFixed(0) ?? '?'} ms, ` +
              `${((run.peakRssBytes ?? 0) / 1024 / 1024).toFixed(1)} MiB${run.exitCode === 0 ? '' : ` (exit ${run.exitCode})`}`;
        console.log(
          `round ${round} ${entry}: with sarif-file ${line(sarif.run)}, ${sarif.file?.results ?? 0} results; ` +
            `without ${line(sarif.without)}`,
        );
      }
  } finally {
    log.close();
    await emulator.close();
  }
}

if (import.meta.main) await main();
