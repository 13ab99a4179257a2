import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { readRequestBody } from '../emulator-kit/body.ts';
import { answerControl, isControlPath, writeControlAnswer } from '../emulator-kit/control.ts';
import { createJsonServer, sendJson } from '../emulator-kit/server.ts';
import type { RecordedCall } from './call-log.ts';
import { redactedHeaders } from './call-log.ts';
import { CONTROL_ROUTES } from './control.ts';
import type { EmulatorState } from './emulator-state.ts';
import { admit, apiHeaders } from './api-gate.ts';
import { authenticate } from './authentication.ts';
import { errorBody, GitHubError, notAccessible, notFound, problemsParsingJson } from './github-errors.ts';
import { handleGraphql, isGraphqlPath } from './graphql/graphql-endpoint.ts';
import type { Links } from './request-context.ts';
import { matchRoute } from './routes.ts';
import type { Caller } from './tokens.ts';

/**
 * The HTTP side, on the shared toolkit's server (a body over its limit is a 413). API requests, at the root (like
 * api.github.com) or under `/api/v3` (like GitHub Enterprise Server), go through routing (404), the credential
 * (401), the gate (api-gate.ts: an App's JWT or a token, the installation's budget, the secondary rate limits,
 * the repositories an installation reaches, the token's permissions), JSON parsing (400), the operation's
 * schemas (422) and the handler, in that order; each is recorded. `/_emulator/*` is the control endpoint.
 */

export const GHES_PREFIX = '/api/v3';

export function createGitHubServer(state: EmulatorState, log: (line: string) => void): Server {
  return createJsonServer((request, response) => handle(state, request, response), {
    name: 'github-emulator',
    log,
    errorBody,
  });
}

async function handle(
  state: EmulatorState,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const method = request.method ?? 'GET';
  const origin = `http://${request.headers.host ?? '127.0.0.1'}`;
  const url = new URL(request.url ?? '/', origin);
  const raw = await readRequestBody(request);
  if (isControlPath(url.pathname)) {
    const control = { method, pathname: url.pathname, text: raw, origin };
    writeControlAnswer(response, await answerControl(CONTROL_ROUTES, state, control));
    return;
  }

  if (state.latencyMs > 0) await delay(state.latencyMs);
  const ghes = url.pathname === GHES_PREFIX || url.pathname.startsWith(`${GHES_PREFIX}/`);
  const apiPath = ghes ? url.pathname.slice(GHES_PREFIX.length) || '/' : url.pathname;
  const links = { apiUrl: `${origin}${ghes ? GHES_PREFIX : ''}`, serverUrl: state.serverUrl };
  if (method === 'POST' && isGraphqlPath(url.pathname)) {
    const caller = authenticateGraphql(state, request.headers.authorization);
    const answer =
      caller instanceof GitHubError
        ? { status: caller.status, body: caller.body() }
        : handleGraphql(state, caller, raw, links);
    sendGraphql(state, response, answer, url, request, raw);
    return;
  }
  const matched = matchRoute(state.routes, method, apiPath);
  const answer = answerApi(
    state,
    { method, url, raw, authorization: request.headers.authorization },
    matched,
    links,
  );
  const call: RecordedCall = {
    method,
    path: url.pathname,
    operationId: matched?.route.operation.operationId ?? null,
    query: Object.fromEntries(url.searchParams),
    body: recordedBody(raw),
    headers: redactedHeaders(request.headers),
    status: answer.status,
    response: answer.body,
  };
  state.calls.push(call);
  sendJson(response, answer.status, answer.body, answer.headers);
}

/** The credential, the gate, JSON, the schemas and the handler, each refusal in GitHub's shape. */
function answerApi(
  state: EmulatorState,
  request: { method: string; url: URL; raw: string; authorization: string | undefined },
  matched: ReturnType<typeof matchRoute>,
  links: Links,
): { status: number; body: unknown; headers: Record<string, string> } {
  let caller: Caller | undefined;
  try {
    if (!matched) throw notFound();
    caller = authenticate(state, request.authorization);
    admit(state, caller, { ...matched, method: request.method });
    const parsed = parseJson(request.raw);
    state.validator.check(matched.route.operation, request.url.searchParams, parsed);
    const reply = matched.route.handler({
      params: matched.params,
      query: request.url.searchParams,
      body: (parsed ?? {}) as Record<string, unknown>,
      store: state.store,
      links,
      requestUrl: request.url,
      caller,
    });
    return {
      status: reply.status,
      body: reply.body,
      headers: { ...apiHeaders(state, caller), ...reply.headers },
    };
  } catch (error) {
    if (!(error instanceof GitHubError)) throw error;
    error.documentationUrl ??= matched?.route.operation.documentationUrl;
    return {
      status: error.status,
      body: error.body(),
      headers: { ...apiHeaders(state, caller), ...error.headers },
    };
  }
}

/** GraphQL answers a missing or unknown token with 401 and a message, as its REST side does. */
function authenticateGraphql(state: EmulatorState, header: string | undefined): Caller | GitHubError {
  try {
    const caller = authenticate(state, header);
    // An App's JWT is for the App's own REST operations; GraphQL needs an installation token.
    if (caller.kind === 'jwt') throw notAccessible('');
    return caller;
  } catch (error) {
    if (!(error instanceof GitHubError)) throw error;
    return error;
  }
}

function sendGraphql(
  state: EmulatorState,
  response: ServerResponse,
  answer: { status: number; body: unknown },
  url: URL,
  request: IncomingMessage,
  raw: string,
): void {
  state.calls.push({
    method: 'POST',
    path: url.pathname,
    operationId: 'graphql',
    query: Object.fromEntries(url.searchParams),
    body: recordedBody(raw),
    headers: redactedHeaders(request.headers),
    status: answer.status,
    response: answer.body,
  });
  sendJson(response, answer.status, answer.body);
}

function parseJson(raw: string): unknown {
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw problemsParsingJson();
  }
}

function recordedBody(raw: string): unknown {
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}
