import { looksLikeJwt, verifyAppJwt } from './apps/app-jwt.ts';
import type { EmulatorState } from './emulator-state.ts';
import { badCredentials, requiresAuthentication } from './github-errors.ts';
import { callerOf, type Caller } from './tokens.ts';

/**
 * Who a request comes from, from its `Authorization` header (GitHub takes `Bearer` and the older `token` scheme,
 * which @octokit/auth-token sends): the workflow's token, the built-in App and person tokens, a seeded App's JWT
 * (checked against its public key), an installation token minted here, or a seeded person's token. A token past
 * its expiry on the emulator's clock is `Bad credentials`, as on GitHub.
 */
export function authenticate(state: EmulatorState, header: string | undefined): Caller {
  if (header === undefined || header.trim() === '') throw requiresAuthentication();
  const token = /^(?:bearer|token)\s+(\S+)\s*$/i.exec(header)?.[1];
  if (token === undefined) throw badCredentials();
  const nowMs = state.clock.nowMs();
  if (looksLikeJwt(token)) {
    const app = verifyAppJwt(state.store.apps, token, nowMs);
    return { kind: 'jwt', login: `${app.slug}[bot]`, app };
  }
  const caller = callerOf(token, state.token) ?? seededCaller(state, token);
  if (!caller) throw badCredentials();
  if (caller.expiresAtMs !== undefined && nowMs >= caller.expiresAtMs) throw badCredentials();
  return caller;
}

function seededCaller(state: EmulatorState, token: string): Caller | undefined {
  const minted = state.store.apps.token(token);
  if (minted)
    return {
      kind: 'app',
      login: `${minted.installation.app.slug}[bot]`,
      installation: minted,
      expiresAtMs: minted.expiresAtMs,
    };
  const person = state.store.userTokens.get(token);
  if (!person) return undefined;
  return {
    kind: 'user',
    login: person.login,
    ...(person.expiresAtMs === undefined ? {} : { expiresAtMs: person.expiresAtMs }),
  };
}
