import { aiAnalysisStateAt } from '../ai-analysis-progress.ts';
import { conflict, notFound } from '../errors.ts';
import type { AiAnalysisRecord, FindingTemplate } from '../records.ts';
import { created, ok, type Handler, type RequestContext } from '../request-context.ts';
import { findingIdOf } from '../finding-ids.ts';
import { requireCompletedScan, requireScan } from './scans.ts';

/**
 * One AI analysis per scan. Starting one needs a completed scan (409 otherwise); starting again returns the
 * existing analysis, unless it failed, in which case a new one starts.
 */

export const startAiAnalysis: Handler = (context) => {
  const scan = requireCompletedScan(context, context.params.id, 'AI analysis');
  const existing = context.store.aiAnalysis(context.principal.org.id, scan.id);
  if (existing && aiAnalysisStateAt(existing, context.now).status !== 'failed') {
    return ok(aiAnalysisWire(existing, context.now));
  }
  const analysis = context.store.startAiAnalysis(context.principal, scan);
  context.stats.event('ai_analyses_created');
  return created(aiAnalysisWire(analysis, context.now));
};

export const getAiAnalysis: Handler = (context) => ok(aiAnalysisWire(requireAnalysis(context), context.now));

export const getAiPatches: Handler = (context) => {
  const analysis = requireAnalysis(context);
  const { status } = aiAnalysisStateAt(analysis, context.now);
  if (status !== 'completed') {
    throw conflict(
      'ai_analysis_not_completed',
      `The AI analysis of scan ${analysis.scanId} is ${status}; patches exist once it has completed.`,
    );
  }
  const scan = requireScan(context, analysis.scanId);
  const patches: { finding_id: string; unified_diff: string }[] = [];
  for (const index of scan.findings.all) {
    if (patches.length >= analysis.profile.patchLimit) break;
    const diff = (scan.findings.templates[index] as FindingTemplate).fixDiff;
    if (diff !== null) patches.push({ finding_id: findingIdOf(scan, index), unified_diff: diff });
  }
  return ok({ scan_id: scan.id, patches });
};

function requireAnalysis(context: RequestContext): AiAnalysisRecord {
  const scan = requireScan(context, context.params.id);
  const analysis = context.store.aiAnalysis(context.principal.org.id, scan.id);
  if (!analysis) throw notFound('AI analysis for scan', scan.id);
  return analysis;
}

function aiAnalysisWire(analysis: AiAnalysisRecord, now: number): Record<string, unknown> {
  const state = aiAnalysisStateAt(analysis, now);
  return {
    id: analysis.id,
    scan_id: analysis.scanId,
    status: state.status,
    risk_score: state.riskScore,
    overall_confidence: state.overallConfidence,
    agent_runs: state.runs.map((run) => ({
      sequence: run.sequence,
      agent_id: run.agentId,
      status: run.status,
      confidence: run.confidence,
    })),
    created_at: analysis.createdAt,
  };
}
