import { readFileSync } from 'node:fs';
import {
  commonUsage,
  parseLauncherArgs,
  runLauncher,
  UsageError,
  type Launcher,
  type LauncherFlags,
} from '../emulator-kit/launcher.ts';
import { startGitHubEmulator, type GitHubEmulatorOptions } from './index.ts';
import { TOKEN_MODES, type TokenMode } from './token-permissions.ts';

/**
 * `node github-emulator/cli.ts [options]`, through the shared launcher: starts the emulator, prints its URL,
 * token and control URL, then the ready line `{baseUrl, token, controlUrl, origin, pid, ghesUrl}`, and closes
 * cleanly, exit code 0, on SIGINT or SIGTERM.
 */

const DEFAULT_PORT = 0;

const USAGE = `Usage: node github-emulator/cli.ts [options]

${commonUsage(DEFAULT_PORT)}
  --seed PATH            a JSON seed: repositories, pull requests, files, comments (default: the built-in one)
  --token TOKEN          the token clients must send
  --mode MODE            token mode: ${TOKEN_MODES.join(', ')} (default full)

Prints the API URL, the token and the control URL, then a JSON line
{"baseUrl","token","controlUrl","origin","pid","ghesUrl"} on stdout. Stops cleanly on SIGINT and SIGTERM.`;

interface Settings {
  readonly flags: LauncherFlags;
  readonly options: GitHubEmulatorOptions;
}

const OWN_FLAGS = {
  seed: { type: 'string' },
  token: { type: 'string' },
  mode: { type: 'string' },
} as const;

function parse(argv: readonly string[]): Settings {
  const { flags, values } = parseLauncherArgs(argv, OWN_FLAGS, DEFAULT_PORT);
  const own = values as { seed?: string; token?: string; mode?: string };
  const options: GitHubEmulatorOptions = { port: flags.port, host: flags.host };
  if (own.token !== undefined) options.token = own.token;
  if (own.mode !== undefined) {
    if (!(TOKEN_MODES as readonly string[]).includes(own.mode))
      throw new UsageError(`--mode must be one of ${TOKEN_MODES.join(', ')}`);
    options.tokenMode = own.mode as TokenMode;
  }
  if (own.seed !== undefined) options.seed = readSeedFile(own.seed);
  return { flags, options };
}

function readSeedFile(path: string): GitHubEmulatorOptions['seed'] {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as GitHubEmulatorOptions['seed'];
  } catch (error) {
    throw new UsageError(
      `--seed: cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

const LAUNCHER: Launcher<Settings> = {
  name: 'github-emulator',
  usage: USAGE,
  parse,
  start: async ({ options }) => {
    const emulator = await startGitHubEmulator(options);
    return {
      emulator,
      credential: ['token', emulator.token],
      extra: { ghesUrl: emulator.ghesUrl },
      banner: [
        `GitHub API emulator listening on ${emulator.baseUrl} (GHES style: ${emulator.ghesUrl})`,
        `Token: ${emulator.token}`,
        `Control: ${emulator.controlUrl}`,
      ],
    };
  },
};

export function main(argv: readonly string[]): Promise<number> {
  return runLauncher(LAUNCHER, argv);
}
