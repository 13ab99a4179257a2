import { gunzipSync } from 'node:zlib';

/**
 * Code scanning as GitHub keeps it for the emulator: SARIF uploads processed after a few status polls, and alerts
 * tracked across uploads. An alert is one (tool, category, rule id, path); when a rule has several results in one
 * file, a result is matched to the alert whose last line is nearest. An upload for a ref closes as `fixed` the
 * alerts of its tool and category on that ref that it no longer reports, and reopens a fixed one it reports again.
 * Only the `security-severity`-most-severe 5,000 results of a run become alerts (GitHub's soft limit); a run over
 * 25,000 results, or a file that is not gzip + base64 of a SARIF 2.1.0 log, fails processing with an error.
 */

const SHOWN_RESULTS_LIMIT = 5_000;
const MAX_RESULTS_PER_RUN = 25_000;

export interface CodeScanningSettings {
  /** False: every code scanning request answers 403, as on a private repository without Advanced Security. */
  advancedSecurity: boolean;
  /** Status polls that answer `pending` before processing ends (default 1). */
  pendingPolls: number;
  /** Errors processing ends with: `failed` instead of `complete` (default none). */
  failWith: readonly string[] | undefined;
  /** Delegated alert dismissal: a dismissal with `create_request` files a request and the alert stays open. */
  delegatedDismissal: boolean;
}

const DEFAULT_CODE_SCANNING_SETTINGS: CodeScanningSettings = {
  advancedSecurity: true,
  pendingPolls: 1,
  failWith: undefined,
  delegatedDismissal: false,
};

export interface SarifUpload {
  readonly id: string;
  readonly repositoryKey: string;
  readonly commitSha: string;
  readonly ref: string;
  readonly sarif: string;
  polls: number;
  status: 'pending' | 'complete' | 'failed';
  errors: readonly string[] | null;
}

interface AlertInstance {
  ref: string;
  commitSha: string;
  category: string;
  state: 'open' | 'fixed';
  message: string;
  line: number;
  endLine: number;
}

export interface Alert {
  readonly number: number;
  readonly repositoryKey: string;
  readonly tool: { name: string; version: string | null };
  readonly category: string;
  readonly ruleId: string;
  readonly ruleName: string;
  readonly severity: 'error' | 'warning' | 'note' | 'none';
  readonly securitySeverity: number | undefined;
  readonly path: string;
  readonly createdAt: string;
  updatedAt: string;
  fixedAt: string | null;
  /** `approvedBy`: the reviewer who approved the dismissal request of `by`. */
  dismissed:
    { by: string; at: string; reason: string; comment: string | null; approvedBy?: string } | undefined;
  /** By ref: the state there and the last place this alert was seen. */
  readonly instances: Map<string, AlertInstance>;
  lastRef: string;
}

export interface DismissalRequest {
  readonly alertNumber: number;
  readonly repositoryKey: string;
  readonly requester: string;
  readonly reason: string;
  readonly comment: string | null;
  readonly createdAt: string;
}

interface SarifResult {
  ruleId: string;
  ruleName: string;
  level: Alert['severity'];
  securitySeverity: number | undefined;
  message: string;
  path: string;
  line: number;
  endLine: number;
}

export class CodeScanning {
  settings: CodeScanningSettings = { ...DEFAULT_CODE_SCANNING_SETTINGS };
  readonly uploads = new Map<string, SarifUpload>();
  readonly alerts: Alert[] = [];
  readonly dismissalRequests: DismissalRequest[] = [];
  #nextUpload = 1;
  readonly #now: () => string;

  constructor(now: () => string) {
    this.#now = now;
  }

  upload(fields: Pick<SarifUpload, 'repositoryKey' | 'commitSha' | 'ref' | 'sarif'>): SarifUpload {
    const id = `6c7f${String(this.#nextUpload++).padStart(4, '0')}-0000-11f0-8a2b-000000000000`;
    const upload: SarifUpload = { ...fields, id, polls: 0, status: 'pending', errors: null };
    this.uploads.set(id, upload);
    return upload;
  }

  /** One status poll: processing ends once `pendingPolls` polls have answered `pending`. */
  poll(upload: SarifUpload): SarifUpload {
    if (upload.status !== 'pending') return upload;
    upload.polls += 1;
    if (upload.polls <= this.settings.pendingPolls) return upload;
    this.#process(upload);
    return upload;
  }

  alertsOf(repositoryKey: string): Alert[] {
    return this.alerts.filter((alert) => alert.repositoryKey === repositoryKey);
  }

