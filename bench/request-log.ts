import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Watches the emulator's HTTP server from inside the bench process, through Node's `http.server.*`
 * diagnostics channels: when each request arrived, when the emulator handed its answer to the socket, when the
 * response finished, and the bytes written to each client socket. Nothing sits between the client and the
 * emulator, so the observation adds no hop and no latency.
 *
 * The answers of `POST /scans` and `GET /scans/{id}` are read as they are written, for the scan's id and
 * status: the emulator computes a scan's state when it answers, so `answeredAt` is the moment that status held.
 */

export interface ObservedRequest {
  readonly method: string;
  /** Without the query string. */
  readonly path: string;
  readonly query: URLSearchParams;
  readonly arrivedAt: number;
  /** When the emulator called `end()` with its answer, right after computing it. */
  answeredAt: number | undefined;
  finishedAt: number | undefined;
  status: number | undefined;
  /** For scans: the `id` and `status` fields of the answer. */
  scanId: string | undefined;
  scanStatus: string | undefined;
}

interface ServerMessage {
  request: IncomingMessage;
  response: ServerResponse;
  socket: Socket;
}

const SCAN_PATH = /^\/api\/v1\/scans(\/[^/]+)?$/;

export class RequestLog {
  readonly #port: number;
  #requests: ObservedRequest[] = [];
  /** Each client socket seen since the last clear, with its bytesWritten when first seen. */
  readonly #sockets = new Map<Socket, number>();
  readonly #byRequest = new WeakMap<IncomingMessage, ObservedRequest>();
  #waiters: ((at: number) => void)[] = [];
  #idleWaiters: (() => void)[] = [];
  readonly #onStart = (message: unknown): void => {
    this.#started(message as ServerMessage);
  };
  readonly #onFinish = (message: unknown): void => {
    this.#finished(message as ServerMessage);
  };

  constructor(port: number) {
    this.#port = port;
    subscribe('http.server.request.start', this.#onStart);
    subscribe('http.server.response.finish', this.#onFinish);
  }

  get requests(): readonly ObservedRequest[] {
    return this.#requests;
  }

  /** Forgets every request and socket seen so far. */
  clear(): void {
    this.#requests = [];
    this.#sockets.clear();
  }

  /** Resolves with the arrival time of the next request. */
  nextRequest(): Promise<number> {
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /** Resolves once every request seen so far has been answered. */
  idle(): Promise<void> {
    if (this.#requests.every((request) => request.finishedAt !== undefined)) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Bytes written to client sockets since the last clear: status lines, headers and bodies. */
  bytesSent(): number {
    let total = 0;
    for (const [socket, atStart] of this.#sockets) total += socket.bytesWritten - atStart;
    return total;
  }

  close(): void {
    unsubscribe('http.server.request.start', this.#onStart);
    unsubscribe('http.server.response.finish', this.#onFinish);
    this.#waiters = [];
    this.#idleWaiters = [];
  }

  #started({ request, response, socket }: ServerMessage): void {
    const arrivedAt = performance.now();
    if (socket.localPort !== this.#port) return;
    if (!this.#sockets.has(socket)) this.#sockets.set(socket, socket.bytesWritten);
    const url = new URL(request.url ?? '/', 'http://emulator.local');
    const record: ObservedRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      arrivedAt,
      answeredAt: undefined,
      finishedAt: undefined,
      status: undefined,
      scanId: undefined,
      scanStatus: undefined,
    };
    this.#requests.push(record);
    this.#byRequest.set(request, record);
    watchAnswer(response, record, SCAN_PATH.test(url.pathname));
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const resolve of waiters) resolve(arrivedAt);
  }

  #finished({ request, response }: ServerMessage): void {
    const record = this.#byRequest.get(request);
    if (!record) return;
    record.finishedAt = performance.now();
    record.status = response.statusCode;
    if (this.#idleWaiters.length > 0 && this.#requests.every((r) => r.finishedAt !== undefined)) {
      const waiters = this.#idleWaiters;
      this.#idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }
}

type End = (...args: unknown[]) => ServerResponse;

function watchAnswer(response: ServerResponse, record: ObservedRequest, readScan: boolean): void {
  const end = response.end.bind(response) as End;
  const watched: End = (...args) => {
    record.answeredAt = performance.now();
    const [body] = args;
    if (readScan && Buffer.isBuffer(body)) {
      const scan = parseScan(body);
      record.scanId = scan.id;
      record.scanStatus = scan.status;
    }
    return end(...args);
  };
  (response as unknown as { end: End }).end = watched;
}

function parseScan(body: Buffer): { id: string | undefined; status: string | undefined } {
  try {
    const value = JSON.parse(body.toString('utf8')) as { id?: unknown; status?: unknown };
    return {
      id: typeof value.id === 'string' ? value.id : undefined,
      status: typeof value.status === 'string' ? value.status : undefined,
    };
  } catch {
    return { id: undefined, status: undefined };
  }
}

/** The most requests that were in flight (arrived, not yet finished) at the same time. */
export function maxInFlight(requests: readonly ObservedRequest[]): number {
  const events: [number, number][] = [];
  for (const request of requests) {
    events.push([request.arrivedAt, 1]);
    events.push([request.finishedAt ?? Number.POSITIVE_INFINITY, -1]);
  }
  // At equal times, a finish goes before an arrival: back-to-back requests are not concurrent.
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let current = 0;
  let most = 0;
  for (const [, delta] of events) {
    current += delta;
    most = Math.max(most, current);
  }
  return most;
}
