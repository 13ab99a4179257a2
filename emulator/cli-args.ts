import { readFileSync } from 'node:fs';
import { commonUsage, parseLauncherArgs, UsageError, type LauncherFlags } from '../emulator-kit/launcher.ts';
import { faultList, type FaultSpec } from './faults.ts';
import type { EmulatorOptions } from './index.ts';

/**
 * Turns the command line into emulator options: the shared toolkit's flags (`--port`, `--host`,
 * `--ready-file`, `--help`) and the service emulator's own; pure apart from reading a --faults file.
 */

export interface CliSettings {
  readonly flags: LauncherFlags;
  readonly options: EmulatorOptions;
  /** Where to write the ready line as JSON, for scripts that poll a file. */
  readonly readyFile: string | undefined;
  readonly help: boolean;
}

export { UsageError };

const DEFAULT_CLI_PORT = 4010;

export const USAGE = `Usage: node emulator/cli.ts [options]

${commonUsage(DEFAULT_CLI_PORT)}
  --scenario NAME|PATH   bundled scenario (demo, e2e) or a JSON file (default demo)
  --time-scale X         real seconds per service second (default 0.01; 0 freezes service time)
  --seed N               seed of the fault and findings generators (default 1)
  --latency MS           latency added to every API request
  --jitter MS            extra random latency, up to MS
  --findings N           add repository bench/large with N generated findings and a completed scan
  --rate-limit N         requests per second per key (default 10000; 0 turns limiting off)
  --burst N              bucket size per key (default 20000)
  --fault JSON           a fault spec, e.g. '{"kind":"error","path":"/findings","count":2,"status":503}' (repeatable)
  --faults PATH          a JSON file with a fault spec or a list of them
  --keep-alive-timeout MS  idle keep-alive timeout of connections (default 65000)

Prints the base URL and a ready API key, then a JSON line
{"baseUrl","apiKey","controlUrl","origin","pid","scenario"} on stdout. Stops cleanly on SIGINT and SIGTERM.`;

const OWN_FLAGS = {
  scenario: { type: 'string' },
  'time-scale': { type: 'string' },
  seed: { type: 'string' },
  latency: { type: 'string' },
  jitter: { type: 'string' },
  findings: { type: 'string' },
  'rate-limit': { type: 'string' },
  burst: { type: 'string' },
  fault: { type: 'string', multiple: true },
  faults: { type: 'string' },
  'keep-alive-timeout': { type: 'string' },
} as const;

interface OwnValues {
  readonly scenario?: string;
  readonly 'time-scale'?: string;
  readonly seed?: string;
  readonly latency?: string;
  readonly jitter?: string;
  readonly findings?: string;
  readonly 'rate-limit'?: string;
  readonly burst?: string;
  readonly fault?: string[];
  readonly faults?: string;
  readonly 'keep-alive-timeout'?: string;
}

export function parseCliArgs(argv: readonly string[]): CliSettings {
  const parsed = parseLauncherArgs(argv, OWN_FLAGS, DEFAULT_CLI_PORT);
  const { flags } = parsed;
  const values = parsed.values as OwnValues;
  const number = (name: string, raw: string | undefined, integer = true): number | undefined => {
    if (raw === undefined) return undefined;
    const value = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(value) || value < 0 || (integer && !Number.isInteger(value))) {
      throw new UsageError(
        `--${name} must be a non-negative ${integer ? 'integer' : 'number'}, not ${JSON.stringify(raw)}`,
      );
    }
    return value;
  };

  const faults: FaultSpec[] = [];
  for (const raw of values.fault ?? []) faults.push(...(parseJson('--fault', raw) as FaultSpec[]));
  if (values.faults !== undefined) {
    let text: string;
    try {
      text = readFileSync(values.faults, 'utf8');
    } catch (error) {
      throw new UsageError(
        `--faults: cannot read ${values.faults}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    faults.push(...(parseJson('--faults', text) as FaultSpec[]));
  }

  const rate = number('rate-limit', values['rate-limit'], false);
  const burst = number('burst', values.burst);
  const options: EmulatorOptions = {
    port: flags.port,
    host: flags.host,
    scenario: values.scenario ?? 'demo',
    faults,
  };
  const set = <K extends keyof EmulatorOptions>(key: K, value: EmulatorOptions[K] | undefined): void => {
    if (value !== undefined) options[key] = value;
  };
  set('timeScale', number('time-scale', values['time-scale'], false));
  set('seed', number('seed', values.seed));
  set('latencyMs', number('latency', values.latency, false));
  set('jitterMs', number('jitter', values.jitter, false));
  set('findings', number('findings', values.findings));
  set('keepAliveTimeoutMs', number('keep-alive-timeout', values['keep-alive-timeout']));
  if (rate === 0) options.rateLimit = false;
  else if (rate !== undefined || burst !== undefined) {
    options.rateLimit = {
      ratePerSecond: rate ?? 10_000,
      burst: burst ?? Math.max(1, Math.ceil(rate ?? 20_000)),
    };
  }
  return { flags, options, readyFile: flags.readyFile, help: flags.help };
}

function parseJson(flag: string, text: string): unknown[] {
  try {
    return faultList(JSON.parse(text) as unknown);
  } catch (error) {
    throw new UsageError(
      `${flag}: not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
