import { fleetAppTargets } from './fleet-app-report.ts';
import type { ActionRun, BenchResults, SizeResult } from './results.ts';
import { median } from './statistics.ts';

/**
 * The targets, judged on the medians of a run. Verdicts are printed and written down, never asserted:
 * the machine is shared and noisy.
 */

type Verdict = 'met' | 'missed' | 'not measured';

export interface TargetResult {
  target: string;
  measured: string;
  verdict: Verdict;
}

export const SPEED_FINDINGS = 10_000;
const LARGE_FINDINGS = 100_000;
const SPEEDUP = 10;
const LOWER_BOUND_FACTOR = 1.5;
const RSS_LIMIT_BYTES = 150 * 1000 * 1000;
const SUMMARY_LIMIT_BYTES = 1024 * 1024;
const COLD_START_LIMIT_MS = 150;
const NOT_RUN = 'not run in this mode';

export function evaluateTargets(results: BenchResults): TargetResult[] {
  return [
    ...speedTargets(results),
    ...largeTargets(results),
    coldStartTarget(results),
    ...pollingTargets(results),
    ...fleetAppTargets(results),
  ];
}

/** At SPEED_FINDINGS, against the baseline and the lower bound, measured two ways. */
function speedTargets(results: BenchResults): TargetResult[] {
  const targets: TargetResult[] = [];
  const speed = results.sizes.find((size) => size.findings === SPEED_FINDINGS);
  const speedCase = `${SPEED_FINDINGS.toLocaleString('en-US')} findings, ${results.settings.latencyMs} ms`;
  const baselineMs = speed ? median(speed.baselines.map((b) => b.ms)) : Number.NaN;
  for (const [label, pick] of [
    ['after the action noticed completion', (run: ActionRun) => run.noticedToExitMs],
    ['from completion, poll lag included', (run: ActionRun) => run.completeToExitMs],
  ] as const) {
    const actionMs = speed ? median(speed.actions.map(pick)) : Number.NaN;
    const ratio = actionMs / baselineMs;
    targets.push({
      target: `${speedCase}: at least ${SPEEDUP}x faster than the sequential baseline (${label})`,
      measured: !Number.isFinite(ratio)
        ? NOT_RUN
        : `${fmt(actionMs)} ms vs ${fmt(baselineMs)} ms: ${fmtRatio(ratio)} of the baseline (${fmtRatio(1 / ratio)} faster)`,
      verdict: verdict(ratio, (r) => r <= 1 / SPEEDUP),
    });
    const lowerBoundMs = speed ? median(speed.actions.map((run) => run.lowerBound.ms)) : Number.NaN;
    const toBound = actionMs / lowerBoundMs;
    targets.push({
      target: `${speedCase}: within ${LOWER_BOUND_FACTOR}x of the lower bound for what the action read (${label})`,
      measured: !Number.isFinite(toBound)
        ? NOT_RUN
        : `${fmt(actionMs)} ms vs ${fmt(lowerBoundMs)} ms: ${fmtRatio(toBound)}`,
      verdict: verdict(toBound, (r) => r <= LOWER_BOUND_FACTOR),
    });
  }
  return targets;
}

/** At LARGE_FINDINGS: peak RSS, the summary's size, every finding accounted for, peak RSS with sarif-file. */
function largeTargets(results: BenchResults): TargetResult[] {
  const large = results.sizes.find((size) => size.findings === LARGE_FINDINGS);
  const largeCase = `${LARGE_FINDINGS.toLocaleString('en-US')} findings`;
  const rss = large ? Math.max(...large.actions.map((run) => run.peakRssBytes ?? Number.NaN)) : Number.NaN;
  const summary = large ? Math.max(...large.actions.map((run) => run.summaryBytes)) : Number.NaN;
  const sarifRuns = (results.sarif ?? []).filter((sarif) => sarif.findings === LARGE_FINDINGS);
  const sarifRss = Math.max(...sarifRuns.map((sarif) => sarif.run.peakRssBytes ?? Number.NaN));
  return [
    {
      target: `${largeCase}: peak RSS under 150 MB`,
      measured: !Number.isFinite(rss)
        ? NOT_RUN
        : `${fmt(rss / 1e6)} MB (${fmt(rss / 2 ** 20)} MiB), the largest of ${large?.actions.length ?? 0} run(s)`,
      verdict: verdict(rss, (value) => value < RSS_LIMIT_BYTES),
    },
    {
      target: `${largeCase}: job summary under 1 MiB`,
      measured: !Number.isFinite(summary)
        ? NOT_RUN
        : `${fmt(summary / 1024)} KiB, the largest of ${large?.actions.length ?? 0} run(s)`,
      verdict: verdict(summary, (value) => value < SUMMARY_LIMIT_BYTES),
    },
    accountedFor(large, largeCase),
    {
      target: `${largeCase} with sarif-file (severity-threshold info): peak RSS under 150 MB`,
      measured:
        sarifRuns.length === 0 || !Number.isFinite(sarifRss)
          ? NOT_RUN
          : `${fmt(sarifRss / 1e6)} MB (${fmt(sarifRss / 2 ** 20)} MiB), the largest of ${sarifRuns.length} run(s)`,
      verdict: verdict(sarifRss, (value) => value < RSS_LIMIT_BYTES),
    },
  ];
}

