/**
 * Wire types of the service API (../shared/spec/service-api.md).
 *
 * Fields the spec names are typed as the spec gives them. Where the spec is silent the choice is
 * recorded in README.md ("Where the spec is silent") and marked `choice` here. Every response may
 * carry unknown extra fields: types are open (`[key: string]: unknown` is not added so that typos
 * still fail to compile, but decoders never reject unknown fields).
 */

import { SEVERITIES, type Severity } from './severity.ts';

export { SEVERITIES, type Severity };

export const KEY_ROLES = ['member', 'admin'] as const;
/** The spec names member and admin; the complete set is not shown, so any string is accepted. */
export type KeyRole = (typeof KEY_ROLES)[number] | (string & {});

export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}

export interface Organization {
  id?: string;
  name: string;
  plan: string;
}

export interface Principal {
  user_id: string;
  email: string;
  active_org_id: string;
  role: KeyRole;
  permissions: string[];
  organizations: Organization[];
}

export interface Repository {
  id: string;
  full_name: string;
  default_branch: string;
  project_id?: string | null;
}

export interface ScanModule {
  name: string;
  status: string;
}

export interface Scan {
  id: string;
  status: string;
  modules: ScanModule[];
  repository_id?: string;
  ref?: string;
  created_at?: string;
  /** choice: the frameworks the scan was started with, when the service reports them. */
  frameworks?: string[];
}

export type SeverityBreakdown = Partial<Record<Severity, number>>;

export interface ScanReport {
  total_findings: number;
  risk_score: number;
  severity_breakdown: SeverityBreakdown;
}

export interface Finding {
  /** choice: the spec lists no id, but GET /findings/{id} needs one; the service sends it. */
  id: string;
  severity: Severity;
  title: string;
  file_path: string;
  line: number;
  scan_id?: string;
  /** Not in the spec's Finding row; used when the service includes them in list items. */
  cwe?: string | null;
  owasp?: string | null;
  /**
   * Set by the client, never sent by the service: the fields of a listed finding that arrived unusable and were
   * replaced by safe values (see the `finding` decoder). Absent on a well-formed finding.
   */
  malformed?: string[];
}

export interface FindingFix {
  unified_diff?: string | null;
}

export interface FindingDetail extends Finding {
  owasp?: string | null;
  cwe?: string | null;
  cvss_score?: number | null;
  fix?: FindingFix | null;
}

export interface RemediationJob {
  id: string;
  /** Empty (or absent) until, or unless, the job opens a pull request. */
  pr_url: string | null;
  branch: string | null;
  /** choice: not in the spec; the service may send it and the poller prefers it when present. */
  status?: string;
  finding_id?: string;
  /** choice: why a job ended without a pull request, when the service says. */
  failure_reason?: string | null;
}

export interface AgentRun {
  sequence: number;
  agent_id: string;
  status: string;
  confidence: number | null;
}

export interface AIAnalysis {
  risk_score: number | null;
  overall_confidence: number | null;
  agent_runs: AgentRun[];
  /** choice: not in the spec; preferred by the poller when present. */
  status?: string;
  scan_id?: string;
}

/** The spec gives no shape for the patches object. */
export type AIPatches = Record<string, unknown>;

export interface ComplianceFrameworkScore {
  id: string;
  name?: string;
  score?: number;
}

export interface ComplianceOverview {
  overall_score: number;
  frameworks?: ComplianceFrameworkScore[];
}

export interface FrameworkControl {
  control_id: string;
  status: string;
  title: string;
}

export interface FrameworkDetail {
  controls: FrameworkControl[];
  id?: string;
  name?: string;
}

export interface AiSecurityCheck {
  name: string;
  owasp_llm: string;
  status: string;
}

export interface AiSecurityOverview {
  summary: { checks_failed: number; checks_total: number };
  checks: AiSecurityCheck[];
}

export interface AuditLog {
  created_at: string;
  action: string;
  actor_id: string;
  id?: string;
  target_type?: string;
  target_id?: string;
}

export interface ApiKey {
  id: string;
  name: string;
  role: KeyRole;
  /** choice of wire names for the spec's "display prefix", "last four characters", "active state". */
  prefix: string;
  last_four: string;
  is_active: boolean;
  created_at?: string;
}

export interface ApiKeyCreated extends ApiKey {
  /** The full secret, returned once only. */
  token: string;
}

export interface UsageOverview {
  remaining_credits: number;
}

export interface CreateScanParams {
  repository_id: string;
  /** Default HEAD (applied by the service when absent). */
  ref?: string;
  modules?: string[];
  frameworks?: string[];
  /** Default true (applied by the service when absent). */
  is_incremental?: boolean;
}

export interface ListScansParams {
  repository_id?: string;
  limit?: number;
  offset?: number;
}

export interface ListFindingsParams {
  scan_id?: string;
  severity?: Severity;
  limit?: number;
  offset?: number;
}

export interface ListAuditLogsParams {
  action?: string;
  actor_id?: string;
  target_type?: string;
  limit?: number;
  offset?: number;
}

export interface ListRepositoriesParams {
  project_id?: string;
  limit?: number;
  offset?: number;
}

export interface CreateApiKeyParams {
  name: string;
  /** The clients default to member. */
  role?: KeyRole;
}
