import type { GitHubClient } from '../github/github-client.ts';
import { accountIdOf } from '../github/token-account.ts';

/**
 * Code scanning alerts as the action reads and changes them (`GET …/code-scanning/alerts`, paged;
 * `PATCH …/alerts/{n}`), reduced to what it needs.
 */

export interface CodeScanningAlert {
  number: number;
  state: 'open' | 'dismissed' | 'fixed';
  ruleId: string;
  /** The rule's `security_severity_level` as code scanning ranked it; undefined when it has none. */
  securitySeverityLevel: SecuritySeverityLevel | undefined;
  path: string;
  line: number;
  category: string;
  htmlUrl: string;
  /** `dismissed_by.login`, for the log; who dismissed is `dismissedById`. */
  dismissedBy: string | undefined;
  dismissedById: number | undefined;
  dismissedAt: string | undefined;
  dismissedReason: string | undefined;
  dismissedComment: string | null;
}

interface RawAlert {
  number?: unknown;
  state?: unknown;
  html_url?: unknown;
  rule?: { id?: unknown; security_severity_level?: unknown } | null;
  dismissed_by?: { login?: unknown; id?: unknown } | null;
  dismissed_at?: unknown;
  dismissed_reason?: unknown;
  dismissed_comment?: unknown;
  most_recent_instance?: {
    category?: unknown;
    location?: { path?: unknown; start_line?: unknown } | null;
  } | null;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** GitHub's bands of `security-severity` (info has none). */
type SecuritySeverityLevel = 'critical' | 'high' | 'medium' | 'low';
const SECURITY_SEVERITY_LEVELS: readonly unknown[] = ['critical', 'high', 'medium', 'low'];

function securitySeverityLevelOf(value: unknown): SecuritySeverityLevel | undefined {
  return SECURITY_SEVERITY_LEVELS.includes(value) ? (value as SecuritySeverityLevel) : undefined;
}

function readAlert(raw: RawAlert): CodeScanningAlert | undefined {
  const state = raw.state;
  if (typeof raw.number !== 'number' || (state !== 'open' && state !== 'dismissed' && state !== 'fixed'))
    return undefined;
  const instance = raw.most_recent_instance;
  const line = instance?.location?.start_line;
  return {
    number: raw.number,
    state,
    ruleId: text(raw.rule?.id) ?? '',
    securitySeverityLevel: securitySeverityLevelOf(raw.rule?.security_severity_level),
    path: text(instance?.location?.path) ?? '',
    line: typeof line === 'number' ? line : 0,
    category: (text(instance?.category) ?? '').replace(/\/+$/, ''),
    htmlUrl: text(raw.html_url) ?? '',
    dismissedBy: text(raw.dismissed_by?.login),
    dismissedById: accountIdOf(raw.dismissed_by?.id),
    dismissedAt: text(raw.dismissed_at),
    dismissedReason: text(raw.dismissed_reason),
    dismissedComment: text(raw.dismissed_comment) ?? null,
  };
}

export interface AlertQuery {
  owner: string;
  repo: string;
  tool: string;
  /** Code scanning's category, compared without a trailing `/`. */
  category: string;
  state?: 'open' | 'dismissed';
  /** Undefined: the default branch's alerts, as GitHub lists them. */
  ref?: string | undefined;
}

/** Every alert of the tool and category (and state, and ref), through every page. */
export async function listAlerts(client: GitHubClient, query: AlertQuery): Promise<CodeScanningAlert[]> {
  const raw = await client.listAll<RawAlert>('GET /repos/{owner}/{repo}/code-scanning/alerts', {
    owner: query.owner,
    repo: query.repo,
    tool_name: query.tool,
    ...(query.state === undefined ? {} : { state: query.state }),
    ...(query.ref === undefined ? {} : { ref: query.ref }),
  });
  const category = query.category.replace(/\/+$/, '');
  return raw.flatMap((item) => readAlert(item) ?? []).filter((alert) => alert.category === category);
}

/**
 * Dismisses an alert as "won't fix" with the comment. `create_request` is always sent: where delegated
 * dismissal is on, GitHub files a dismissal request and leaves the alert open ('requested'); elsewhere it
 * dismisses ('dismissed').
 */
export async function dismissAlert(
  client: GitHubClient,
  where: { owner: string; repo: string },
  alert: number,
  comment: string,
): Promise<'dismissed' | 'requested'> {
  const response = await client.request('PATCH /repos/{owner}/{repo}/code-scanning/alerts/{alert_number}', {
    ...where,
    alert_number: alert,
    state: 'dismissed',
    dismissed_reason: "won't fix",
    dismissed_comment: comment,
    create_request: true,
  });
  return (response.data as { state?: unknown }).state === 'dismissed' ? 'dismissed' : 'requested';
}

export async function reopenAlert(
  client: GitHubClient,
  where: { owner: string; repo: string },
  alert: number,
): Promise<void> {
  await client.request('PATCH /repos/{owner}/{repo}/code-scanning/alerts/{alert_number}', {
    ...where,
    alert_number: alert,
    state: 'open',
  });
}
