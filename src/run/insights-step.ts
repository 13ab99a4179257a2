import {
  AuthError,
  PollTimeoutError,
  RequestAbortedError,
  classifyAiAnalysis,
  classifyStatus,
  type AIAnalysis,
} from '../client/index.ts';
import { ELSEWHERE } from '../text/left-out.ts';
import {
  AI_RUNS_KEPT,
  LIST_KEPT,
  didNotPass,
  type ReportedAiAnalysis,
  type ReportedAiSecurity,
  type ReportedCompliance,
  type ReportedCredits,
  type ReportedFramework,
  type ReportedInsights,
} from '../domain/insights.ts';
import type { RunContext } from './run-context.ts';

/**
 * What the service says about a completed scan beyond its findings: the AI analysis (ai-analysis), compliance
 * (frameworks), the AI-security posture and the credits. Nothing here throws: a read that fails becomes a line
 * in the log or a note, and only an unread compliance score with min-compliance-score set fails the step (the
 * gate does that, core/compliance-gate.ts). Every request ends INSIGHTS_RESERVE_MS before the run's deadline,
 * so waiting for an analysis can never turn into the run's timeout.
 */

/** What the step leaves of the run's deadline, so that the run itself never times out here. */
export const INSIGHTS_RESERVE_MS = 1_000;
/** The AI analysis stops being waited for this long before the step's end, leaving time to read the credits. */
const CREDITS_READ_ALLOWANCE_MS = 2_000;

export interface InsightsResult {
  insights: ReportedInsights;
  /** Warnings for the reader of the verdict (plain text). */
  notes: string[];
}

/** The remaining credits before the scan starts, why they could not be read, or that the face shows none. */
export type CreditsBefore = { remaining: number } | { unread: unknown } | { skipped: true };

/**
 * The remaining credits before the scan starts, so that the end of the run can say what it used. A failed read
 * costs only that figure.
 */
export async function readCreditsBefore(context: RunContext): Promise<CreditsBefore> {
  if (context.showsInsights === false) return { skipped: true };
  try {
    const usage = await context.client.getUsage({ signal: context.signal });
    return { remaining: usage.remaining_credits };
  } catch (error) {
    return { unread: error };
  }
}

/**
 * The figure read before the scan, with a line in the log when there is none. Called once the repository was
 * found: a run that fails before says why once, not also that the credits could not be read for the same reason.
 */
export function creditsBeforeFigure(context: RunContext, read: CreditsBefore): number | undefined {
  if ('remaining' in read) return read.remaining;
  if ('unread' in read) logUnread(context, 'the credits before the scan', read.unread);
  return undefined;
}

/** Reads everything the settings ask for about the completed scan `scanId`; never throws. */
export async function runInsights(
  context: RunContext,
  scanId: string,
  creditsBefore: number | undefined,
): Promise<InsightsResult> {
  const { settings } = context;
  const window = insightsWindow(context);
  const notes: string[] = [];
  // Started first and waited for last: the other reads happen while the agents run.
  const started = settings.aiAnalysis ? await startAiAnalysis(context, scanId, window) : undefined;
  // Compliance and the posture need only the scan: one round trip for both.
  const [compliance, aiSecurity] = await Promise.all([
    settings.frameworks.length > 0 ? readCompliance(context, scanId, window) : Promise.resolve(undefined),
    context.showsInsights === false ? undefined : readAiSecurity(context, scanId, window),
  ]);
  if (compliance?.problem !== undefined && compliance.minScore === undefined) {
    notes.push(`Compliance could not be read: ${compliance.problem}.`);
  }
  let ai: ReportedAiAnalysis | undefined;
  if (started !== undefined) {
    ai = await finishAiAnalysis(context, scanId, started, window);
    if (ai.outcome !== 'succeeded') notes.push(aiAnalysisNote(scanId, ai));
  }
  // The credits at the end: after the analysis, whose agents spend them.
  const credits =
    context.showsInsights === false ? undefined : await readCreditsAfter(context, creditsBefore, window);
  return { insights: { ai, compliance, aiSecurity, credits }, notes };
}

interface InsightsWindow {
  signal: AbortSignal;
  remainingMs: () => number;
}

function insightsWindow(context: RunContext): InsightsWindow {
  const remainingMs = (): number => Math.max(0, context.deadline.remainingMs() - INSIGHTS_RESERVE_MS);
  return {
    signal: AbortSignal.any([context.signal, AbortSignal.timeout(Math.ceil(remainingMs()))]),
    remainingMs,
  };
}

