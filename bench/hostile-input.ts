import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { HostileInputRun } from './results.ts';

/**
 * Hostile input the run reads before its deadline exists: a policy file of many unknown keys, policy files of one
 * long line of hostile YAML (hostile-yaml.ts), and the worst glob the policy schema allows against one crafted
 * path, in a process of its own (hostile-input-process.ts).
 */

const PROCESS = fileURLToPath(new URL('./hostile-input-process.ts', import.meta.url));

export async function measureHostileInput(
  keySizes: readonly number[],
  pathSizes: readonly number[],
  shapeBytes: number,
): Promise<HostileInputRun> {
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      [PROCESS, keySizes.join(','), pathSizes.join(','), String(shapeBytes)],
      { timeout: 5 * 60_000, maxBuffer: 1 << 20 },
      (error, out, err) => {
        if (error) reject(new Error(`the hostile input benchmark failed: ${error.message}\n${err}`));
        else resolve(out);
      },
    );
  });
  return JSON.parse(stdout) as HostileInputRun;
}
