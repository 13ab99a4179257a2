import type {
  AIAnalysis,
  AgentRun,
  ApiKey,
  AuditLog,
  Finding,
  Page,
  RemediationJob,
  Repository,
  Scan,
} from '../../../../src/client/types.ts';

/** Wire objects as the service sends them, with overridable fields. */

export function scan(overrides: Partial<Scan> = {}): Scan {
  return {
    id: 'scan-1',
    status: 'running',
    modules: [
      { name: 'sast', status: 'running' },
      { name: 'secrets', status: 'completed' },
    ],
    ...overrides,
  };
}

export function finding(overrides: Partial<Finding> = {}): Finding {
  return {
    id: 'f-1',
    severity: 'high',
    title: 'SQL injection',
    file_path: 'src/db.ts',
    line: 42,
    ...overrides,
  };
}

export function repository(overrides: Partial<Repository> = {}): Repository {
  return { id: 'repo-1', full_name: 'octo/app', default_branch: 'main', project_id: null, ...overrides };
}

export function remediation(overrides: Partial<RemediationJob> = {}): RemediationJob {
  return { id: 'rem-1', finding_id: 'f-1', status: 'running', pr_url: '', branch: '', ...overrides };
}

export function agentRun(overrides: Partial<AgentRun> = {}): AgentRun {
  return { sequence: 1, agent_id: 'triage', status: 'running', confidence: null, ...overrides };
}

export function aiAnalysis(overrides: Partial<AIAnalysis> = {}): AIAnalysis {
  return {
    scan_id: 'scan-1',
    status: 'running',
    risk_score: null,
    overall_confidence: null,
    agent_runs: [agentRun()],
    ...overrides,
  };
}

export function auditLog(overrides: Partial<AuditLog> = {}): AuditLog {
  return {
    id: 'log-1',
    created_at: '2025-01-01T00:00:00Z',
    action: 'scan.created',
    actor_id: 'u-1',
    ...overrides,
  };
}

export function apiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 'key-1',
    name: 'ci',
    role: 'member',
    prefix: 'svc_sk_ab',
    last_four: 'wxyz',
    is_active: true,
    created_at: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

export function page<T>(items: T[], fields: Partial<Omit<Page<T>, 'items'>> = {}): Page<T> {
  return { items, total: items.length, limit: 20, offset: 0, ...fields };
}

/** `count` items with ids `${prefix}-${start}`..., for paging tests. */
export function numbered(start: number, count: number, prefix = 'item'): { id: string; n: number }[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `${prefix}-${start + index}`,
    n: start + index,
  }));
}
