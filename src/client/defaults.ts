import type { RetryPolicy } from './retry.ts';

/**
 * The client's defaults, in one place. Numbers with a spec reference come from its Limits table and Rules;
 * the others are the client's own choices.
 */

/**
 * The production base URL, used when neither an argument, SVC_API_URL nor the config file supplies one
 * (spec, credential resolution, order 4). It ends in the version prefix; request paths are appended to it.
 */
export const DEFAULT_BASE_URL = 'https://api.svc-scan.example/api/v1';

/** Kept equal to package.json's version (a unit test checks it). */
export const CLIENT_VERSION = '0.1.0';
export const DEFAULT_USER_AGENT = `svc-scan-action/${CLIENT_VERSION}`;

/** Spec: client per-request timeout, 30.0 s. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  maxRetries: 3,
  maxWaitMs: 60_000,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
});

/** Spec: poll intervals 2.0 s (scans) and 3.0 s (analyses, remediations); polling timeout 600.0 s. */
export const POLL_DEFAULTS = Object.freeze({
  scanIntervalMs: 2_000,
  aiAnalysisIntervalMs: 3_000,
  remediationIntervalMs: 3_000,
  timeoutMs: 600_000,
});

/** Spec: default page sizes; 50 for the findings of one scan. */
export const PAGE_SIZES = Object.freeze({
  scans: 20,
  findings: 20,
  findingsOfScan: 50,
  auditLogs: 20,
  repositories: 100,
});
