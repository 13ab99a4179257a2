import { parseFindingId } from './finding-ids.ts';
import { displayPrefix, hashSecret, lastFour, newSecret } from './key-secrets.ts';
import type {
  AiAnalysisRecord,
  AuditRecord,
  KeyRecord,
  OrgRecord,
  ProjectRecord,
  RemediationRecord,
  RepositoryRecord,
  Role,
  ScanRecord,
  UserRecord,
} from './records.ts';
import type { Scenario } from './scenario.ts';
import { planScan, remediationOutcomeOf, type ScanRequest } from './scan-plan.ts';

/**
 * All the emulator's state, in memory, behind one class: handlers read and change state only through it.
 * Everything is scoped by organization; a lookup with another org's id finds nothing (and answers 404).
 * Times: `createdAt` strings are wall-clock ISO times; `startedAt` numbers are service time (see clock.ts).
 */

export interface Principal {
  readonly key: KeyRecord;
  readonly org: OrgRecord;
  readonly user: UserRecord;
}

export interface NewScan extends ScanRequest {
  readonly repository: RepositoryRecord;
  readonly frameworks: readonly string[];
  readonly isIncremental: boolean;
}

export interface FindingRef {
  readonly scan: ScanRecord;
  readonly index: number;
}

/** Who seeded scans are attributed to in the audit log. */
const SYSTEM_ACTOR = 'system';

export class Store {
  readonly scenario: Scenario;
  readonly #now: () => number;
  readonly #orgs = new Map<string, OrgRecord>();
  readonly #users = new Map<string, UserRecord>();
  readonly #keysById = new Map<string, KeyRecord>();
  readonly #keysByHash = new Map<string, KeyRecord>();
  readonly #projects = new Map<string, ProjectRecord>();
  readonly #repositories = new Map<string, RepositoryRecord>();
  readonly #scans: ScanRecord[] = [];
  readonly #scansById = new Map<string, ScanRecord>();
  readonly #scansByNum = new Map<number, ScanRecord>();
  readonly #remediations = new Map<string, RemediationRecord>();
  readonly #analyses = new Map<string, AiAnalysisRecord>();
  readonly #audit: AuditRecord[] = [];
  readonly #counters = new Map<string, number>();

