import type { InputStream, Writer } from './cli-io.ts';
import { CommandFailure, EXIT } from './exit-codes.ts';

/** More than any key; a larger input is a mistake (a file piped in by error), not a key. */
const MAX_SECRET_BYTES = 16 * 1024;

/** Reads stdin to its end (`svc login --with-token < key.txt`) and returns it trimmed. */
export async function readSecretFromStream(stdin: InputStream): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    if (text.length > MAX_SECRET_BYTES) throw new Error('stdin holds more than a key; pipe in the key alone');
  }
  return text.trim();
}

const ENTER = new Set(['\r', '\n']);
const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const BACKSPACE = new Set(['\u007f', '\b']);

/**
 * Asks for the key on a terminal with echo off (raw mode), so it is neither shown nor kept in the scrollback.
 * Ctrl-C (which raw mode turns into a character, not a signal) ends svc with exit code 130; Enter or Ctrl-D
 * ends the input.
 */
export function promptSecret(stdin: InputStream, err: Writer, prompt: string): Promise<string> {
  err.write(prompt);
  stdin.setEncoding?.('utf8');
  stdin.setRawMode?.(true);
  stdin.resume?.();
  return new Promise<string>((resolve, reject) => {
    let typed = '';
    const finish = (outcome: () => void): void => {
      stdin.off('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause?.();
      err.line();
      outcome();
    };
    const onData = (chunk: string | Buffer): void => {
      for (const character of typeof chunk === 'string' ? chunk : chunk.toString('utf8')) {
        if (character === CTRL_C) {
          finish(() => {
            reject(new CommandFailure('Interrupted.', EXIT.interrupted));
          });
          return;
        }
        if (ENTER.has(character) || character === CTRL_D) {
          finish(() => {
            resolve(typed.trim());
          });
          return;
        }
        if (BACKSPACE.has(character)) typed = typed.slice(0, -1);
        else typed += character;
      }
    };
    stdin.on('data', onData);
  });
}
