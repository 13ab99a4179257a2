import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { NODE_BINARY } from '../scripts/action-runner.ts';
import { bytes, count, ms } from './report.ts';
import { renderTable } from './table.ts';

/**
 * `node bench/sarif-file.ts [N,N,...]`: the SARIF file's writer on N generated findings (default 1,000, 10,000 and
 * 100,000; the emulator's generator, in memory, most severe first; fetching them is not measured here), each in a
 * child process of its own, for its time, peak RSS and the file's size, raw and gzip-compressed. A second child
 * per size only makes and reads the same findings, so the writer's share of the peak shows.
 *
 * The child is bundled with esbuild first, as the action is: a .ts file run directly loads Node's type stripper,
 * which alone takes the peak RSS over 150 MB. Peak RSS comes from GNU time (`/usr/bin/time -f '%M %U %S'`), as in
 * action-process.ts; without it the figure is left out (rss-probe.ts is TypeScript, which would skew it).
 */

const CHILD_SOURCE = fileURLToPath(new URL('./sarif-file-child.ts', import.meta.url));
const ESBUILD = fileURLToPath(new URL('../node_modules/.bin/esbuild', import.meta.url));
const GNU_TIME = '/usr/bin/time';
export const SARIF_RSS_TARGET_BYTES = 150 * 2 ** 20;

export interface SarifFileRun {
  findings: number;
  results: number;
  rules: number;
  leftOut: number;
  ms: number;
  fileBytes: number;
  gzipBytes: number;
  peakRssBytes: number | undefined;
  /** Peak RSS of a child that makes and reads the same findings and writes nothing. */
  findingsOnlyPeakRssBytes: number | undefined;
}

export async function measureSarifFile(sizes: readonly number[], seed = 1): Promise<SarifFileRun[]> {
  const work = await mkdtemp(join(tmpdir(), 'svc-bench-sarif-'));
  try {
    const entry = join(work, 'child.mjs');
    await promisify(execFile)(ESBUILD, [
      CHILD_SOURCE,
      '--bundle',
      '--platform=node',
      '--format=esm',
      `--outfile=${entry}`,
      '--log-level=warning',
    ]);
    const runs: SarifFileRun[] = [];
    for (const findings of sizes) {
      const written = await runChild(entry, [String(findings), String(seed), 'write'], work);
      const baseline = await runChild(entry, [String(findings), String(seed), 'findings-only'], work);
      const summary = written.output as {
        results: number;
        rules: number;
        leftOutForResultLimit: number;
        leftOutForSizeLimit: number;
        ms: number;
        fileBytes: number;
        gzipBytes: number;
      };
      runs.push({
        findings,
        results: summary.results,
        rules: summary.rules,
        leftOut: summary.leftOutForResultLimit + summary.leftOutForSizeLimit,
        ms: summary.ms,
        fileBytes: summary.fileBytes,
        gzipBytes: summary.gzipBytes,
        peakRssBytes: written.peakRssBytes,
        findingsOnlyPeakRssBytes: baseline.peakRssBytes,
      });
    }
    return runs;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function runChild(
  entry: string,
  args: string[],
  work: string,
): Promise<{ output: unknown; peakRssBytes: number | undefined }> {
  const rssFile = join(work, 'rss');
  const useGnuTime = existsSync(GNU_TIME);
  const [command, commandArgs] = useGnuTime
    ? [GNU_TIME, ['-f', '%M %U %S', '-o', rssFile, NODE_BINARY, entry, ...args]]
    : [NODE_BINARY, [entry, ...args]];
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`the SARIF bench child exited with ${code}: ${stdout}`);
  const kib = useGnuTime
    ? Number((await readFile(rssFile, 'utf8')).trim().split('\n').at(-1)?.split(' ')[0])
    : NaN;
  return {
    output: JSON.parse(stdout) as unknown,
    peakRssBytes: Number.isFinite(kib) ? kib * 1024 : undefined,
  };
}

export function renderSarifTable(runs: readonly SarifFileRun[], format: 'text' | 'markdown'): string {
  return renderTable(
    {
      headers: [
        'findings',
        'results',
        'rules',
        'left out',
        'time',
        'peak RSS',
        'of which findings',
        'file',
        'gzip',
      ],
      rows: runs.map((run) => [
        count(run.findings),
        count(run.results),
        count(run.rules),
        count(run.leftOut),
        ms(run.ms),
        bytes(run.peakRssBytes ?? Number.NaN),
        bytes(run.findingsOnlyPeakRssBytes ?? Number.NaN),
        bytes(run.fileBytes),
        bytes(run.gzipBytes),
      ]),
    },
    format,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizes = (process.argv[2] ?? '1000,10000,100000').split(',').map(Number);
  const runs = await measureSarifFile(sizes);
  process.stdout.write(`${renderSarifTable(runs, 'text')}\n`);
  const over = runs.filter((run) => (run.peakRssBytes ?? 0) > SARIF_RSS_TARGET_BYTES);
  if (over.length > 0)
    process.stdout.write(
      `peak RSS over the target of ${bytes(SARIF_RSS_TARGET_BYTES)} at ${over.map((run) => count(run.findings)).join(', ')} findings\n`,
    );
}
