import { Ajv } from 'ajv';
import type { Installation } from './app-registry.ts';
import { SEED_APP_SCHEMA, type SeedApp } from './app-seed.ts';
import type { EmulatorState } from '../emulator-state.ts';
import { isoSeconds } from '../clock.ts';

/**
 * The Apps' side of the control endpoint and of the in-process handle: seed Apps beside the repositories, read
 * each installation's counters (requests, content-creating requests, refusals, tokens minted, the budget now)
 * and set an installation's limits, so tests reach a spent budget without thousands of requests.
 */

export interface InstallationReport {
  readonly id: number;
  readonly app_id: number;
  readonly account: string;
  readonly requests: number;
  readonly content_creating_requests: number;
  readonly refused_primary: number;
  readonly refused_secondary: number;
  readonly tokens_minted: number;
  readonly rate_limit: { limit: number; used: number; remaining: number; reset: number };
  readonly content_limits: { per_minute: number; per_hour: number };
}

export interface InstallationLimits {
  /** Requests an hour (null: GitHub's rule again). */
  readonly rate_limit?: number | null;
  /** Marks this many requests of the current hour as used. */
  readonly used?: number;
  readonly per_minute?: number;
  readonly per_hour?: number;
}

const APPS_BODY = {
  type: 'object',
  required: ['apps'],
  properties: { apps: { type: 'array', items: SEED_APP_SCHEMA } },
};
const COUNT = { type: 'integer', minimum: 0 };
const LIMITS_BODY = {
  type: 'object',
  required: ['installation_id'],
  additionalProperties: false,
  properties: {
    installation_id: { type: 'integer' },
    rate_limit: { anyOf: [COUNT, { type: 'null' }] },
    used: COUNT,
    per_minute: COUNT,
    per_hour: COUNT,
  },
};
let ajv: Ajv | undefined;

/** The value when it fits the schema, else a RangeError naming where (the control endpoint's 422). */
function checked(schema: object, value: unknown, what: string): unknown {
  ajv ??= new Ajv({ allErrors: false });
  const validate = ajv.compile(schema);
  if (validate(value)) return value;
  const error = validate.errors?.[0];
  throw new RangeError(`${what}${error?.instancePath ?? ''} ${error?.message ?? 'is not valid'}`);
}

export function addApps(state: EmulatorState, body: unknown): InstallationReport[] {
  const { apps } = checked(APPS_BODY, body, 'body') as { apps: SeedApp[] };
  for (const app of apps) state.store.apps.add(app);
  return installationReports(state);
}

export function setInstallationLimits(state: EmulatorState, body: unknown): InstallationReport {
  const limits = checked(LIMITS_BODY, body, 'body') as InstallationLimits & { installation_id: number };
  const installation = state.store.apps.installation(limits.installation_id);
  if (!installation) throw new RangeError(`no installation ${limits.installation_id}`);
  if (limits.rate_limit !== undefined) installation.rateLimit = limits.rate_limit ?? undefined;
  if (limits.per_minute !== undefined) installation.contentLimits.perMinute = limits.per_minute;
  if (limits.per_hour !== undefined) installation.contentLimits.perHour = limits.per_hour;
  if (limits.used !== undefined) installation.budget.setUsed(state.clock.nowMs(), limits.used);
  return reportOf(state, installation);
}

export function installationReports(state: EmulatorState): InstallationReport[] {
  return [...state.store.apps.apps.values()].flatMap((app) =>
    app.installations.map((installation) => reportOf(state, installation)),
  );
}

function reportOf(state: EmulatorState, installation: Installation): InstallationReport {
  const { counters } = installation;
  return {
    id: installation.id,
    app_id: installation.app.id,
    account: installation.account,
    requests: counters.requests,
    content_creating_requests: counters.contentCreatingRequests,
    refused_primary: counters.refusedPrimary,
    refused_secondary: counters.refusedSecondary,
    tokens_minted: counters.tokensMinted,
    rate_limit: installation.budget.state(state.clock.nowMs(), state.store.apps.limitOf(installation)),
    content_limits: {
      per_minute: installation.contentLimits.perMinute,
      per_hour: installation.contentLimits.perHour,
    },
  };
}

export function clockReport(state: EmulatorState): { now: string; offset_s: number } {
  return { now: isoSeconds(state.clock.nowMs()), offset_s: state.clock.offsetSeconds };
}