  /** The state an alert shows on a ref (the default branch when none is named). */
  stateOn(alert: Alert, ref: string | undefined): 'open' | 'dismissed' | 'fixed' {
    if (alert.dismissed) return 'dismissed';
    return alert.instances.get(ref ?? alert.lastRef)?.state ?? 'open';
  }

  /** Alerts with an instance on the ref (the caller names the default branch's when the request names none). */
  onRef(alert: Alert, ref: string): boolean {
    return alert.instances.has(ref);
  }

  dismiss(alert: Alert, by: string, reason: string, comment: string | null): void {
    const at = this.#now();
    alert.dismissed = { by, at, reason, comment };
    alert.updatedAt = at;
  }

  reopen(alert: Alert): void {
    alert.dismissed = undefined;
    alert.updatedAt = this.#now();
  }

  requestDismissal(alert: Alert, requester: string, reason: string, comment: string | null): void {
    this.dismissalRequests.push({
      alertNumber: alert.number,
      repositoryKey: alert.repositoryKey,
      requester,
      reason,
      comment,
      createdAt: this.#now(),
    });
  }

  /**
   * A reviewer approves every pending dismissal request: as on GitHub, the alert is dismissed by the requester
   * (`dismissed_by`), with its reason and comment, and the reviewer is `dismissal_approved_by`.
   */
  approveDismissalRequests(reviewer: string): number {
    const requests = this.dismissalRequests.splice(0);
    for (const request of requests) {
      const alert = this.alerts.find(
        (candidate) =>
          candidate.number === request.alertNumber && candidate.repositoryKey === request.repositoryKey,
      );
      if (!alert) continue;
      this.dismiss(alert, request.requester, request.reason, request.comment);
      if (alert.dismissed) alert.dismissed.approvedBy = reviewer;
    }
    return requests.length;
  }

  #process(upload: SarifUpload): void {
    const failWith = this.settings.failWith;
    if (failWith !== undefined && failWith.length > 0) {
      upload.status = 'failed';
      upload.errors = [...failWith];
      return;
    }
    try {
      const runs = decodeSarif(upload.sarif);
      for (const run of runs) this.#analyse(upload, run);
      upload.status = 'complete';
    } catch (error) {
      upload.status = 'failed';
      upload.errors = [error instanceof Error ? error.message : String(error)];
    }
  }

  #analyse(upload: SarifUpload, run: DecodedRun): void {
    const at = this.#now();
    const kept = [...run.results]
      .sort((a, b) => (b.securitySeverity ?? 0) - (a.securitySeverity ?? 0))
      .slice(0, SHOWN_RESULTS_LIMIT);
    const candidates = this.alerts.filter(
      (alert) =>
        alert.repositoryKey === upload.repositoryKey &&
        alert.tool.name === run.tool.name &&
        alert.category === run.category,
    );
    const seen = new Set<Alert>();
    for (const result of kept) {
      const alert = nearestUnseen(candidates, seen, result) ?? this.#newAlert(upload, run, result, at);
      seen.add(alert);
      alert.instances.set(upload.ref, {
        ref: upload.ref,
        commitSha: upload.commitSha,
        category: run.category,
        state: 'open',
        message: result.message,
        line: result.line,
        endLine: result.endLine,
      });
      alert.lastRef = upload.ref;
      alert.fixedAt = null;
      alert.updatedAt = at;
    }
    for (const alert of candidates) {
      const instance = alert.instances.get(upload.ref);
      if (seen.has(alert) || !instance || instance.state === 'fixed') continue;
      instance.state = 'fixed';
      instance.commitSha = upload.commitSha;
      alert.lastRef = upload.ref;
      alert.fixedAt = at;
      alert.updatedAt = at;
    }
  }

  #newAlert(upload: SarifUpload, run: DecodedRun, result: SarifResult, at: string): Alert {
    const alert: Alert = {
      number: this.alerts.length + 1,
      repositoryKey: upload.repositoryKey,
      tool: run.tool,
      category: run.category,
      ruleId: result.ruleId,
      ruleName: result.ruleName,
      severity: result.level,
      securitySeverity: result.securitySeverity,
      path: result.path,
      createdAt: at,
      updatedAt: at,
      fixedAt: null,
      dismissed: undefined,
      instances: new Map(),
      lastRef: upload.ref,
    };
    this.alerts.push(alert);
    return alert;
  }
}

