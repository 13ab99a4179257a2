import { readBody } from '../body-reader.ts';
import { notFound } from '../errors.ts';
import { FieldError, oneOf, stringField } from '../json-fields.ts';
import { ROLES, type KeyRecord } from '../records.ts';
import { created, noContent, ok, type Handler } from '../request-context.ts';

const MAX_NAME_LENGTH = 200;

/** The full secret is in the creation response only (`token`); listings show the prefix and last four. */
export const createApiKey: Handler = (context) => {
  const input = readBody(context.body, (obj) => {
    const name = stringField(obj, 'name', '');
    if (name.trim() === '' || name.length > MAX_NAME_LENGTH) {
      throw new FieldError('name', `a non-blank string of at most ${MAX_NAME_LENGTH} characters`);
    }
    return { name, role: oneOf(obj, 'role', '', ROLES) ?? 'member' };
  });
  const { key, secret } = context.store.createKey(context.principal, input.name, input.role);
  context.stats.event('api_keys_created');
  return created({ ...apiKeyWire(key), token: secret });
};

export const listApiKeys: Handler = ({ principal, store }) =>
  ok(store.keys(principal.org.id).map(apiKeyWire));

/** 204 whether or not the key was still active; only the first revocation is logged. */
export const revokeApiKey: Handler = (context) => {
  const id = context.params.id ?? '';
  const key = context.store.key(context.principal.org.id, id);
  if (!key) throw notFound('API key', id);
  if (context.store.revokeKey(context.principal, key)) context.stats.event('api_keys_revoked');
  return noContent();
};

function apiKeyWire(key: KeyRecord): Record<string, unknown> {
  return {
    id: key.id,
    name: key.name,
    role: key.role,
    prefix: key.prefix,
    last_four: key.lastFour,
    is_active: key.isActive,
    created_at: key.createdAt,
  };
}