  /** `now` is service time in ms. */
  constructor(scenario: Scenario, now: () => number) {
    this.scenario = scenario;
    this.#now = now;
    for (const org of scenario.orgs) this.#orgs.set(org.id, org);
    for (const user of scenario.users) this.#users.set(user.id, user);
    for (const project of scenario.projects) this.#projects.set(project.id, project);
    const seededAudit: Omit<AuditRecord, 'id'>[] = [];
    for (const key of scenario.keys) {
      const record: KeyRecord = {
        id: key.id,
        orgId: key.orgId,
        userId: key.userId,
        name: key.name,
        role: key.role,
        prefix: displayPrefix(key.secret),
        lastFour: lastFour(key.secret),
        hash: hashSecret(key.secret),
        isActive: key.active,
        createdAt: key.createdAt,
      };
      this.#addKey(record);
      const entry = { orgId: key.orgId, createdAt: key.createdAt, actorId: key.userId, apiKeyId: key.id };
      seededAudit.push({ ...entry, action: 'api_key.created', targetType: 'api_key', targetId: key.id });
      if (!key.active) {
        seededAudit.push({ ...entry, action: 'api_key.revoked', targetType: 'api_key', targetId: key.id });
      }
    }
    for (const repository of scenario.repositories) {
      const nextPrNumber = repository.profile.remediation.firstPrNumber;
      this.#repositories.set(repository.id, { ...repository, nextPrNumber });
    }
    const wallNow = Date.now();
    // Oldest first, so that listing (newest first) follows their created_at whatever the scenario's order.
    const seededScans = [...scenario.scans].sort((a, b) => b.ageSeconds - a.ageSeconds);
    for (const seeded of seededScans) {
      const repository = this.#repositories.get(seeded.repositoryId);
      if (!repository) continue;
      const createdAt = new Date(wallNow - seeded.ageSeconds * 1000).toISOString();
      const scan = this.#newScan(seeded.id, createdAt, this.#now() - seeded.ageSeconds * 1000, {
        repository,
        ref: seeded.ref,
        modules: seeded.modules,
        frameworks: seeded.frameworks,
        isIncremental: false,
        neverFinishes: false,
      });
      seededAudit.push({
        orgId: repository.orgId,
        createdAt,
        action: 'scan.created',
        actorId: SYSTEM_ACTOR,
        apiKeyId: null,
        targetType: 'scan',
        targetId: scan.id,
      });
    }
    seededAudit.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    for (const entry of seededAudit) this.#audit.push({ id: this.#nextId('aud'), ...entry });
  }

  // Organizations, users and keys

  org(id: string): OrgRecord | undefined {
    return this.#orgs.get(id);
  }

  user(id: string): UserRecord | undefined {
    return this.#users.get(id);
  }

  keyByHash(hash: string): KeyRecord | undefined {
    return this.#keysByHash.get(hash);
  }

  keys(orgId: string): KeyRecord[] {
    return [...this.#keysById.values()].filter((key) => key.orgId === orgId);
  }

  key(orgId: string, id: string): KeyRecord | undefined {
    const key = this.#keysById.get(id);
    return key?.orgId === orgId ? key : undefined;
  }

  createKey(principal: Principal, name: string, role: Role): { key: KeyRecord; secret: string } {
    const secret = newSecret();
    const key: KeyRecord = {
      id: this.#freshId('key', (id) => this.#keysById.has(id)),
      orgId: principal.org.id,
      userId: principal.user.id,
      name,
      role,
      prefix: displayPrefix(secret),
      lastFour: lastFour(secret),
      hash: hashSecret(secret),
      isActive: true,
      createdAt: new Date().toISOString(),
    };
    this.#addKey(key);
    this.audit(principal, 'api_key.created', 'api_key', key.id);
    return { key, secret };
  }

  /** Returns false when the key was already revoked (nothing changes, nothing is logged). */
  revokeKey(principal: Principal, key: KeyRecord): boolean {
    if (!key.isActive) return false;
    key.isActive = false;
    this.audit(principal, 'api_key.revoked', 'api_key', key.id);
    return true;
  }

  // Projects and repositories

  project(orgId: string, id: string): ProjectRecord | undefined {
    const project = this.#projects.get(id);
    return project?.orgId === orgId ? project : undefined;
  }

  repositories(orgId: string, projectId?: string): RepositoryRecord[] {
    return [...this.#repositories.values()].filter(
      (repository) =>
        repository.orgId === orgId && (projectId === undefined || repository.projectId === projectId),
    );
  }

  repository(orgId: string, id: string): RepositoryRecord | undefined {
    const repository = this.#repositories.get(id);
    return repository?.orgId === orgId ? repository : undefined;
  }

  // Scans and findings

  createScan(principal: Principal, input: NewScan): ScanRecord {
    const id = this.#freshId('scan', (candidate) => this.#scansById.has(candidate));
    const scan = this.#newScan(id, new Date().toISOString(), this.#now(), input);
    this.audit(principal, 'scan.created', 'scan', scan.id);
    return scan;
  }

  /** Newest first. */
  scans(orgId: string, repositoryId?: string): ScanRecord[] {
    const found: ScanRecord[] = [];
    for (let i = this.#scans.length - 1; i >= 0; i--) {
      const scan = this.#scans[i] as ScanRecord;
      if (scan.orgId === orgId && (repositoryId === undefined || scan.repositoryId === repositoryId))
        found.push(scan);
    }
    return found;
  }

  scan(orgId: string, id: string): ScanRecord | undefined {
    const scan = this.#scansById.get(id);
    return scan?.orgId === orgId ? scan : undefined;
  }

  cancelScan(principal: Principal, scan: ScanRecord): void {
    scan.cancelledAt = this.#now();
    this.audit(principal, 'scan.cancelled', 'scan', scan.id);
  }

  /** Resolves a finding id to its scan and template index; the caller checks that the scan has completed. */
  finding(orgId: string, findingId: string): FindingRef | undefined {
    const parsed = parseFindingId(findingId);
    const scan = parsed && this.#scansByNum.get(parsed.scanNum);
    if (!parsed || scan?.orgId !== orgId || parsed.index >= scan.findings.templates.length) return undefined;
    return { scan, index: parsed.index };
  }

  // Remediations and AI analyses

  createRemediation(principal: Principal, ref: FindingRef, findingId: string): RemediationRecord {
    const repository = this.#repositories.get(ref.scan.repositoryId);
    const template = ref.scan.findings.templates[ref.index];
    if (!repository || !template) throw new Error(`finding ${findingId} has no repository or template`);
    const profile = repository.profile.remediation;
    const outcome = remediationOutcomeOf(template, profile);
    // Numbers are taken at creation, so pull requests are numbered in the order jobs were started.
    const prNumber = outcome.kind === 'pull_request' ? repository.nextPrNumber++ : 0;
    const job: RemediationRecord = {
      id: this.#freshId('rem', (id) => this.#remediations.has(id)),
      orgId: principal.org.id,
      findingId,
      scanId: ref.scan.id,
      createdAt: new Date().toISOString(),
      startedAt: this.#now(),
      queueSeconds: profile.queueSeconds,
      durationSeconds: profile.durationSeconds,
      outcome,
      prUrl: prNumber > 0 ? `https://github.com/${repository.fullName}/pull/${prNumber}` : '',
      branch: prNumber > 0 ? `svc/remediate-${findingId.replaceAll('_', '-')}` : '',
    };
    this.#remediations.set(job.id, job);
    this.audit(principal, 'remediation.created', 'remediation', job.id);
    return job;
  }

  remediation(orgId: string, id: string): RemediationRecord | undefined {
    const job = this.#remediations.get(id);
    return job?.orgId === orgId ? job : undefined;
  }

  startAiAnalysis(principal: Principal, scan: ScanRecord): AiAnalysisRecord {
    const repository = this.#repositories.get(scan.repositoryId);
    if (!repository) throw new Error(`scan ${scan.id} has no repository`);
    const analysis: AiAnalysisRecord = {
      id: this.#nextId('aia'),
      orgId: scan.orgId,
      scanId: scan.id,
      createdAt: new Date().toISOString(),
      startedAt: this.#now(),
      profile: repository.profile.aiAnalysis,
      riskScore: scan.riskScore,
    };
    this.#analyses.set(scan.id, analysis);
    this.audit(principal, 'ai_analysis.created', 'ai_analysis', analysis.id);
    return analysis;
  }

  aiAnalysis(orgId: string, scanId: string): AiAnalysisRecord | undefined {
    const analysis = this.#analyses.get(scanId);
    return analysis?.orgId === orgId ? analysis : undefined;
  }

  // Audit log

  audit(principal: Principal, action: string, targetType: string, targetId: string): void {
    this.#audit.push({
      id: this.#nextId('aud'),
      orgId: principal.org.id,
      createdAt: new Date().toISOString(),
      action,
      actorId: principal.user.id,
      apiKeyId: principal.key.id,
      targetType,
      targetId,
    });
  }

  /** Newest first. */
  auditEntries(orgId: string, filter: (entry: AuditRecord) => boolean): AuditRecord[] {
    const found: AuditRecord[] = [];
    for (let i = this.#audit.length - 1; i >= 0; i--) {
      const entry = this.#audit[i] as AuditRecord;
      if (entry.orgId === orgId && filter(entry)) found.push(entry);
    }
    return found;
  }

  #addKey(key: KeyRecord): void {
    this.#keysById.set(key.id, key);
    this.#keysByHash.set(key.hash, key);
  }

  #newScan(id: string, createdAt: string, startedAt: number, input: NewScan): ScanRecord {
    const { repository } = input;
    const num = this.#next('scan-number');
    const scan: ScanRecord = {
      ...planScan(repository, input),
      id,
      num,
      orgId: repository.orgId,
      repositoryId: repository.id,
      ref: input.ref,
      frameworks: input.frameworks,
      isIncremental: input.isIncremental,
      createdAt,
      startedAt,
      cancelledAt: null,
    };
    this.#scans.push(scan);
    this.#scansById.set(id, scan);
    this.#scansByNum.set(num, scan);
    return scan;
  }

  /** Sequential ids: readable in tests, deterministic, and never reused within one run. */
  #freshId(prefix: string, taken: (id: string) => boolean): string {
    let id: string;
    do id = this.#nextId(prefix);
    while (taken(id));
    return id;
  }

  #nextId(prefix: string): string {
    return `${prefix}_${this.#next(prefix)}`;
  }

  #next(counter: string): number {
    const value = (this.#counters.get(counter) ?? 0) + 1;
    this.#counters.set(counter, value);
    return value;
  }
}
