import {
  DecodeIssue,
  anyObject,
  arrayOf,
  boolean,
  id,
  integer,
  isRecord,
  nullable,
  number,
  numberRecord,
  object,
  optional,
  ownField,
  string,
  type Decoder,
  type Fields,
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
  ComplianceFrameworkScore,
  ComplianceOverview,
  Finding,
  FindingDetail,
  FindingFix,
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
 * One decoder per resource of the spec, with a decoder for every field its wire type declares (the `Fields`
 * type makes a missing one a compile error). Required are the fields the wire types declare non-optional;
 * fields typed `| null` may also be absent (they become null). Enumerations from the server, such as
 * severities and statuses, are checked as strings only, so a new value does not break the client.
 */

const severity = string as Decoder<Severity>;

/** Far above any real list; a larger total is a broken answer. */
const MAX_TOTAL = 1_000_000_000;
/** Far above any real source file; a larger line number cannot be shown on a line. */
const MAX_LINE = 10_000_000;

export function page<T>(item: Decoder<T>): Decoder<Page<T>> {
  // limit and offset may be nonsense (0, negative) without breaking the walk, which then follows the items.
  return object<Page<T>>({
    items: arrayOf(item),
    total: integer(0, MAX_TOTAL),
    limit: number,
    offset: number,
  });
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

export const scan = object<Scan>({
  id,
  status: string,
  modules: arrayOf(scanModule),
  repository_id: optional(id),
  ref: optional(string),
  created_at: optional(string),
  frameworks: optional(arrayOf(string)),
});

export const scanReport = object<ScanReport>({
  total_findings: integer(0, MAX_TOTAL),
  risk_score: number,
  severity_breakdown: numberRecord,
});

/** Typed with `Fields`, so a field added to Finding cannot compile without its decoder here. */
const findingFields: Fields<Omit<Finding, 'malformed'>> = {
  id,
  severity,
  title: string,
  file_path: string,
  line: integer(0, MAX_LINE),
  scan_id: optional(id),
  cwe: optional(nullable(string)),
  owasp: optional(nullable(string)),
};

/**
 * A finding in a list is decoded field by field: one item with a broken field (a null line, a title that is
 * not a string) must not sink the page and with it the run. The field gets a safe value (no location, no
 * title, an unknown severity, which counts as critical) and its name goes into `malformed`, so the finding is
 * still counted, fail-closed, and the caller can say so. An item that is not even an object becomes such a
 * finding too.
 */
export const finding: Decoder<Finding> = (value, at) => {
  const source = isRecord(value) ? value : {};
  const malformed: string[] = isRecord(value) ? [] : ['the whole item'];
  const field = <T>(name: keyof typeof findingFields, fallback: T): T => {
    try {
      // The issue's message (which would name `${at}.${name}`) is dropped below: only the field's name is kept, so
      // no path is built for each field of every finding read.
      return (findingFields[name] as Decoder<T>)(ownField(source, name), at);
    } catch (error) {
      if (!(error instanceof DecodeIssue)) throw error;
      if (malformed.length === 0 || malformed[0] !== 'the whole item') malformed.push(name);
      return fallback;
    }
  };
  const decoded: Finding = {
    id: field('id', ''),
    severity: field('severity', 'unknown' as Severity),
    title: field('title', '(no title)'),
    file_path: field('file_path', ''),
    line: field('line', 0),
  };
  const scanId = field<string | undefined>('scan_id', undefined);
  const cwe = field<string | null | undefined>('cwe', undefined);
  const owasp = field<string | null | undefined>('owasp', undefined);
  if (scanId !== undefined) decoded.scan_id = scanId;
  if (cwe !== undefined) decoded.cwe = cwe;
  if (owasp !== undefined) decoded.owasp = owasp;
  if (malformed.length > 0) decoded.malformed = malformed;
  return decoded;
};

/** A finding asked for by id is decoded strictly: it is one answer, and a broken one is retried, then fatal. */
export const findingDetail = object<FindingDetail>({
  ...findingFields,
  cvss_score: optional(nullable(number)),
  fix: optional(nullable(object<FindingFix>({ unified_diff: optional(nullable(string)) }))),
  malformed: () => undefined,
});

export const remediationJob = object<RemediationJob>({
  id,
  pr_url: nullable(string),
  branch: nullable(string),
  status: optional(string),
  finding_id: optional(id),
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
  scan_id: optional(id),
});

export const aiPatches: Decoder<AIPatches> = anyObject;

const frameworkScore = object<ComplianceFrameworkScore>({
  id,
  name: optional(string),
  score: optional(number),
});

export const complianceOverview = object<ComplianceOverview>({
  overall_score: number,
  frameworks: optional(arrayOf(frameworkScore)),
});

const frameworkControl = object<FrameworkControl>({ control_id: string, status: string, title: string });

export const frameworkDetail = object<FrameworkDetail>({
  controls: arrayOf(frameworkControl),
  id: optional(id),
  name: optional(string),
});

const aiSecurityCheck = object<AiSecurityCheck>({ name: string, owasp_llm: string, status: string });

export const aiSecurityOverview = object<AiSecurityOverview>({
  summary: object({ checks_failed: number, checks_total: number }),
  checks: arrayOf(aiSecurityCheck),
});

export const auditLog = object<AuditLog>({
  created_at: string,
  action: string,
  actor_id: id,
  id: optional(id),
  target_type: optional(string),
  target_id: optional(id),
});

const apiKey = object<ApiKey>({
  id,
  name: string,
  role: string,
  prefix: string,
  last_four: string,
  is_active: boolean,
  created_at: optional(string),
});

export const apiKeyCreated = object<ApiKeyCreated>({
  id,
  name: string,
  role: string,
  prefix: string,
  last_four: string,
  is_active: boolean,
  created_at: optional(string),
  token: string,
});

/** The README's choice is a bare array; a Page-shaped object is accepted too. */
export const apiKeyList: Decoder<ApiKey[]> = (value, at) => {
  if (Array.isArray(value)) return arrayOf(apiKey)(value, at);
  if (isRecord(value) && Object.hasOwn(value, 'items')) {
    return arrayOf(apiKey)(ownField(value, 'items'), at === '' ? 'items' : `${at}.items`);
  }
  throw new DecodeIssue('is not a list of API keys');
};

export const usageOverview = object<UsageOverview>({ remaining_credits: number });
