import { parseArgs } from 'node:util';

/** The events the demo can run the action for, as GitHub names them. */
export const DEMO_EVENTS = ['pull_request', 'push', 'schedule'] as const;
export type DemoEvent = (typeof DEMO_EVENTS)[number];

export interface DemoOptions {
  event: DemoEvent;
  /** Inputs given with `--input name=value`, over the demo's own. */
  inputs: Record<string, string>;
  /** A real service's base URL: the service's emulator is not started. */
  apiUrl: string | undefined;
  help: boolean;
}

export const DEMO_USAGE = `Usage: npm run demo -- [options]

Runs dist/index.js as GitHub's runner does, against GitHub's API emulated (and the service's emulator unless
--api-url is given), and prints what GitHub would show.

  --event EVENT        ${DEMO_EVENTS.join(', ')} (default pull_request: the demo's pull request #42)
  --input NAME=VALUE   an input of the action, over the demo's (repeatable): --input fail-on=critical
  --api-url URL        a real service's base URL, ending in /api/v1; the key from SVC_API_KEY or --input api-key=…
  --help               this help`;

/** A command line the demo cannot run: the message says what to change. */
export class DemoUsageError extends Error {}

/** The demo's options from its command line (`process.argv.slice(2)`). */
export function parseDemoArguments(argv: readonly string[]): DemoOptions {
  const { values } = parseDemoFlags(argv);
  const event = values.event ?? 'pull_request';
  if (!(DEMO_EVENTS as readonly string[]).includes(event))
    throw new DemoUsageError(`--event '${event}' is not one of ${DEMO_EVENTS.join(', ')}.`);
  return {
    event: event as DemoEvent,
    inputs: Object.fromEntries((values.input ?? []).map(inputPair)),
    apiUrl: values['api-url'],
    help: values.help ?? false,
  };
}

function parseDemoFlags(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      options: {
        event: { type: 'string' },
        input: { type: 'string', multiple: true },
        'api-url': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new DemoUsageError(error instanceof Error ? error.message : String(error));
  }
}

function inputPair(text: string): [string, string] {
  const at = text.indexOf('=');
  if (at <= 0)
    throw new DemoUsageError(`--input '${text}' is not NAME=VALUE (for example fail-on=critical).`);
  return [text.slice(0, at).trim().toLowerCase(), text.slice(at + 1)];
}
