import { describe, expect, it } from 'vitest';
import {
  classifyAiAnalysis,
  classifyRemediation,
  classifyScanStatus,
  classifyStatus,
  isKnownStatus,
  isTerminal,
  unknownStatusReporter,
} from '../../../src/client/job-status.ts';
import { agentRun, aiAnalysis, remediation } from './support/builders.ts';
import { recordingLogger } from './support/fake-clock.ts';

describe('classifyStatus', () => {
  it.each([
    ['completed', 'succeeded'],
    ['succeeded', 'succeeded'],
    ['success', 'succeeded'],
    ['done', 'succeeded'],
    ['failed', 'failed'],
    ['error', 'failed'],
    ['errored', 'failed'],
    ['cancelled', 'cancelled'],
    ['canceled', 'cancelled'],
    ['queued', 'running'],
    ['pending', 'running'],
    ['running', 'running'],
    ['in_progress', 'running'],
    ['created', 'running'],
    ['paused', 'running'],
    ['', 'running'],
    [' Completed ', 'succeeded'],
  ])('classifies %j as %s', (status, outcome) => {
    expect(classifyStatus(status)).toBe(outcome);
    expect(classifyScanStatus(status)).toBe(outcome);
  });

  it('knows the documented statuses and no others', () => {
    for (const status of ['queued', 'running', 'completed', 'failed', 'cancelled', 'done', 'CANCELED']) {
      expect(isKnownStatus(status)).toBe(true);
    }
    expect(isKnownStatus('paused')).toBe(false);
    expect(isTerminal('running')).toBe(false);
    expect(isTerminal('failed')).toBe(true);
  });
});

describe('classifyAiAnalysis', () => {
  it('uses the status when there is one', () => {
    expect(classifyAiAnalysis(aiAnalysis({ status: 'completed', agent_runs: [agentRun()] }))).toBe(
      'succeeded',
    );
    expect(
      classifyAiAnalysis(aiAnalysis({ status: 'running', agent_runs: [agentRun({ status: 'done' })] })),
    ).toBe('running');
    expect(classifyAiAnalysis(aiAnalysis({ status: 'error' }))).toBe('failed');
  });

  it('without a status, waits for agent runs that all have a terminal status', () => {
    const runs = (...statuses: string[]) => ({
      agent_runs: statuses.map((status, index) => agentRun({ sequence: index + 1, status })),
    });
    expect(classifyAiAnalysis(runs())).toBe('running');
    expect(classifyAiAnalysis(runs('completed', 'running'))).toBe('running');
    expect(classifyAiAnalysis(runs('completed', 'done'))).toBe('succeeded');
    expect(classifyAiAnalysis(runs('completed', 'failed', 'cancelled'))).toBe('failed');
    expect(classifyAiAnalysis(runs('completed', 'canceled'))).toBe('cancelled');
    expect(classifyAiAnalysis({ status: '', ...runs('completed') })).toBe('succeeded');
  });

  it('reports every status it reads to the observer', () => {
    const seen: string[] = [];
    classifyAiAnalysis({ agent_runs: [agentRun({ status: 'a' }), agentRun({ status: 'b' })] }, (s) =>
      seen.push(s),
    );
    classifyAiAnalysis({ status: 'c', agent_runs: [] }, (s) => seen.push(s));
    expect(seen).toEqual(['a', 'b', 'c']);
  });
});

describe('classifyRemediation', () => {
  it('uses the status when there is one, even with a pull request', () => {
    expect(classifyRemediation(remediation({ status: 'running', pr_url: 'https://x/pr/1' }))).toBe('running');
    expect(classifyRemediation(remediation({ status: 'failed', pr_url: '' }))).toBe('failed');
    expect(classifyRemediation(remediation({ status: 'completed', pr_url: '' }))).toBe('succeeded');
  });

  it('without a status, is done once pr_url is non-empty', () => {
    expect(classifyRemediation({ pr_url: '' })).toBe('running');
    expect(classifyRemediation({ pr_url: null })).toBe('running');
    expect(classifyRemediation({ pr_url: 'https://github.com/o/r/pull/7' })).toBe('succeeded');
  });
});

describe('unknownStatusReporter', () => {
  it('logs each unknown status once and known ones never', () => {
    const logger = recordingLogger();
    const observe = unknownStatusReporter(logger, 'Scan s1');
    for (const status of ['queued', 'paused', 'paused', 'running', 'paused', 'thinking', 'completed'])
      observe(status);
    expect(logger.lines).toEqual([
      {
        level: 'warning',
        message: 'Scan s1 has the unknown status "paused"; waiting on as if it were still running',
      },
      {
        level: 'warning',
        message: 'Scan s1 has the unknown status "thinking"; waiting on as if it were still running',
      },
    ]);
  });
});
