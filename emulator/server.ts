import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { parseJsonBody, readRequestBody } from '../emulator-kit/body.ts';
import { answerControl, isControlPath, writeControlAnswer } from '../emulator-kit/control.ts';
import { HttpError } from '../emulator-kit/http-error.ts';
import { createJsonServer } from '../emulator-kit/server.ts';
import { API_PREFIX, apiRoutes, type ApiRoute } from './api-routes.ts';
import { authenticate, authorize } from './auth.ts';
import { CONTROL_ROUTES, isControlInputError } from './control.ts';
import type { EmulatorState } from './emulator-state.ts';
import { errorBody, injectedServerError, methodNotAllowed, rateLimited, routeNotFound } from './errors.ts';
import type { RequestPlan, RequestTarget } from './faults.ts';
import { jsonAnswer, writeAnswer, type Answer } from './response-writer.ts';
import { Router, type RouteMatch } from './router.ts';

/**
 * The HTTP side, on the shared toolkit's server: one listener that gives every response an `x-request-id`,
 * sends `/_emulator/*` to the control endpoint, and takes API requests through faults, routing (404, 405),
 * authentication (401), the rate limit (429), authorization (403), the JSON body (413 over the toolkit's limit,
 * 400) and the handler, in that order.
 */

export interface ServerOptions {
  readonly keepAliveTimeoutMs: number;
  readonly log: (line: string) => void;
}

export function createEmulatorServer(state: EmulatorState, options: ServerOptions): Server {
  const router = new Router<ApiRoute>(apiRoutes());
  const server = createJsonServer((request, response) => handle(state, router, request, response), {
    name: 'emulator',
    log: options.log,
    errorBody,
  });
  // Longer than the idle timeouts of common clients (undici: 4 s), so the server is not the side that closes a
  // connection a client is about to reuse.
  server.keepAliveTimeout = options.keepAliveTimeoutMs;
  server.headersTimeout = options.keepAliveTimeoutMs + 1000;
  return server;
}

async function handle(
  state: EmulatorState,
  router: Router<ApiRoute>,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  response.setHeader('x-request-id', `req_${randomUUID().replaceAll('-', '')}`);
  const method = request.method ?? 'GET';
  const url = new URL(request.url ?? '/', 'http://emulator.local');
  if (isControlPath(url.pathname)) {
    await handleControl(state, request, response, { method, url });
    return;
  }

  const match = router.match(method, url.pathname);
  state.stats.request(`${method} ${templateOf(match)}`);
  const target = requestTarget(method, url.pathname, match);
  const plan = state.faults.plan(target);
  if (plan.delayMs > 0) await state.timers.sleep(plan.delayMs);
  if (plan.stop?.kind === 'reset') {
    request.socket.resetAndDestroy();
    return;
  }

  const answer = await answerUnderFaults(state, request, { method, url, match, plan });
  const bodyFault = answer.body && answer.body.length > 0 ? state.faults.bodyFault(target) : undefined;
  const bytes = writeAnswer(response, answer, bodyFault, state.timers);
  state.stats.response(answer.status, bytes);
}

interface ApiRequest {
  readonly method: string;
  readonly url: URL;
  readonly match: RouteMatch<ApiRoute>;
  readonly plan: RequestPlan;
}

async function handleControl(
  state: EmulatorState,
  request: IncomingMessage,
  response: ServerResponse,
  { method, url }: { readonly method: string; readonly url: URL },
): Promise<void> {
  const text = await readRequestBody(request);
  const control = { method, pathname: url.pathname, text, origin: url.origin };
  writeControlAnswer(response, await answerControl(CONTROL_ROUTES, state, control, isControlInputError));
}

function requestTarget(method: string, path: string, match: RouteMatch<ApiRoute>): RequestTarget {
  return {
    method,
    path,
    paged: match.kind === 'found' && match.route.paged,
    createsScan:
      match.kind === 'found' && method === 'POST' && match.route.template === `${API_PREFIX}/scans`,
  };
}

/** A planned stop answers in the handler's place, or, after it, replaces the answer it gave. */
async function answerUnderFaults(
  state: EmulatorState,
  request: IncomingMessage,
  api: ApiRequest,
): Promise<Answer> {
  const stop = api.plan.stop;
  if (stop?.kind === 'error' && !stop.afterHandler) {
    return errorAnswer(injectedServerError(stop.status, stop.retryAfterSeconds));
  }
  if (stop?.kind === 'rate_limit') return errorAnswer(rateLimited(stop.retryAfterSeconds));
  const answer = await answerApi(state, request, api);
  // Carried out, and then the answer is lost: the client sees an error for what the service did.
  if (stop?.kind === 'error') return errorAnswer(injectedServerError(stop.status, stop.retryAfterSeconds));
  return answer;
}

/** Routing (404, 405), authentication, the rate limit, authorization, the JSON body, then the handler. */
async function answerApi(
  state: EmulatorState,
  request: IncomingMessage,
  { method, url, match, plan }: ApiRequest,
): Promise<Answer> {
  try {
    if (match.kind === 'not_found') throw routeNotFound(method, url.pathname);
    if (match.kind === 'method_not_allowed') throw methodNotAllowed(method, url.pathname, match.allowed);
    const { store } = state;
    const principal = authenticate(request.headers.authorization, store);
    const decision = state.rateLimiter.take(principal.key.id);
    if (!decision.allowed) {
      state.stats.event('rate_limited');
      throw rateLimited(decision.retryAfterSeconds);
    }
    authorize(principal, match.route.permission);
    const body = parseJsonBody(await readRequestBody(request));
    const reply = match.route.handler({
      principal,
      params: match.params,
      query: url.searchParams,
      body,
      store,
      now: state.clock.now(),
      stats: state.stats,
      faults: {
        neverFinish: plan.neverFinish,
        totalDelta: plan.totalDelta,
        ignoreFilter: plan.ignoreFilter,
        bareScans: plan.bareScans,
      },
      pollRetryAfterSeconds: state.pollRetryAfterSeconds,
    });
    return jsonAnswer(reply.status, reply.body, { ...reply.headers });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return errorAnswer(error);
  }
}

function templateOf(match: RouteMatch<ApiRoute>): string {
  if (match.kind === 'found') return match.route.template;
  return match.kind === 'method_not_allowed' ? match.template : '(unmatched)';
}

function errorAnswer(error: HttpError): Answer {
  return jsonAnswer(error.status, errorBody(error), { ...error.headers });
}
