import type { Emulator } from '../../emulator/index.ts';
import type { Logger, Sleep } from '../../src/client/index.ts';
import { ServiceClient, type ServiceClientOptions } from '../../src/client/index.ts';
import { KEYS, startE2e } from '../emulator/helpers.ts';

/**
 * Shared pieces of the contract tests: the real ServiceClient, over real HTTP, against the e2e scenario of
 * the emulator with its service time frozen. Time only moves when a test (or the client's injected sleep)
 * moves it, so polling and retry waits never really wait.
 */

export { KEYS, startE2e };

/** Time the client sees: it moves only when the client sleeps, and it moves the emulator's service time too. */
export interface ServiceTime {
  readonly sleeps: number[];
  readonly now: () => number;
  readonly sleep: Sleep;
}

export function serviceTime(emulator: Emulator, onSleep?: (index: number) => Promise<void>): ServiceTime {
  let current = 1_700_000_000_000;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => current,
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      sleeps.push(ms);
      current += ms;
      emulator.advanceTime(ms / 1000);
      await onSleep?.(sleeps.length);
    },
  };
}

/** Logs kept in memory, so a test can check nothing secret reached them. */
export interface MemoryLogger extends Logger {
  readonly lines: string[];
}

export function memoryLogger(): MemoryLogger {
  const lines: string[] = [];
  return {
    lines,
    debug: (message) => lines.push(`debug: ${message}`),
    info: (message) => lines.push(`info: ${message}`),
    warning: (message) => lines.push(`warning: ${message}`),
    startGroup: (name) => lines.push(`group: ${name}`),
    endGroup: () => lines.push('endgroup'),
  };
}

/** Every client a test builds, so afterEach can close their connection pools. */
const openClients = new Set<ServiceClient>();

/**
 * A client of the emulator. Unless a test says otherwise, retries sleep through a recorder that does not
 * wait (the recorded waits are returned) and the random jitter is fixed.
 */
export function clientFor(
  emulator: Emulator,
  apiKey: string = KEYS.member,
  options: Partial<ServiceClientOptions> = {},
): ServiceClient {
  const client = new ServiceClient({
    apiKey,
    baseUrl: emulator.baseUrl,
    sleep: () => Promise.resolve(),
    random: () => 0.5,
    ...options,
  });
  openClients.add(client);
  return client;
}

export async function closeClients(): Promise<void> {
  const clients = [...openClients];
  openClients.clear();
  await Promise.all(clients.map((client) => client.close()));
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** Runs `action` and returns what it threw; fails the test when it does not throw. */
export async function caught(action: () => Promise<unknown>): Promise<unknown> {
  try {
    await action();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

/** How many requests of `key` (e.g. `GET /api/v1/scans/{id}`) the emulator received since its stats were reset. */
export function requestsTo(emulator: Emulator, key: string): number {
  return emulator.stats().requests[key] ?? 0;
}

/** Everything about an error a user or a log could see: messages, bodies, request ids, causes and stacks. */
export function everythingShown(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 10; depth++) {
    if (current instanceof Error) {
      const fields = current as Error & { body?: unknown; requestId?: unknown };
      parts.push(String(current), current.message, current.stack ?? '');
      parts.push(JSON.stringify(fields.body ?? null), String(fields.requestId));
      parts.push(JSON.stringify(Object.entries(current)));
      current = current.cause;
    } else {
      parts.push(typeof current === 'string' ? current : JSON.stringify(current));
      current = undefined;
    }
  }
  return parts.join('\n');
}
