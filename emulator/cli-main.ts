import { rename, writeFile } from 'node:fs/promises';
import { parseCliArgs, USAGE, UsageError } from './cli-args.ts';
import { startEmulator, type Emulator } from './index.ts';

/**
 * What `node emulator/cli.ts [options]` does: starts the emulator, prints where it listens and a ready API key
 * (and the same as one JSON line), and stops cleanly, exit code 0, on SIGINT or SIGTERM.
 */
export async function main(argv: readonly string[]): Promise<number> {
  let settings;
  try {
    settings = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (settings.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }

  let emulator: Emulator;
  try {
    emulator = await startEmulator(settings.options);
  } catch (error) {
    process.stderr.write(
      `emulator: cannot start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  }

  const ready = {
    baseUrl: emulator.baseUrl,
    apiKey: emulator.apiKey,
    controlUrl: emulator.controlUrl,
    origin: emulator.origin,
    scenario: emulator.scenario,
    pid: process.pid,
  };
  const line = JSON.stringify(ready);
  if (settings.readyFile !== undefined) {
    // Written aside and renamed, so a script polling for the file never reads half of it.
    const partial = `${settings.readyFile}.${process.pid}.tmp`;
    await writeFile(partial, `${line}\n`);
    await rename(partial, settings.readyFile);
  }
  process.stdout.write(
    `Service emulator (scenario ${emulator.scenario}) listening on ${emulator.baseUrl}\n` +
      `API key: ${emulator.apiKey}\n` +
      `Control: ${emulator.controlUrl}\n` +
      `${line}\n`,
  );

  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await emulator.stop();
  return 0;
}