/** The alert of the same rule and path not matched yet in this upload whose line is nearest the result's. */
function nearestUnseen(
  candidates: readonly Alert[],
  seen: ReadonlySet<Alert>,
  result: SarifResult,
): Alert | undefined {
  let best: Alert | undefined;
  let bestDistance = Infinity;
  for (const alert of candidates) {
    if (seen.has(alert) || alert.ruleId !== result.ruleId || alert.path !== result.path) continue;
    const last = alert.instances.get(alert.lastRef);
    const distance = Math.abs((last?.line ?? 0) - result.line);
    if (distance < bestDistance) {
      best = alert;
      bestDistance = distance;
    }
  }
  return best;
}

interface DecodedRun {
  tool: { name: string; version: string | null };
  category: string;
  results: SarifResult[];
}

/** gzip, then base64, of a SARIF 2.1.0 log, as the upload API takes it; anything else is a processing error. */
function decodeSarif(encoded: string): DecodedRun[] {
  let log: unknown;
  try {
    log = JSON.parse(gunzipSync(Buffer.from(encoded, 'base64')).toString('utf8'));
  } catch {
    throw new Error('Invalid SARIF: the file is not gzip-compressed, base64-encoded JSON.');
  }
  const { version, runs } = (log ?? {}) as { version?: unknown; runs?: unknown };
  if (version !== '2.1.0' || !Array.isArray(runs))
    throw new Error('Invalid SARIF: expected version 2.1.0 with a runs array.');
  if (runs.length > 20) throw new Error(`Invalid SARIF: ${runs.length} runs, at most 20 are allowed.`);
  const decoded = runs.map(decodeRun);
  const categories = new Set(decoded.map((run) => run.category));
  if (categories.size < decoded.length)
    throw new Error('Invalid SARIF: several runs with the same category are not allowed in one upload.');
  return decoded;
}

function decodeRun(raw: unknown): DecodedRun {
  const run = raw as {
    tool?: { driver?: { name?: string; version?: string; rules?: Rule[] } };
    automationDetails?: { id?: string };
    results?: unknown[];
  };
  const driver = run.tool?.driver;
  if (typeof driver?.name !== 'string') throw new Error('Invalid SARIF: a run has no tool.driver.name.');
  const results = run.results ?? [];
  if (results.length > MAX_RESULTS_PER_RUN)
    throw new Error(
      `SARIF results exceed hard limits: ${results.length} results in one run, at most ${MAX_RESULTS_PER_RUN}.`,
    );
  const id = run.automationDetails?.id ?? '';
  const category = id.includes('/') ? id.slice(0, id.lastIndexOf('/')) : id;
  const rules = new Map((driver.rules ?? []).map((rule) => [rule.id, rule]));
  return {
    tool: { name: driver.name, version: driver.version ?? null },
    category,
    results: results.map((result) => decodeResult(result as Result, rules)),
  };
}

interface Rule {
  id: string;
  name?: string;
  shortDescription?: { text?: string };
  properties?: { 'security-severity'?: string };
  defaultConfiguration?: { level?: string };
}

interface Result {
  ruleId?: string;
  level?: string;
  message?: { text?: string };
  locations?: {
    physicalLocation?: {
      artifactLocation?: { uri?: string };
      region?: { startLine?: number; endLine?: number };
    };
  }[];
}

function decodeResult(result: Result, rules: ReadonlyMap<string, Rule>): SarifResult {
  if (typeof result.ruleId !== 'string') throw new Error('Invalid SARIF: a result has no ruleId.');
  const rule = rules.get(result.ruleId);
  const physical = result.locations?.[0]?.physicalLocation;
  const line = physical?.region?.startLine ?? 1;
  const level = result.level ?? rule?.defaultConfiguration?.level ?? 'warning';
  const security = Number(rule?.properties?.['security-severity']);
  return {
    ruleId: result.ruleId,
    ruleName: rule?.shortDescription?.text ?? rule?.name ?? result.ruleId,
    level:
      level === 'error' || level === 'warning' || level === 'note' || level === 'none' ? level : 'warning',
    securitySeverity: Number.isFinite(security) ? security : undefined,
    message: result.message?.text ?? '',
    path: repositoryPath(physical?.artifactLocation?.uri ?? ''),
    line,
    endLine: physical?.region?.endLine ?? line,
  };
}

/** Code scanning shows the file's repository path: the URI decoded (`a%2Cb` is `a,b`). */
function repositoryPath(uri: string): string {
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri;
  }
}
