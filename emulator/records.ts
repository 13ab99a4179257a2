/**
 * What the store holds. Records are the emulator's own shapes; handlers turn them into the wire shapes of
 * the spec (and of the project README's table of choices) when they answer.
 */
export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const ROLES = ['viewer', 'member', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export type ScanStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

export type ModuleStatus = 'queued' | 'running' | 'completed' | 'failed' | 'skipped' | 'cancelled';

/** Job statuses of remediations, AI analyses and their agent runs. */
export type JobStatus = 'queued' | 'running' | 'completed' | 'failed' | 'skipped';

/** The modules a scan may ask for; a name outside this list is a 422. */
export const KNOWN_MODULES = ['sast', 'secrets', 'dependencies', 'iac', 'containers', 'licenses'] as const;

export type RemediationOutcome =
  { readonly kind: 'pull_request' } | { readonly kind: 'failed'; readonly reason: string };

export interface FindingTemplate {
  readonly severity: Severity;
  readonly title: string;
  readonly filePath: string;
  readonly line: number;
  readonly cwe: string | null;
  readonly owasp: string | null;
  readonly cvssScore: number | null;
  readonly description: string;
  readonly fixDiff: string | null;
  readonly module: string;
  readonly remediation: RemediationOutcome | undefined;
}

export interface AgentProfile {
  readonly agentId: string;
  readonly durationSeconds: number;
  readonly confidence: number;
  readonly outcome: 'completed' | 'failed';
}

export interface AiAnalysisProfile {
  readonly queueSeconds: number;
  readonly agents: readonly AgentProfile[];
  readonly riskScore: number | undefined;
  readonly overallConfidence: number | undefined;
  readonly patchLimit: number;
}

export interface RemediationProfile {
  readonly queueSeconds: number;
  readonly durationSeconds: number;
  /** Overrides the per-finding rule (a pull request when the finding has a fix, else a failure). */
  readonly defaultOutcome: RemediationOutcome | undefined;
  readonly firstPrNumber: number;
}

type ScanOutcome = 'completed' | 'failed' | 'never';

export interface ScanProfile {
  readonly modules: readonly string[];
  readonly queueSeconds: number;
  readonly durationSeconds: number;
  readonly outcome: ScanOutcome;
  readonly failedModules: readonly string[];
  readonly skippedModules: readonly string[];
  readonly riskScore: number | undefined;
  readonly creditsPerModule: number;
  /** What a scan of any ref not in `findingsByRef` reports. */
  readonly findings: readonly FindingTemplate[];
  /** What a scan of one ref (a commit SHA, a branch) reports instead, so two commits can differ. */
  readonly findingsByRef: ReadonlyMap<string, readonly FindingTemplate[]>;
  readonly remediation: RemediationProfile;
  readonly aiAnalysis: AiAnalysisProfile;
}

export interface OrgRecord {
  readonly id: string;
  readonly name: string;
  readonly plan: string;
  readonly credits: number;
  readonly usedCreditsAtStart: number;
}

export interface UserRecord {
  readonly id: string;
  readonly email: string;
  readonly orgIds: readonly string[];
}

export interface KeyRecord {
  readonly id: string;
  readonly orgId: string;
  readonly userId: string;
  readonly name: string;
  readonly role: Role;
  readonly prefix: string;
  readonly lastFour: string;
  readonly hash: string;
  isActive: boolean;
  readonly createdAt: string;
}

export interface ProjectRecord {
  readonly id: string;
  readonly orgId: string;
  readonly name: string;
}

export interface RepositoryRecord {
  readonly id: string;
  readonly orgId: string;
  readonly projectId: string | null;
  readonly fullName: string;
  readonly defaultBranch: string;
  readonly profile: ScanProfile;
  nextPrNumber: number;
}

/** The findings one scan reports: indexes into its repository's templates, sorted, and per severity. */
export interface FindingSet {
  readonly templates: readonly FindingTemplate[];
  readonly all: Uint32Array;
  readonly bySeverity: Readonly<Record<Severity, Uint32Array>>;
}

export interface ScanRecord {
  readonly id: string;
  /** Internal sequence number; finding ids carry it so a finding leads back to its scan. */
  readonly num: number;
  readonly orgId: string;
  readonly repositoryId: string;
  readonly ref: string;
  readonly frameworks: readonly string[];
  readonly isIncremental: boolean;
  readonly createdAt: string;
  /** Service time (ms) when the scan was created; its state is computed from the time since. */
  readonly startedAt: number;
  readonly modules: readonly string[];
  readonly failedModules: readonly string[];
  readonly skippedModules: readonly string[];
  readonly outcome: ScanOutcome;
  readonly queueSeconds: number;
  readonly durationSeconds: number;
  readonly riskScore: number;
  readonly creditsPerModule: number;
  readonly findings: FindingSet;
  cancelledAt: number | null;
}

export interface RemediationRecord {
  readonly id: string;
  readonly orgId: string;
  readonly findingId: string;
  readonly scanId: string;
  readonly createdAt: string;
  readonly startedAt: number;
  readonly queueSeconds: number;
  readonly durationSeconds: number;
  readonly outcome: RemediationOutcome;
  readonly prUrl: string;
  readonly branch: string;
}

export interface AiAnalysisRecord {
  readonly id: string;
  readonly orgId: string;
  readonly scanId: string;
  readonly createdAt: string;
  readonly startedAt: number;
  readonly profile: AiAnalysisProfile;
  readonly riskScore: number;
}

export interface AuditRecord {
  readonly id: string;
  readonly orgId: string;
  readonly createdAt: string;
  readonly action: string;
  readonly actorId: string;
  readonly apiKeyId: string | null;
  readonly targetType: string;
  readonly targetId: string;
}

export interface ComplianceControl {
  readonly controlId: string;
  readonly title: string;
  readonly status: string;
  /** A control with a mapping fails, for a given scan, when one of its findings matches. */
  readonly owaspPrefix: string | undefined;
  readonly cwes: readonly string[];
}

export interface ComplianceFramework {
  readonly id: string;
  readonly name: string;
  readonly controls: readonly ComplianceControl[];
}

export interface AiSecurityCheck {
  readonly name: string;
  readonly owaspLlm: string;
  readonly status: string;
}
