/**
 * What a run learns from the service beyond the findings of its scan: the AI analysis, the compliance scores,
 * the AI-security posture and the credits. Read after the scan completed; only the compliance score can fail the
 * step (min-compliance-score), the rest is shown and never changes the verdict.
 */
export interface ReportedInsights {
  /** Present when `ai-analysis` is on. */
  ai?: ReportedAiAnalysis | undefined;
  /** Present when `frameworks` is set. */
  compliance?: ReportedCompliance | undefined;
  /** Present when the posture was read and has checks. */
  aiSecurity?: ReportedAiSecurity | undefined;
  /** Present when the usage was read at the end of the run. */
  credits?: ReportedCredits | undefined;
}

/**
 * How the AI analysis ended: as the service says (succeeded, failed, cancelled), out of the time wait-timeout
 * left, or never started (the start was refused or failed).
 */
type AiAnalysisOutcome = 'succeeded' | 'failed' | 'cancelled' | 'timed-out' | 'not-started';

interface ReportedAgentRun {
  sequence: number;
  agentId: string;
  status: string;
  confidence: number | null;
}

export interface ReportedAiAnalysis {
  outcome: AiAnalysisOutcome;
  /** The service's values; null until the analysis completed. */
  riskScore: number | null;
  overallConfidence: number | null;
  /** In `sequence` order, at most AI_RUNS_KEPT. */
  runs: readonly ReportedAgentRun[];
  /** Why it did not complete (plain text), when it did not. */
  problem?: string | undefined;
}

interface ReportedControl {
  controlId: string;
  title: string;
  status: string;
}

export interface ReportedFramework {
  id: string;
  name?: string | undefined;
  score?: number | undefined;
  /** Controls of the framework, when its detail was read. */
  controlsTotal: number;
  /** The controls that did not pass (failed, or any status but passed and not applicable), at most LIST_KEPT. */
  notPassed: readonly ReportedControl[];
  notPassedTotal: number;
  /** Why the framework's detail could not be read. */
  problem?: string | undefined;
}

export interface ReportedCompliance {
  /** The overview's overall score; undefined when it could not be read. */
  overallScore: number | undefined;
  /** min-compliance-score, when set. */
  minScore: number | undefined;
  /** Why the overview could not be read. */
  problem?: string | undefined;
  frameworks: readonly ReportedFramework[];
}

interface ReportedAiSecurityCheck {
  name: string;
  owaspLlm: string;
  status: string;
}

export interface ReportedAiSecurity {
  checksFailed: number;
  checksTotal: number;
  /** The checks that did not pass, at most LIST_KEPT. */
  notPassed: readonly ReportedAiSecurityCheck[];
  notPassedTotal: number;
}

export interface ReportedCredits {
  /** Remaining credits at the end of the run. */
  remaining: number;
  /** What the run used: the remaining credits before the scan less those after; undefined when not read before. */
  used: number | undefined;
}

/** Agent runs kept in the report: an analysis has a handful; a service that sends thousands is cut here. */
export const AI_RUNS_KEPT = 100;
/** Controls and checks kept per list: the summary shows fewer, and says how many more there are. */
export const LIST_KEPT = 200;

const PASSED_STATUSES = ['passed', 'pass', 'compliant', 'ok'];
const NOT_APPLICABLE_STATUSES = ['not_applicable', 'not-applicable', 'n/a', 'na', 'skipped'];

/** A control or check passed when the service says so; one that does not apply neither passed nor failed. */
export function didNotPass(status: string): boolean {
  const normalized = status.trim().toLowerCase();
  return !PASSED_STATUSES.includes(normalized) && !NOT_APPLICABLE_STATUSES.includes(normalized);
}

export function isPassedStatus(status: string): boolean {
  return PASSED_STATUSES.includes(status.trim().toLowerCase());
}

/**
 * When what is left would not pay for another run like this one: it used credits, and fewer remain. Without a
 * reading from before the run nothing can be said.
 */
export function creditsRunShort(credits: ReportedCredits | undefined): boolean {
  return credits?.used !== undefined && credits.used > 0 && credits.remaining < credits.used;
}

/** The notice a run short of credits gives (plain text; the sink escapes it). */
export function creditsNotice(credits: ReportedCredits | undefined): string | undefined {
  if (!creditsRunShort(credits) || credits?.used === undefined) return undefined;
  return (
    `${credits.remaining} service credits remain, fewer than the ${credits.used} this run used: ` +
    'another run like this one may not be paid for. Add credits to the plan, or scan fewer modules.'
  );
}
