import { PAGE_SIZES } from './defaults.ts';
import type { QueryValue } from './transport.ts';

/**
 * Every endpoint the client calls, under the name of the `ServiceClient` method that calls it: the method, the path
 * (each `{name}` one path parameter), the query parameters it sends, each with the value it pages with when the
 * caller gives none (`null`: sent only when given), and the wire names of its body. The methods build their
 * requests from these entries alone, and `scripts/check-endpoints.ts` holds them to the Endpoints table of
 * docs/service-api.md, as it holds the emulator's routes and the Python clients' calls.
 */
export interface Endpoint {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  readonly query?: Readonly<Record<string, number | null>>;
  readonly body?: readonly string[];
}

const BY_SCAN = { scan_id: null } as const;

export const ENDPOINTS = {
  me: { method: 'GET', path: '/me' },
  createScan: {
    method: 'POST',
    path: '/scans',
    body: ['repository_id', 'ref', 'modules', 'frameworks', 'is_incremental'],
  },
  listScans: {
    method: 'GET',
    path: '/scans',
    query: { repository_id: null, limit: PAGE_SIZES.scans, offset: 0 },
  },
  getScan: { method: 'GET', path: '/scans/{id}' },
  getScanReport: { method: 'GET', path: '/scans/{id}/report' },
  cancelScan: { method: 'POST', path: '/scans/{id}/cancel' },
  listFindings: {
    method: 'GET',
    path: '/findings',
    query: { scan_id: null, severity: null, limit: PAGE_SIZES.findings, offset: 0 },
  },
  getFinding: { method: 'GET', path: '/findings/{id}' },
  remediateFinding: { method: 'POST', path: '/findings/{id}/remediate' },
  getRemediation: { method: 'GET', path: '/remediations/{id}' },
  startAiAnalysis: { method: 'POST', path: '/scans/{id}/ai-analysis' },
  getAiAnalysis: { method: 'GET', path: '/scans/{id}/ai-analysis' },
  getAiPatches: { method: 'GET', path: '/scans/{id}/ai-analysis/patches' },
  getComplianceOverview: { method: 'GET', path: '/compliance/overview', query: BY_SCAN },
  getComplianceFramework: { method: 'GET', path: '/compliance/{id}', query: BY_SCAN },
  getAiSecurityOverview: { method: 'GET', path: '/ai-security/overview', query: BY_SCAN },
  listAuditLogs: {
    method: 'GET',
    path: '/audit-logs',
    query: { action: null, actor_id: null, target_type: null, limit: PAGE_SIZES.auditLogs, offset: 0 },
  },
  listRepositories: {
    method: 'GET',
    path: '/repositories',
    query: { project_id: null, limit: PAGE_SIZES.repositories, offset: 0 },
  },
  createApiKey: { method: 'POST', path: '/api-keys', body: ['name', 'role'] },
  listApiKeys: { method: 'GET', path: '/api-keys' },
  revokeApiKey: { method: 'DELETE', path: '/api-keys/{id}' },
  getUsage: { method: 'GET', path: '/billing/usage' },
} as const satisfies Record<string, Endpoint>;

/** The endpoint's path with its parameters in order, each one URL-encoded path segment. */
export function pathOf(endpoint: Endpoint, ...ids: string[]): string {
  let next = 0;
  const path = endpoint.path.replace(/\{\w+\}/g, () => encodeURIComponent(ids[next++] ?? ''));
  if (next !== ids.length) {
    throw new TypeError(
      `${endpoint.method} ${endpoint.path} takes ${next} path parameters, not ${ids.length}`,
    );
  }
  return path;
}

/** Only the query parameters the endpoint declares are sent. */
export function queryOf(
  endpoint: Endpoint,
  values: Readonly<Record<string, QueryValue>>,
): Record<string, QueryValue> {
  const declared = Object.keys(endpoint.query ?? {});
  return Object.fromEntries(Object.entries(values).filter(([name]) => declared.includes(name)));
}

/** Only the body fields the endpoint declares are sent. */
export function bodyOf(endpoint: Endpoint, values: object): Record<string, unknown> {
  const declared = endpoint.body ?? [];
  return Object.fromEntries(Object.entries(values).filter(([name]) => declared.includes(name)));
}
