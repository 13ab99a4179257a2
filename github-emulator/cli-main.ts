import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startGitHubEmulator, type GitHubEmulator, type GitHubEmulatorOptions } from './index.ts';
import { TOKEN_MODES, type TokenMode } from './token-permissions.ts';

/**
 * `node github-emulator/cli.ts [options]`: starts the emulator, prints its URL, token and control URL (and the
 * same as one JSON line), and stops cleanly, exit code 0, on SIGINT or SIGTERM.
 */

export const USAGE = `Usage: node github-emulator/cli.ts [options]

  --port N        port to listen on (default 0: a free one)
  --host HOST     address to bind (default 127.0.0.1)
  --seed PATH     a JSON seed: repositories, pull requests, files, comments (default: the built-in one)
  --token TOKEN   the token clients must send
  --mode MODE     token mode: ${TOKEN_MODES.join(', ')} (default full)
  --help          show this text

Prints the API URL, the token and the control URL, then a JSON line {"url","ghesUrl","token","controlUrl"}.`;

export async function main(argv: readonly string[]): Promise<number> {
  let options: GitHubEmulatorOptions;
  try {
    const { values } = parseArgs({
      args: [...argv],
      strict: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        token: { type: 'string' },
        mode: { type: 'string' },
        help: { type: 'boolean' },
      },
    });
    if (values.help === true) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    options = { port: port(values.port), host: values.host ?? '127.0.0.1' };
    if (values.token !== undefined) options.token = values.token;
    if (values.mode !== undefined) {
      if (!(TOKEN_MODES as readonly string[]).includes(values.mode))
        throw new Error(`--mode must be one of ${TOKEN_MODES.join(', ')}`);
      options.tokenMode = values.mode as TokenMode;
    }
    if (values.seed !== undefined)
      options.seed = JSON.parse(readFileSync(values.seed, 'utf8')) as GitHubEmulatorOptions['seed'];
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
    return 2;
  }

  let emulator: GitHubEmulator;
  try {
    emulator = await startGitHubEmulator(options);
  } catch (error) {
    process.stderr.write(
      `github-emulator: cannot start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  }
  const ready = {
    url: emulator.url,
    ghesUrl: emulator.ghesUrl,
    token: emulator.token,
    controlUrl: emulator.controlUrl,
    pid: process.pid,
  };
  process.stdout.write(
    `GitHub API emulator listening on ${emulator.url} (GHES style: ${emulator.ghesUrl})\n` +
      `Token: ${emulator.token}\n` +
      `Control: ${emulator.controlUrl}\n` +
      `${JSON.stringify(ready)}\n`,
  );
  const stopped = new AbortController();
  await Promise.race(
    (['SIGINT', 'SIGTERM'] as const).map((signal) => once(process, signal, { signal: stopped.signal })),
  );
  stopped.abort();
  await emulator.close();
  return 0;
}

function port(raw: string | undefined): number {
  if (raw === undefined) return 0;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value > 65_535)
    throw new Error(`--port must be an integer from 0 to 65535, not ${JSON.stringify(raw)}`);
  return value;
}
