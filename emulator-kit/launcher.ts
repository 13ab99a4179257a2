import { once } from 'node:events';
import { rename, writeFile } from 'node:fs/promises';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

/**
 * The command line of both emulators: `--port`, `--host`, `--ready-file` and `--help` here, each emulator's own
 * flags beside them. Once listening it prints a few lines for people, then one JSON ready line (the only line
 * that starts with `{`), `{baseUrl, <credential>, controlUrl, origin, pid, ...}`, also written to
 * `--ready-file`; SIGINT or SIGTERM closes it and exits 0. A bad flag exits 2 with the usage, a failed start 1.
 */

export class UsageError extends Error {
  override name = 'UsageError';
}

export interface LauncherFlags {
  readonly port: number;
  readonly host: string;
  /** Where to write the ready line as JSON, for scripts that poll a file. */
  readonly readyFile: string | undefined;
  readonly help: boolean;
}

export type FlagValues = Readonly<Record<string, string | boolean | string[] | boolean[] | undefined>>;

/** The shared flags' lines of a usage text. */
export function commonUsage(defaultPort: number): string {
  return [
    `  --port N               port to listen on (default ${defaultPort}${defaultPort === 0 ? ': a free one' : '; 0 picks a free one'})`,
    '  --host HOST            address to bind (default 127.0.0.1)',
    '  --ready-file PATH      also write the ready line (JSON) to this file',
    '  --help                 show this text',
  ].join('\n');
}

/** Parses the shared flags and the emulator's own; a wrong flag or value is a `UsageError`. */
export function parseLauncherArgs(
  argv: readonly string[],
  own: ParseArgsOptionsConfig,
  defaultPort: number,
): { flags: LauncherFlags; values: FlagValues } {
  let values: FlagValues;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        ...own,
        port: { type: 'string' },
        host: { type: 'string' },
        'ready-file': { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const flags: LauncherFlags = {
    port: portOf(values.port as string | undefined, defaultPort),
    host: (values.host as string | undefined) ?? '127.0.0.1',
    readyFile: values['ready-file'] as string | undefined,
    help: values.help === true,
  };
  return { flags, values };
}

function portOf(raw: string | undefined, defaultPort: number): number {
  if (raw === undefined) return defaultPort;
  if (!/^\d+$/.test(raw) || Number(raw) > 65_535) {
    throw new UsageError(`--port must be a non-negative integer up to 65535, not ${JSON.stringify(raw)}`);
  }
  return Number(raw);
}

/** A started emulator: where it listens and how it closes. */
interface RunningEmulator {
  readonly baseUrl: string;
  readonly controlUrl: string;
  readonly origin: string;
  close(): Promise<void>;
}

/** What the launcher says about a started emulator. */
interface Launched {
  readonly emulator: RunningEmulator;
  /** The credential's name in the ready line (`apiKey`, `token`) and its value. */
  readonly credential: readonly [name: string, value: string];
  /** More fields of the ready line, after the shared ones. */
  readonly extra?: Readonly<Record<string, unknown>>;
  /** The lines for people, printed before the ready line. */
  readonly banner: readonly string[];
}

export interface Launcher<S extends { readonly flags: LauncherFlags }> {
  /** Prefixes the message of a failed start. */
  readonly name: string;
  readonly usage: string;
  parse(argv: readonly string[]): S;
  start(settings: S): Promise<Launched>;
}

/** The ready line: the shared fields first, in one order, for both emulators. */
function readyLine(launched: Launched, pid: number = process.pid): Record<string, unknown> {
  const [credentialName, credential] = launched.credential;
  const { baseUrl, controlUrl, origin } = launched.emulator;
  return {
    baseUrl,
    [credentialName]: credential,
    controlUrl,
    origin,
    pid,
    ...launched.extra,
  };
}

export async function runLauncher<S extends { readonly flags: LauncherFlags }>(
  launcher: Launcher<S>,
  argv: readonly string[],
): Promise<number> {
  let settings: S;
  try {
    settings = launcher.parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${launcher.usage}\n`);
    return 2;
  }
  if (settings.flags.help) {
    process.stdout.write(`${launcher.usage}\n`);
    return 0;
  }
  let launched: Launched;
  try {
    launched = await launcher.start(settings);
  } catch (error) {
    process.stderr.write(
      `${launcher.name}: cannot start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  }
  await announce(launched, settings.flags.readyFile);
  await untilSignalled();
  await launched.emulator.close();
  return 0;
}

async function announce(launched: Launched, readyFile: string | undefined): Promise<void> {
  const line = JSON.stringify(readyLine(launched));
  if (readyFile !== undefined) {
    // Written aside and renamed, so a script polling for the file never reads half of it.
    const partial = `${readyFile}.${process.pid}.tmp`;
    await writeFile(partial, `${line}\n`);
    await rename(partial, readyFile);
  }
  process.stdout.write(`${[...launched.banner, line].join('\n')}\n`);
}

async function untilSignalled(): Promise<void> {
  const stopped = new AbortController();
  await Promise.race(
    (['SIGINT', 'SIGTERM'] as const).map((signal) => once(process, signal, { signal: stopped.signal })),
  );
  stopped.abort();
}
