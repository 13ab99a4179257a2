import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpError, type ErrorBody } from './http-error.ts';

/**
 * The HTTP server under both emulators: an `HttpError` a handler throws (a 413 body, a 404 route, …) is written
 * as JSON in the emulator's error shape; anything else is logged and answered 500, also JSON. An error after the
 * headers went out can only drop the connection.
 */

export interface ServerOptions {
  /** Prefixes the log line of an unexpected error. */
  readonly name: string;
  readonly log: (line: string) => void;
  readonly errorBody: ErrorBody;
}

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

export function createJsonServer(handle: RequestHandler, options: ServerOptions): Server {
  return createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) {
        options.log(`${options.name}: error after the answer began: ${describe(error)}`);
        response.destroy();
        return;
      }
      if (!(error instanceof HttpError)) options.log(`${options.name}: unexpected error: ${describe(error)}`);
      const answer =
        error instanceof HttpError
          ? error
          : new HttpError(500, 'internal_error', 'The emulator failed unexpectedly.');
      sendJson(response, answer.status, options.errorBody(answer), answer.headers);
    });
  });
}

/** Writes one JSON answer (none for 204 or an undefined body), with its length. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (status === 204 || body === undefined) {
    response.writeHead(status, { ...headers });
    response.end();
    return;
  }
  sendText(response, status, JSON.stringify(body), 'application/json; charset=utf-8', headers);
}

export function sendText(
  response: ServerResponse,
  status: number,
  text: string,
  contentType: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  response.writeHead(status, {
    ...headers,
    'content-type': contentType,
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

export interface Listening {
  /** `http://host:port`, with an IPv6 host in brackets. */
  readonly origin: string;
  readonly port: number;
  /** Stops listening and drops every connection; the same promise on every call. */
  close(): Promise<void>;
}

/** Listens on `host:port` (0: a free port) and says where, with the one way to close. */
export async function listen(
  server: Server,
  port: number,
  host: string,
  beforeClose: () => void = () => undefined,
): Promise<Listening> {
  server.listen(port, host);
  await once(server, 'listening'); // rejects with the 'error' of a port in use
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    origin: `http://${shownHost}:${address.port}`,
    port: address.port,
    close: () => {
      closing ??= (async () => {
        beforeClose();
        const closed = once(server, 'close');
        server.close();
        server.closeAllConnections();
        await closed;
      })();
      return closing;
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
