import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { MatchingRun } from './results.ts';

/**
 * Matching new findings (src/new-findings/new-findings.ts): a head and a baseline scan of `findings` findings each,
 * through a pull request's files list, matched `runs` times in a process of its own (matching-process.ts), so
 * that its peak RSS is the matching's. No emulator and no request: the matching is pure.
 */

const PROCESS = fileURLToPath(new URL('./matching-process.ts', import.meta.url));

export async function measureMatching(findings: number, runs: number): Promise<MatchingRun> {
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      [PROCESS, String(findings), String(runs)],
      { timeout: 5 * 60_000, maxBuffer: 1 << 20 },
      (error, out, err) => {
        if (error) reject(new Error(`the matching benchmark failed: ${error.message}\n${err}`));
        else resolve(out);
      },
    );
  });
  const run = JSON.parse(stdout) as MatchingRun;
  const { outcome, expected } = run;
  run.ok =
    outcome.new === expected.new &&
    outcome.fixed === expected.fixed &&
    outcome.existing === expected.existing &&
    outcome.coarseFiles === expected.coarseFiles;
  return run;
}
