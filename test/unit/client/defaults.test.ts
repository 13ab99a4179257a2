import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as client from '../../../src/client/index.ts';
import { CLIENT_VERSION, DEFAULT_USER_AGENT } from '../../../src/client/defaults.ts';

describe('defaults', () => {
  it('keeps the client version equal to the package version', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(CLIENT_VERSION).toBe(pkg.version);
    expect(DEFAULT_USER_AGENT).toBe(`svc-scan-action/${pkg.version}`);
  });

  it('uses the spec limits', () => {
    expect(client.DEFAULT_REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(client.POLL_DEFAULTS).toEqual({
      scanIntervalMs: 2_000,
      aiAnalysisIntervalMs: 3_000,
      remediationIntervalMs: 3_000,
      timeoutMs: 600_000,
    });
    expect(client.PAGE_SIZES).toEqual({
      scans: 20,
      findings: 20,
      findingsOfScan: 50,
      auditLogs: 20,
      repositories: 100,
    });
  });
});

describe('the public surface', () => {
  it('exports the client, the errors and the helpers', () => {
    for (const name of [
      'ServiceClient',
      'ServiceError',
      'AuthError',
      'NotFoundError',
      'ValidationError',
      'RateLimitError',
      'ServerError',
      'ConfigError',
      'resolveCredentials',
      'DEFAULT_BASE_URL',
      'classifyScanStatus',
      'classifyAiAnalysis',
      'classifyRemediation',
      'paginate',
    ]) {
      expect(client, name).toHaveProperty(name);
    }
  });

  it('has every endpoint and helper method on the client', () => {
    const methods = Object.getOwnPropertyNames(client.ServiceClient.prototype);
    expect(methods).toEqual(
      expect.arrayContaining([
        'close',
        'me',
        'createScan',
        'listScans',
        'iterateScans',
        'getScan',
        'getScanReport',
        'cancelScan',
        'listFindings',
        'iterateFindings',
        'getFinding',
        'remediateFinding',
        'getRemediation',
        'startAiAnalysis',
        'getAiAnalysis',
        'getAiPatches',
        'getComplianceOverview',
        'getComplianceFramework',
        'getAiSecurityOverview',
        'listAuditLogs',
        'iterateAuditLogs',
        'listRepositories',
        'iterateRepositories',
        'createApiKey',
        'listApiKeys',
        'revokeApiKey',
        'getUsage',
        'findRepositoryByFullName',
        'waitForScan',
        'waitForAiAnalysis',
        'waitForRemediation',
      ]),
    );
  });
});