function coldStartTarget(results: BenchResults): TargetResult {
  const coldMs = median(results.coldStart.samplesMs);
  return {
    target: `cold start to the first request under ${COLD_START_LIMIT_MS} ms on Node 24`,
    measured: `median ${fmt(coldMs)} ms of ${results.coldStart.samplesMs.length} (min ${fmt(Math.min(...results.coldStart.samplesMs))}, max ${fmt(Math.max(...results.coldStart.samplesMs))}); dist/index.js ${fmt(results.coldStart.distBytes / 1024)} KiB`,
    verdict: verdict(coldMs, (ms) => ms < COLD_START_LIMIT_MS),
  };
}

/** Over every run that polled: the polling runs and each size's action runs. */
function pollingTargets(results: BenchResults): TargetResult[] {
  const pollingRuns = [
    ...results.polling.map((p) => p.run),
    ...results.sizes.flatMap((size) => size.actions),
  ];
  const tooMany = pollingRuns.filter((run) => !run.polling.notTooMany);
  const late = pollingRuns.filter((run) => !run.polling.noticedInTime);
  const worstLag = Math.max(...pollingRuns.map((run) => run.polling.lagMs));
  return [
    {
      target: 'polling: no more requests than the poll interval implies',
      measured:
        `${pollingRuns.length - tooMany.length} of ${pollingRuns.length} runs within 1 + floor(wait / interval) polls, ` +
        `smallest gap between polls ${fmt(Math.min(...pollingRuns.map((run) => run.polling.minGapMs ?? Number.POSITIVE_INFINITY)))} ms ` +
        `for an interval of ${fmt(results.settings.pollIntervalSeconds * 1000)} ms`,
      verdict: pollingRuns.length === 0 ? 'not measured' : tooMany.length === 0 ? 'met' : 'missed',
    },
    {
      target: "polling: completed state noticed within one interval (plus the noticing poll's round trip)",
      measured: `${pollingRuns.length - late.length} of ${pollingRuns.length} runs in time; worst lag ${fmt(worstLag)} ms`,
      verdict: pollingRuns.length === 0 ? 'not measured' : late.length === 0 ? 'met' : 'missed',
    },
  ];
}

function accountedFor(large: SizeResult | undefined, largeCase: string): TargetResult {
  const runs = large?.actions ?? [];
  const failed = runs.filter((run) => !run.accounting.ok);
  const problems = failed.flatMap((run) => run.accounting.problems);
  return {
    target: `${largeCase}: every finding accounted for`,
    measured:
      runs.length === 0
        ? NOT_RUN
        : failed.length === 0
          ? `${runs.length} run(s): the outputs' total and breakdown match the report; the action read ` +
            `${Math.min(...runs.map((run) => run.accounting.findingsRead)).toLocaleString('en-US')} of the ` +
            `${LARGE_FINDINGS.toLocaleString('en-US')} findings`
          : problems.slice(0, 3).join('; '),
    verdict: runs.length === 0 ? 'not measured' : failed.length === 0 ? 'met' : 'missed',
  };
}

function verdict(value: number, ok: (value: number) => boolean): Verdict {
  if (!Number.isFinite(value)) return 'not measured';
  return ok(value) ? 'met' : 'missed';
}

export function fmt(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-US');
  return value.toFixed(1);
}

export function fmtRatio(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (value >= 10) return `${value.toFixed(1)}x`;
  return `${value >= 0.1 ? value.toFixed(2) : value.toPrecision(2)}x`;
}
