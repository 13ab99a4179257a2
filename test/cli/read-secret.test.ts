import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Writer } from '../../src/cli/cli-io.ts';
import { CommandFailure, EXIT } from '../../src/cli/exit-codes.ts';
import { promptSecret, readSecretFromStream } from '../../src/cli/read-secret.ts';
import { fakeTerminal } from './support.ts';

function capture(): { writer: Writer; text: () => string } {
  let written = '';
  return { writer: new Writer({ write: (t: string) => (written += t) }, new Set()), text: () => written };
}

describe('promptSecret', () => {
  it('reads the key with echo off: only the prompt and a line break are written', async () => {
    const terminal = fakeTerminal();
    const err = capture();
    const answer = promptSecret(terminal, err.writer, 'API key: ');
    expect(terminal.rawMode).toBe(true);
    terminal.type('svc_sk_abx');
    terminal.type('\u007fc\r');
    await expect(answer).resolves.toBe('svc_sk_abc');
    expect(err.text()).toBe('API key: \n');
    expect(terminal.rawMode).toBe(false);
  });

  it('Ctrl-C ends svc with 130', async () => {
    const terminal = fakeTerminal();
    const answer = promptSecret(terminal, capture().writer, 'API key: ');
    terminal.type('svc_\u0003');
    await expect(answer).rejects.toSatisfy(
      (error) => error instanceof CommandFailure && error.exitCode === EXIT.interrupted,
    );
    expect(terminal.rawMode).toBe(false);
  });
});

describe('readSecretFromStream', () => {
  it('reads stdin to its end, trimmed', async () => {
    await expect(readSecretFromStream(Readable.from(['svc_sk_', 'piped\n']))).resolves.toBe('svc_sk_piped');
  });

  it('refuses more than a key', async () => {
    await expect(readSecretFromStream(Readable.from(['x'.repeat(20_000)]))).rejects.toThrow(
      'more than a key',
    );
  });
});
