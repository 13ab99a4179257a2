import type { AiAnalysisRecord, JobStatus } from './records.ts';

/**
 * An AI analysis runs its agents one after another, in sequence order. Each run is queued until the one
 * before it ends, then running for its duration, then completed or failed; after a failed run the rest are
 * skipped and the analysis fails. Risk score and overall confidence appear only once every run completed.
 */

interface AgentRunState {
  readonly sequence: number;
  readonly agentId: string;
  readonly status: JobStatus;
  readonly confidence: number | null;
}

export interface AiAnalysisState {
  readonly status: JobStatus;
  readonly runs: readonly AgentRunState[];
  readonly riskScore: number | null;
  readonly overallConfidence: number | null;
}

export function aiAnalysisStateAt(analysis: AiAnalysisRecord, now: number): AiAnalysisState {
  const { profile } = analysis;
  const elapsed = now - analysis.startedAt - profile.queueSeconds * 1000;
  let startsAt = 0;
  let failed = false;
  const runs = profile.agents.map((agent, index): AgentRunState => {
    const sequence = index + 1;
    const endsAt = startsAt + agent.durationSeconds * 1000;
    let status: JobStatus;
    if (failed) status = 'skipped';
    else if (elapsed < startsAt) status = 'queued';
    else if (elapsed < endsAt) status = 'running';
    else status = agent.outcome;
    if (status === 'failed') failed = true;
    startsAt = endsAt;
    return {
      sequence,
      agentId: agent.agentId,
      status,
      confidence: status === 'completed' ? agent.confidence : null,
    };
  });
  if (runs.some((run) => run.status === 'failed')) {
    return { status: 'failed', runs, riskScore: null, overallConfidence: null };
  }
  if (elapsed < 0) return { status: 'queued', runs, riskScore: null, overallConfidence: null };
  if (runs.some((run) => run.status !== 'completed')) {
    return { status: 'running', runs, riskScore: null, overallConfidence: null };
  }
  const mean = runs.reduce((sum, run) => sum + (run.confidence ?? 0), 0) / Math.max(1, runs.length);
  return {
    status: 'completed',
    runs,
    riskScore: profile.riskScore ?? analysis.riskScore,
    overallConfidence: profile.overallConfidence ?? Math.round(mean * 100) / 100,
  };
}
