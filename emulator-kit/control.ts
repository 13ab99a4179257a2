import type { ServerResponse } from 'node:http';
import { parseJsonBody } from './body.ts';
import { invalidInput, methodNotAllowed, notFound } from './http-error.ts';
import { sendJson, sendText } from './server.ts';

/**
 * The control endpoint of both emulators, `/_emulator/*`, for tests and scripts (no authentication: the
 * emulators listen on loopback). One behaviour: an unknown path is a 404, a known path with another method a
 * 405 with `Allow`, a body that is not JSON a 400, and a value a handler refuses (it throws a `RangeError`, or an
 * error the emulator names as such) a 422. Each emulator lists its routes in one table.
 */

export const CONTROL_PREFIX = '/_emulator';

export function isControlPath(pathname: string): boolean {
  return pathname === CONTROL_PREFIX || pathname.startsWith(`${CONTROL_PREFIX}/`);
}

export interface ControlAnswer {
  readonly status: number;
  /** JSON, or the text itself when `contentType` is given; undefined for no body. */
  readonly body?: unknown;
  readonly contentType?: string;
}

/** A control request: the path after the prefix, the JSON body (undefined when empty) and the origin. */
export interface ControlCall {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
  readonly origin: string;
}

type ControlHandler<S> = (state: S, call: ControlCall) => ControlAnswer | Promise<ControlAnswer>;

/** Path after the prefix → method → handler. */
export type ControlRoutes<S> = Readonly<Record<string, Readonly<Partial<Record<string, ControlHandler<S>>>>>>;

export function controlJson(status: number, body?: unknown): ControlAnswer {
  return { status, body };
}

export interface ControlRequest {
  readonly method: string;
  /** The full path, `/_emulator/...`. */
  readonly pathname: string;
  readonly text: string;
  readonly origin: string;
}

/** Runs the handler of a control request; the errors it throws are `HttpError`s for the server to write. */
export async function answerControl<S>(
  routes: ControlRoutes<S>,
  state: S,
  request: ControlRequest,
  isInputError: (error: unknown) => error is Error = (error) => error instanceof RangeError,
): Promise<ControlAnswer> {
  const path = request.pathname.slice(CONTROL_PREFIX.length);
  const methods = Object.hasOwn(routes, path) ? routes[path] : undefined;
  if (methods === undefined) throw notFound(request.method, request.pathname);
  const handler = methods[request.method];
  if (handler === undefined) throw methodNotAllowed(request.method, request.pathname, Object.keys(methods));
  const call: ControlCall = { ...request, path, body: parseJsonBody(request.text) };
  try {
    return await handler(state, call);
  } catch (error) {
    if (isInputError(error)) throw invalidInput(error.message);
    throw error;
  }
}

export function writeControlAnswer(
  response: ServerResponse,
  answer: ControlAnswer,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (answer.contentType !== undefined && typeof answer.body === 'string') {
    sendText(response, answer.status, answer.body, answer.contentType, headers);
  } else {
    sendJson(response, answer.status, answer.body, headers);
  }
}
