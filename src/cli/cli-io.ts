import { scrubSecrets } from '../text/secrets.ts';

/** Where svc writes. Tests pass fakes; main.ts passes the process's streams. */
export interface OutputStream {
  write(text: string): unknown;
  isTTY?: boolean | undefined;
}

/** What svc reads: a stream for the key, and whether it is a terminal (then it can turn echo off). */
export interface InputStream extends AsyncIterable<string | Buffer> {
  isTTY?: boolean | undefined;
  setRawMode?: ((mode: boolean) => unknown) | undefined;
  setEncoding?: ((encoding: BufferEncoding) => unknown) | undefined;
  on(event: 'data', listener: (chunk: string | Buffer) => void): unknown;
  off(event: 'data', listener: (chunk: string | Buffer) => void): unknown;
  resume?: (() => unknown) | undefined;
  pause?: (() => unknown) | undefined;
}

/** Everything svc takes from its process: nothing is read from globals, so the same code runs in tests. */
export interface CliIo {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  homeDir: string;
  /** The folder svc runs in: svc scan reads the policy file of the checkout that holds it. */
  cwd: string;
  stdin: InputStream;
  stdout: OutputStream;
  stderr: OutputStream;
  /** Aborted on Ctrl-C (SIGINT) or SIGTERM. */
  signal: AbortSignal;
  /**
   * Milliseconds since the epoch, never going back (the process's start plus a monotonic clock): waits are measured
   * on it, and the fleet's log and roll-up say UTC times from it.
   */
  now: () => number;
}

/**
 * A stream that never prints a secret it knows of: the API key in use is registered as soon as it is known, and
 * every line written is scrubbed of it. The one output that must show a secret, the answer of `keys create`, is
 * a new key that is never registered.
 */
export class Writer {
  readonly #stream: OutputStream;
  readonly #secrets: Set<string>;

  constructor(stream: OutputStream, secrets: Set<string>) {
    this.#stream = stream;
    this.#secrets = secrets;
  }

  get isTTY(): boolean {
    return this.#stream.isTTY === true;
  }

  /** Writes the text as it is (scrubbed); the caller adds any line break. */
  write(text: string): void {
    this.#stream.write(scrubSecrets(text, this.#secrets));
  }

  line(text = ''): void {
    this.write(`${text}\n`);
  }
}
