import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { measureAction, type ActionMeasurementInput } from './action-measurement.ts';
import type { SarifFileFigures, SarifRun } from './results.ts';

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
