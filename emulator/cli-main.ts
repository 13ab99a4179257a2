import { runLauncher, type Launcher } from '../emulator-kit/launcher.ts';
import { parseCliArgs, USAGE, type CliSettings } from './cli-args.ts';
import { startEmulator } from './index.ts';

/**
 * What `node emulator/cli.ts [options]` does, through the shared launcher: starts the emulator, prints where it
 * listens and a ready API key, then the ready line `{baseUrl, apiKey, controlUrl, origin, pid, scenario}`, and
 * closes cleanly, exit code 0, on SIGINT or SIGTERM.
 */
const LAUNCHER: Launcher<CliSettings> = {
  name: 'emulator',
  usage: USAGE,
  parse: parseCliArgs,
  start: async (settings) => {
    const emulator = await startEmulator(settings.options);
    return {
      emulator,
      credential: ['apiKey', emulator.apiKey],
      extra: { scenario: emulator.scenario },
      banner: [
        `Service emulator (scenario ${emulator.scenario}) listening on ${emulator.baseUrl}`,
        `API key: ${emulator.apiKey}`,
        `Control: ${emulator.controlUrl}`,
      ],
    };
  },
};

export function main(argv: readonly string[]): Promise<number> {
  return runLauncher(LAUNCHER, argv);
}
