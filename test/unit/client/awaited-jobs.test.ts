import { describe, expect, it } from 'vitest';
import { awaitedAiAnalysis, awaitedRemediation, awaitedScan } from '../../../src/client/awaited-jobs.ts';
import { agentRun, aiAnalysis, remediation, scan } from './support/builders.ts';
import { recordingLogger } from './support/fake-clock.ts';

describe('awaited jobs', () => {
  it('describe a scan by its status', () => {
    const job = awaitedScan('s1', recordingLogger());
    expect(job.what).toBe('scan s1');
    expect(job.defaultIntervalMs).toBe(2_000);
    expect(job.describe(scan({ status: 'running' }))).toBe('running');
  });

  it('describe an AI analysis by its status, else by its agent runs', () => {
    const job = awaitedAiAnalysis('s1', recordingLogger());
    expect(job.defaultIntervalMs).toBe(3_000);
    expect(job.describe(aiAnalysis({ status: 'queued' }))).toBe('queued');
    expect(job.describe(aiAnalysis({ status: undefined, agent_runs: [] }))).toBe('no agent runs yet');
    const runs = [agentRun({ status: 'completed' }), agentRun({ sequence: 2, status: 'running' })];
    expect(job.describe(aiAnalysis({ status: undefined, agent_runs: runs }))).toBe(
      'agent runs completed, running',
    );
  });

  it('describe a remediation by its status, else by its pull request', () => {
    const job = awaitedRemediation('j1', recordingLogger());
    expect(job.defaultIntervalMs).toBe(3_000);
    expect(job.describe(remediation({ status: 'running' }))).toBe('running');
    expect(job.describe({ id: 'j1', pr_url: 'https://x/pull/1', branch: 'b' })).toBe('pull request opened');
  });

  it('report unknown statuses of analyses and their agent runs once each', () => {
    const logger = recordingLogger();
    const job = awaitedAiAnalysis('s1', logger);
    const analysis = aiAnalysis({ status: undefined, agent_runs: [agentRun({ status: 'thinking' })] });
    expect(job.outcome(analysis)).toBe('running');
    expect(job.outcome(analysis)).toBe('running');
    expect(logger.lines).toHaveLength(1);
    expect(logger.lines[0]?.message).toContain(
      'The AI analysis of scan s1 has the unknown status "thinking"',
    );
  });
});
