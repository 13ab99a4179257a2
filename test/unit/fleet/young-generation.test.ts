import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CHURN = fileURLToPath(new URL('./support/young-generation-churn.ts', import.meta.url));
const MIB = 1024 * 1024;

/** The new space's size before and during a churn like a fleet's, in a process of its own (V8's flags are the process's). */
function churn(mode: 'held' | 'free'): { before: number; during: number } {
  const child = spawnSync(process.execPath, ['--experimental-strip-types', CHURN, mode], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(child.status, child.stderr).toBe(0);
  return JSON.parse(child.stdout) as { before: number; during: number };
}

describe('the young generation while a fleet runs', () => {
  it('stays at its first size when held, where it grows many times over when free', () => {
    const free = churn('free');
    expect(free.during).toBeGreaterThanOrEqual(8 * MIB);
    const held = churn('held');
    expect(held.during).toBeLessThanOrEqual(Math.max(2 * held.before, 4 * MIB));
  }, 120_000);
});
