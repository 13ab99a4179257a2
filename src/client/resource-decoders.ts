import {
  DecodeIssue,
  anyObject,
  arrayOf,
  boolean,
  id,
  nullable,
  number,
  object,
  optional,
  string,
  type Decoder,
} from './decode.ts';
import type {
  AIAnalysis,
  AIPatches,
  AgentRun,
  AiSecurityCheck,
  AiSecurityOverview,
  ApiKey,
  ApiKeyCreated,
  AuditLog,
  ComplianceOverview,
  Finding,
  FindingDetail,
  FrameworkControl,
  FrameworkDetail,
  Organization,
  Page,
  Principal,
  RemediationJob,
  Repository,
  Scan,
  ScanModule,
  ScanReport,
  Severity,
  UsageOverview,
} from './types.ts';

/**
 * One decoder per resource of the spec. Required are the fields the wire types declare non-optional;
 * fields typed `| null` may also be absent (they become null). Enumerations from the server, such as
 * severities and statuses, are checked as strings only, so a new value does not break the client.
 */

const severity = string as Decoder<Severity>;

export function page<T>(item: Decoder<T>): Decoder<Page<T>> {
  return object<Page<T>>({ items: arrayOf(item), total: number, limit: number, offset: number });
}

const organization = object<Organization>({ name: string, plan: string, id: optional(id) });

export const principal = object<Principal>({
  user_id: id,
  email: string,
  active_org_id: id,
  role: string,
  permissions: arrayOf(string),
  organizations: arrayOf(organization),
});

export const repository = object<Repository>({
  id,
  full_name: string,
  default_branch: string,
  project_id: optional(nullable(id)),
});

const scanModule = object<ScanModule>({ name: string, status: string });

export const scan = object<Scan>({ id, status: string, modules: arrayOf(scanModule) });

export const scanReport = object<ScanReport>({
  total_findings: number,
  risk_score: number,
  severity_breakdown: anyObject,
});

const findingFields = {
  id,
  severity,
  title: string,
  file_path: string,
  line: number,
  cwe: optional(nullable(string)),
  owasp: optional(nullable(string)),
};

export const finding = object<Finding>(findingFields);

export const findingDetail = object<FindingDetail>({
  ...findingFields,
  cvss_score: optional(nullable(number)),
  fix: optional(nullable(object({ unified_diff: optional(nullable(string)) }))),
});

export const remediationJob = object<RemediationJob>({
  id,
  pr_url: nullable(string),
  branch: nullable(string),
  status: optional(string),
  failure_reason: optional(nullable(string)),
});

const agentRun = object<AgentRun>({
  sequence: number,
  agent_id: string,
  status: string,
  confidence: nullable(number),
});

export const aiAnalysis = object<AIAnalysis>({
  risk_score: nullable(number),
  overall_confidence: nullable(number),
  agent_runs: arrayOf(agentRun),
  status: optional(string),
});

export const aiPatches: Decoder<AIPatches> = anyObject;

export const complianceOverview = object<ComplianceOverview>({ overall_score: number });

const frameworkControl = object<FrameworkControl>({ control_id: string, status: string, title: string });

export const frameworkDetail = object<FrameworkDetail>({ controls: arrayOf(frameworkControl) });

const aiSecurityCheck = object<AiSecurityCheck>({ name: string, owasp_llm: string, status: string });

export const aiSecurityOverview = object<AiSecurityOverview>({
  summary: object({ checks_failed: number, checks_total: number }),
  checks: arrayOf(aiSecurityCheck),
});

export const auditLog = object<AuditLog>({ created_at: string, action: string, actor_id: id });

export const apiKey = object<ApiKey>({
  id,
  name: string,
  role: string,
  prefix: string,
  last_four: string,
  is_active: boolean,
});

export const apiKeyCreated = object<ApiKeyCreated>({
  id,
  name: string,
  role: string,
  prefix: string,
  last_four: string,
  is_active: boolean,
  token: string,
});

/** The README's choice is a bare array; a Page-shaped object is accepted too. */
export const apiKeyList: Decoder<ApiKey[]> = (value, at) => {
  if (Array.isArray(value)) return arrayOf(apiKey)(value, at);
  if (value !== null && typeof value === 'object' && 'items' in value) {
    return arrayOf(apiKey)(value.items, at === '' ? 'items' : `${at}.items`);
  }
  throw new DecodeIssue('is not a list of API keys');
};

export const usageOverview = object<UsageOverview>({ remaining_credits: number });
