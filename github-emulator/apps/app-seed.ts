/**
 * GitHub Apps in a seed, in GitHub's snake_case: each App's id, slug and public key (PEM; the private key stays
 * with whoever signs its JWTs), and its installations, one per account, each with its permissions and the
 * repositories it may reach. `user_tokens` are people's tokens, which may carry an expiry.
 */

export type GrantedAccess = 'read' | 'write';

export interface SeedApp {
  readonly id: number;
  readonly slug: string;
  /** Default: the slug. */
  readonly name?: string;
  /** The account that owns the App (default: the first installation's account). */
  readonly owner?: string;
  /** The App's RSA public key, PEM (SPKI or PKCS#1). */
  readonly public_key: string;
  readonly installations?: readonly SeedInstallation[];
}

export interface SeedInstallation {
  readonly id: number;
  /** The user or organization it is installed on. */
  readonly account: string;
  /** GitHub's App permission names (`contents`, `metadata`, `security_events`, ...): `read` or `write`. */
  readonly permissions: Readonly<Record<string, GrantedAccess>>;
  /** `all` (the default): every repository of the account; or the names of the repositories chosen. */
  readonly repositories?: 'all' | readonly string[];
  /** Requests an hour; default GitHub's rule: 5,000, +50 a repository above 20, at most 12,500. */
  readonly rate_limit?: number;
  /** Content-creating requests (POST, PATCH, PUT, DELETE) allowed a minute and an hour (default 80 and 500). */
  readonly content_limits?: { readonly per_minute?: number; readonly per_hour?: number };
}

export interface SeedUserToken {
  readonly token: string;
  readonly login: string;
  /** ISO 8601; absent for a token that does not expire. */
  readonly expires_at?: string;
}

const ACCESS = { enum: ['read', 'write'] };
const COUNT = { type: 'integer', minimum: 0 };

const SEED_INSTALLATION_SCHEMA = {
  type: 'object',
  required: ['id', 'account', 'permissions'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', minimum: 1 },
    account: { type: 'string', minLength: 1 },
    permissions: { type: 'object', additionalProperties: ACCESS },
    repositories: {
      anyOf: [{ const: 'all' }, { type: 'array', items: { type: 'string', minLength: 1 } }],
    },
    rate_limit: COUNT,
    content_limits: {
      type: 'object',
      additionalProperties: false,
      properties: { per_minute: COUNT, per_hour: COUNT },
    },
  },
};

export const SEED_APP_SCHEMA = {
  type: 'object',
  required: ['id', 'slug', 'public_key'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', minimum: 1 },
    slug: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$' },
    name: { type: 'string', minLength: 1 },
    owner: { type: 'string', minLength: 1 },
    public_key: { type: 'string', pattern: '-----BEGIN (RSA )?PUBLIC KEY-----' },
    installations: { type: 'array', items: SEED_INSTALLATION_SCHEMA },
  },
};

export const SEED_USER_TOKEN_SCHEMA = {
  type: 'object',
  required: ['token', 'login'],
  additionalProperties: false,
  properties: {
    token: { type: 'string', pattern: '^\\S+$' },
    login: { type: 'string', minLength: 1 },
    expires_at: { type: 'string', pattern: '^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z$' },
  },
};