type StartedAnalysis = { analysis: AIAnalysis } | { problem: string };

async function startAiAnalysis(
  context: RunContext,
  scanId: string,
  window: InsightsWindow,
): Promise<StartedAnalysis> {
  context.log.info(`Starting the AI analysis of scan ${scanId}`);
  try {
    return { analysis: await context.client.startAiAnalysis(scanId, { signal: window.signal }) };
  } catch (error) {
    return { problem: describeFailure(context, error, 'start it') };
  }
}

async function finishAiAnalysis(
  context: RunContext,
  scanId: string,
  started: StartedAnalysis,
  window: InsightsWindow,
): Promise<ReportedAiAnalysis> {
  if ('problem' in started) {
    return {
      outcome: 'not-started',
      riskScore: null,
      overallConfidence: null,
      runs: [],
      problem: started.problem,
    };
  }
  let last = started.analysis;
  let lastLine = '';
  const log = (analysis: AIAnalysis): void => {
    last = analysis;
    const line = describeRuns(analysis);
    if (line !== lastLine) context.log.info(`AI analysis of scan ${scanId}: ${line}`);
    lastLine = line;
  };
  log(started.analysis);
  if (classifyAiAnalysis(started.analysis) === 'running') {
    const timeoutMs = Math.max(0, window.remainingMs() - CREDITS_READ_ALLOWANCE_MS);
    try {
      // The spec's interval for analyses (3 s) is the client's default; the wait is cut at its own end.
      last = await context.client.waitForAiAnalysis(scanId, {
        timeoutMs,
        signal: AbortSignal.any([window.signal, AbortSignal.timeout(Math.ceil(timeoutMs))]),
        onUpdate: log,
      });
    } catch (error) {
      const timedOut = error instanceof PollTimeoutError || isCut(context, error);
      return {
        ...reportedAnalysis(last),
        outcome: timedOut ? 'timed-out' : 'failed',
        problem: timedOut
          ? `its last status was ${describeRuns(last)}`
          : describeFailure(context, error, 'read it'),
      };
    }
  }
  const outcome = classifyAiAnalysis(last);
  const reported = reportedAnalysis(last);
  if (outcome === 'succeeded') return { ...reported, outcome };
  if (outcome === 'running') {
    return { ...reported, outcome: 'timed-out', problem: `its last status was ${describeRuns(last)}` };
  }
  return { ...reported, outcome, problem: failedRun(last) };
}

function reportedAnalysis(analysis: AIAnalysis): Omit<ReportedAiAnalysis, 'outcome'> {
  const runs = [...analysis.agent_runs]
    .sort((a, b) => a.sequence - b.sequence)
    .slice(0, AI_RUNS_KEPT)
    .map((run) => ({
      sequence: run.sequence,
      agentId: run.agent_id,
      status: run.status,
      confidence: run.confidence,
    }));
  return { riskScore: analysis.risk_score, overallConfidence: analysis.overall_confidence, runs };
}

/** Agent runs named in a status line of the log. */
const LOGGED_RUNS = 20;

function describeRuns(analysis: AIAnalysis): string {
  const runs = [...analysis.agent_runs].sort((a, b) => a.sequence - b.sequence);
  const status = analysis.status ? `${analysis.status}; ` : '';
  if (runs.length === 0) return `${status}no agent runs yet`;
  const shown = runs.slice(0, LOGGED_RUNS).map((run) => `${run.sequence} ${run.agent_id} ${run.status}`);
  const rest = analysis.scan_id ? ELSEWHERE.command(`svc ai-analysis view ${analysis.scan_id}`, 'plain') : '';
  const more =
    runs.length > LOGGED_RUNS ? `, and ${runs.length - LOGGED_RUNS} more${rest ? ` (${rest})` : ''}` : '';
  return `${status}agent runs ${shown.join(', ')}${more}`;
}

function failedRun(analysis: AIAnalysis): string | undefined {
  const run = [...analysis.agent_runs]
    .sort((a, b) => a.sequence - b.sequence)
    .find((candidate) => classifyStatus(candidate.status) === 'failed');
  return run ? `agent run ${run.sequence} (${run.agent_id}) ${run.status}` : undefined;
}

