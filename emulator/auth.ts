import { forbidden, invalidKey, missingKey, revokedKey } from './errors.ts';
import { hashSecret } from './key-secrets.ts';
import { can, type Permission } from './roles.ts';
import type { Principal, Store } from './store.ts';

/**
 * Authentication (401) and authorization (403). Only API keys are accepted: the spec's session JWTs belong to
 * the web dashboard, which the emulator does not have.
 */

export function authenticate(header: string | undefined, store: Store): Principal {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const token = match?.[1];
  if (token === undefined) throw missingKey();
  const key = store.keyByHash(hashSecret(token));
  if (!key) throw invalidKey();
  if (!key.isActive) throw revokedKey();
  const org = store.org(key.orgId);
  const user = store.user(key.userId);
  if (!org || !user) throw invalidKey();
  return { key, org, user };
}

export function authorize(principal: Principal, permission: Permission | null): void {
  if (permission !== null && !can(principal.key.role, permission)) {
    throw forbidden(permission, principal.key.role);
  }
}
