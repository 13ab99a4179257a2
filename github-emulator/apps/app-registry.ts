import { createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import type { GrantedAccess, SeedApp, SeedInstallation } from './app-seed.ts';
import {
  CONTENT_LIMITS,
  ContentCreationLimiter,
  hourlyBudget,
  RequestBudget,
} from './installation-limits.ts';

/**
 * The GitHub Apps the emulator knows, their installations (one per account) and the installation tokens minted
 * for them. A token lasts one hour of the emulator's clock and reaches the repositories and permissions of its
 * installation, or fewer when it was minted narrowed; the limits are the installation's, shared by its tokens.
 */

const TOKEN_LIFETIME_MS = 3_600_000;

export interface App {
  readonly id: number;
  readonly slug: string;
  readonly name: string;
  readonly owner: string;
  readonly publicKey: KeyObject;
  readonly installations: Installation[];
}

interface InstallationCounters {
  requests: number;
  contentCreatingRequests: number;
  refusedPrimary: number;
  refusedSecondary: number;
  tokensMinted: number;
}

/** What an installation, or a token of it, may touch. */
interface Reach {
  readonly permissions: Readonly<Record<string, GrantedAccess>>;
  /** `all`, or the lower-cased names of the repositories chosen. */
  readonly repositories: 'all' | ReadonlySet<string>;
}

export interface Installation extends Reach {
  readonly id: number;
  readonly app: App;
  readonly account: string;
  rateLimit: number | undefined;
  contentLimits: { perMinute: number; perHour: number };
  readonly budget: RequestBudget;
  readonly contentLimiter: ContentCreationLimiter;
  readonly counters: InstallationCounters;
}

export interface InstallationToken extends Reach {
  readonly token: string;
  readonly installation: Installation;
  readonly expiresAtMs: number;
}

export interface RegistryDeps {
  readonly nowMs: () => number;
  /** The names of the account's repositories the emulator holds. */
  readonly repositoriesOf: (account: string) => readonly string[];
}

export class AppRegistry {
  readonly apps = new Map<number, App>();
  readonly #tokens = new Map<string, InstallationToken>();
  readonly #deps: RegistryDeps;

  constructor(apps: readonly SeedApp[], deps: RegistryDeps) {
    this.#deps = deps;
    for (const app of apps) this.add(app);
  }

  /** Adds an App, or replaces the one with its id (its tokens stop working). */
  add(seeded: SeedApp): App {
    const app = appOf(seeded);
    for (const installation of seeded.installations ?? [])
      app.installations.push(installationOf(app, installation));
    const ids = new Set(app.installations.map((installation) => installation.id));
    for (const other of this.apps.values())
      if (other.id !== app.id && other.installations.some((installation) => ids.has(installation.id)))
        throw new RangeError(`an installation id of App ${app.id} is already another App's`);
    this.apps.set(app.id, app);
    for (const [token, minted] of this.#tokens)
      if (minted.installation.app.id === app.id) this.#tokens.delete(token);
    return app;
  }

  installation(id: number): Installation | undefined {
    for (const app of this.apps.values()) {
      const found = app.installations.find((installation) => installation.id === id);
      if (found) return found;
    }
    return undefined;
  }

  /** The App's installation that reaches `owner/repo`, if any. */
  installationOn(app: App, owner: string, repo: string): Installation | undefined {
    return app.installations.find((installation) => this.reaches(installation, owner, repo));
  }

  reaches(target: Installation | InstallationToken, owner: string, repo: string): boolean {
    const installation = 'installation' in target ? target.installation : target;
    if (installation.account.toLowerCase() !== owner.toLowerCase()) return false;
    const name = repo.toLowerCase();
    const held = this.#deps.repositoriesOf(installation.account).map((held) => held.toLowerCase());
    if (!held.includes(name)) return false;
    return target.repositories === 'all' || target.repositories.has(name);
  }

  /** The installation's hourly budget: its own setting, or GitHub's rule on its repository count. */
  limitOf(installation: Installation): number {
    if (installation.rateLimit !== undefined) return installation.rateLimit;
    const count =
      installation.repositories === 'all'
        ? this.#deps.repositoriesOf(installation.account).length
        : installation.repositories.size;
    return hourlyBudget(count);
  }

  mint(
    installation: Installation,
    narrowed: { repositories?: ReadonlySet<string>; permissions?: Record<string, GrantedAccess> },
  ): InstallationToken {
    const minted: InstallationToken = {
      token: `ghs_${randomToken(36)}`,
      installation,
      expiresAtMs: this.#deps.nowMs() + TOKEN_LIFETIME_MS,
      permissions: narrowed.permissions ?? installation.permissions,
      repositories: narrowed.repositories ?? installation.repositories,
    };
    this.#tokens.set(minted.token, minted);
    installation.counters.tokensMinted++;
    return minted;
  }

  /** The installation token a value names (expired or not), or undefined. */
  token(value: string): InstallationToken | undefined {
    return this.#tokens.get(value);
  }
}

function appOf(seeded: SeedApp): App {
  let publicKey: KeyObject;
  try {
    publicKey = createPublicKey(seeded.public_key);
  } catch {
    throw new RangeError(`App ${seeded.id}: public_key is not a PEM public key`);
  }
  if (publicKey.asymmetricKeyType !== 'rsa') throw new RangeError(`App ${seeded.id}: public_key is not RSA`);
  return {
    id: seeded.id,
    slug: seeded.slug,
    name: seeded.name ?? seeded.slug,
    owner: seeded.owner ?? seeded.installations?.[0]?.account ?? 'octo-org',
    publicKey,
    installations: [],
  };
}

function installationOf(app: App, seeded: SeedInstallation): Installation {
  const repositories = seeded.repositories ?? 'all';
  return {
    id: seeded.id,
    app,
    account: seeded.account,
    // Every App may read a repository's metadata, whatever else it was granted.
    permissions: { metadata: 'read', ...seeded.permissions },
    repositories: repositories === 'all' ? 'all' : new Set(repositories.map((name) => name.toLowerCase())),
    rateLimit: seeded.rate_limit,
    contentLimits: {
      perMinute: seeded.content_limits?.per_minute ?? CONTENT_LIMITS.perMinute,
      perHour: seeded.content_limits?.per_hour ?? CONTENT_LIMITS.perHour,
    },
    budget: new RequestBudget(),
    contentLimiter: new ContentCreationLimiter(),
    counters: {
      requests: 0,
      contentCreatingRequests: 0,
      refusedPrimary: 0,
      refusedSecondary: 0,
      tokensMinted: 0,
    },
  };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomToken(length: number): string {
  return [...randomBytes(length)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
}
