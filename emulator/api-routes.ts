import { getAiAnalysis, getAiPatches, startAiAnalysis } from './handlers/ai-analysis.ts';
import { getAiSecurityOverview } from './handlers/ai-security.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './handlers/api-keys.ts';
import { listAuditLogs } from './handlers/audit-logs.ts';
import { getUsage } from './handlers/billing.ts';
import { getComplianceFramework, getComplianceOverview } from './handlers/compliance.ts';
import { getFinding, listFindings, remediateFinding } from './handlers/findings.ts';
import { getMe } from './handlers/me.ts';
import { getRemediation } from './handlers/remediations.ts';
import { listRepositories } from './handlers/repositories.ts';
import { cancelScan, createScan, getScan, getScanReport, listScans } from './handlers/scans.ts';
import type { Handler } from './request-context.ts';
import type { Permission } from './roles.ts';

/** Every endpoint of the spec, under the version prefix, with the permission it needs. */

export const API_PREFIX = '/api/v1';

export interface ApiRoute {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** Full template, prefix included, as the stats report it. */
  readonly template: string;
  readonly permission: Permission | null;
  readonly handler: Handler;
  /** Answers a Page (the changing-total fault applies). */
  readonly paged: boolean;
}

export function apiRoutes(): ApiRoute[] {
  const route = (
    method: ApiRoute['method'],
    path: string,
    permission: Permission | null,
    handler: Handler,
    paged = false,
  ): ApiRoute => ({ method, template: `${API_PREFIX}${path}`, permission, handler, paged });
  return [
    route('GET', '/me', null, getMe),
    route('POST', '/scans', 'scans:write', createScan),
    route('GET', '/scans', 'scans:read', listScans, true),
    route('GET', '/scans/{id}', 'scans:read', getScan),
    route('GET', '/scans/{id}/report', 'scans:read', getScanReport),
    route('POST', '/scans/{id}/cancel', 'scans:write', cancelScan),
    route('POST', '/scans/{id}/ai-analysis', 'ai_analysis:write', startAiAnalysis),
    route('GET', '/scans/{id}/ai-analysis', 'ai_analysis:read', getAiAnalysis),
    route('GET', '/scans/{id}/ai-analysis/patches', 'ai_analysis:read', getAiPatches),
    route('GET', '/findings', 'findings:read', listFindings, true),
    route('GET', '/findings/{id}', 'findings:read', getFinding),
    route('POST', '/findings/{id}/remediate', 'remediations:write', remediateFinding),
    route('GET', '/remediations/{id}', 'remediations:read', getRemediation),
    route('GET', '/compliance/overview', 'compliance:read', getComplianceOverview),
    route('GET', '/compliance/{id}', 'compliance:read', getComplianceFramework),
    route('GET', '/ai-security/overview', 'ai_security:read', getAiSecurityOverview),
    route('GET', '/audit-logs', 'audit_logs:read', listAuditLogs, true),
    route('GET', '/repositories', 'repositories:read', listRepositories, true),
    route('POST', '/api-keys', 'api_keys:write', createApiKey),
    route('GET', '/api-keys', 'api_keys:read', listApiKeys),
    route('DELETE', '/api-keys/{id}', 'api_keys:write', revokeApiKey),
    route('GET', '/billing/usage', 'billing:read', getUsage),
  ];
}
