import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { faultList, type FaultSpec } from './faults.ts';
import type { EmulatorOptions } from './index.ts';

/** Turns the command line into emulator options; pure apart from reading a --faults file. */

export interface CliSettings {
  readonly options: EmulatorOptions;
  /** Where to write the ready line as JSON, for scripts that poll a file. */
  readonly readyFile: string | undefined;
  readonly help: boolean;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

export const USAGE = `Usage: node emulator/cli.ts [options]

  --port N               port to listen on (default 4010; 0 picks a free one)
  --host HOST            address to bind (default 127.0.0.1)
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
  --ready-file PATH      also write the ready line (JSON) to this file
  --help                 show this text

Prints the base URL and a ready API key, then a JSON line {"baseUrl","apiKey","controlUrl",...} on stdout.
Stops cleanly on SIGINT and SIGTERM.`;

export const DEFAULT_CLI_PORT = 4010;

export function parseCliArgs(argv: readonly string[]): CliSettings {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
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
        'ready-file': { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
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
    port: number('port', values.port) ?? DEFAULT_CLI_PORT,
    host: values.host ?? '127.0.0.1',
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
  return { options, readyFile: values['ready-file'], help: values.help ?? false };
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
