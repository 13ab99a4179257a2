import type { EmulatorState } from './emulator-state.ts';
import { readCodeScanningSettings } from './code-scanning/code-scanning-settings.ts';
import { renderState } from './render.ts';
import { snapshotOf } from './state-snapshot.ts';
import { permissionsOf, TOKEN_MODES, type TokenMode, type TokenPermissions } from './token-permissions.ts';

/**
 * The control endpoint, `/_emulator/*`, without authentication (the emulator listens on loopback): the
 * recorded calls, the state, the seed, the token's mode and the secondary rate limit. See README.md.
 */

export const CONTROL_PREFIX = '/_emulator';

export interface ControlAnswer {
  readonly status: number;
  readonly body: string;
  readonly contentType: string;
}

type ControlHandler = (state: EmulatorState, body: Record<string, unknown>, origin: string) => ControlAnswer;

const ROUTES: Readonly<Record<string, Readonly<Record<string, ControlHandler>>>> = {
  '/health': { GET: () => json(200, { status: 'ok' }) },
  '/calls': {
    GET: (state) => json(200, state.calls),
    DELETE: (state) => {
      state.calls.length = 0;
      return json(204, undefined);
    },
  },
  '/state': {
    GET: (state, _body, origin) =>
      json(200, snapshotOf(state.store, { apiUrl: origin, serverUrl: state.serverUrl })),
  },
  '/render': {
    GET: (state) => ({
      status: 200,
      body: renderState(state.store),
      contentType: 'text/plain; charset=utf-8',
    }),
  },
  '/seed': {
    POST: (state, body) => {
      state.reseed(body);
      return json(200, {
        repositories: [...state.store.repositories.values()].map((r) => `${r.owner}/${r.name}`),
      });
    },
  },
  '/token': {
    GET: (state) => json(200, { permissions: state.permissions }),
    POST: (state, body) => {
      state.permissions = readPermissions(body);
      return json(200, { permissions: state.permissions });
    },
  },
  '/code-scanning': {
    GET: (state) => json(200, state.store.codeScanning.settings),
    POST: (state, body) => {
      const scanning = state.store.codeScanning;
      scanning.settings = readCodeScanningSettings(body, scanning.settings);
      return json(200, scanning.settings);
    },
  },
  '/secondary-rate-limit': {
    GET: (state) => json(200, { remaining: state.secondaryRateLimit.remaining }),
    POST: (state, body) => {
      state.secondaryRateLimit.set({
        count: body.count as number,
        ...(body.status === undefined ? {} : { status: body.status as 403 | 429 }),
        ...(body.retry_after_s === undefined ? {} : { retryAfterSeconds: body.retry_after_s as number }),
        ...(body.reset_after_s === undefined ? {} : { resetAfterSeconds: body.reset_after_s as number }),
      });
      return json(200, { remaining: state.secondaryRateLimit.remaining });
    },
    DELETE: (state) => {
      state.secondaryRateLimit.set(undefined);
      return json(204, undefined);
    },
  },
};

export function handleControl(
  state: EmulatorState,
  method: string,
  path: string,
  raw: string,
  origin: string,
): ControlAnswer {
  const handler = ROUTES[path]?.[method];
  if (!handler) return json(404, { message: 'Not Found' });
  try {
    const body = raw.trim() === '' ? {} : (JSON.parse(raw) as unknown);
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new RangeError('send a JSON object');
    return handler(state, body as Record<string, unknown>, origin);
  } catch (error) {
    if (error instanceof RangeError || error instanceof SyntaxError)
      return json(422, { message: error.message });
    throw error;
  }
}

/** `{mode: "read-only"}` or `{permissions: {checks: "none", ...}}` (unnamed scopes: write). */
export function readPermissions(body: Record<string, unknown>): TokenPermissions {
  if (typeof body.mode === 'string') {
    if (!(TOKEN_MODES as readonly string[]).includes(body.mode))
      throw new RangeError(`mode must be one of ${TOKEN_MODES.join(', ')}`);
    return permissionsOf(body.mode as TokenMode);
  }
  const given = body.permissions;
  if (typeof given !== 'object' || given === null)
    throw new RangeError('send {"mode": ...} or {"permissions": {...}}');
  const permissions = { ...permissionsOf('full') };
  for (const [scope, access] of Object.entries(given as Record<string, unknown>)) {
    if (!(scope in permissions)) throw new RangeError(`unknown permission ${scope}`);
    if (access !== 'none' && access !== 'read' && access !== 'write')
      throw new RangeError(`${scope} must be none, read or write`);
    permissions[scope as keyof TokenPermissions] = access;
  }
  return permissions;
}

function json(status: number, value: unknown): ControlAnswer {
  return {
    status,
    body: value === undefined ? '' : JSON.stringify(value),
    contentType: 'application/json; charset=utf-8',
  };
}
