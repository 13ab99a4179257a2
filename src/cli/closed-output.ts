import type { OutputStream } from './cli-io.ts';

/** A stream of the process (stdout, stderr) as far as svc needs it: it writes, and it reports failed writes. */
export interface ProcessStream {
  write(text: string): unknown;
  isTTY?: boolean | undefined;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * The one place where svc meets a reader that went away (`svc whoami | head -1`): once a write fails (EPIPE, or
 * any other error of the stream), everything later written there is dropped, and the command runs on to the
 * exit code it would have had. Without the listener, Node turns the stream's EPIPE into an uncaught error: a
 * stack trace and exit 1, which svc documents as "the gate failed".
 */
export function toleratingClosedReader(stream: ProcessStream): OutputStream & { readonly closed: boolean } {
  let closed = false;
  stream.on('error', () => {
    closed = true;
  });
  return {
    get isTTY() {
      return stream.isTTY;
    },
    get closed() {
      return closed;
    },
    write(text: string): void {
      if (closed) return;
      try {
        stream.write(text);
      } catch {
        // A write to a stream already destroyed throws on some Node versions instead of emitting the error.
        closed = true;
      }
    },
  };
}
