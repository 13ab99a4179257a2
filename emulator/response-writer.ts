import type { ServerResponse } from 'node:http';
import type { BodyFault } from './faults.ts';
import type { PendingTimers } from './pending-timers.ts';
import { RawJson } from './raw-json.ts';

/**
 * Writes a JSON answer, or delivers it broken as a body fault says: the connection reset halfway (RST), the
 * body cut short after a full Content-Length (FIN), a body that is not valid JSON, half a body and then a
 * long pause, or the headers at once and then the body one byte at a time. Returns the body bytes written, or to
 * be written.
 */

export interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Null for 204. */
  readonly body: Buffer | null;
}

export function jsonAnswer(status: number, value: unknown, headers: Record<string, string> = {}): Answer {
  if (status === 204 || value === undefined) return { status, headers, body: null };
  const text = value instanceof RawJson ? value.text : JSON.stringify(value);
  return { status, headers, body: Buffer.from(text, 'utf8') };
}

export function writeAnswer(
  response: ServerResponse,
  answer: Answer,
  fault: BodyFault | undefined,
  timers: PendingTimers,
): number {
  const { body } = answer;
  const headers: Record<string, string | number> = { ...answer.headers };
  if (body === null) {
    response.writeHead(answer.status, headers);
    response.end();
    return 0;
  }
  headers['content-type'] = 'application/json; charset=utf-8';
  const half = body.subarray(0, Math.floor(body.length / 2));
  if (fault?.kind === 'malformed') {
    headers['content-length'] = half.length;
    response.writeHead(answer.status, headers);
    response.end(half);
    return half.length;
  }
  headers['content-length'] = body.length;
  response.writeHead(answer.status, headers);
  switch (fault?.kind) {
    case undefined:
      response.end(body);
      return body.length;
    case 'reset':
      response.write(half, () => response.socket?.resetAndDestroy());
      return half.length;
    case 'truncate':
      response.write(half, () => response.socket?.destroySoon());
      return half.length;
    case 'slow_body':
      response.write(half);
      timers.after(fault.delayMs, () => {
        if (!response.destroyed) response.end(body.subarray(half.length));
      });
      return body.length;
    case 'drip_body':
      response.flushHeaders();
      drip(response, body, 0, fault.intervalMs, timers);
      return body.length;
  }
}

/** Sends the byte at `index` after `intervalMs`, then the next; stops when the client has gone. */
function drip(
  response: ServerResponse,
  body: Buffer,
  index: number,
  intervalMs: number,
  timers: PendingTimers,
): void {
  timers.after(intervalMs, () => {
    if (response.destroyed) return;
    const byte = body.subarray(index, index + 1);
    if (index + 1 === body.length) {
      response.end(byte);
      return;
    }
    response.write(byte);
    drip(response, body, index + 1, intervalMs, timers);
  });
}
