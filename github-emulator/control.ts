import {
  controlJson as json,
  type ControlAnswer,
  type ControlCall,
  type ControlRoutes,
} from '../emulator-kit/control.ts';
import type { EmulatorState } from './emulator-state.ts';
import { addApps, clockReport, installationReports, setInstallationLimits } from './apps/apps-control.ts';
import { readCodeScanningSettings } from './code-scanning/code-scanning-settings.ts';
import { renderState } from './render.ts';
import { snapshotOf } from './state-snapshot.ts';
import { permissionsOf, TOKEN_MODES, type TokenMode, type TokenPermissions } from './token-permissions.ts';

/**
 * The control endpoint's routes (the shared toolkit answers 404, 405, 400 and 422 alike for both emulators):
 * the recorded calls, the state, the seed, the token's mode, whether `viewer` is refused and the secondary rate
 * limit. See README.md.
 */

type ObjectHandler = (
  state: EmulatorState,
  body: Record<string, unknown>,
  call: ControlCall,
) => ControlAnswer;

/** A handler that takes a JSON object (an empty body is `{}`; anything else is a 422). */
function withObject(handler: ObjectHandler): (state: EmulatorState, call: ControlCall) => ControlAnswer {
  return (state, call) => {
    const body: unknown = call.body ?? {};
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new RangeError('send a JSON object');
    return handler(state, body as Record<string, unknown>, call);
  };
}

export const CONTROL_ROUTES: ControlRoutes<EmulatorState> = {
  '/health': { GET: () => json(200, { status: 'ok' }) },
  '/calls': {
    GET: (state) => json(200, state.calls),
    DELETE: (state) => {
      state.calls.length = 0;
      return json(204, undefined);
    },
  },
  '/state': {
    GET: (state, { origin }) =>
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
    POST: withObject((state, body) => {
      state.reseed(body);
      return json(200, {
        repositories: [...state.store.repositories.values()].map((r) => `${r.owner}/${r.name}`),
      });
    }),
  },
  '/token': {
    GET: (state) => json(200, { permissions: state.permissions }),
    POST: withObject((state, body) => {
      state.permissions = readPermissions(body);
      return json(200, { permissions: state.permissions });
    }),
  },
  '/viewer': {
    GET: (state) => json(200, { refused: state.viewerRefused }),
    POST: withObject((state, body) => {
      if (typeof body.refused !== 'boolean') throw new RangeError('refused must be true or false');
      state.viewerRefused = body.refused;
      return json(200, { refused: state.viewerRefused });
    }),
  },
  '/code-scanning': {
    GET: (state) => json(200, state.store.codeScanning.settings),
    POST: withObject((state, body) => {
      const scanning = state.store.codeScanning;
      scanning.settings = readCodeScanningSettings(body, scanning.settings);
      return json(200, scanning.settings);
    }),
  },
  '/code-scanning/approve-requests': {
    POST: withObject((state, body) => {
      const reviewer = body.reviewer ?? 'monalisa';
      if (typeof reviewer !== 'string' || reviewer === '') throw new RangeError('reviewer must be a login');
      return json(200, { approved: state.store.codeScanning.approveDismissalRequests(reviewer) });
    }),
  },
  '/clock': {
    GET: (state) => json(200, clockReport(state)),
    POST: withObject((state, body) => {
      if (typeof body.advance_s !== 'number') throw new RangeError('send {"advance_s": seconds}');
      state.clock.advance(body.advance_s);
      return json(200, clockReport(state));
    }),
  },
  '/apps': {
    GET: (state) => json(200, { installations: installationReports(state) }),
    POST: withObject((state, body) => json(200, { installations: addApps(state, body) })),
  },
  '/installation-limits': {
    POST: withObject((state, body) => json(200, setInstallationLimits(state, body))),
  },
  '/secondary-rate-limit': {
    GET: (state) => json(200, { remaining: state.secondaryRateLimit.remaining }),
    POST: withObject((state, body) => {
      state.secondaryRateLimit.set({
        count: body.count as number,
        ...(body.status === undefined ? {} : { status: body.status as 403 | 429 }),
        ...(body.retry_after_s === undefined ? {} : { retryAfterSeconds: body.retry_after_s as number }),
        ...(body.reset_after_s === undefined ? {} : { resetAfterSeconds: body.reset_after_s as number }),
      });
      return json(200, { remaining: state.secondaryRateLimit.remaining });
    }),
    DELETE: (state) => {
      state.secondaryRateLimit.set(undefined);
      return json(204, undefined);
    },
  },
};

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