function aiAnalysisNote(scanId: string, ai: ReportedAiAnalysis): string {
  const why = ai.problem ? ` (${ai.problem})` : '';
  const what: Record<Exclude<ReportedAiAnalysis['outcome'], 'succeeded'>, string> = {
    failed: 'failed',
    cancelled: 'was cancelled',
    'timed-out': 'did not finish in the time wait-timeout left',
    'not-started': 'could not be started',
  };
  const outcome = ai.outcome === 'succeeded' ? 'completed' : what[ai.outcome];
  return `The AI analysis of scan ${scanId} ${outcome}${why}; the verdict does not depend on it.`;
}

async function readCompliance(
  context: RunContext,
  scanId: string,
  window: InsightsWindow,
): Promise<ReportedCompliance> {
  const { client, settings } = context;
  const minScore = settings.minComplianceScore;
  const options = { signal: window.signal };
  let overview;
  try {
    overview = await client.getComplianceOverview({ scan_id: scanId }, options);
  } catch (error) {
    return {
      overallScore: undefined,
      minScore,
      problem: describeFailure(context, error, 'read it'),
      frameworks: [],
    };
  }
  const frameworks: ReportedFramework[] = [];
  for (const id of settings.frameworks) {
    const listed = overview.frameworks?.find((framework) => framework.id === id);
    const base = { id, name: listed?.name, score: listed?.score };
    try {
      const detail = await client.getComplianceFramework(id, { scan_id: scanId }, options);
      const notPassed = detail.controls.filter((control) => didNotPass(control.status));
      frameworks.push({
        ...base,
        name: base.name ?? detail.name,
        controlsTotal: detail.controls.length,
        notPassed: notPassed.slice(0, LIST_KEPT).map((control) => ({
          controlId: control.control_id,
          title: control.title,
          status: control.status,
        })),
        notPassedTotal: notPassed.length,
      });
    } catch (error) {
      frameworks.push({
        ...base,
        controlsTotal: 0,
        notPassed: [],
        notPassedTotal: 0,
        problem: describeFailure(context, error, 'read it'),
      });
    }
  }
  context.log.info(`Compliance of scan ${scanId}: overall score ${overview.overall_score}`);
  return { overallScore: overview.overall_score, minScore, frameworks };
}

async function readAiSecurity(
  context: RunContext,
  scanId: string,
  window: InsightsWindow,
): Promise<ReportedAiSecurity | undefined> {
  try {
    const overview = await context.client.getAiSecurityOverview(
      { scan_id: scanId },
      { signal: window.signal },
    );
    if (overview.summary.checks_total <= 0) return undefined;
    const notPassed = overview.checks.filter((check) => didNotPass(check.status));
    return {
      checksFailed: overview.summary.checks_failed,
      checksTotal: overview.summary.checks_total,
      notPassed: notPassed.slice(0, LIST_KEPT).map((check) => ({
        name: check.name,
        owaspLlm: check.owasp_llm,
        status: check.status,
      })),
      notPassedTotal: notPassed.length,
    };
  } catch (error) {
    logUnread(context, 'the AI-security posture', error);
    return undefined;
  }
}

async function readCreditsAfter(
  context: RunContext,
  before: number | undefined,
  window: InsightsWindow,
): Promise<ReportedCredits | undefined> {
  try {
    const { remaining_credits: remaining } = await context.client.getUsage({ signal: window.signal });
    // Credits added during the run would make the difference negative: the run then used none that can be told.
    return { remaining, used: before === undefined ? undefined : Math.max(0, before - remaining) };
  } catch (error) {
    logUnread(context, 'the credits after the run', error);
    return undefined;
  }
}

function logUnread(context: RunContext, what: string, error: unknown): void {
  context.log.info(`Could not read ${what}: ${describeFailure(context, error, 'read it')}`);
}

/** A request or wait cut by the step's own end (not by a cancelled workflow). */
function isCut(context: RunContext, error: unknown): boolean {
  const aborted =
    error instanceof RequestAbortedError || (error instanceof DOMException && error.name === 'TimeoutError');
  return aborted && !context.stopSignal.aborted;
}

function describeFailure(context: RunContext, error: unknown, action: string): string {
  if (isCut(context, error)) return `wait-timeout left no time to ${action}`;
  if (error instanceof AuthError && error.statusCode === 403) {
    return `the API key may not ${action} (403): its role does not allow it`;
  }
  return error instanceof Error ? error.message : String(error);
}
