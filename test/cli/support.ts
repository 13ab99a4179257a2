import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { Command } from 'commander';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliIo, InputStream } from '../../src/cli/cli-io.ts';
import { Writer } from '../../src/cli/cli-io.ts';
import { runCli } from '../../src/cli/cli.ts';
import { buildProgram } from '../../src/cli/program.ts';

export interface CapturedRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Runs svc in-process with fake streams and a fresh HOME; env holds only what the test gives. */
export async function runInProcess(
  argv: string[],
  options: {
    env?: Record<string, string>;
    home?: string;
    /** The folder svc runs in; default a fresh empty one, so no test reads a policy file of this checkout. */
    cwd?: string;
    signal?: AbortSignal;
    stdin?: InputStream;
    /** stdout is a terminal. */
    tty?: boolean;
    /** svc's clock (default: always 0). */
    now?: () => number;
  } = {},
): Promise<CapturedRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    argv,
    env: options.env ?? {},
    homeDir: options.home ?? mkdtempSync(join(tmpdir(), 'svc-unit-')),
    cwd: options.cwd ?? mkdtempSync(join(tmpdir(), 'svc-cwd-')),
    stdin: options.stdin ?? fakeTerminal(),
    stdout: { write: (text: string) => (stdout += text), isTTY: options.tty === true },
    stderr: { write: (text: string) => (stderr += text), isTTY: false },
    signal: options.signal ?? new AbortController().signal,
    now: options.now ?? (() => 0),
  };
  const exitCode = await runCli(io);
  return { exitCode, stdout, stderr };
}

/** A terminal on stdin that the test types into; it records raw mode. */
export class FakeTerminal extends EventEmitter implements InputStream {
  readonly isTTY = true;
  rawMode = false;
  setRawMode = (mode: boolean): void => {
    this.rawMode = mode;
  };
  type(text: string): void {
    this.emit('data', text);
  }
  // eslint-disable-next-line @typescript-eslint/require-await
  async *[Symbol.asyncIterator](): AsyncIterator<string> {
    yield* [];
  }
}

export function fakeTerminal(): FakeTerminal {
  return new FakeTerminal();
}

/** Every command svc has, as the words that name it ('keys create'), walked from the registry's program. */
export function svcCommandPaths(): string[] {
  return [...svcCommands().keys()];
}

/** Every leaf command of svc, by its path (`keys create`), in the order `svc --help` lists them. */
function svcCommands(): Map<string, Command> {
  const sink = new Writer({ write: () => undefined }, new Set());
  const walk = (command: Command, prefix: string[]): [string, Command][] =>
    command.commands.flatMap((sub) => {
      const path = [...prefix, sub.name()];
      return sub.commands.length === 0 ? [[path.join(' '), sub] as [string, Command]] : walk(sub, path);
    });
  return new Map(walk(buildProgram({ out: sink, err: sink, invoke: () => Promise.resolve() }), []));
}

/**
 * Arguments that parse for a command no test table lists: a placeholder for each required argument and each
 * mandatory option, so that a new command is held to every rule of the tables without an entry of its own.
 */
export function placeholderArguments(path: string): string[] {
  const command = svcCommands().get(path);
  if (command === undefined) throw new Error(`svc has no command '${path}' (src/cli/commands/registry.ts)`);
  const args = command.registeredArguments.filter((argument) => argument.required).map(() => 'x1');
  const flags = command.options
    .filter((option) => option.mandatory)
    .flatMap((option) => [option.long ?? '', ...(option.required ? ['x1'] : [])]);
  return [...args, ...flags];
}

/** A stdin that is a pipe holding the text (svc login --with-token < key.txt). */
export function pipedStdin(text: string): InputStream {
  const stream = Readable.from([text]) as Readable & InputStream;
  return stream;
}

/** A loopback HTTP server for svc to talk to, and its URL; close it with closeServer. */
export async function localServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ server: Server; origin: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}` };
}

export function closeServer(server: Server): Promise<unknown> {
  return new Promise((resolve) => server.close(resolve));
}
