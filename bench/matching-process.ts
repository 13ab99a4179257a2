import { compareFindings } from '../src/new-findings/new-findings.ts';
import { PullRequestDiff } from '../src/new-findings/pr-diff.ts';
import { matchingWorkload } from './matching-workload.ts';

/**
 * `node bench/matching-process.ts COUNT RUNS`: builds the matching workload of COUNT findings a side, then
 * matches it RUNS times, each from the files list to the result, and prints one JSON line of what it took.
 * A process of its own, so that its peak RSS is the matching's and the workload's, nothing else's.
 */

const count = Number(process.argv[2] ?? '100000');
const runs = Number(process.argv[3] ?? '3');
const workload = matchingWorkload(count);
const rssBeforeBytes = process.memoryUsage().rss;
const cpuMs: number[] = [];
const wallMs: number[] = [];
let outcome = { new: 0, existing: 0, fixed: 0, coarseFiles: 0 };
for (let run = 0; run < runs; run++) {
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  const result = compareFindings(workload.head, workload.baseline, PullRequestDiff.fromFiles(workload.files));
  wallMs.push(performance.now() - wallStart);
  const cpu = process.cpuUsage(cpuStart);
  cpuMs.push((cpu.user + cpu.system) / 1000);
  outcome = {
    new: result.new.length,
    existing: result.existing.length,
    fixed: result.fixed.length,
    coarseFiles: result.coarseFiles.length,
  };
}
process.stdout.write(
  `${JSON.stringify({
    headFindings: workload.head.length,
    baselineFindings: workload.baseline.length,
    files: workload.files.length,
    cpuMs,
    wallMs,
    rssBeforeBytes,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    outcome,
    expected: workload.expected,
  })}\n`,
);
