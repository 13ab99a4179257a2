import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { readRequestBody } from '../emulator-kit/body.ts';
import { answerControl, isControlPath, writeControlAnswer } from '../emulator-kit/control.ts';
import { createJsonServer, sendJson } from '../emulator-kit/server.ts';
import type { RecordedCall } from './call-log.ts';
import { redactedHeaders } from './call-log.ts';
import { CONTROL_ROUTES } from './control.ts';
import type { EmulatorState } from './emulator-state.ts';
import {
  badCredentials,
  errorBody,
  GitHubError,
  notFound,
  problemsParsingJson,
  requiresAuthentication,
} from './github-errors.ts';
import { matchRoute } from './routes.ts';
import { authorize } from './token-permissions.ts';
import { handleGraphql, isGraphqlPath } from './graphql/graphql-endpoint.ts';
import type { Links } from './request-context.ts';
import { callerOf, type Caller } from './tokens.ts';

/**
 * The HTTP side, on the shared toolkit's server (a body over its limit is a 413). API requests, at the root (like api.github.com) or under `/api/v3` (like GitHub Enterprise
 * Server), go through routing (404), the token (401), the secondary rate limit (403/429), the token's
 * permissions (403), JSON parsing (400), the operation's schemas (422) and the handler, in that order; each
 * is recorded. `/_emulator/*` is the control endpoint.
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
  const reply = answerRest(state, request, { url, raw, links, matched });
  const headers = { ...rateLimitHeaders(state), ...reply.headers };
  const call: RecordedCall = {
    method,
    path: url.pathname,
    operationId: matched?.route.operation.operationId ?? null,
    query: Object.fromEntries(url.searchParams),
    body: recordedBody(raw),
    headers: redactedHeaders(request.headers),
    status: reply.status,
    response: reply.body,
  };
  state.calls.push(call);
  sendJson(response, reply.status, reply.body, headers);
}

interface RestRequest {
  readonly url: URL;
  readonly raw: string;
  readonly links: Links;
  readonly matched: ReturnType<typeof matchRoute>;
}

interface RestAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Record<string, string>;
}

/** The route (404), the token (401), the secondary rate limit, the token's permissions, the body, the handler. */
function answerRest(
  state: EmulatorState,
  request: IncomingMessage,
  { url, raw, links, matched }: RestRequest,
): RestAnswer {
  try {
    if (!matched) throw notFound();
    const caller = authenticate(state, request.headers.authorization);
    const limited = state.secondaryRateLimit.take(Date.now());
    if (limited) throw limited;
    // The mode's permissions are the workflow token's; an App's or a person's token may do what the API allows.
    if (caller.kind === 'actions') authorize(state.permissions, matched.route.operation.operationId);
    const parsed = parseJson(raw);
    state.validator.check(matched.route.operation, url.searchParams, parsed);
    const reply = matched.route.handler({
      params: matched.params,
      query: url.searchParams,
      body: (parsed ?? {}) as Record<string, unknown>,
      store: state.store,
      links,
      requestUrl: url,
      caller,
    });
    return { status: reply.status, body: reply.body, headers: { ...reply.headers } };
  } catch (error) {
    if (!(error instanceof GitHubError)) throw error;
    error.documentationUrl ??= matched?.route.operation.documentationUrl;
    return { status: error.status, body: error.body(), headers: { ...error.headers } };
  }
}

/** GitHub takes `Bearer` and the older `token` scheme (which @octokit/auth-token sends). */
function authenticate(state: EmulatorState, header: string | undefined): Caller {
  if (header === undefined || header.trim() === '') throw requiresAuthentication();
  const match = /^(?:bearer|token)\s+(\S+)\s*$/i.exec(header);
  const caller = match?.[1] === undefined ? undefined : callerOf(match[1], state.token);
  if (!caller) throw badCredentials();
  return caller;
}

/** GraphQL answers a missing or unknown token with 401 and a message, as its REST side does. */
function authenticateGraphql(state: EmulatorState, header: string | undefined): Caller | GitHubError {
  try {
    return authenticate(state, header);
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

function rateLimitHeaders(state: EmulatorState): Record<string, string> {
  const used = state.calls.length + 1;
  return {
    'x-github-request-id': randomUUID().toUpperCase().slice(0, 23),
    'x-github-api-version-selected': '2022-11-28',
    'x-github-media-type': 'github.v3; format=json',
    'x-ratelimit-limit': '5000',
    'x-ratelimit-remaining': String(Math.max(0, 5000 - used)),
    'x-ratelimit-used': String(used),
    'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 3600),
    'x-ratelimit-resource': 'core',
  };
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
