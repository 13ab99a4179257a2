import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const CHILD_SOURCE = fileURLToPath(new URL('./one-round-client.ts', import.meta.url));
const ESBUILD = fileURLToPath(new URL('../node_modules/.bin/esbuild', import.meta.url));

/**
 * The one-round client (one-round-client.ts) bundled as the action is, so that neither pays for Node's type
 * stripper: the path of its entry, in a temporary folder of its own.
 */
export async function bundleOneRoundClient(): Promise<string> {
  const entry = join(await mkdtemp(join(tmpdir(), 'svc-bench-one-round-')), 'one-round-client.mjs');
  await promisify(execFile)(ESBUILD, [
    CHILD_SOURCE,
    '--bundle',
    '--platform=node',
    '--format=esm',
    '--target=node24',
    // undici is CommonJS: its require() of Node's built-ins needs a require in the ES module.
    "--banner:js=import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    `--outfile=${entry}`,
    '--log-level=warning',
  ]);
  return entry;
}
